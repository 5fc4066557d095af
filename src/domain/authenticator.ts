import { ADMIN_ROLES, hasAnyRole, type RoleName } from "./roles.ts";

/**
 * The staff's authenticator app (TOTP, RFC 6238) and its recovery codes: admins and the helpdesk see
 * every company's data, so their second factor may be one that a SIM swap or a forwarded text cannot
 * take. Employer users keep the code by SMS; their company's own sign-in is the way further for them.
 */

/** Admins and the helpdesk may use an authenticator app instead of the code by SMS. */
export function mayUseAuthenticator(roles: readonly RoleName[]): boolean {
  return hasAnyRole(roles, ADMIN_ROLES);
}

/** The apps' defaults (Google Authenticator, Microsoft Authenticator, 1Password...): SHA-1, 6 digits, 30 s. */
export const AUTHENTICATOR_PERIOD_SECONDS = 30;
export const AUTHENTICATOR_DIGITS = 6;
/** A code of the 30 s before or after is still taken: a phone's clock may be that far off. */
export const AUTHENTICATOR_WINDOW = 1;
/** The issuer the app shows above the account's name. */
export const AUTHENTICATOR_ISSUER = "Pedaali";

/** Ten codes, each for one login without the phone; new ones replace every old one. */
export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits without 0, O, 1 and I, which are read for each other. */
export const RECOVERY_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const RECOVERY_CODE_LENGTH = 8;

/**
 * A recovery code from 8 random bytes: each byte picks one of 32 symbols (256 is a multiple of 32,
 * so every symbol is as likely), 40 bits in all. Written as two groups of four: `K7QM-2XPA`.
 */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== RECOVERY_CODE_LENGTH) throw new Error("A recovery code takes 8 random bytes");
  const symbols = [...bytes].map((byte) => RECOVERY_CODE_ALPHABET[byte % 32]).join("");
  return `${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/** What someone typed in the code box of the login's second step, read as a code or a recovery code. */
export type SecondFactorAnswer = { kind: "code"; code: string } | { kind: "recovery"; code: string };

const SIX_DIGITS = /^\d{6}$/;

/**
 * Six digits are a code (sent by SMS or shown by the app); eight letters and digits of the recovery
 * alphabet, in any case, with or without the dash or a space in the middle, are a recovery code, kept
 * as the bare eight capitals. Anything else is neither (null).
 */
export function readSecondFactorAnswer(typed: string): SecondFactorAnswer | null {
  const text = typed.trim();
  if (SIX_DIGITS.test(text)) return { kind: "code", code: text };
  const bare = text.replace(/^(\w{4})[- ]?(\w{4})$/, "$1$2").toUpperCase();
  if (bare.length !== RECOVERY_CODE_LENGTH) return null;
  if (![...bare].every((symbol) => RECOVERY_CODE_ALPHABET.includes(symbol))) return null;
  return { kind: "recovery", code: bare };
}
