import { Button, Group, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TRedemptionPayment, TRedemptionUserPayment } from "../../../../../contract/bike-redemptions.ts";
import type { PaymentStatus } from "../../../../../domain/enums.ts";
import { ActionDialog, useActionDialog } from "../../../../components/action-dialog.tsx";
import { AppLink } from "../../../../components/app-link.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EmptyState } from "../../../../components/empty-state.tsx";
import { ListTable } from "../../../../components/list-table.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { StatusBadge } from "../../../../components/status-badge.tsx";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS } from "../../orders/helpdesk-paths.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { usePaymentAction } from "../payments/payments-api.ts";
import { KIND_LABELS, METHOD_LABELS, PAYER_LABELS } from "./redemption-labels.ts";
import { type Editing, PaymentDialog } from "./redemption-ledger-form.tsx";
import {
  refreshRedemptions,
  savedMessage,
  type TRedemption,
  useRedemptionAction,
} from "./redemptions-api.ts";

const isOpen = (status: PaymentStatus) => status !== "PAID" && status !== "CANCELLED";

/**
 * The employee's own payment of the case (the user payments ledger): what, how much, how, its
 * reference and dates, and marking it sent (when it was not sent at once) and paid, each asked first.
 * Without one it says when one is made.
 */
export function UserPaymentSection({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t("adminRedemptions.userPayment.title")}>
      {c.userPayment ? (
        <UserPayment payment={c.userPayment} />
      ) : (
        <Text size="sm">{t("adminRedemptions.userPayment.none")}</Text>
      )}
    </SectionCard>
  );
}

type PaymentStep = "sent" | "paid";

function UserPayment({ payment }: { payment: TRedemptionUserPayment }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf } = useAdminNav();
  const dialog = useActionDialog<PaymentStep>(usePaymentAction(payment.userPaymentId), {
    errorText: messageWithServerText,
  });
  const queryClient = useQueryClient();
  const open = isOpen(payment.paymentStatus);
  const amount = display.money(payment.amountCents);

  function run(kind: PaymentStep) {
    dialog.run({ kind }, () => {
      void refreshRedemptions(queryClient);
      showSuccessToast(
        t(
          kind === "paid" ? "adminRedemptions.userPayment.paidDone" : "adminRedemptions.userPayment.sentDone",
        ),
      );
    });
  }

  return (
    <Stack gap="md">
      <DetailsList
        items={[
          {
            label: t("adminRedemptions.userPayment.kind"),
            value: (
              <AppLink to={pathOf("applications", AFTER_SALES_SEGMENTS.payments, payment.userPaymentId)}>
                {t(KIND_LABELS[payment.kind])}
              </AppLink>
            ),
          },
          { label: t("adminRedemptions.userPayment.amount"), value: amount },
          { label: t("adminRedemptions.userPayment.method"), value: t(METHOD_LABELS[payment.paymentMethod]) },
          {
            label: t("adminRedemptions.userPayment.status"),
            value: <StatusBadge family="payment" status={payment.paymentStatus} />,
          },
          { label: t("adminRedemptions.userPayment.reference"), value: payment.referenceNumber },
          { label: t("adminRedemptions.userPayment.due"), value: display.date(payment.dueDate) },
          {
            label: t("adminRedemptions.userPayment.sent"),
            value: payment.sentAt ? formatDateTime(payment.sentAt) : null,
          },
          {
            label: t("adminRedemptions.userPayment.paid"),
            value: payment.paidAt ? formatDateTime(payment.paidAt) : null,
          },
        ]}
      />
      {open && (
        <Group gap="sm">
          {!payment.sentAt && (
            <Button variant="default" onClick={() => dialog.open("sent")}>
              {t("adminRedemptions.userPayment.markSent")}
            </Button>
          )}
          <Button onClick={() => dialog.open("paid")}>{t("adminRedemptions.userPayment.markPaid")}</Button>
        </Group>
      )}
      <ActionDialog
        {...dialog.props(dialog.current === "sent")}
        title={t("adminRedemptions.userPayment.markSentTitle", { amount })}
        confirmLabel={t("adminRedemptions.userPayment.markSent")}
        onConfirm={() => run("sent")}
      >
        {t("adminRedemptions.userPayment.markSentText")}
      </ActionDialog>
      <ActionDialog
        {...dialog.props(dialog.current === "paid")}
        title={t("adminRedemptions.userPayment.markPaidTitle", { amount })}
        confirmLabel={t("adminRedemptions.userPayment.markPaid")}
        onConfirm={() => run("paid")}
      >
        {t("adminRedemptions.userPayment.markPaidText")}
      </ActionDialog>
    </Stack>
  );
}

/**
 * The case's money ledger (redemption payments): who paid or is to pay what, its status, reference and
 * dates. The helpdesk adds, changes and deletes the rows other than the employee's own, which follows
 * their user payment.
 */
export function LedgerSection({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useActionDialog<TRedemptionPayment>(useRedemptionAction(c.id), {
    errorText: messageWithServerText,
  });
  const deleting = remove.current;
  const canRecord = c.allowedActions.includes("RECORD_PAYMENT");
  const title = t("adminRedemptions.ledger.title");

  return (
    <SectionCard
      title={title}
      description={t("adminRedemptions.ledger.description")}
      actions={
        canRecord && (
          <Button size="xs" variant="light" onClick={() => setEditing({ payment: null })}>
            {t("adminRedemptions.ledger.add")}
          </Button>
        )
      }
    >
      {c.redemptionPayments.length === 0 ? (
        <EmptyState text={t("adminRedemptions.ledger.empty")} />
      ) : (
        <ListTable<TRedemptionPayment>
          label={title}
          minWidth={720}
          rows={c.redemptionPayments}
          rowKey={(row) => row.id}
          columns={[
            {
              accessor: "payer",
              title: t("adminRedemptions.ledger.payer"),
              render: (row) => (
                <>
                  <Text size="sm">{t(PAYER_LABELS[row.payerType])}</Text>
                  {row.note && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                      {row.note}
                    </Text>
                  )}
                </>
              ),
            },
            {
              accessor: "amount",
              title: t("adminRedemptions.ledger.amount"),
              textAlign: "right",
              noWrap: true,
              render: (row) => display.money(row.amountCents),
            },
            {
              accessor: "status",
              title: t("adminRedemptions.ledger.status"),
              render: (row) => <StatusBadge family="payment" status={row.status} />,
            },
            {
              accessor: "reference",
              title: t("adminRedemptions.ledger.reference"),
              render: (row) => row.referenceNumber ?? "–",
            },
            {
              accessor: "due",
              title: t("adminRedemptions.ledger.due"),
              render: (row) => display.date(row.dueDate) || "–",
            },
            {
              accessor: "paidAt",
              title: t("adminRedemptions.ledger.paidAt"),
              render: (row) => (row.paidAt ? formatDateTime(row.paidAt) : "–"),
            },
            {
              accessor: "actions",
              title: t("adminRedemptions.ledger.actions"),
              render: (row) =>
                row.madeByLedger ? (
                  <Text size="xs" c="dimmed">
                    {t("adminRedemptions.ledger.byLedger")}
                  </Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing({ payment: row })}
                      aria-label={t("adminRedemptions.ledger.editNamed", {
                        payer: t(PAYER_LABELS[row.payerType]),
                        amount: display.money(row.amountCents),
                      })}
                    >
                      {t("adminRedemptions.ledger.edit")}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => remove.open(row)}
                      aria-label={t("adminRedemptions.ledger.deleteNamed", {
                        payer: t(PAYER_LABELS[row.payerType]),
                        amount: display.money(row.amountCents),
                      })}
                    >
                      {t("adminRedemptions.ledger.delete")}
                    </Button>
                  </Group>
                ),
            },
          ]}
        />
      )}
      <PaymentDialog redemption={c} editing={editing} onClose={() => setEditing(null)} />
      <ActionDialog
        {...remove.props(deleting !== null)}
        title={t("adminRedemptions.ledger.deleteTitle", {
          payer: deleting ? t(PAYER_LABELS[deleting.payerType]) : "",
          amount: deleting ? display.money(deleting.amountCents) : "",
        })}
        confirmLabel={t("adminRedemptions.ledger.delete")}
        onConfirm={() =>
          deleting &&
          remove.run({ kind: "deletePayment", paymentId: deleting.id }, (message: string | null) =>
            showSuccessToast(savedMessage(message ?? "", t)),
          )
        }
      >
        {t("adminRedemptions.ledger.deleteText")}
      </ActionDialog>
    </SectionCard>
  );
}
