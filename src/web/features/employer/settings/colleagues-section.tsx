import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  systemUsersApi,
  type TCreateSystemUser,
  zCreateSystemUser,
} from "../../../../contract/system-users.ts";
import { GRANTABLE_EMPLOYER_ROLES, type GrantableEmployerRole } from "../../../../domain/employees.ts";
import { LANGUAGES, type Language } from "../../../../domain/enums.ts";
import { normalizeEmail } from "../../../../domain/validation/email.ts";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { LANGUAGE_NAMES } from "../../../components/language-menu.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { callEndpoint, mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError, showErrorToast } from "../../../lib/error-toasts.ts";
import { fieldRules } from "../../../lib/field-rules.ts";
import { useAddRecipients } from "../../companies/index.ts";
import { ROLE_LABELS } from "../employees/employee-labels.tsx";
import { refreshEmployerSettings } from "./settings-api.ts";

type Values = {
  firstName: string;
  lastName: string;
  workEmail: string;
  role: GrantableEmployerRole;
  language: Language;
  payrollRecipient: boolean;
};
const EMPTY: Values = {
  firstName: "",
  lastName: "",
  workEmail: "",
  role: "EMPLOYER_EDITOR",
  language: "fi",
  payrollRecipient: false,
};

/**
 * The company's own colleagues, made by its admin without the helpdesk: an editor, a reporting user or
 * an outside payroll clerk, with the employer role the admin chooses. The colleague gets a mail to set
 * their password; a payroll clerk can be made a payroll report recipient at once.
 */
export function ColleaguesSection({ company }: { company: { id: string; name: string } }) {
  const { t } = useTranslation();
  const rules = fieldRules(t);
  const queryClient = useQueryClient();
  const [made, setMade] = useState<{ name: string; email: string } | null>(null);
  const create = useMutation({
    mutationFn: (body: TCreateSystemUser) => callEndpoint(systemUsersApi.create, { body }),
    meta: { silent: true },
    onSuccess: () => refreshEmployerSettings(queryClient, "colleagues"),
  });
  const addRecipients = useAddRecipients({ kind: "company", id: company.id });
  const toBody = (values: Values): TCreateSystemUser => ({
    companyId: company.id,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    workEmail: normalizeEmail(values.workEmail),
    role: values.role,
    language: values.language,
  });
  const form = useContractForm<Values>({
    initialValues: EMPTY,
    schema: zCreateSystemUser,
    toBody,
    rules: { firstName: rules.required(), lastName: rules.required(), workEmail: rules.email },
  });
  const errorSummary = useFormErrorSummary(form);

  function save(values: Values) {
    setMade(null);
    mutateThen(create, toBody(values), {
      onSuccess: ({ user }) => {
        const done = () => {
          setMade({ name: `${user.firstName} ${user.lastName}`, email: user.workEmail });
          form.reset();
        };
        if (values.payrollRecipient) {
          mutateThen(addRecipients, [user.userId], { onSuccess: done, onError: showErrorToast });
        } else done();
      },
      onError: (error) => {
        // A refusal about a field is said at the field; the input stays as typed either way.
        const extra: Record<string, string> =
          error instanceof ApiError && error.code === "EMAIL_TAKEN"
            ? { workEmail: messageForApiError(error, t) }
            : {};
        if (form.setServerErrors(error, extra)) errorSummary.show();
        else showErrorToast(error);
      },
    });
  }

  return (
    <SectionCard
      title={t("employerSettings.colleagues.title")}
      description={t("employerSettings.colleagues.description", { company: company.name })}
    >
      <form noValidate onSubmit={form.onSubmit(save, errorSummary.onInvalid)}>
        <Stack gap="md">
          {errorSummary.summary}
          {made && (
            <Alert
              variant="light"
              color="pedaali"
              role="status"
              title={t("employerSettings.colleagues.doneTitle", { name: made.name })}
              withCloseButton
              closeButtonLabel={t("common.close")}
              onClose={() => setMade(null)}
            >
              {t("employerSettings.colleagues.done", { email: made.email })}
            </Alert>
          )}
          <RequiredFieldsNote />
          <PersonNameFields
            firstName={form.getInputProps("firstName")}
            lastName={form.getInputProps("lastName")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("forms.workEmail")}
              type="email"
              autoComplete="off"
              required
              {...form.getInputProps("workEmail")}
            />
            <NativeSelect
              label={t("employerSettings.colleagues.language")}
              data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
              {...form.getInputProps("language")}
            />
          </SimpleGrid>
          <NativeSelect
            label={t("employerSettings.colleagues.role")}
            description={t(ROLE_LABELS[form.getValues().role].help)}
            data={GRANTABLE_EMPLOYER_ROLES.map((role) => ({
              value: role,
              label: t(ROLE_LABELS[role].label),
            }))}
            {...form.getInputProps("role")}
          />
          <Checkbox
            label={t("employerSettings.colleagues.payrollRecipient")}
            {...form.getInputProps("payrollRecipient", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending || addRecipients.isPending}>
              {t("employerSettings.colleagues.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
