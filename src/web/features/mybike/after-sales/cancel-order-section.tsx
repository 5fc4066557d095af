import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../lib/error-toasts.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { CancelOrderDialog } from "../../order-cancellation/index.ts";
import type { TMyOrder } from "../mybike-api.ts";
import { useCancelOrder, useWithdrawCancellation } from "./cancel-order-api.ts";

/** Where the order's cancellation stands, as the employee follows it. */
export type CancellationState = "none" | "requested" | "cancelled" | "refundComing" | "refunded";

export function cancellationStateOf(order: Pick<TMyOrder, "orderStatus" | "afterSales">): CancellationState {
  const c = order.afterSales.cancellation;
  // A withdrawn request leaves the order as it was: it may be cancelled again.
  if (!c || c.status === "CANCELLED") return "none";
  const orderCancelled = order.orderStatus === "CANCELLED" || order.orderStatus === "REFUNDED";
  if (!orderCancelled) return "requested";
  if (c.refundToType !== "EMPLOYEE" || c.refundAmountCents <= 0) return "cancelled";
  return order.orderStatus === "REFUNDED" || c.status === "COMPLETED" ? "refunded" : "refundComing";
}

const STATE_LABELS: Record<Exclude<CancellationState, "none">, string> = {
  requested: "myBikeCancel.state.requested",
  cancelled: "myBikeCancel.state.cancelled",
  refundComing: "myBikeCancel.state.refundComing",
  refunded: "myBikeCancel.state.refunded",
};
const STATE_TEXTS: Record<Exclude<CancellationState, "none">, string> = {
  requested: "myBikeCancel.stateText.requested",
  cancelled: "myBikeCancel.stateText.cancelled",
  refundComing: "myBikeCancel.stateText.refundComing",
  refunded: "myBikeCancel.stateText.refunded",
};
const STATE_TONES: Record<Exclude<CancellationState, "none">, StatusTone> = {
  requested: "warning",
  cancelled: "neutral",
  refundComing: "info",
  refunded: "success",
};
const BY_KEYS = {
  EMPLOYEE: "myBikeCancel.by.EMPLOYEE",
  EMPLOYER: "myBikeCancel.by.EMPLOYER",
  HELPDESK: "myBikeCancel.by.HELPDESK",
} as const;

/**
 * Cancelling the order on its way, or asking the helpdesk to, with a reason. Before
 * the agreement is signed and confirmed it cancels at once; afterwards it is a request to customer
 * service; the section says which before the employee confirms. Whether and how the employee may
 * cancel is the server's answer (the order's allowedActions CANCEL or REQUEST_CANCELLATION). Afterwards it shows where the cancellation stands: the request waiting (which the employee
 * may withdraw if it was theirs), cancelled, the refund coming, refunded.
 */
export function CancelOrderSection({ order }: { order: TMyOrder }) {
  const state = cancellationStateOf(order);
  if (state === "none") {
    const allowed = order.allowedActions;
    if (!allowed.includes("CANCEL") && !allowed.includes("REQUEST_CANCELLATION")) return null;
    return <CancelOrder order={order} />;
  }
  return <CancellationStatus order={order} state={state} />;
}

function CancelOrder({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const [opened, setOpened] = useState(false);
  const atOnce = order.allowedActions.includes("CANCEL");

  function close() {
    setOpened(false);
    cancel.reset();
  }
  function confirm(reason: string) {
    mutateThen(
      cancel,
      { orderId: order.orderId, reason },
      {
        onSuccess: () => {
          setOpened(false);
          showSuccessToast(atOnce ? t("myBikeCancel.done.cancelled") : t("myBikeCancel.done.requested"));
        },
      },
    );
  }

  return (
    <SectionCard
      title={t("myBikeCancel.title")}
      description={atOnce ? t("myBikeCancel.atOnce") : t("myBikeCancel.asRequest")}
    >
      <Group>
        <Button variant="light" color="red" onClick={() => setOpened(true)}>
          {t("myBikeCancel.open")}
        </Button>
      </Group>
      <CancelOrderDialog
        opened={opened}
        texts={{
          title: t("myBikeCancel.dialogTitle", { number: order.orderNumber }),
          intro: atOnce ? t("myBikeCancel.dialogAtOnce") : t("myBikeCancel.dialogRequest"),
          confirmLabel: atOnce ? t("myBikeCancel.confirmAtOnce") : t("myBikeCancel.confirmRequest"),
          reason: t("myBikeCancel.reason"),
          reasonHelp: t("myBikeCancel.reasonHelp"),
          reasonRequired: t("myBikeCancel.reasonRequired"),
        }}
        pending={cancel.isPending}
        error={cancel.error}
        onConfirm={confirm}
        onClose={close}
      />
    </SectionCard>
  );
}

function CancellationStatus({
  order,
  state,
}: {
  order: TMyOrder;
  state: Exclude<CancellationState, "none">;
}) {
  const { t } = useTranslation();
  const withdraw = useWithdrawCancellation();
  const [confirming, setConfirming] = useState(false);
  const c = order.afterSales.cancellation;
  if (!c) return null;
  const amount = money(c.refundAmountCents);
  const canWithdraw = state === "requested" && c.requestedBy === "EMPLOYEE";

  return (
    <SectionCard title={t("myBikeCancel.statusTitle", { number: order.orderNumber })}>
      <Stack gap="sm">
        <Group gap="sm">
          <ToneBadge tone={STATE_TONES[state]}>{t(STATE_LABELS[state])}</ToneBadge>
          <Text size="sm" c="dimmed">
            {t("myBikeCancel.requestedOn", { by: t(BY_KEYS[c.requestedBy]), date: formatDate(c.createdAt) })}
          </Text>
        </Group>
        <Text>{t(STATE_TEXTS[state], { amount })}</Text>
        {c.reason && (
          <Text size="sm">
            {t("myBikeCancel.reasonShown")} <span style={{ whiteSpace: "pre-wrap" }}>{c.reason}</span>
          </Text>
        )}
        {withdraw.isError && (
          <Alert color="red" variant="light" role="alert">
            {messageWithServerText(withdraw.error, t)}
          </Alert>
        )}
        {canWithdraw && (
          <Group>
            <Button variant="default" onClick={() => setConfirming(true)}>
              {t("myBikeCancel.withdraw")}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("myBikeCancel.withdrawTitle", { number: order.orderNumber })}
        confirmLabel={t("myBikeCancel.withdrawConfirm")}
        onConfirm={() =>
          mutateThen(withdraw, c.orderCancellationId, {
            onSuccess: () => {
              setConfirming(false);
              showSuccessToast(t("myBikeCancel.done.withdrawn"));
            },
            onError: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
        loading={withdraw.isPending}
      >
        {t("myBikeCancel.withdrawText")}
      </ConfirmDialog>
    </SectionCard>
  );
}
