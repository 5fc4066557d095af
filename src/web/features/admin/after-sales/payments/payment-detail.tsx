import { Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type TUserPaymentDetails, zCancelUserPayment } from "../../../../../contract/user-payments.ts";
import { isOpenUserPayment } from "../../../../../domain/user-payments.ts";
import { ActionDialog, useActionDialog } from "../../../../components/action-dialog.tsx";
import { AppLink } from "../../../../components/app-link.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EventTimeline } from "../../../../components/event-timeline.tsx";
import { RequiredFieldsNote } from "../../../../components/field-label.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { StatusBadge } from "../../../../components/status-badge.tsx";
import { useContractForm } from "../../../../lib/contract-form.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { ORDER_SEGMENT } from "../../orders/helpdesk-paths.ts";
import { eventTypeLabelKey } from "../../reporting/event-types.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { AfterSalesDetail, DetailHeading } from "../detail-frame.tsx";
import { KIND_LABELS, METHOD_LABELS } from "./payment-labels.ts";
import { type PaymentAction, usePaymentAction, useUserPayment } from "./payments-api.ts";

/**
 * One user payment as the helpdesk works on it (/admin/hakemukset/maksut/{id}): what it is for, whose
 * and how much, how it is paid, the actions its state allows (mark sent, mark paid, cancel with a
 * reason; each asks first) and its events.
 */
export function PaymentDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <AfterSalesDetail
      view="payments"
      backText={t("adminUserPayments.detail.back")}
      query={useUserPayment(id)}
      notFound={t("adminUserPayments.detail.notFound")}
    >
      {(data, back) => <PaymentView payment={data} back={back} />}
    </AfterSalesDetail>
  );
}

function PaymentView({ payment, back }: { payment: TUserPaymentDetails; back: ReactNode }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf } = useAdminNav();
  const transfer = payment.bankTransfer;
  return (
    <Stack gap="var(--pd-section-gap)">
      <DetailHeading
        back={back}
        title={`${t(KIND_LABELS[payment.kind])}: ${display.money(payment.amountCents)}`}
        badge={<StatusBadge family="payment" status={payment.paymentStatus} />}
      >
        <Text size="sm">{payment.employee.name}</Text>
      </DetailHeading>

      <SectionCard title={t("adminUserPayments.detail.actions")}>
        <PaymentActions payment={payment} />
      </SectionCard>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t("adminUserPayments.detail.details")}>
          <DetailsList
            items={[
              {
                label: t("adminUserPayments.detail.employee"),
                value: `${payment.employee.name} (${payment.employee.email})`,
              },
              { label: t("adminUserPayments.detail.company"), value: payment.company.name },
              { label: t("adminUserPayments.detail.kind"), value: t(KIND_LABELS[payment.kind]) },
              { label: t("adminUserPayments.detail.description"), value: payment.description },
              {
                label: t("adminUserPayments.detail.order"),
                value:
                  payment.orderId && payment.orderNumber ? (
                    <AppLink to={pathOf("applications", ORDER_SEGMENT, payment.orderId)}>
                      {String(payment.orderNumber)}
                    </AppLink>
                  ) : null,
              },
              { label: t("adminUserPayments.detail.amount"), value: display.money(payment.amountCents) },
              { label: t("adminUserPayments.detail.method"), value: t(METHOD_LABELS[payment.paymentMethod]) },
              {
                label: t("adminUserPayments.detail.reference"),
                value: transfer?.referenceNumber ?? payment.referenceNumber,
              },
              { label: t("adminUserPayments.detail.due"), value: display.date(payment.dueDate) },
              { label: t("adminUserPayments.detail.created"), value: formatDateTime(payment.createdAt) },
              {
                label: t("adminUserPayments.detail.sent"),
                value: payment.sentAt ? formatDateTime(payment.sentAt) : null,
              },
              {
                label: t("adminUserPayments.detail.paid"),
                value: payment.paidAt ? formatDateTime(payment.paidAt) : null,
              },
              {
                label: t("adminUserPayments.detail.barcode"),
                value: transfer?.virtualBarcode ? (
                  <span style={{ overflowWrap: "anywhere" }}>{transfer.virtualBarcode}</span>
                ) : null,
              },
            ]}
          />
        </SectionCard>
        <SectionCard title={t("adminUserPayments.detail.events")}>
          {payment.events.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("adminUserPayments.detail.noEvents")}
            </Text>
          ) : (
            <EventTimeline
              events={[...payment.events].reverse().map((event) => ({
                id: event.id,
                at: event.createdAt,
                actor: event.actorName ?? t("adminUserPayments.detail.bySystem"),
                text: (
                  <>
                    {t(eventTypeLabelKey(event.type))}
                    {event.reason && (
                      <Text size="sm" c="dimmed" component="span">
                        {" "}
                        {t("adminUserPayments.detail.reason", { reason: event.reason })}
                      </Text>
                    )}
                  </>
                ),
              }))}
            />
          )}
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}

type Dialog = "sent" | "paid" | "cancel";

const DONE: Record<Dialog, string> = {
  sent: "adminUserPayments.actions.sentDone",
  paid: "adminUserPayments.actions.paidDone",
  cancel: "adminUserPayments.actions.cancelDone",
};

/** What the payment's state allows: mark sent (not sent yet), mark paid, cancel with a reason. */
function PaymentActions({ payment }: { payment: TUserPaymentDetails }) {
  const { t } = useTranslation();
  const dialog = useActionDialog<Dialog>(usePaymentAction(payment.id));
  const reasonForm = useContractForm({
    initialValues: { reason: "" },
    schema: zCancelUserPayment,
    texts: (issue) =>
      issue.code === "too_small" ? t("adminUserPayments.actions.reasonRequired") : undefined,
  });
  const open = isOpenUserPayment(payment);

  function openDialog(next: Dialog) {
    reasonForm.reset();
    dialog.open(next);
  }
  function run(next: PaymentAction) {
    dialog.run(next, () => showSuccessToast(t(DONE[next.kind])));
  }

  if (!open)
    return (
      <Text size="sm" c="dimmed">
        {t("adminUserPayments.detail.noActions")}
      </Text>
    );

  const texts: Record<Dialog, { title: string; text: string; label: string }> = {
    sent: {
      title: t("adminUserPayments.actions.sentTitle"),
      text:
        payment.paymentMethod === "BATCH"
          ? t("adminUserPayments.actions.sentTextBatch")
          : t("adminUserPayments.actions.sentTextPayroll"),
      label: t("adminUserPayments.actions.sent"),
    },
    paid: {
      title: t("adminUserPayments.actions.paidTitle"),
      text: t("adminUserPayments.actions.paidText"),
      label: t("adminUserPayments.actions.paid"),
    },
    cancel: {
      title: t("adminUserPayments.actions.cancelTitle"),
      text: t("adminUserPayments.actions.cancelText"),
      label: t("adminUserPayments.actions.cancel"),
    },
  };
  const current = dialog.current;

  return (
    <>
      <Group gap="sm" wrap="wrap">
        {!payment.sentAt && <Button onClick={() => openDialog("sent")}>{texts.sent.label}</Button>}
        <Button variant={payment.sentAt ? "filled" : "default"} onClick={() => openDialog("paid")}>
          {texts.paid.label}
        </Button>
        {/* Light, not outline: red.9 text on the dark scheme's background fails contrast. */}
        <Button variant="light" color="red" onClick={() => openDialog("cancel")}>
          {texts.cancel.label}
        </Button>
      </Group>
      <ActionDialog
        {...dialog.props(current !== null)}
        title={current ? texts[current].title : ""}
        confirmLabel={current ? texts[current].label : ""}
        errorTitle={t("adminUserPayments.actions.failed")}
        danger={current === "cancel"}
        onConfirm={
          current === "cancel"
            ? reasonForm.onSubmit((values) => run({ kind: "cancel", reason: values.reason.trim() }))
            : () => current && run({ kind: current })
        }
      >
        {current && (
          <Stack gap="md">
            <Text>{texts[current].text}</Text>
            {current === "cancel" && (
              <>
                <RequiredFieldsNote />
                <TextInput
                  label={t("adminUserPayments.actions.reason")}
                  required
                  {...reasonForm.getInputProps("reason")}
                />
              </>
            )}
          </Stack>
        )}
      </ActionDialog>
    </>
  );
}
