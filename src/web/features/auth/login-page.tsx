import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  useMantineColorScheme,
} from "@mantine/core";
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from "@simplewebauthn/browser";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEventHandler, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { TTwoFactorRequired } from "../../../contract/auth.ts";
import { zLoginRequest, zVerifyRequest } from "../../../contract/auth.ts";
import { buildPath } from "../../../domain/routes.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AuthShell, authHeadingClass } from "../../components/auth-shell.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import { PhoneNumberInput } from "../../components/phone-number-input.tsx";
import { useContractForm } from "../../lib/contract-form.ts";
import { phoneAsSent } from "../../lib/field-rules.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { withRetry } from "../../lib/retry.ts";
import {
  accessUserOf,
  needsFullPageLoad,
  pathAfterLogin,
  refreshSession,
  type SessionUser,
  useSession,
} from "../../lib/session.ts";
import { postLogin, postVerify, postVerifyPasskey } from "./login-api.ts";
import { isRetryableLoginError, type LoginFailure, loginFailure, verifyFailure } from "./login-messages.ts";
import classes from "./login-page.module.css";
import { SsoLogin, startSingleSignOn, useSsoArrival, useSsoDiscovery } from "./sso-login.tsx";

type Step = { name: "credentials" } | { name: "phone" } | { name: "code"; challenge: TTwoFactorRequired };

/**
 * /kirjaudu (docs/product.md "States" Auth, docs/product.md "Errors" Login): e-mail and password; then, for admins and employer-side users,
 * a phone number if the account has none and the 6-digit code sent by SMS, or for staff with an
 * authenticator app its code or one of their recovery codes. With the dev outbox on the
 * code step shows the code that was just sent. On success the user goes back to the page they wanted,
 * or to the home of their role; a deactivated account goes to /deactivated. An e-mail of a company that
 * logs its users in through its own identity provider is offered that way (sso-login.tsx); where the
 * company requires it, the password is not asked at all.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t("routes.login.title"));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get("next");
  const queryClient = useQueryClient();
  const session = useSession();
  const { setColorScheme } = useMantineColorScheme();

  const [step, setStep] = useState<Step>({ name: "credentials" });
  const [busy, setBusy] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phoneSentTo, setPhoneSentTo] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);
  const sso = useSsoDiscovery();
  const arrival = useSsoArrival();

  // The contract leaves the login's fields optional (the two-factor steps resend them); the page asks
  // for each in its own words.
  const credentials = useContractForm({
    initialValues: { email: "", password: "" },
    schema: zLoginRequest,
    rules: {
      email: (v) => (v.trim() ? null : t("login.emailRequired")),
      password: (v) => (v ? null : t("login.passwordRequired")),
    },
  });
  const phone = useContractForm({
    initialValues: { phoneNumber: "" },
    schema: zLoginRequest,
    toBody: (v) => ({ phoneNumber: phoneAsSent(v.phoneNumber) }),
    rules: {
      phoneNumber: (v) => {
        try {
          normalizePhoneNumber(v);
          return null;
        } catch {
          return t("errors.UNSUPPORTED_PHONE_NUMBER");
        }
      },
    },
  });
  // The code step's kind, for the code's error text (read when the form validates).
  const byApp = useRef(false);
  const code = useContractForm({
    initialValues: { code: "" },
    transformValues: (v) => ({ code: v.code.replace(/\s+/g, "") }),
    schema: zVerifyRequest,
    toBody: (v) => ({ email: credentials.getValues().email || "-", code: v.code.replace(/\s+/g, "") }),
    texts: () => t(byApp.current ? "login.appCodeInvalid" : "login.codeInvalid"),
  });

  // Someone already logged in has nothing to do here (also the end of a successful login).
  const user = session.user;
  const left = useRef(false);
  useEffect(() => {
    if (!user || busy || left.current) return;
    left.current = true;
    goOn(user);
  });

  // Each step is a new screen: its heading takes the focus, so a screen reader starts there.
  const focusHeading = useRef(false);
  const headingRef = (element: HTMLHeadingElement | null) => {
    if (element && focusHeading.current) {
      focusHeading.current = false;
      element.focus();
    }
  };
  function goToStep(target: Step) {
    focusHeading.current = true;
    setStep(target);
  }

  useEffect(() => () => aborter.current?.abort(), []);

  function goOn(loggedIn: SessionUser) {
    left.current = true;
    const access = accessUserOf(loggedIn);
    if (!access) return;
    const target = pathAfterLogin(access, next);
    if (needsFullPageLoad(target)) window.location.assign(target);
    else navigate(target, { replace: true });
  }

  const hasErrorText = (errorCode: string) => i18n.exists(`errors.${errorCode}`);

  function show(failure: LoginFailure) {
    switch (failure.kind) {
      case "deactivated":
        navigate(buildPath("deactivated"), { replace: true });
        return;
      case "phoneRequired":
        goToStep({ name: "phone" });
        if (failure.key) phone.setFieldError("phoneNumber", t(failure.key));
        return;
      case "ssoRequired":
        // The server knows the company requires its own login: ask for the way there again, even if the
        // page asked before (the setting may have changed since).
        setError(t("errors.SSO_REQUIRED"));
        sso.lookUp(credentials.getValues().email, { again: true });
        return;
      case "message":
        setError(t(failure.key));
        return;
      case "server":
        setError(failure.text);
    }
  }

  async function finishLogin() {
    const loggedIn = await refreshSession(queryClient);
    if (!loggedIn) {
      setError(t("loginErrors.unknown"));
      return;
    }
    if (loggedIn.preferences.theme) setColorScheme(loggedIn.preferences.theme);
    goOn(loggedIn);
  }

  async function logIn(phoneNumber: string | null) {
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setBusy(true);
    setError(null);
    arrival.dismiss();
    const { email, password } = credentials.getValues();
    try {
      const answer = await withRetry(
        () => postLogin({ email: email.trim(), password, ...(phoneNumber ? { phoneNumber } : {}) }),
        { shouldRetry: isRetryableLoginError, onRetry: () => setRetrying(true), signal: controller.signal },
      );
      setRetrying(false);
      if (answer.kind === "twoFactor") {
        byApp.current = answer.challenge.method === "AUTHENTICATOR";
        if (phoneNumber) setPhoneSentTo(phoneNumber);
        code.reset();
        goToStep({ name: "code", challenge: answer.challenge });
      } else {
        await finishLogin();
      }
    } catch (failure) {
      if (controller.signal.aborted) return;
      // A field the contract refused is said at that field, as the form's own check says it; the
      // other refusals keep their docs/product.md "Errors" texts.
      if ((phoneNumber ? phone : credentials).setServerErrors(failure)) return;
      show(loginFailure(failure, hasErrorText));
    } finally {
      if (!controller.signal.aborted) {
        setRetrying(false);
        setBusy(false);
      }
    }
  }

  async function verify(challenge: TTwoFactorRequired, value: string) {
    setBusy(true);
    setError(null);
    try {
      await postVerify({
        email: challenge.email,
        code: value,
        ...(phoneSentTo ? { phoneNumber: phoneSentTo } : {}),
      });
      await finishLogin();
    } catch (failure) {
      if (!code.setServerErrors(failure)) show(verifyFailure(failure, hasErrorText));
    } finally {
      setBusy(false);
    }
  }

  /** The second step answered with a passkey: the browser asks the user's device, then the server checks it. */
  async function verifyWithPasskey(challenge: TTwoFactorRequired) {
    if (!challenge.passkeyOptions) return;
    setBusy(true);
    setError(null);
    try {
      let response: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        response = await startAuthentication({
          optionsJSON: challenge.passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON,
        });
      } catch {
        // The device said no, or the user closed its dialog: the code box is still there.
        setError(t("login.passkeyNotUsed"));
        return;
      }
      await postVerifyPasskey({
        email: challenge.email,
        response: response as unknown as Record<string, unknown>,
      });
      await finishLogin();
    } catch (failure) {
      // The server's answer, or no answer: said as a code's would be.
      show(verifyFailure(failure, hasErrorText));
    } finally {
      setBusy(false);
    }
  }

  function back() {
    setError(null);
    setPhoneSentTo(null);
    phone.reset();
    code.reset();
    goToStep({ name: "credentials" });
  }

  // The docs/product.md "Errors" text says what failed; no generic "something went wrong" title over it.
  const errorAlert = error && (
    <Alert color="red" variant="light">
      {error}
    </Alert>
  );
  // Always in the page, so the "trying again" note is announced when it appears.
  const retryNote = (
    <div className={classes.live} role="status">
      {retrying ? t("login.retrying") : ""}
    </div>
  );

  /** A step after the password: its heading, what to do, its fields, the error, the submit and "back". */
  function secondStep(
    onSubmit: FormEventHandler<HTMLFormElement>,
    content: { title: string; intro: ReactNode; fields: ReactNode; submit: string; resend?: () => void },
  ) {
    return (
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} ref={headingRef} tabIndex={-1} className={authHeadingClass}>
            {content.title}
          </Title>
          {content.intro}
          {content.fields}
          {errorAlert}
          {retryNote}
          <Button type="submit" loading={busy} fullWidth>
            {content.submit}
          </Button>
          <Group justify={content.resend ? "space-between" : "flex-start"} gap="xs">
            <Button variant="subtle" onClick={back} disabled={busy}>
              {t("login.back")}
            </Button>
            {content.resend && (
              <Button variant="subtle" onClick={content.resend} disabled={busy}>
                {t("login.resendCode")}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    );
  }

  // The e-mail's own identity provider, once the page knows it; where the company requires it the
  // password would be refused, so it is not asked and Enter takes the reader to the provider.
  const emailInput = credentials.getInputProps("email");
  const provider = sso.providerOf(credentials.getValues().email);
  const passwordAsked = !provider?.required;
  const submitCredentials: FormEventHandler<HTMLFormElement> = passwordAsked
    ? credentials.onSubmit(
        () => void logIn(null),
        // "Continue" with the e-mail alone is how someone used to their organisation's login starts.
        (errors) => {
          if (errors.password) sso.lookUp(credentials.getValues().email);
        },
      )
    : (event) => {
        event.preventDefault();
        if (provider) startSingleSignOn(provider);
      };

  return (
    <AuthShell>
      {step.name === "credentials" && (
        <form onSubmit={submitCredentials} noValidate>
          <Stack gap="md">
            <Title order={1} ref={headingRef} tabIndex={-1} className={authHeadingClass}>
              {t("routes.login.title")}
            </Title>
            <Text>{t("login.intro")}</Text>
            {arrival.textKey && (
              <Alert color="red" variant="light">
                {t(arrival.textKey)}
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
                {...credentials.getInputProps("password")}
              />
            )}
            {errorAlert}
            {retryNote}
            {passwordAsked && (
              <Button type="submit" loading={busy} fullWidth variant={provider ? "default" : "filled"}>
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
      )}

      {step.name === "phone" &&
        secondStep(
          phone.onSubmit((v) => void logIn(normalizePhoneNumber(v.phoneNumber))),
          {
            title: t("login.phoneTitle"),
            intro: <Text>{t("login.phoneIntro")}</Text>,
            fields: <PhoneNumberInput {...phone.getInputProps("phoneNumber")} />,
            submit: t("login.sendCode"),
          },
        )}

      {step.name === "code" &&
        step.challenge.method === "AUTHENTICATOR" &&
        secondStep(
          code.onSubmit((v) => void verify(step.challenge, v.code)),
          {
            title: t("login.appCodeTitle"),
            intro: <Text>{t("login.appCodeIntro")}</Text>,
            fields: (
              <>
                {step.challenge.passkeyOptions && (
                  <Button
                    variant="light"
                    onClick={() => void verifyWithPasskey(step.challenge)}
                    disabled={busy}
                  >
                    {t("login.usePasskey")}
                  </Button>
                )}
                <TextInput
                  label={t("login.appCode")}
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  spellCheck={false}
                  required
                  classNames={{ input: classes.codeInput }}
                  {...code.getInputProps("code")}
                />
              </>
            ),
            submit: t("login.verify"),
          },
        )}

      {step.name === "code" &&
        step.challenge.method === "SMS" &&
        secondStep(
          code.onSubmit((v) => void verify(step.challenge, v.code)),
          {
            title: t("login.codeTitle"),
            intro: (
              <Text>
                {t("login.codeIntro", {
                  phone: step.challenge.phoneNumberHint,
                  minutes: Math.round(step.challenge.expiresInSeconds / 60),
                })}
              </Text>
            ),
            fields: (
              <>
                {step.challenge.devCode && (
                  <section className={classes.devBox} aria-labelledby="dev-code-title">
                    <Text fw={700} size="sm" id="dev-code-title">
                      {t("login.devCodeTitle")}
                    </Text>
                    <Text size="sm">
                      {t("login.devCodeText")}{" "}
                      <Code data-testid="dev-code" fz="md" fw={700}>
                        {step.challenge.devCode}
                      </Code>
                    </Text>
                  </section>
                )}
                <TextInput
                  label={t("login.code")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  classNames={{ input: classes.codeInput }}
                  {...code.getInputProps("code")}
                />
              </>
            ),
            submit: t("login.verify"),
            // A new code by SMS; an app's code is not sent, so that step has no such button.
            resend: () => void logIn(phoneSentTo),
          },
        )}
    </AuthShell>
  );
}
