import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderEvent } from "../../../../../contract/orders.ts";
import { ActionDialog, useActionDialog } from "../../../../components/action-dialog.tsx";
import { AppLink } from "../../../../components/app-link.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EventTimeline } from "../../../../components/event-timeline.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { StatusBadge, ToneBadge } from "../../../../components/status-badge.tsx";
import { STATUS_LABEL_KEYS } from "../../../../components/status-labels.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { ORDER_SEGMENT } from "../../orders/helpdesk-paths.ts";
import { eventTypeLabelKey } from "../../reporting/event-types.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { AfterSalesDetail, DetailHeading } from "../detail-frame.tsx";
import { DONE_KEYS, REQUESTER_LABELS, STATUS_LABELS, STATUS_TONES } from "./cancellation-labels.ts";
import { ReceiptsSection } from "./cancellation-receipts.tsx";
import { RefundSection } from "./cancellation-refund.tsx";
import {
  type CancellationAction,
  type TCancellation,
  useCancellation,
  useCancellationAction,
} from "./cancellations-api.ts";

/** The order has followed the cancellation: it is cancelled (and maybe refunded). */
const orderCancelled = (c: TCancellation) =>
  c.order.orderStatus === "CANCELLED" || c.order.orderStatus === "REFUNDED";

/**
 * One order cancellation as the helpdesk works on it (/admin/hakemukset/peruutukset/{id}): the order in
 * brief with a link to its page, who asked and why, the refund (who pays whom, how much; editable while
 * open), its receipts (upload, open, delete), completing and withdrawing, and its events.
 */
export function CancellationDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <AfterSalesDetail
      view="cancellations"
      backText={t("adminCancellations.detail.back")}
      query={useCancellation(id)}
      notFound={t("adminCancellations.detail.notFound")}
      errorText={messageWithServerText}
    >
      {(data, back) => <CancellationPage cancellation={data} back={back} />}
    </AfterSalesDetail>
  );
}

type Dialog = "complete" | "withdraw" | { deleteReceipt: { id: string; fileName: string } };

function CancellationPage({ cancellation: c, back }: { cancellation: TCancellation; back: ReactNode }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf } = useAdminNav();
  const dialog = useActionDialog<Dialog>(useCancellationAction(c.orderCancellationId), {
    errorText: messageWithServerText,
  });
  // What the helpdesk may do now is the server's answer (allowedActions); the page only says why
  // Complete waits when the refund's receipt is what is missing.
  const allowed = new Set(c.allowedActions);
  const working = allowed.has("UPDATE");
  const canComplete = allowed.has("COMPLETE");
  const receiptMissing = !canComplete && c.refundAmountCents > 0 && c.uploadedRefunds.length === 0;
  const completeHelpId = useId();
  const run = (next: CancellationAction) => dialog.run(next, () => showSuccessToast(t(DONE_KEYS[next.kind])));
  const receipt = typeof dialog.current === "object" && dialog.current ? dialog.current.deleteReceipt : null;

  return (
    <Stack gap="var(--pd-section-gap)">
      <DetailHeading
        back={back}
        title={t("adminCancellations.detail.title", { number: c.order.orderNumber })}
        badge={<ToneBadge tone={STATUS_TONES[c.status]}>{t(STATUS_LABELS[c.status])}</ToneBadge>}
      >
        <Text size="sm">
          {c.cancelledAtOnce
            ? t("adminCancellations.detail.cancelledAtOnce")
            : orderCancelled(c)
              ? t("adminCancellations.detail.requestCarriedOut")
              : t("adminCancellations.detail.requestWaiting", {
                  status: t(STATUS_LABEL_KEYS.order[c.order.orderStatus] ?? c.order.orderStatus),
                })}
        </Text>
      </DetailHeading>

      {(working || allowed.has("WITHDRAW")) && (
        <SectionCard title={t("adminCancellations.actions.title")}>
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              {working && (
                <Button
                  onClick={() => dialog.open("complete")}
                  disabled={!canComplete}
                  aria-describedby={completeHelpId}
                >
                  {t("adminCancellations.actions.complete")}
                </Button>
              )}
              {allowed.has("WITHDRAW") && (
                <Button variant="light" color="red" onClick={() => dialog.open("withdraw")}>
                  {t("adminCancellations.actions.withdraw")}
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed" id={completeHelpId}>
              {receiptMissing
                ? t("adminCancellations.actions.receiptMissing")
                : c.refundAmountCents > 0
                  ? t("adminCancellations.actions.completeRefund", {
                      amount: display.money(c.refundAmountCents),
                    })
                  : orderCancelled(c)
                    ? t("adminCancellations.actions.completeNoRefund")
                    : t("adminCancellations.actions.completeRequest")}
            </Text>
          </Stack>
        </SectionCard>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t("adminCancellations.order.title")}>
          <DetailsList
            items={[
              {
                label: t("adminCancellations.order.number"),
                value: (
                  <AppLink to={pathOf("applications", ORDER_SEGMENT, c.order.orderId)}>
                    {t("adminCancellations.orderNumber", { number: c.order.orderNumber })}
                  </AppLink>
                ),
              },
              {
                label: t("adminCancellations.order.status"),
                value: <StatusBadge family="order" status={c.order.orderStatus} />,
              },
              {
                label: t("adminCancellations.order.employee"),
                value: `${c.order.employee.name} (${c.order.employee.email})`,
              },
              { label: t("adminCancellations.order.company"), value: c.order.company.name },
              { label: t("adminCancellations.order.store"), value: c.order.bikeStore?.storeName },
              { label: t("adminCancellations.order.total"), value: display.money(c.order.totalPriceCents) },
              {
                label: t("adminCancellations.order.ownShare"),
                value: display.money(c.order.userPaymentCents),
              },
            ]}
          />
        </SectionCard>
        <SectionCard title={t("adminCancellations.request.title")}>
          <DetailsList
            items={[
              {
                label: t("adminCancellations.request.requestedBy"),
                value: [t(REQUESTER_LABELS[c.requestedBy]), c.requestedByName].filter(Boolean).join(": "),
              },
              { label: t("adminCancellations.request.requestedAt"), value: formatDateTime(c.createdAt) },
              {
                label: t("adminCancellations.request.statusAtRequest"),
                value: c.orderStatusAtRequest ? (
                  <StatusBadge family="order" status={c.orderStatusAtRequest} />
                ) : null,
              },
              {
                label: t("adminCancellations.request.reason"),
                value: <span style={{ whiteSpace: "pre-wrap" }}>{c.reason}</span>,
              },
              {
                label: t("adminCancellations.request.note"),
                value: c.note ? <span style={{ whiteSpace: "pre-wrap" }}>{c.note}</span> : null,
              },
              {
                label: t("adminCancellations.request.completed"),
                value: c.completedAt
                  ? [formatDateTime(c.completedAt), c.completedByName].filter(Boolean).join(" · ")
                  : null,
              },
            ]}
          />
        </SectionCard>
      </SimpleGrid>

      <RefundSection cancellation={c} />
      <ReceiptsSection cancellation={c} onDelete={(deleteReceipt) => dialog.open({ deleteReceipt })} />

      <SectionCard title={t("adminCancellations.events.title")}>
        <Events events={c.events} />
      </SectionCard>

      <ActionDialog
        {...dialog.props(dialog.current === "complete")}
        title={t("adminCancellations.complete.title", { number: c.order.orderNumber })}
        confirmLabel={t("adminCancellations.complete.confirm")}
        onConfirm={() => run({ kind: "complete" })}
      >
        {c.refundAmountCents > 0
          ? t("adminCancellations.complete.textRefund", { amount: display.money(c.refundAmountCents) })
          : orderCancelled(c)
            ? t("adminCancellations.complete.textNoRefund")
            : t("adminCancellations.complete.textRequest")}
      </ActionDialog>
      <ActionDialog
        {...dialog.props(dialog.current === "withdraw")}
        title={t("adminCancellations.withdraw.title", { number: c.order.orderNumber })}
        confirmLabel={t("adminCancellations.withdraw.confirm")}
        onConfirm={() => run({ kind: "withdraw" })}
      >
        {t("adminCancellations.withdraw.text")}
      </ActionDialog>
      <ActionDialog
        {...dialog.props(receipt !== null)}
        title={t("adminCancellations.receipts.deleteTitle", { name: receipt?.fileName ?? "" })}
        confirmLabel={t("adminCancellations.receipts.deleteConfirm")}
        onConfirm={() => receipt && run({ kind: "deleteReceipt", refundUploadId: receipt.id })}
      >
        {t("adminCancellations.receipts.deleteText")}
      </ActionDialog>
    </Stack>
  );
}

/** The cancellation's events, newest first, with the order's moves it made. */
function Events({ events }: { events: readonly TOrderEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("adminCancellations.events.none")}
      </Text>
    );
  const status = (s: TOrderEvent["to"]) => (s ? t(STATUS_LABEL_KEYS.order[s] ?? s) : "–");
  return (
    <EventTimeline
      events={[...events].reverse().map((event) => ({
        id: event.id,
        at: event.createdAt,
        actor:
          event.actorName ??
          (event.by === "system"
            ? t("adminCancellations.events.system")
            : t("adminCancellations.events.user")),
        text: (
          <>
            {t(eventTypeLabelKey(event.type))}
            {event.to && (
              <Text size="sm" c="dimmed" component="span">
                {" "}
                {t("adminCancellations.events.move", { from: status(event.from), to: status(event.to) })}
              </Text>
            )}
          </>
        ),
      }))}
    />
  );
}
