import { Button, Divider, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { TSsoDiscovery } from "../../../contract/single-sign-on.ts";
import { emailDomainOf } from "../../../domain/single-sign-on.ts";
import { discoverSso } from "./login-api.ts";

/**
 * Single sign-on at the login page: a company may have its users log in through its own identity
 * provider (Entra ID, Google Workspace or another OpenID Connect provider). The page asks whether the
 * e-mail typed is such a company's, offers the way there, and says what went wrong when the provider
 * sent the user back without a session. The password login stays for everyone else.
 */

/** What the page learnt about one e-mail address (kept lower case, as the field may be retyped). */
type Discovered = { email: string; answer: TSsoDiscovery };

const keyOf = (email: string) => email.trim().toLowerCase();

export function useSsoDiscovery() {
  const [found, setFound] = useState<Discovered | null>(null);
  // The address last asked about: leaving the field, submitting and the refused password all ask, and
  // one question per address is enough (the answer is the company's setting, not the moment's).
  const asked = useRef<string | null>(null);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  /** Asks about the e-mail when it is an address; `again` asks even if this address was asked about. */
  function lookUp(email: string, { again = false }: { again?: boolean } = {}) {
    const key = keyOf(email);
    if (!emailDomainOf(key)) return;
    if (!again && asked.current === key) return;
    asked.current = key;
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    discoverSso(email.trim(), controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setFound({ email: key, answer });
      },
      () => {
        // Said nothing on purpose: the password login is there for every company that does not
        // require its own, and the next time the field is left asks again.
        if (asked.current === key) asked.current = null;
      },
    );
  }

  /** The provider of the e-mail as it stands in the field now; null when it has none (or is not known). */
  function providerOf(email: string): TSsoDiscovery | null {
    if (!found || found.email !== keyOf(email) || !found.answer.sso) return null;
    return found.answer;
  }

  return { lookUp, providerOf };
}

/**
 * Whether the address the server gave is one of our own: the browser leaves the app for it in full, so
 * anything pointing elsewhere is not followed.
 */
function isOwnAddress(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Leaves for the company's identity provider; false when the server gave no address of ours. */
export function startSingleSignOn(provider: TSsoDiscovery): boolean {
  if (!provider.startUrl || !isOwnAddress(provider.startUrl)) return false;
  window.location.assign(provider.startUrl);
  return true;
}

/**
 * The organisation's login under the e-mail: its button, and either the line saying the organisation
 * logs its users in only this way (the password is then not asked) or the divider before the password.
 */
export function SsoLogin({ provider }: { provider: TSsoDiscovery }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);

  // The password field the reader may have moved to is gone: the focus goes to the way on, not the page.
  useEffect(() => {
    if (provider.required && (document.activeElement === document.body || !document.activeElement)) {
      button.current?.focus();
    }
  }, [provider.required]);

  return (
    <Stack gap="sm">
      {provider.required && <Text>{t("login.ssoRequiredNote")}</Text>}
      <Button
        ref={button}
        fullWidth
        loading={leaving}
        onClick={() => {
          if (startSingleSignOn(provider)) setLeaving(true);
        }}
      >
        {t("login.ssoButton")}
      </Button>
      {!provider.required && <Divider label={t("login.orWithPassword")} labelPosition="center" />}
    </Stack>
  );
}

/**
 * The failure the server sends the browser back with (/kirjaudu?sso=<CODE>), as the text to show; any
 * code this page does not know reads as a failed identification. Each key is spelled out so the
 * catalogue check sees it in use.
 */
const ARRIVAL_TEXTS: Record<string, string> = {
  SSO_ACCOUNT_NOT_FOUND: "errors.SSO_ACCOUNT_NOT_FOUND",
  SSO_NOT_AVAILABLE: "errors.SSO_NOT_AVAILABLE",
  // The shared IDENTIFICATION_FAILED text speaks of signing ("nothing was signed"): the login has its own.
  IDENTIFICATION_FAILED: "login.ssoFailed",
};

/**
 * The failure of a return from the identity provider, read once on arrival; the code then leaves the
 * address (replaced, not pushed), so reloading or sharing the page does not show it again. Read as the
 * page goes live, not in its first render: the login's HTML is built ahead for the address without it
 * (ADR 023), and the page's first render must be that HTML.
 */
export function useSsoArrival() {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get("sso");
  const [textKey, setTextKey] = useState<string | null>(null);
  useEffect(() => {
    if (code === null) return;
    setTextKey(ARRIVAL_TEXTS[code] ?? "login.ssoFailed");
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("sso");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [code, setSearchParams]);
  return { textKey, dismiss: () => setTextKey(null) };
}
