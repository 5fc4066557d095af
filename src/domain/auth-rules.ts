import { ADMIN_ROLES, EMPLOYER_ROLES, hasAnyRole, type RoleName } from "./roles.ts";

/**
 * The rules of logging in (docs/architecture.md Auth): who needs a second factor, how long codes and links
 * live, and when repeated failures lock an e-mail or an address out for a while.
 */

/** A two-factor code lives 5 minutes and dies after 5 wrong tries. */
export const TWO_FACTOR_CODE_SECONDS = 5 * 60;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

/**
 * A password link works once, and lives as long as its reader needs to get to it. A link the user asked
 * for themselves (a reset, or a set-password link after logging in to an account without one) is read
 * at once: it lives 1 hour, so a mailbox read later by someone else holds no working link for long.
 */
const PASSWORD_RESET_SECONDS = 60 * 60;

/**
 * A first-time link, mailed when someone else made the account (a new user's set-password link, an
 * employee's or a company admin's invitation), reaches a person who was not waiting for it and may read
 * mail once a day or once a week: it lives 7 days.
 */
export const FIRST_PASSWORD_LINK_SECONDS = 7 * 24 * 60 * 60;

/** Why a password link was made: asked for by its user, or the first link of an account made for them. */
export type PasswordLinkKind = "requested" | "first";

/** How long a password link of the kind works, in seconds. */
export function passwordLinkSeconds(kind: PasswordLinkKind): number {
  return kind === "first" ? FIRST_PASSWORD_LINK_SECONDS : PASSWORD_RESET_SECONDS;
}

/** How long a password link of the kind works, in whole hours, as its mail says it. */
export function passwordLinkHours(kind: PasswordLinkKind): number {
  return passwordLinkSeconds(kind) / 3600;
}

/** Failed logins or codes tolerated within the window before 429 (per e-mail, per IP address). */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_EMAIL = 5;
export const LOGIN_FAILURES_PER_IP = 20;

/**
 * Wrong two-factor codes tolerated per account, across challenges, before its code step answers 429.
 * A correct password does not reset this count, only a correct code does: otherwise
 * whoever has the password could start a new challenge every few codes and guess forever. Ten is two
 * challenges' worth of typos for the real user; an attacker gets 960 guesses a day out of a million.
 */
export const TWO_FACTOR_FAILURE_WINDOW_SECONDS = 15 * 60;
export const TWO_FACTOR_FAILURES_PER_ACCOUNT = 10;

/**
 * A password link (set-password after a login to an account without a password, or a reset the user
 * asked for) is mailed to an account at most this often, so neither the login form nor the reset form
 * can flood someone's inbox or keep killing the link they were sent; a link already sent keeps working.
 */
export const PASSWORD_LINK_MAIL_INTERVAL_SECONDS = 15 * 60;

/** Whether a new password link may be mailed, given when the newest link was made. */
export function isPasswordLinkMailDue(newestLinkCreatedAt: Date | null, now: Date): boolean {
  return (
    newestLinkCreatedAt === null ||
    now.getTime() - newestLinkCreatedAt.getTime() >= PASSWORD_LINK_MAIL_INTERVAL_SECONDS * 1000
  );
}

/**
 * Admins, employer-side users and bike store users see other people's data (a store sees its
 * customers' names and orders): they log in with a code as well.
 */
export function requiresTwoFactor(roles: readonly RoleName[]): boolean {
  return hasAnyRole(roles, ADMIN_ROLES) || hasAnyRole(roles, EMPLOYER_ROLES) || roles.includes("BIKE_STORE");
}

/** `+35850•••••10`: enough for the user to recognise the number, too little to learn it. */
export function maskPhoneNumber(phoneNumber: string): string {
  if (phoneNumber.length <= 7) return "•".repeat(phoneNumber.length);
  return `${phoneNumber.slice(0, 6)}${"•".repeat(phoneNumber.length - 8)}${phoneNumber.slice(-2)}`;
}
