import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  RECORDED_PAYER_TYPES,
  type TLeaseEndUserPayment,
  type TRedemptionPayment,
  type TRedemptionPaymentUpdate,
} from "../../../../../contract/bike-redemptions.ts";
import { type Language, PAYMENT_STATUSES, type PaymentStatus } from "../../../../../domain/enums.ts";
import { parseEuroInput } from "../../../../../domain/money.ts";
import { ActionDialog, useActionDialog } from "../../../../components/action-dialog.tsx";
import { AppLink } from "../../../../components/app-link.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EmptyState } from "../../../../components/empty-state.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { StatusBadge } from "../../../../components/status-badge.tsx";
import { STATUS_LABEL_KEYS } from "../../../../components/status-labels.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatDateTime, formatEuroInput } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS } from "../../orders/helpdesk-paths.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { usePaymentAction } from "../payments/payments-api.ts";
import { KIND_LABELS, METHOD_LABELS, PAYER_LABELS } from "./redemption-labels.ts";
import {
  savedMessage,
  type TRedemption,
  useRedemptionAction,
  useRefreshAfterCase,
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

function UserPayment({ payment }: { payment: TLeaseEndUserPayment }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf } = useAdminNav();
  const dialog = useActionDialog<PaymentStep>(usePaymentAction(payment.userPaymentId), {
    errorText: messageWithServerText,
  });
  const refresh = useRefreshAfterCase();
  const open = isOpen(payment.paymentStatus);
  const amount = display.money(payment.amountCents);

  function run(kind: PaymentStep) {
    dialog.run({ kind }, () => {
      void refresh();
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

type Editing = { payment: TRedemptionPayment | null } | null;

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
        <Table.ScrollContainer
          minWidth={720}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": title } }}
        >
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("adminRedemptions.ledger.payer")}</Table.Th>
                <Table.Th ta="right">{t("adminRedemptions.ledger.amount")}</Table.Th>
                <Table.Th>{t("adminRedemptions.ledger.status")}</Table.Th>
                <Table.Th>{t("adminRedemptions.ledger.reference")}</Table.Th>
                <Table.Th>{t("adminRedemptions.ledger.due")}</Table.Th>
                <Table.Th>{t("adminRedemptions.ledger.paidAt")}</Table.Th>
                <Table.Th>{t("adminRedemptions.ledger.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.redemptionPayments.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text size="sm">{t(PAYER_LABELS[row.payerType])}</Text>
                    {row.note && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                        {row.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                    {display.money(row.amountCents)}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge family="payment" status={row.status} />
                  </Table.Td>
                  <Table.Td>{row.referenceNumber ?? "–"}</Table.Td>
                  <Table.Td>{display.date(row.dueDate) || "–"}</Table.Td>
                  <Table.Td>{row.paidAt ? formatDateTime(row.paidAt) : "–"}</Table.Td>
                  <Table.Td>
                    {row.madeByLedger ? (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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

type PaymentValues = {
  payerType: TRedemptionPaymentUpdate["payerType"];
  amount: string;
  status: PaymentStatus;
  dueDate: string;
  referenceNumber: string;
  note: string;
};

function valuesOf(payment: TRedemptionPayment | null, language: Language): PaymentValues {
  return {
    payerType: payment && payment.payerType !== "EMPLOYEE" ? payment.payerType : "PEDAALI",
    amount: payment ? formatEuroInput(payment.amountCents, language) : "",
    status: payment?.status ?? "PENDING",
    dueDate: payment?.dueDate ?? "",
    referenceNumber: payment?.referenceNumber ?? "",
    note: payment?.note ?? "",
  };
}

/** Adding a row to the ledger, or changing one (PUT takes the whole row). */
function PaymentDialog({
  redemption: c,
  editing,
  onClose,
}: {
  redemption: TRedemption;
  editing: Editing;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const display = useDisplay();
  const save = useRedemptionAction(c.id);
  const payment = editing?.payment ?? null;
  function close() {
    if (save.isPending) return;
    save.reset();
    onClose();
  }
  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      title={payment ? t("adminRedemptions.ledger.editTitle") : t("adminRedemptions.ledger.addTitle")}
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {editing && (
        <PaymentForm
          key={payment?.id ?? "new"}
          initial={valuesOf(payment, display.lang)}
          pending={save.isPending}
          error={save.isError ? messageWithServerText(save.error, t) : null}
          onCancel={close}
          onSubmit={(body) =>
            save.mutate(
              payment
                ? { kind: "updatePayment", paymentId: payment.id, body }
                : { kind: "recordPayment", body: { ...body, bikeRedemptionId: c.id } },
              {
                onSuccess: (message) => {
                  save.reset();
                  onClose();
                  showSuccessToast(savedMessage(message ?? "", t));
                },
              },
            )
          }
        />
      )}
    </Modal>
  );
}

function PaymentForm({
  initial,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  initial: PaymentValues;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (body: TRedemptionPaymentUpdate) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<PaymentValues>({
    initialValues: initial,
    validate: {
      amount: (value) => (parseEuroInput(value) === null ? t("adminRedemptions.form.amountInvalid") : null),
      dueDate: (value) =>
        !value || /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t("adminRedemptions.form.dateInvalid"),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSubmit({
          payerType: values.payerType,
          amountCents: parseEuroInput(values.amount) ?? 0,
          status: values.status,
          dueDate: values.dueDate || null,
          referenceNumber: values.referenceNumber.trim() || null,
          note: values.note.trim() || null,
        }),
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t("adminRedemptions.ledger.payer")}
            data={RECORDED_PAYER_TYPES.map((payer) => ({ value: payer, label: t(PAYER_LABELS[payer]) }))}
            {...form.getInputProps("payerType")}
          />
          <EuroInput label={t("adminRedemptions.ledger.amount")} required {...form.getInputProps("amount")} />
          <NativeSelect
            label={t("adminRedemptions.ledger.status")}
            data={PAYMENT_STATUSES.map((status) => ({
              value: status,
              label: t(STATUS_LABEL_KEYS.payment[status] ?? status),
            }))}
            {...form.getInputProps("status")}
          />
          <TextInput
            type="date"
            label={t("adminRedemptions.ledger.due")}
            {...form.getInputProps("dueDate")}
          />
          <TextInput
            label={t("adminRedemptions.ledger.reference")}
            maxLength={35}
            {...form.getInputProps("referenceNumber")}
          />
        </SimpleGrid>
        <Textarea
          label={t("adminRedemptions.ledger.note")}
          rows={2}
          maxLength={1000}
          {...form.getInputProps("note")}
        />
        {error && (
          <Alert color="red" variant="light" role="alert" title={t("adminRedemptions.ledger.failed")}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {t("adminRedemptions.ledger.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
