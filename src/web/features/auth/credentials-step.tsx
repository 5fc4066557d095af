import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { type FormEventHandler, type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import classes from "./login-page.module.css";
import { StepHeading, StepNotes } from "./login-parts.tsx";
import { SsoLogin, startSingleSignOn } from "./sso-login.tsx";
import type { LoginFlow, StepScreen } from "./use-login-flow.ts";

type CredentialFields = {
  email: RefObject<HTMLInputElement | null>;
  password: RefObject<HTMLInputElement | null>;
};

/**
 * What the browser put in the fields before the page was live: the login's HTML is on screen before its
 * code has taken it over (ADR 023, "The login"), and what was typed or a password manager filled in then
 * is in the field but not in the form, which React does not tell. The form takes it from the field as
 * the page goes live, and again at the submit (a password manager's password may be readable only once
 * the visitor has tapped or typed). Answers whether the e-mail was taken, so the page asks about it as
 * leaving the field would have.
 */
function takeWhatWasTyped(form: CredentialsStepProps["form"], fields: CredentialFields): boolean {
  let emailTaken = false;
  for (const name of ["email", "password"] as const) {
    const typed = fields[name].current?.value;
    if (!typed || typed === form.getValues()[name]) continue;
    form.setFieldValue(name, typed);
    if (name === "email") emailTaken = true;
  }
  return emailTaken;
}

type CredentialsStepProps = {
  screen: StepScreen;
  form: LoginFlow["credentials"];
  sso: LoginFlow["sso"];
  /** The failure the identity provider sent the user back with, if any. */
  arrivalTextKey: string | null;
  logIn: LoginFlow["logIn"];
};

/**
 * The first step: the e-mail and the password, or the way to the company's own identity provider once
 * the e-mail is known to have one; the links to password recovery and company registration.
 */
export function CredentialsStep({ screen, form, sso, arrivalTextKey, logIn }: CredentialsStepProps) {
  const { t } = useTranslation();
  const emailField = useRef<HTMLInputElement | null>(null);
  const passwordField = useRef<HTMLInputElement | null>(null);
  const fields = { email: emailField, password: passwordField };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page goes live.
  useEffect(() => {
    if (takeWhatWasTyped(form, fields)) sso.lookUp(form.getValues().email);
  }, []);
  // The e-mail's own identity provider, once the page knows it; where the company requires it the
  // password would be refused, so it is not asked and Enter takes the reader to the provider.
  const emailInput = form.getInputProps("email");
  const provider = sso.providerOf(form.getValues().email);
  const passwordAsked = !provider?.required;
  const submitWhatIsAsked: FormEventHandler<HTMLFormElement> = passwordAsked
    ? form.onSubmit(
        () => void logIn(null),
        // "Continue" with the e-mail alone is how someone used to their organisation's login starts.
        (errors) => {
          if (errors.password) sso.lookUp(form.getValues().email);
        },
      )
    : (event) => {
        event.preventDefault();
        if (provider) startSingleSignOn(provider);
      };
  const submitCredentials: FormEventHandler<HTMLFormElement> = (event) => {
    takeWhatWasTyped(form, fields);
    submitWhatIsAsked(event);
  };

  return (
    <form onSubmit={submitCredentials} noValidate>
      <Stack gap="md">
        <StepHeading screen={screen}>{t("routes.login.title")}</StepHeading>
        <Text>{t("login.intro")}</Text>
        {arrivalTextKey && (
          <Alert color="red" variant="light">
            {t(arrivalTextKey)}
          </Alert>
        )}
        <TextInput
          label={t("forms.email")}
          type="email"
          autoComplete="username"
          required
          {...emailInput}
          ref={emailField}
          onBlur={(event) => {
            emailInput.onBlur?.(event);
            sso.lookUp(event.currentTarget.value);
          }}
        />
        {provider && <SsoLogin provider={provider} />}
        {passwordAsked && (
          <PasswordInput
            label={t("forms.password")}
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
            ref={passwordField}
          />
        )}
        <StepNotes screen={screen} />
        {passwordAsked && (
          <Button type="submit" loading={screen.busy} fullWidth variant={provider ? "default" : "filled"}>
            {t("login.submit")}
          </Button>
        )}
        {passwordAsked && (
          <Anchor component={AppLink} to={buildPath("passwordRecovery")} size="sm">
            {t("login.forgotPassword")}
          </Anchor>
        )}
        <Text size="sm" className={classes.register}>
          {t("login.noAccount")}{" "}
          <Anchor component={AppLink} to={buildPath("register")} size="sm" underline="always">
            {t("login.registerCompany")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
