import { useMantineColorScheme } from "@mantine/core";
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from "@simplewebauthn/browser";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { TTwoFactorRequired } from "../../../contract/auth.ts";
import { zLoginRequest, zVerifyRequest } from "../../../contract/auth.ts";
import { accessUserOf } from "../../../domain/access.ts";
import { buildPath } from "../../../domain/routes.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { phoneAsSent } from "../../lib/field-rules.ts";
import { withRetry } from "../../lib/retry.ts";
import {
  needsFullPageLoad,
  pathAfterLogin,
  refreshSession,
  type SessionUser,
  useSession,
} from "../../lib/session.ts";
import { postLogin, postVerify, postVerifyPasskey } from "./login-api.ts";
import { isRetryableLoginError, type LoginFailure, loginFailure, verifyFailure } from "./login-messages.ts";
import { useSsoArrival, useSsoDiscovery } from "./sso-login.tsx";

export type Step =
  | { name: "credentials" }
  | { name: "phone" }
  | { name: "code"; challenge: TTwoFactorRequired };

/**
 * What every step shows of the flow: its heading, which takes the focus when the step is new; the
 * error; the "trying again" note; and whether a call is under way.
 */
export type StepScreen = {
  headingRef: (element: HTMLHeadingElement | null) => void;
  busy: boolean;
  retrying: boolean;
  error: string | null;
};

/**
 * The login's flow (login-page.tsx): the step the page is at, its forms, the calls each step's submit
 * makes, and where the user goes once logged in.
 */
export function useLoginFlow() {
  const { t, i18n } = useTranslation();
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

  /** The code once more: the login again, with the number the code went to when the page asked for one. */
  function resend() {
    void logIn(phoneSentTo);
  }

  function back() {
    setError(null);
    setPhoneSentTo(null);
    phone.reset();
    code.reset();
    goToStep({ name: "credentials" });
  }

  const screen: StepScreen = { headingRef, busy, retrying, error };
  return {
    step,
    screen,
    credentials,
    phone,
    code,
    sso,
    arrival,
    logIn,
    verify,
    verifyWithPasskey,
    resend,
    back,
  };
}

/** What useLoginFlow gives the page and its steps. */
export type LoginFlow = ReturnType<typeof useLoginFlow>;
