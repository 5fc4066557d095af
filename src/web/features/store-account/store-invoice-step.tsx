import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TStoreInvoice, zStoreInvoiceInput } from "../../../contract/store-accounts.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";
import { showSuccessToast } from "../../lib/toast.ts";
import { storeEInvoiceHref, type TStoreOrder, useSendStoreInvoice } from "./store-account-api.ts";

type Values = { invoiceNumber: string };

/** The form while the order waits for the store's invoice: the store's own number, the rest the server's. */
function InvoiceForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const send = useSendStoreInvoice(orderId);
  const form = useContractForm<Values>({
    initialValues: { invoiceNumber: "" },
    schema: zStoreInvoiceInput,
    toBody: (values) => ({ invoiceNumber: values.invoiceNumber.trim() }),
    serverText: t("storeLinks.form.checkField"),
  });
  const errorSummary = useFormErrorSummary(form);
  return (
    <form
      noValidate
      aria-label={t("storeAccount.invoice.formLabel")}
      onSubmit={form.onSubmit(
        (values) =>
          mutateThen(
            send,
            { invoiceNumber: values.invoiceNumber.trim() },
            {
              onSuccess: () => showSuccessToast(t("storeAccount.invoice.sent")),
              onError: (error) => {
                if (form.setServerErrors(error)) errorSummary.show();
              },
            },
          ),
        errorSummary.onInvalid,
      )}
    >
      <Stack gap="md" maw={480}>
        {errorSummary.summary}
        <RequiredFieldsNote />
        <TextInput
          label={t("storeAccount.invoice.number")}
          description={t("storeAccount.invoice.numberHelp")}
          required
          autoComplete="off"
          {...form.getInputProps("invoiceNumber")}
        />
        {send.isError && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {formErrorMessage(send.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={send.isPending}>
            {t("storeAccount.invoice.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The store's invoice as it reached Pedaali: its number, dates, sums and status, and its e-invoice. */
function InvoiceDetails({ orderId, invoice }: { orderId: string; invoice: TStoreInvoice }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <DetailsList
        items={[
          { label: t("storeAccount.invoice.fields.number"), value: invoice.invoiceNumber },
          {
            label: t("storeAccount.invoice.fields.issueDate"),
            value: invoice.issueDate ? formatDate(invoice.issueDate) : null,
          },
          {
            label: t("storeAccount.invoice.fields.dueDate"),
            value: invoice.dueDate ? formatDate(invoice.dueDate) : null,
          },
          { label: t("storeAccount.invoice.fields.amount"), value: money(invoice.amountCents) },
          { label: t("storeAccount.invoice.fields.vat"), value: money(invoice.vatCents) },
          { label: t("storeAccount.invoice.fields.total"), value: money(invoice.totalCents) },
          {
            label: t("storeAccount.invoice.fields.status"),
            value: <StatusBadge family="invoice" status={invoice.status} />,
          },
        ]}
      />
      {invoice.sentFromAccount && (
        <Group>
          <Anchor href={storeEInvoiceHref(orderId)} download>
            {t("storeAccount.invoice.download")}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The store's invoice of the order to Pedaali: the form while the order waits for it (the server
 * builds the invoice from the package), the invoice once it has reached Pedaali, else nothing.
 */
export function StoreInvoiceStep({ order }: { order: TStoreOrder }) {
  const { t } = useTranslation();
  if (!order.invoiceEditable && !order.invoice) return null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t("storeAccount.invoice.title")}
      </Title>
      {order.invoiceEditable ? (
        <>
          <Text size="sm">{t("storeAccount.invoice.intro")}</Text>
          <InvoiceForm orderId={order.orderId} />
        </>
      ) : (
        order.invoice && <InvoiceDetails orderId={order.orderId} invoice={order.invoice} />
      )}
    </Stack>
  );
}
