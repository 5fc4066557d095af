/**
 * What must never be in the server's log, and the search for it: the e2e run writes each server's
 * log at info, as production does (playwright.config.ts), and log-secrets-check.ts reads it after the
 * journeys. A finding names the kind of secret and the line, never the secret itself.
 */

import { matchRoute } from "../../src/domain/routes.ts";

/** A secret known by its value: a password, a code or token the journeys were sent, the demo link. */
export type KnownSecret = { kind: string; value: string };

export type LogFinding = { line: number; kind: string; preview: string };

/** A few characters and the length: enough to tell findings apart, never enough to use. */
export function maskSecret(value: string): string {
  return `${value.slice(0, Math.min(3, Math.floor(value.length / 4)))}… (${value.length} characters)`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A secret made of digits only (a 6-digit code) counts when it stands alone: not inside a longer
 * number, a UUID or a request's duration (`"responseTime":12.123456`).
 */
function knownSecretPattern(value: string): RegExp {
  const escaped = escapeRegExp(value);
  return /^\d+$/.test(value) ? new RegExp(`(?<![\\w.])${escaped}(?!\\w|\\.\\d)`) : new RegExp(escaped);
}

/** Two base64url JSON objects joined by a dot: a JWT's header and claims (an access token). */
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}/;

/**
 * 32 random bytes in base64url (auth/tokens.ts randomToken): session, refresh and challenge cookies,
 * password, registration, e-mail confirmation, store and preferences links, and the CSRF token (an
 * HMAC of the same length). Exactly 43 such characters with both cases and no file extension after
 * them, so that request ids (UUIDs), hashes in hex and the build's file names do not count.
 */
const RANDOM_TOKEN =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-]|\.\w)/g;

/** A field named as a password with a value that is not the redaction mark. */
const PASSWORD_FIELD = /"[A-Za-z_]*[Pp]assword"\s*:\s*"(?!\[redacted\]")([^"]*)"/;

/** The Finnish personal identity code, DDMMYY, the century sign, the individual number, the check. */
const IDENTITY_CODE = /(?<![A-Za-z0-9])(\d{2})(\d{2})(\d{2})[-+A-FU-Y](\d{3})([0-9A-Y])(?![A-Za-z0-9])/g;
const IDENTITY_CHECK_CHARACTERS = "0123456789ABCDEFHJKLMNPRSTUVWXY";

/** A date that exists and a check character that agrees: a number of that shape by chance is neither. */
function isIdentityCode(match: RegExpExecArray): boolean {
  const [, day, month, year, individual, check] = match;
  const d = Number(day);
  const m = Number(month);
  if (d < 1 || d > 31 || m < 1 || m > 12 || Number(individual) < 2) return false;
  return IDENTITY_CHECK_CHARACTERS[Number(`${day}${month}${year}${individual}`) % 31] === check;
}

/** A value as a log line may carry it: as given, in a URL or a form body, inside a JSON string. */
const encodings = (value: string) =>
  new Set([
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
  ]);

/** Every finding in a log's text, line by line; a known secret is looked for in each of its encodings. */
export function findSecrets(logText: string, known: readonly KnownSecret[]): LogFinding[] {
  const patterns = known
    .filter((secret) => secret.value.length > 0)
    .flatMap((secret) =>
      [...encodings(secret.value)].map((form) => ({
        kind: secret.kind,
        value: secret.value,
        pattern: knownSecretPattern(form),
      })),
    );
  const findings: LogFinding[] = [];
  for (const [index, text] of logText.split("\n").entries()) {
    const line = index + 1;
    const found = new Set<string>();
    const add = (kind: string, value: string) => {
      if (found.has(kind)) return;
      found.add(kind);
      findings.push({ line, kind, preview: maskSecret(value) });
    };
    for (const { kind, value, pattern } of patterns) if (pattern.test(text)) add(kind, value);
    const jwt = JWT.exec(text);
    if (jwt) add("JWT (access token)", jwt[0]);
    for (const token of text.matchAll(RANDOM_TOKEN)) add("random token (cookie, CSRF or link)", token[0]);
    const password = PASSWORD_FIELD.exec(text);
    if (password) add("password field", password[1] ?? "");
    for (const code of text.matchAll(IDENTITY_CODE)) {
      if (isIdentityCode(code)) add("personal identity code (henkilötunnus)", code[0]);
    }
  }
  return findings;
}

/** The 6-digit codes of the SMS the app sent (two-factor, phone change and signing codes). */
export function codesInSms(text: string): string[] {
  return [...text.matchAll(/(?<!\d)\d{6}(?!\d)/g)].map((m) => m[0]);
}

/**
 * The tokens in a mail's links: the `:token` of a link to one of the app's token pages (matched by the
 * route table), and any path segment or query value of a random token's shape.
 */
export function tokensInMail(text: string): string[] {
  const tokens = new Set<string>();
  for (const [href] of text.matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    const token = matchRoute(url.pathname)?.params.token;
    if (token) tokens.add(token);
    for (const part of [...url.pathname.split("/"), ...url.searchParams.values()]) {
      if (new RegExp(RANDOM_TOKEN.source).test(part)) tokens.add(part);
    }
  }
  return [...tokens];
}
