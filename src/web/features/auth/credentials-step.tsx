import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import type { FormEventHandler } from "react";
import { useTranslation } from "react-i18next";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import classes from "./login-page.module.css";
import { StepHeading, StepNotes } from "./login-parts.tsx";
import { SsoLogin, startSingleSignOn } from "./sso-login.tsx";
import type { LoginFlow, StepScreen } from "./use-login-flow.ts";

/**
 * The first step: the e-mail and the password, or the way to the company's own identity provider once
 * the e-mail is known to have one; the links to password recovery and company registration.
 */
export function CredentialsStep({
  screen,
  form,
  sso,
  arrivalTextKey,
  logIn,
}: {
  screen: StepScreen;
  form: LoginFlow["credentials"];
  sso: LoginFlow["sso"];
  /** The failure the identity provider sent the user back with, if any. */
  arrivalTextKey: string | null;
  logIn: LoginFlow["logIn"];
}) {
  const { t } = useTranslation();
  // The e-mail's own identity provider, once the page knows it; where the company requires it the
  // password would be refused, so it is not asked and Enter takes the reader to the provider.
  const emailInput = form.getInputProps("email");
  const provider = sso.providerOf(form.getValues().email);
  const passwordAsked = !provider?.required;
  const submitCredentials: FormEventHandler<HTMLFormElement> = passwordAsked
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
