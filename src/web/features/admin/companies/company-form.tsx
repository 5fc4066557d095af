import { Alert, Button, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCompanyDetails } from "../../../../contract/companies.ts";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { createReader } from "../tax-tables/form-validation.ts";
import { useCreateCompany, useUpdateCompany } from "./companies-api.ts";
import { CompanyFields } from "./company-fields.tsx";
import {
  CONFLICT_FIELDS,
  type CompanyFormValues,
  companyBody,
  useCompanyFormState,
} from "./company-form-state.ts";
import { companyErrorText, isConflict } from "./company-messages.ts";

/**
 * The whole form: create (Lisää yritys, with units and the first admin) or edit a company. The
 * server's refusals land at their fields (400 details, the 409 codes) and in the summary; anything
 * else shows above the fields.
 */
export function CompanyForm({
  company,
  onSaved,
  onCancel,
}: {
  company: TCompanyDetails | null;
  onSaved: (company: TCompanyDetails) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const create = company === null;
  const form = useCompanyFormState(company, create);
  const errorSummary = useFormErrorSummary(form);
  const createCall = useCreateCompany();
  const updateCall = useUpdateCompany(company?.companyId ?? "");
  const save = create ? createCall : updateCall;
  const failure = save.error;

  function submit(values: CompanyFormValues) {
    const body = companyBody(values, createReader(t), create);
    mutateThen(save, body, {
      onSuccess: (saved) => {
        showSuccessToast(
          t(create ? "adminCompanies.form.created" : "adminCompanies.form.updated", { name: saved.name }),
        );
        onSaved(saved);
      },
      onError: (error) => {
        const conflicts = Object.fromEntries(
          Object.entries(CONFLICT_FIELDS)
            .filter(([code]) => isConflict(error, code))
            .map(([, field]) => [field, companyErrorText(error, t)]),
        );
        if (form.setServerErrors(error, conflicts)) errorSummary.show();
      },
    });
  }

  // A refusal the fields explain needs no second message above them.
  const explained =
    failure instanceof ApiError &&
    (failure.status === 400 || Object.keys(CONFLICT_FIELDS).some((code) => isConflict(failure, code)));

  return (
    <form noValidate onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}>
      <Stack gap="lg">
        {errorSummary.summary}
        {failure && !explained && (
          <Alert color="red" variant="light" title={t("adminCompanies.form.saveFailed")}>
            {companyErrorText(failure, t)}
          </Alert>
        )}
        <RequiredFieldsNote />
        <CompanyFields form={form} create={create} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              {t("ds.confirm.cancel")}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {create ? t("adminCompanies.form.create") : t("adminCompanies.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
