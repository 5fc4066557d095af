import { TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TGroupCompany, zGroupCompanyInput } from "../../../../contract/companies.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { EditorForm } from "../tax-tables/editor-form.tsx";
import { useSaveGroupCompany } from "./companies-api.ts";
import { businessIdError } from "./company-form-state.ts";
import { companyErrorText, isConflict } from "./company-messages.ts";

type Values = { name: string; businessId: string };

const groupCompanyBody = (values: Values) => ({
  name: values.name.trim(),
  businessId: values.businessId.trim() || null,
});

/**
 * Creates or renames a group company (docs/data-model.md "Group company"). A taken name is the API's 409
 * GROUP_COMPANY_EXISTS_ERROR, shown at the name field.
 */
export function GroupCompanyForm({
  group,
  onSaved,
  onCancel,
}: {
  group: TGroupCompany | null;
  onSaved: (group: TGroupCompany) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveGroupCompany();
  const form = useContractForm<Values>({
    initialValues: { name: group?.name ?? "", businessId: group?.businessId ?? "" },
    schema: zGroupCompanyInput,
    toBody: groupCompanyBody,
    texts: (issue) =>
      issue.path[0] === "name" && issue.code === "too_small"
        ? t("adminCompanies.form.nameTooShort")
        : undefined,
    rules: (values) => {
      const businessId = values.businessId.trim();
      return {
        name: values.name.trim() ? null : t("forms.required"),
        businessId: businessId ? businessIdError(businessId, t) : null,
      };
    },
    serverText: t("adminTaxTables.form.serverRejected"),
  });

  function submit(values: Values) {
    const body = groupCompanyBody(values);
    mutateThen(
      save,
      { id: group?.groupCompanyId ?? null, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (isConflict(error, "GROUP_COMPANY_EXISTS_ERROR"))
            form.setFieldError("name", companyErrorText(error, t));
          else form.setServerErrors(error);
        },
      },
    );
  }

  const conflict = isConflict(save.error, "GROUP_COMPANY_EXISTS_ERROR");
  return (
    <EditorForm
      onSubmit={form.onSubmit(submit)}
      onCancel={onCancel}
      saving={save.isPending}
      // The name field says what a 409 means; other failures show above the fields.
      error={conflict ? null : save.error}
      conflictText={companyErrorText(save.error, t)}
    >
      <TextInput
        label={t("adminGroupCompanies.name")}
        required
        data-autofocus
        {...form.getInputProps("name")}
      />
      <TextInput
        label={t("adminCompanies.form.businessId")}
        description={t("adminGroupCompanies.businessIdHelp")}
        autoComplete="off"
        {...form.getInputProps("businessId")}
      />
    </EditorForm>
  );
}
