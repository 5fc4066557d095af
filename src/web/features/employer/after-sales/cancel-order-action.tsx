import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderDetails } from "../../../../contract/orders.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../lib/error-toasts.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { CancelOrderDialog } from "../../order-cancellation/index.ts";
import { useCancelCompanyOrder, useWithdrawCompanyCancellation } from "./cancellations-api.ts";

const BY_KEYS = {
  EMPLOYEE: "employerCancellations.by.EMPLOYEE",
  EMPLOYER: "employerCancellations.by.EMPLOYER",
  HELPDESK: "employerCancellations.by.HELPDESK",
} as const;

/**
 * The employer's cancellation of an order in its drawer: with a reason, at once
 * while the order is not confirmed, afterwards as a request to the helpdesk (said before confirming).
 * Whether and how the employer may cancel is the server's answer (the order's allowedActions CANCEL or
 * REQUEST_CANCELLATION). An open request shows instead, and the employer may withdraw their own.
 */
export function CancelOrderAction({ order }: { order: TOrderDetails }) {
  const { t } = useTranslation();
  const cancel = useCancelCompanyOrder();
  const withdraw = useWithdrawCompanyCancellation();
  const [dialog, setDialog] = useState<"cancel" | "withdraw" | null>(null);
  const open = order.afterSales.cancellation?.status === "PENDING" ? order.afterSales.cancellation : null;
  const orderCancelled = order.orderStatus === "CANCELLED" || order.orderStatus === "REFUNDED";
  const atOnce = order.allowedActions.includes("CANCEL");
  const mayCancel = atOnce || order.allowedActions.includes("REQUEST_CANCELLATION");

  function close() {
    if (withdraw.isPending) return;
    setDialog(null);
    cancel.reset();
  }
  function confirm(reason: string) {
    mutateThen(
      cancel,
      { orderId: order.orderId, reason },
      {
        onSuccess: () => {
          showSuccessToast(
            atOnce
              ? t("employerCancellations.done.cancelled", { number: order.orderNumber })
              : t("employerCancellations.done.requested", { number: order.orderNumber }),
          );
          setDialog(null);
        },
      },
    );
  }

  if (open && !orderCancelled)
    return (
      <Alert color="yellow" variant="light" title={t("employerCancellations.requestTitle")}>
        <Stack gap="xs">
          <Text size="sm">
            {t("employerCancellations.requestText", {
              by: t(BY_KEYS[open.requestedBy]),
              date: formatDate(open.createdAt),
            })}
          </Text>
          {open.reason && (
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {open.reason}
            </Text>
          )}
          {withdraw.isError && (
            <Text size="sm" c="red" role="alert">
              {messageWithServerText(withdraw.error, t)}
            </Text>
          )}
          {open.requestedBy === "EMPLOYER" && (
            <Group>
              <Button size="xs" variant="default" onClick={() => setDialog("withdraw")}>
                {t("employerCancellations.withdraw")}
              </Button>
            </Group>
          )}
        </Stack>
        <ConfirmDialog
          opened={dialog === "withdraw"}
          title={t("employerCancellations.withdrawTitle", { number: order.orderNumber })}
          confirmLabel={t("employerCancellations.withdrawConfirm")}
          onConfirm={() =>
            mutateThen(withdraw, open.orderCancellationId, {
              onSuccess: () => {
                showSuccessToast(t("employerCancellations.done.withdrawn", { number: order.orderNumber }));
                setDialog(null);
              },
              onError: () => setDialog(null),
            })
          }
          onCancel={close}
          loading={withdraw.isPending}
        >
          {t("employerCancellations.withdrawText")}
        </ConfirmDialog>
      </Alert>
    );
  if (orderCancelled || !mayCancel) return null;

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {atOnce ? t("employerCancellations.atOnce") : t("employerCancellations.asRequest")}
      </Text>
      <Group>
        <Button variant="light" color="red" onClick={() => setDialog("cancel")}>
          {t("employerCancellations.open")}
        </Button>
      </Group>
      <CancelOrderDialog
        opened={dialog === "cancel"}
        texts={{
          title: t("employerCancellations.dialogTitle", {
            number: order.orderNumber,
            name: order.employee.name,
          }),
          intro: atOnce ? t("employerCancellations.dialogAtOnce") : t("employerCancellations.dialogRequest"),
          confirmLabel: atOnce
            ? t("employerCancellations.confirmAtOnce")
            : t("employerCancellations.confirmRequest"),
          reason: t("employerCancellations.reason"),
          reasonHelp: t("employerCancellations.reasonHelp"),
          reasonRequired: t("employerCancellations.reasonRequired"),
        }}
        pending={cancel.isPending}
        error={cancel.error}
        onConfirm={confirm}
        onClose={close}
      />
    </Stack>
  );
}
