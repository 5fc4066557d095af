import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  E_INVOICE_PAIR_MESSAGE,
  type TLeasingCompany,
  zLeasingCompanyEInvoiceInput,
} from "../../../../contract/leasing-companies.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { type IssueTexts, useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { useSetLeasingEInvoice } from "./leasing-companies-api.ts";

type Values = { eInvoiceAddress: string; eInvoiceOperator: string };

/**
 * Where our e-invoices to a leasing company go (the bills of its orders and redemptions): its e-invoice
 * address and its operator's ID, in the words of the employer company's form; both or neither.
 */
function EInvoiceForm({ company, onDone }: { company: TLeasingCompany; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSetLeasingEInvoice(company.id);
  const texts: IssueTexts<Values> = (issue) => {
    if (issue.message === E_INVOICE_PAIR_MESSAGE) return t("adminLeasingEInvoice.both");
    const field = issue.path.map(String).join(".");
    if (field === "eInvoiceAddress") return t("adminCompanies.form.eInvoiceAddressInvalid");
    if (field === "eInvoiceOperator") return t("adminCompanies.form.eInvoiceOperatorInvalid");
    return undefined;
  };
  const form = useContractForm<Values>({
    initialValues: {
      eInvoiceAddress: company.eInvoiceAddress ?? "",
      eInvoiceOperator: company.eInvoiceOperator ?? "",
    },
    schema: zLeasingCompanyEInvoiceInput,
    texts,
  });
  const errorSummary = useFormErrorSummary(form);
  const atField =
    save.error instanceof ApiError && save.error.status === 400 && save.error.details.length > 0;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          mutateThen(save, values, {
            onSuccess: () => {
              showSuccessToast(t("adminLeasingEInvoice.saved", { company: company.companyName }));
              onDone();
            },
            onError: (error) => {
              if (form.setServerErrors(error)) errorSummary.show();
            },
          }),
        errorSummary.onInvalid,
      )}
    >
      <Stack gap="md">
        {errorSummary.summary}
        {save.isError && !atField && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {messageForApiError(save.error, t)}
          </Alert>
        )}
        <Text size="sm">{t("adminLeasingEInvoice.intro")}</Text>
        <TextInput
          label={t("adminCompanies.form.eInvoiceAddress")}
          description={t("adminCompanies.form.eInvoiceAddressHint")}
          {...form.getInputProps("eInvoiceAddress")}
        />
        <TextInput
          label={t("adminCompanies.form.eInvoiceOperator")}
          description={t("adminCompanies.form.eInvoiceOperatorHint")}
          {...form.getInputProps("eInvoiceOperator")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("adminLeasingEInvoice.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form in a dialog, for the company chosen; closing it throws the draft away. */
export function EInvoiceDialog({
  company,
  onClose,
}: {
  company: TLeasingCompany | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      opened={company !== null}
      onCancel={onClose}
      title={t("adminLeasingEInvoice.title", { company: company?.companyName ?? "" })}
    >
      {company && <EInvoiceForm company={company} onDone={onClose} />}
    </ActionDialog>
  );
}
