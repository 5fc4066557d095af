import { type ErasureBlocker, erasureBlockedMessage } from "../../../domain/erasure.ts";
import { UNSUPPORTED_PHONE_NUMBER_MESSAGE } from "../../../domain/validation/phone.ts";
import { AppError, conflict } from "../../errors.ts";

/** The errors of user accounts and their contact details (docs/api-surface.md "Auth and users", docs/product.md "Errors"). */

const EMAIL_TAKEN_MESSAGE = "This e-mail address is already in use";

/** 409: another account has the address (a manager's change, a new user, an employer's new employee). */
export const emailTaken = (message = EMAIL_TAKEN_MESSAGE) => conflict("EMAIL_TAKEN", message);

/** 403: a deactivated account may log in to see that it is, but do nothing. */
export const userDeactivated = (message = "User account is deactivated") =>
  new AppError(403, "USER_DEACTIVATED", message);

/** 400: nobody locks themselves out, or lets themselves back in. */
export const cannotDeactivateSelf = (message = "You cannot deactivate or activate yourself") =>
  new AppError(400, "CANNOT_DEACTIVATE_SELF", message);

/**
 * 400: a number a text message does not reach cannot carry the second factor. Said at its field, or at
 * the login with the flag that asks for another number.
 */
export const unsupportedPhoneNumber = (field?: string, extra?: { requiresPhoneNumber: true }) =>
  new AppError(
    400,
    "UNSUPPORTED_PHONE_NUMBER",
    UNSUPPORTED_PHONE_NUMBER_MESSAGE,
    field === undefined ? undefined : [{ field, message: UNSUPPORTED_PHONE_NUMBER_MESSAGE }],
    extra,
  );

/** 409: docs/product.md "Roles", an active SUPER_ADMIN always remains. */
export const lastSuperAdmin = (message = "The last active super admin cannot be removed or deactivated") =>
  conflict("LAST_SUPER_ADMIN", message);

/** 400: one's own login e-mail or phone changes only with the current password. */
export const currentPasswordRequired = () =>
  new AppError(400, "VALIDATION_ERROR", "The current password is required for this change", [
    { field: "body.currentPassword", message: "Required" },
  ]);

/** 429: too many wrong passwords, or too many changes asked for, in the window. */
export const tooManyContactChanges = (message = "Too many attempts. Try again later.") =>
  new AppError(429, "TOO_MANY_REQUESTS", message);

/** 403: the current password given with a contact change is wrong. */
export const reauthenticationFailed = (message = "The current password is not correct") =>
  new AppError(403, "REAUTHENTICATION_FAILED", message);

/** 400: a link sent by e-mail (an e-mail change's, a password's) is unknown, used or expired. */
export const linkInvalid = (message = "This link is invalid or has expired") =>
  new AppError(400, "INVALID_TOKEN", message);

/** 400: a code sent by text message (a phone change's, a login's, a signature's) has expired or is used up. */
export const verificationExpired = (message = "The code has expired. Ask for a new one.") =>
  new AppError(400, "VERIFICATION_EXPIRED", message);

/** 400: a code typed or a passkey answered is wrong (the request stays open until its attempts run out). */
export const verificationFailed = (message = "The code is not correct") =>
  new AppError(400, "VERIFICATION_FAILED", message);

/** 409: a staff member new to the role approves nothing until the cooling-off period has passed. */
export const approverCoolingOff = (until: Date) =>
  conflict(
    "APPROVER_COOLING_OFF",
    `A new staff member may approve from ${until.toISOString()} on; ask another staff member to approve`,
  );

/** 409: a staff member never approves what was made before they were staff. */
export const approverNewerThanRequest = () =>
  conflict(
    "APPROVER_NEWER_THAN_REQUEST",
    "This was made before you were given your staff role; ask another staff member to approve it",
  );

/**
 * 409: what must be settled before a person's data may be erased: the message names it, and each
 * detail's field (`blocker.RUNNING_LEASE`) lets the helpdesk's page say it in its own language.
 */
export const erasureBlocked = (blockers: readonly ErasureBlocker[]) =>
  new AppError(
    409,
    "ERASURE_BLOCKED",
    erasureBlockedMessage(blockers) ?? "",
    [...new Set(blockers)].map((blocker) => ({ field: `blocker.${blocker}`, message: blocker })),
  );

/** 409: the person's data was erased already. */
export const alreadyErased = (message = "This person's data has already been erased") =>
  conflict("ALREADY_ERASED", message);
