import { Alert, Anchor, Button, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import type { z } from "zod";
import { registrationApi, zEmployeeRegistrationRequest } from "../../../contract/registration.ts";
import { LANGUAGES, type Language } from "../../../domain/enums.ts";
import { isAcceptablePassword } from "../../../domain/password-rules.ts";
import { buildPath, matchRoute } from "../../../domain/routes.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AuthShell } from "../../components/auth-shell.tsx";
import { InvalidLinkNotice } from "../../components/invalid-link-notice.tsx";
import { LANGUAGE_NAMES } from "../../components/language-menu.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import { PasswordRules } from "../../components/password-rules.tsx";
import { PersonNameFields } from "../../components/person-name-fields.tsx";
import { PhoneNumberInput } from "../../components/phone-number-input.tsx";
import { currentLanguage, isLanguage, setLanguage } from "../../i18n/i18n.ts";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { fieldRules, phoneAsSent } from "../../lib/field-rules.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";

type Registration = z.infer<typeof zEmployeeRegistrationRequest>;

type JoinValues = {
  companyId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  language: string;
};

/** What the page says once the person has joined: added already, confirming by e-mail, or waiting. */
const DONE_TEXTS = {
  alreadyAdded: { title: "join.alreadyAddedTitle", text: "join.alreadyAddedText" },
  confirm: { title: "join.confirmTitle", text: "join.confirmText" },
  waits: { title: "join.doneTitle", text: "join.doneText" },
} as const;

/**
 * /liity/{token} and /{lang}/liity/{token}: an employee joins their employer's bike benefit with the
 * registration link the employer shared. For a group link they pick their company of the group.
 */
export function JoinPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.join.title"));
  const { token = "" } = useParams();
  const { pathname } = useLocation();
  const rulesId = useId();
  const link = useEndpointQuery(
    registrationApi.linkInfo,
    { params: { token } },
    { meta: { silent: true }, retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const isGroup = link.data?.kind === "groupCompany";
  const rules = fieldRules(t);
  const form = useContractForm({
    initialValues: {
      companyId: "",
      firstName: "",
      lastName: "",
      email: "",
      phoneNumber: "",
      password: "",
      // /{lang}/liity/{token}: the link's language, even before the page has switched to it.
      language: (matchRoute(pathname)?.lang ?? currentLanguage()) as string,
    },
    schema: zEmployeeRegistrationRequest,
    toBody: (values) => registration(values),
    // The shared field rules (docs/product.md "Field rules") name the field in their words; the password its own rules.
    rules: {
      companyId: (v) => (isGroup && !v ? t("join.companyRequired") : null),
      firstName: rules.required(),
      lastName: rules.required(),
      email: rules.email,
      phoneNumber: rules.phone,
      password: rules.password<{ email: string }>((v, values) =>
        isAcceptablePassword(v, { email: normalizeEmail(values.email) })
          ? null
          : t("passwordReset.rulesNotMet"),
      ),
    },
  });
  const register = useMutation({
    mutationFn: (body: Registration) => callEndpoint(registrationApi.registerEmployee, { body }),
    meta: { silent: true },
    onError: (error) => {
      form.setServerErrors(error);
      if (error instanceof ApiError) {
        if (error.code === "EMAIL_TAKEN") form.setFieldError("email", t("errors.EMAIL_TAKEN"));
        if (error.code === "JOIN_DOMAIN_REQUIRED") {
          form.setFieldError("email", t("errors.JOIN_DOMAIN_REQUIRED"));
        }
        if (error.code === "WEAK_PASSWORD") form.setFieldError("password", t("errors.WEAK_PASSWORD"));
        if (error.code === "UNSUPPORTED_PHONE_NUMBER") {
          form.setFieldError("phoneNumber", t("errors.UNSUPPORTED_PHONE_NUMBER"));
        }
      }
    },
  });

  function registration(values: JoinValues): Registration {
    const language: Language = isLanguage(values.language) ? values.language : currentLanguage();
    return {
      token,
      ...(isGroup ? { companyId: values.companyId } : {}),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: normalizeEmail(values.email),
      phoneNumber: phoneAsSent(values.phoneNumber),
      password: values.password,
      language,
    };
  }

  function submit(values: JoinValues) {
    register.mutate(registration(values));
  }

  // GET /api/register-link/{token} answers `valid: false` for an unknown, expired, revoked or used-up
  // link and 400 for a malformed token (a link copied only in part); POST answers
  // REGISTRATION_LINK_INVALID when the link died while the form was open.
  const linkDead =
    (link.isError && link.error instanceof ApiError && link.error.status === 400) ||
    link.data?.valid === false ||
    (register.error instanceof ApiError &&
      (register.error.code === "REGISTRATION_LINK_INVALID" || register.error.code === "INVALID_TOKEN"));

  let body: React.ReactNode;
  if (link.isPending) body = <PageLoader />;
  else if (linkDead) {
    body = (
      <InvalidLinkNotice
        title={t("join.invalidTitle")}
        what={t("join.invalidText")}
        next={t("join.invalidNext")}
        actions={
          <>
            <Button component={AppLink} to={buildPath("login")}>
              {t("join.toLogin")}
            </Button>
            <Button component={AppLink} to={buildPath("contact")} variant="default">
              {t("join.contactSupport")}
            </Button>
          </>
        }
      />
    );
  } else if (link.isError) {
    body = (
      <Alert color="red" variant="light" title={t("forms.errorTitle")}>
        {formErrorMessage(link.error, t)}
      </Alert>
    );
  } else if (register.isSuccess) {
    const done = register.data.alreadyAdded
      ? DONE_TEXTS.alreadyAdded
      : register.data.confirmByEmail
        ? DONE_TEXTS.confirm
        : DONE_TEXTS.waits;
    body = (
      <>
        <Alert color="pedaali" variant="light" title={t(done.title)} role="status">
          {t(done.text)}
        </Alert>
        <Button component={AppLink} to={buildPath("login")} fullWidth>
          {t("join.toLogin")}
        </Button>
      </>
    );
  } else {
    const values = form.getValues();
    body = (
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text>
            {isGroup
              ? t("join.introGroup", { name: link.data?.name ?? "" })
              : t("join.introCompany", { name: link.data?.name ?? "" })}
          </Text>
          {isGroup && (
            <NativeSelect
              label={t("join.company")}
              required
              data={[
                { value: "", label: t("join.chooseCompany") },
                ...(link.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
              {...form.getInputProps("companyId")}
            />
          )}
          <PersonNameFields
            firstName={form.getInputProps("firstName")}
            lastName={form.getInputProps("lastName")}
          />
          <TextInput
            label={t("forms.workEmail")}
            description={t("join.emailHint")}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <PhoneNumberInput {...form.getInputProps("phoneNumber")} />
          <PasswordInput
            label={t("forms.password")}
            autoComplete="new-password"
            required
            aria-describedby={rulesId}
            {...form.getInputProps("password")}
          />
          <PasswordRules id={rulesId} password={values.password} email={normalizeEmail(values.email)} />
          <NativeSelect
            label={t("forms.language")}
            description={t("forms.languageHint")}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            {...form.getInputProps("language")}
            onChange={(event) => {
              const lang = event.currentTarget.value;
              form.setFieldValue("language", lang);
              if (isLanguage(lang)) void setLanguage(lang);
            }}
          />
          {register.isError && !linkDead && (
            <Alert color="red" variant="light" title={t("forms.errorTitle")}>
              {formErrorMessage(register.error, t)}
            </Alert>
          )}
          <Button type="submit" loading={register.isPending} fullWidth>
            {t("join.submit")}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthShell size={560}>
      <Stack gap="md">
        <Title order={1}>{t("routes.join.title")}</Title>
        {body}
        {!register.isSuccess && !linkDead && (
          <Text size="sm">
            {t("join.haveAccount")}{" "}
            <Anchor component={AppLink} to={buildPath("login")} size="sm" underline="always">
              {t("routes.login.title")}
            </Anchor>
          </Text>
        )}
      </Stack>
    </AuthShell>
  );
}
