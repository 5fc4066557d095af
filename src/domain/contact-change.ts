/**
 * The rules of changing one's own login e-mail or phone number. Whoever holds a
 * session could otherwise move the account's login and second factor to themselves: the change asks
 * for the current password, and takes effect only once the new address or number proves it is the
 * user's — a link mailed to the new address, a code sent to the new number. The old address is told.
 */

/** The confirmation link mailed to a new login e-mail lives a day and works once. */
export const EMAIL_CHANGE_SECONDS = 24 * 60 * 60;

/** The code sent to a new phone number lives 5 minutes and dies after 5 wrong tries, as at login. */
export const PHONE_CHANGE_CODE_SECONDS = 5 * 60;
export const PHONE_CHANGE_MAX_ATTEMPTS = 5;

/** Wrong current passwords tolerated per user within the window before the change answers 429. */
export const REAUTH_FAILURE_WINDOW_SECONDS = 15 * 60;
export const REAUTH_FAILURES_PER_USER = 5;

/**
 * Change requests (each sends mail or SMS) per user within the window: enough for typos, too few to
 * flood a mailbox or a phone.
 */
export const CONTACT_CHANGE_REQUEST_WINDOW_SECONDS = 60 * 60;
export const CONTACT_CHANGE_REQUESTS_PER_USER = 5;

/** What a change request is about; the request table keeps one kind per row. */
const CONTACT_CHANGE_KINDS = ["EMAIL", "PHONE"] as const;
export type ContactChangeKind = (typeof CONTACT_CHANGE_KINDS)[number];
