import { Alert, Button, Group, NativeSelect, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type TCreateSystemUser,
  type TSystemUserItem,
  zCreateSystemUser,
} from "../../../../contract/system-users.ts";
import { LANGUAGES, type Language } from "../../../../domain/enums.ts";
import { isValidEmail, normalizeEmail } from "../../../../domain/validation/email.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { LANGUAGE_NAMES } from "../../../components/language-menu.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { PhoneNumberInput } from "../../../components/phone-number-input.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { serverFieldErrors, useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { fieldRules, optionalThen } from "../../../lib/field-rules.ts";
import { isGlobalRole, roleLabel } from "./badges.tsx";
import { useRoleAssignment } from "./user-access.ts";
import { useCompanyNames, useCreateSystemUser, useRoles } from "./users-api.ts";

type Values = {
  firstName: string;
  lastName: string;
  workEmail: string;
  personalEmail: string;
  phoneNumber: string;
  role: string;
  companyId: string;
  language: Language;
};

const EMPTY: Values = {
  firstName: "",
  lastName: "",
  workEmail: "",
  personalEmail: "",
  phoneNumber: "",
  role: "",
  companyId: "",
  language: "fi",
};

/** Where the server's codes belong: the field they are about. */
const CODE_FIELDS: Record<string, keyof Values> = {
  EMAIL_TAKEN: "workEmail",
  UNSUPPORTED_PHONE_NUMBER: "phoneNumber",
};

/** The new user the values make. */
function userBody(values: Values): TCreateSystemUser {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    workEmail: normalizeEmail(values.workEmail),
    personalEmail: values.personalEmail.trim() ? normalizeEmail(values.personalEmail) : null,
    phoneNumber: values.phoneNumber.trim() || null,
    role: values.role,
    companyId: isGlobalRole(values.role) ? null : values.companyId,
    language: values.language,
  };
}

/**
 * "Lisää käyttäjä" (docs/api-surface.md POST /api/system-users): a person with one role; every role but the admin
 * tier's belongs to a company. A taken e-mail is said at the e-mail field. The new user gets a mail to
 * set their password (the server sends it).
 */
function CreateUserForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (user: TSystemUserItem) => void;
}) {
  const { t } = useTranslation();
  const rules = fieldRules(t);
  const roles = useRoles();
  const { mayGrant } = useRoleAssignment();
  const companies = useCompanyNames();
  const create = useCreateSystemUser();
  const form = useContractForm<Values>({
    initialValues: EMPTY,
    schema: zCreateSystemUser,
    toBody: userBody,
    // The shared field rules (docs/product.md "Field rules") name each field in their words; a role's company is the role's rule.
    rules: {
      firstName: rules.required(),
      lastName: rules.required(),
      workEmail: rules.email,
      personalEmail: optionalThen((value) =>
        isValidEmail(normalizeEmail(value)) ? null : t("forms.emailInvalid"),
      ),
      phoneNumber: rules.optionalPhone,
      role: rules.required(),
      companyId: (value, values) =>
        values.role && !isGlobalRole(values.role) && !value ? t("adminUsers.form.companyRequired") : null,
    },
  });
  const errorSummary = useFormErrorSummary(form);
  const global = isGlobalRole(form.values.role);

  function save(values: Values) {
    mutateThen(create, userBody(values), {
      onSuccess: onCreated,
      onError: (error) => {
        const field = error instanceof ApiError ? CODE_FIELDS[error.code] : undefined;
        const errors = field
          ? { [field]: messageForApiError(error, t) }
          : serverFieldErrors(error, form.getValues(), t("forms.checkField"));
        if (Object.keys(errors).length > 0) {
          form.setErrors(errors);
          errorSummary.show();
        }
      },
    });
  }

  // A refusal at a field is said there; anything else (a failure, a broken answer) above the form.
  const fieldRefusal =
    create.error instanceof ApiError &&
    (create.error.code in CODE_FIELDS || (create.error.status === 400 && create.error.details.length > 0));

  return (
    <form noValidate onSubmit={form.onSubmit(save, errorSummary.onInvalid)}>
      <Stack gap="md">
        {errorSummary.summary}
        {create.isError && !fieldRefusal && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {create.error instanceof ApiError ? messageForApiError(create.error, t) : create.error.message}
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
            description={t("adminUsers.form.workEmailHint")}
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps("workEmail")}
          />
          <TextInput
            label={t("adminUsers.form.personalEmail")}
            type="email"
            autoComplete="off"
            {...form.getInputProps("personalEmail")}
          />
        </SimpleGrid>
        <PhoneNumberInput
          required={false}
          autoComplete="off"
          description={t("adminUsers.form.phoneHint")}
          {...form.getInputProps("phoneNumber")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t("adminUsers.form.role")}
            required
            data={[
              { value: "", label: t("adminUsers.form.chooseRole") },
              ...(roles.data ?? [])
                .filter((role) => mayGrant(role.name))
                .map((role) => ({ value: role.name, label: roleLabel(t, role.name) })),
            ]}
            {...form.getInputProps("role")}
            onChange={(event) => {
              const role = event.currentTarget.value;
              form.setFieldValue("role", role);
              if (isGlobalRole(role)) form.setFieldValue("companyId", "");
            }}
          />
          <Select
            label={t("adminUsers.company")}
            description={global ? t("adminUsers.form.globalRoleHint") : undefined}
            required={!global}
            disabled={global}
            data={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
            searchable
            nothingFoundMessage={t("adminUsers.noCompanyFound")}
            comboboxProps={{ withinPortal: false }}
            {...form.getInputProps("companyId")}
            value={form.values.companyId || null}
            onChange={(value) => form.setFieldValue("companyId", value ?? "")}
          />
        </SimpleGrid>
        <NativeSelect
          label={t("forms.language")}
          description={t("forms.languageHint")}
          data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
          {...form.getInputProps("language")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t("adminUsers.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The create form in a dialog; closing it throws the draft away. */
export function CreateUserDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (user: TSystemUserItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog opened={opened} onCancel={onClose} title={t("adminUsers.form.title")} size="lg">
      {opened && <CreateUserForm onCancel={onClose} onCreated={onCreated} />}
    </ActionDialog>
  );
}
