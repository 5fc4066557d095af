import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type TCreateEmployee, zCreateEmployee } from "../../../../contract/employees.ts";
import { LANGUAGES } from "../../../../domain/enums.ts";
import { normalizeEmail } from "../../../../domain/validation/email.ts";
import { EmptyState } from "../../../components/empty-state.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { LANGUAGE_NAMES } from "../../../components/language-menu.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { PhoneNumberInput } from "../../../components/phone-number-input.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError, showErrorToast } from "../../../lib/error-toasts.ts";
import { fieldRules } from "../../../lib/field-rules.ts";
import { useSession } from "../../../lib/session.ts";
import { isGroupAdminOf, RegistrationLinkCard, useCompany } from "../../companies/index.ts";
import { CompanySwitcher } from "../company-switcher.tsx";
import { type EmployerCompany, useSelectedCompany } from "../selected-company.ts";
import {
  EMPTY_EMPLOYEE_FORM,
  type EmployeeFormValues,
  EmployerFields,
  employerFieldRules,
  employerFieldsBody,
  employmentDateIssueTexts,
  joinedOnOf,
} from "./employee-form.tsx";
import { useCreateEmployee } from "./employees-api.ts";
import { ImportSection } from "./import-section.tsx";
import { InvitationsSection } from "./invitations-section.tsx";
import { JoiningSection } from "./joining-section.tsx";

/** Where the server's refusals belong: the field they are about. */
const CODE_FIELDS: Record<string, keyof EmployeeFormValues> = {
  EMPLOYEE_EXISTS: "workEmail",
  EMAIL_TAKEN: "workEmail",
  UNSUPPORTED_PHONE_NUMBER: "phoneNumber",
};
/**
 * The add tab: one employee added by hand (accepted at once; the person gets an invitation mail), the
 * whole staff from the HR system's file (for those who manage the company's settings), and the
 * company's registration link with its QR code for everyone else. A user who acts for several
 * companies picks the company at the top; every part follows it (`?yritys=`).
 */
export function AddTab() {
  const { t } = useTranslation();
  const { company } = useSelectedCompany();
  return (
    <Stack gap="lg">
      <CompanySwitcher />
      {company ? (
        // Another company starts afresh: no half-typed form carries over.
        <CompanyParts key={company.id} company={company} />
      ) : (
        <EmptyState text={t("employerEmployees.add.noCompany")} />
      )}
    </Stack>
  );
}

function CompanyParts({ company }: { company: EmployerCompany }) {
  const { user } = useSession();
  const details = useCompany(company.id);
  const groupId = company.groupCompanyId;
  const group =
    groupId && details.data && isGroupAdminOf(user, groupId)
      ? { id: groupId, name: details.data.groupCompanyName ?? company.name }
      : null;
  const named = { id: company.id, name: company.name };
  return (
    <>
      <AddEmployeeSection
        company={named}
        companyMaxPrice={details.data ? details.data.maxPrice : undefined}
      />
      <ImportSection company={company} />
      <JoiningSection company={named} />
      <InvitationsSection company={named} />
      <RegistrationLinkCard company={named} group={group} />
    </>
  );
}

function AddEmployeeSection({
  company,
  companyMaxPrice,
}: {
  company: { id: string; name: string };
  companyMaxPrice: number | null | undefined;
}) {
  const { t } = useTranslation();
  const rules = fieldRules(t);
  const create = useCreateEmployee();
  const [added, setAdded] = useState<{ name: string; email: string; invited: boolean } | null>(null);
  const form = useContractForm<EmployeeFormValues>({
    initialValues: EMPTY_EMPLOYEE_FORM,
    schema: zCreateEmployee,
    toBody: (values) => createBody(values),
    // The shared field rules (docs/product.md "Field rules") and the employer's fields' own: dates, a price typed as text.
    rules: {
      firstName: rules.required(),
      lastName: rules.required(),
      workEmail: rules.email,
      phoneNumber: rules.optionalPhone,
      ...employerFieldRules(t, joinedOnOf(null)),
    },
    texts: employmentDateIssueTexts(t),
  });
  const errorSummary = useFormErrorSummary(form);

  function createBody(values: EmployeeFormValues): TCreateEmployee {
    return {
      companyId: company.id,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      workEmail: normalizeEmail(values.workEmail),
      phoneNumber: values.phoneNumber.trim() || null,
      language: values.language,
      ...employerFieldsBody(values),
    };
  }

  function save(values: EmployeeFormValues) {
    const body = createBody(values);
    setAdded(null);
    mutateThen(create, body, {
      onSuccess: (answer) => {
        // A person who already has an account elsewhere is invited: they join once they accept.
        setAdded(
          "invitationId" in answer
            ? { name: `${answer.firstName} ${answer.lastName}`, email: answer.email, invited: true }
            : {
                name: `${answer.systemUser.firstName} ${answer.systemUser.lastName}`,
                email: answer.systemUser.workEmail,
                invited: false,
              },
        );
        form.reset();
      },
      onError: (error) => {
        // A refusal about a field is said at the field; the input stays as typed either way.
        const field = error instanceof ApiError ? CODE_FIELDS[error.code] : undefined;
        const extra = field ? { [field]: messageForApiError(error, t) } : {};
        if (form.setServerErrors(error, extra)) errorSummary.show();
        else showErrorToast(error);
      },
    });
  }

  return (
    <SectionCard
      title={t("employerEmployees.add.title")}
      description={t("employerEmployees.add.description", { company: company.name })}
    >
      <form noValidate onSubmit={form.onSubmit(save, errorSummary.onInvalid)}>
        <Stack gap="md">
          {errorSummary.summary}
          {added && (
            <Alert
              variant="light"
              color="pedaali"
              role="status"
              title={t(
                added.invited ? "employerEmployees.add.invitedTitle" : "employerEmployees.add.doneTitle",
                {
                  name: added.name,
                },
              )}
              withCloseButton
              closeButtonLabel={t("common.close")}
              onClose={() => setAdded(null)}
            >
              {t(added.invited ? "employerEmployees.add.invited" : "employerEmployees.add.done", {
                email: added.email,
              })}
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
              description={t("employerEmployees.add.emailHelp")}
              type="email"
              autoComplete="off"
              required
              {...form.getInputProps("workEmail")}
            />
            <PhoneNumberInput required={false} autoComplete="off" {...form.getInputProps("phoneNumber")} />
          </SimpleGrid>
          <NativeSelect
            label={t("employerEmployees.add.language")}
            description={t("employerEmployees.add.languageHelp")}
            data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
            {...form.getInputProps("language")}
          />
          <EmployerFields form={form} companyId={company.id} companyMaxPrice={companyMaxPrice} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t("employerEmployees.add.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
