import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { registrationApi, zCompanyRegistrationRequest } from "../../../contract/registration.ts";
import { LANGUAGES } from "../../../domain/enums.ts";
import { buildPath } from "../../../domain/routes.ts";
import { isValidBusinessId } from "../../../domain/validation/business-id.ts";
import { isValidEInvoiceAddress, isValidEInvoiceOperator } from "../../../domain/validation/e-invoice.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AuthShell } from "../../components/auth-shell.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { LANGUAGE_NAMES } from "../../components/language-menu.tsx";
import { PersonNameFields } from "../../components/person-name-fields.tsx";
import { PhoneNumberInput } from "../../components/phone-number-input.tsx";
import { currentLanguage, isLanguage } from "../../i18n/i18n.ts";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import { fieldRules, phoneAsSent } from "../../lib/field-rules.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";

type CompanyRegistration = z.infer<typeof zCompanyRegistrationRequest>;

const POSTAL_CODE = /^\d{5}$/;

const EMPTY_VALUES = {
  company: {
    name: "",
    businessId: "",
    streetAddress: "",
    postalCode: "",
    city: "",
    employeeCount: "",
    billingEmail: "",
    eInvoiceAddress: "",
    eInvoiceOperator: "",
  },
  admin: { firstName: "", lastName: "", email: "", phoneNumber: "" },
  language: "fi" as string,
  consent: false,
};
type RegisterValues = typeof EMPTY_VALUES;

/** The request the values make: trimmed, empty optional fields left out, as the server stores them. */
function registrationBody(values: RegisterValues): CompanyRegistration {
  const c = values.company;
  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  const eInvoiceAddress = optional(c.eInvoiceAddress);
  const eInvoiceOperator = optional(c.eInvoiceOperator);
  const billingEmail = optional(c.billingEmail);
  return {
    company: {
      name: c.name.trim(),
      businessId: c.businessId.trim(),
      streetAddress: c.streetAddress.trim(),
      postalCode: c.postalCode.trim(),
      city: c.city.trim(),
      ...(c.employeeCount.trim() ? { employeeCount: Number(c.employeeCount) } : {}),
      ...(billingEmail ? { billingEmail: normalizeEmail(billingEmail) } : {}),
      ...(eInvoiceAddress ? { eInvoiceAddress } : {}),
      ...(eInvoiceOperator ? { eInvoiceOperator } : {}),
    },
    admin: {
      firstName: values.admin.firstName.trim(),
      lastName: values.admin.lastName.trim(),
      email: normalizeEmail(values.admin.email),
      phoneNumber: phoneAsSent(values.admin.phoneNumber),
    },
    language: isLanguage(values.language) ? values.language : currentLanguage(),
    // The consent is its own rule's to say; the request is sent only once it is given.
    consent: true,
  };
}

/**
 * /register: an employer signs its company up — the company's details and its first admin, and the
 * consent to the terms and the privacy policy. Customer service reviews the application.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.register.title"));
  const rules = fieldRules(t);
  // The contract's schema checks the request; each field (the company's, its first admin's) says its
  // own rule in the applicant's words first, the business ID's check digit among them.
  const form = useContractForm<RegisterValues, CompanyRegistration>({
    initialValues: { ...EMPTY_VALUES, language: currentLanguage() },
    schema: zCompanyRegistrationRequest,
    toBody: registrationBody,
    rules: (values) => {
      const { company: c, admin: a } = values;
      return {
        "company.name": rules.required((v) => (v.trim().length >= 2 ? null : t("forms.checkField")))(
          c.name,
          values,
        ),
        "company.businessId": rules.required((v) =>
          isValidBusinessId(v.trim()) ? null : t("register.businessIdInvalid"),
        )(c.businessId, values),
        "company.streetAddress": rules.required()(c.streetAddress, values),
        "company.postalCode": rules.required((v) =>
          POSTAL_CODE.test(v.trim()) ? null : t("register.postalCodeInvalid"),
        )(c.postalCode, values),
        "company.city": rules.required()(c.city, values),
        "company.employeeCount":
          c.employeeCount.trim() === "" ||
          (/^\d+$/.test(c.employeeCount.trim()) && Number(c.employeeCount) >= 1)
            ? null
            : t("register.employeeCountInvalid"),
        "company.billingEmail": rules.optionalEmail(c.billingEmail, values),
        "company.eInvoiceAddress":
          c.eInvoiceAddress.trim() === "" || isValidEInvoiceAddress(c.eInvoiceAddress)
            ? null
            : t("register.eInvoiceAddressInvalid"),
        "company.eInvoiceOperator":
          c.eInvoiceOperator.trim() === "" || isValidEInvoiceOperator(c.eInvoiceOperator)
            ? null
            : t("register.eInvoiceOperatorInvalid"),
        "admin.firstName": rules.required()(a.firstName, values),
        "admin.lastName": rules.required()(a.lastName, values),
        "admin.email": rules.email(a.email, values),
        "admin.phoneNumber": rules.phone(a.phoneNumber, values),
        consent: values.consent ? null : t("register.consentRequired"),
      };
    },
  });
  // On a phone the invalid fields can be far above the button: the summary takes focus and links to them.
  const errorSummary = useFormErrorSummary(form);
  const send = useMutation({
    mutationFn: (body: CompanyRegistration) => callEndpoint(registrationApi.registerCompany, { body }),
    meta: { silent: true },
    onError: (error) => {
      form.setServerErrors(error);
      if (error instanceof ApiError) {
        if (error.code === "BUSINESS_ID_INVALID") {
          form.setFieldError("company.businessId", t("errors.BUSINESS_ID_INVALID"));
        }
        if (error.code === "EMAIL_TAKEN") form.setFieldError("admin.email", t("errors.EMAIL_TAKEN"));
        if (error.code === "UNSUPPORTED_PHONE_NUMBER") {
          form.setFieldError("admin.phoneNumber", t("errors.UNSUPPORTED_PHONE_NUMBER"));
        }
      }
    },
  });

  function submit(values: RegisterValues) {
    send.mutate(registrationBody(values));
  }

  return (
    <AuthShell size={720}>
      <Stack gap="md">
        <Title order={1}>{t("register.title")}</Title>
        {send.isSuccess ? (
          <>
            <Alert color="pedaali" variant="light" title={t("register.doneTitle")} role="status">
              {t("register.doneText")}
            </Alert>
            <Anchor component={AppLink} to={buildPath("home")}>
              {t("notFound.backHome")}
            </Anchor>
          </>
        ) : (
          <form onSubmit={form.onSubmit(submit, errorSummary.onInvalid)} noValidate>
            <Stack gap="lg">
              {errorSummary.summary}
              <Text>{t("register.intro")}</Text>
              <Fieldset legend={t("register.companyLegend")}>
                <Stack gap="md">
                  <TextInput
                    label={t("register.companyName")}
                    autoComplete="organization"
                    required
                    {...form.getInputProps("company.name")}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput
                      label={t("register.businessId")}
                      description={t("register.businessIdHint")}
                      required
                      {...form.getInputProps("company.businessId")}
                    />
                    <TextInput
                      label={t("register.employeeCount")}
                      inputMode="numeric"
                      {...form.getInputProps("company.employeeCount")}
                    />
                  </SimpleGrid>
                  <TextInput
                    label={t("register.streetAddress")}
                    autoComplete="street-address"
                    required
                    {...form.getInputProps("company.streetAddress")}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput
                      label={t("register.postalCode")}
                      autoComplete="postal-code"
                      inputMode="numeric"
                      required
                      {...form.getInputProps("company.postalCode")}
                    />
                    <TextInput
                      label={t("register.city")}
                      autoComplete="address-level2"
                      required
                      {...form.getInputProps("company.city")}
                    />
                  </SimpleGrid>
                  <TextInput
                    label={t("register.billingEmail")}
                    description={t("register.billingEmailHelp")}
                    type="email"
                    autoComplete="email"
                    {...form.getInputProps("company.billingEmail")}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput
                      label={t("register.eInvoiceAddress")}
                      {...form.getInputProps("company.eInvoiceAddress")}
                    />
                    <TextInput
                      label={t("register.eInvoiceOperator")}
                      {...form.getInputProps("company.eInvoiceOperator")}
                    />
                  </SimpleGrid>
                </Stack>
              </Fieldset>
              <Fieldset legend={t("register.adminLegend")}>
                <Stack gap="md">
                  <Text size="sm">{t("register.adminIntro")}</Text>
                  <PersonNameFields
                    firstName={form.getInputProps("admin.firstName")}
                    lastName={form.getInputProps("admin.lastName")}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput
                      label={t("forms.workEmail")}
                      type="email"
                      autoComplete="email"
                      required
                      {...form.getInputProps("admin.email")}
                    />
                    <PhoneNumberInput {...form.getInputProps("admin.phoneNumber")} />
                  </SimpleGrid>
                  <NativeSelect
                    label={t("forms.language")}
                    description={t("forms.languageHint")}
                    data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                    {...form.getInputProps("language")}
                  />
                </Stack>
              </Fieldset>
              <Stack gap={4}>
                <Checkbox
                  label={t("register.consent")}
                  required
                  {...form.getInputProps("consent", { type: "checkbox" })}
                />
                <Anchor component={AppLink} to={buildPath("privacyPolicy")} size="sm" target="_blank">
                  {t("register.readPrivacyPolicy")}
                </Anchor>
              </Stack>
              {send.isError && (
                <Alert color="red" variant="light" title={t("forms.errorTitle")}>
                  {formErrorMessage(send.error, t)}
                </Alert>
              )}
              <Button type="submit" loading={send.isPending}>
                {t("register.submit")}
              </Button>
            </Stack>
          </form>
        )}
        {!send.isSuccess && (
          <Text size="sm">
            {t("register.haveAccount")}{" "}
            <Anchor component={AppLink} to={buildPath("login")} size="sm" underline="always">
              {t("routes.login.title")}
            </Anchor>
          </Text>
        )}
      </Stack>
    </AuthShell>
  );
}
