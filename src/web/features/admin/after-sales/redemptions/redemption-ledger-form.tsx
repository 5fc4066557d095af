import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TRedemptionPayment } from "../../../../../contract/bike-redemptions.ts";
import {
  RECORDED_PAYER_TYPES,
  type TRedemptionPaymentUpdate,
  zRedemptionPaymentUpdate,
} from "../../../../../contract/redemption-payments.ts";
import { type Language, PAYMENT_STATUSES, type PaymentStatus } from "../../../../../domain/enums.ts";
import { parseEuroInput } from "../../../../../domain/money.ts";
import { ActionDialog } from "../../../../components/action-dialog.tsx";
import { DateField } from "../../../../components/date-field.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { STATUS_LABEL_KEYS } from "../../../../components/status-labels.ts";
import { useContractForm } from "../../../../lib/contract-form.ts";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatEuroInput } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { PAYER_LABELS } from "./redemption-labels.ts";
import { savedMessage, type TRedemption, useRedemptionAction } from "./redemptions-api.ts";

/** The ledger row being added (payment null) or changed, or none. */
export type Editing = { payment: TRedemptionPayment | null } | null;

type PaymentValues = {
  payerType: TRedemptionPaymentUpdate["payerType"];
  amount: string;
  status: PaymentStatus;
  dueDate: string;
  referenceNumber: string;
  note: string;
};

/** The row the values make; an amount that does not read is left for the schema to refuse. */
function paymentBody(values: PaymentValues) {
  return {
    payerType: values.payerType,
    amountCents: parseEuroInput(values.amount),
    status: values.status,
    dueDate: values.dueDate || null,
    referenceNumber: values.referenceNumber.trim() || null,
    note: values.note.trim() || null,
  };
}

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
export function PaymentDialog({
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
    <ActionDialog
      opened={editing !== null}
      onCancel={close}
      title={payment ? t("adminRedemptions.ledger.editTitle") : t("adminRedemptions.ledger.addTitle")}
    >
      {editing && (
        <PaymentForm
          key={payment?.id ?? "new"}
          initial={valuesOf(payment, display.lang)}
          pending={save.isPending}
          error={save.isError ? messageWithServerText(save.error, t) : null}
          onCancel={close}
          onSubmit={(body) =>
            mutateThen(
              save,
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
    </ActionDialog>
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
  const form = useContractForm<PaymentValues>({
    initialValues: initial,
    schema: zRedemptionPaymentUpdate,
    toBody: paymentBody,
    fieldOf: { amountCents: "amount" },
    texts: (issue) =>
      issue.path[0] === "amountCents"
        ? t("adminRedemptions.form.amountInvalid")
        : issue.path[0] === "dueDate"
          ? t("adminRedemptions.form.dateInvalid")
          : undefined,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => onSubmit(paymentBody(values) as TRedemptionPaymentUpdate))}
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
          <DateField label={t("adminRedemptions.ledger.due")} {...form.getInputProps("dueDate")} />
          <TextInput
            label={t("adminRedemptions.ledger.reference")}
            {...form.getInputProps("referenceNumber")}
          />
        </SimpleGrid>
        <Textarea label={t("adminRedemptions.ledger.note")} rows={2} {...form.getInputProps("note")} />
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
