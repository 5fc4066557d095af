import { AppError } from "../../errors.ts";

/** The errors of strong identification when signing and of a company's single sign-on. */

/** 403: the company asks for strong identification, and this way of signing is not it. */
export const strongIdentificationRequired = () =>
  new AppError(
    403,
    "STRONG_IDENTIFICATION_REQUIRED",
    "The employer asks for strong electronic identification to sign or approve",
  );

/** 403: the company has not chosen strong identification for its signatures. */
export const strongIdentificationNotOffered = () =>
  new AppError(403, "FORBIDDEN", "The employer has not chosen strong electronic identification for signing");

/** 503: no broker is configured, or it cannot be reached. */
export const strongIdentificationUnavailable = () =>
  new AppError(503, "STRONG_IDENTIFICATION_UNAVAILABLE", "Strong electronic identification is not available");

/** 403: the person the broker proved is not the employee (or approver) on record. */
export const identityMismatch = () =>
  new AppError(403, "IDENTITY_MISMATCH", "The identified person is not the user");

/** 409: an e-mail domain of the provider already logs in at another company. */
export const ssoDomainTaken = (domain: string) =>
  new AppError(409, "SSO_DOMAIN_TAKEN", `The e-mail domain ${domain} signs in at another company`, [
    { field: "body.sso.emailDomains", message: `Taken by another company: ${domain}` },
  ]);

/** 403: the company logs its users in through its own provider; the password is not the way in. */
export const ssoRequired = () => new AppError(403, "SSO_REQUIRED", "Log in with your organisation's account");

/** The callback's failures, named by the code the page it returns to shows. */
export type IdentificationOutcome =
  | "IDENTIFICATION_FAILED"
  | "IDENTITY_MISMATCH"
  | "SSO_ACCOUNT_NOT_FOUND"
  | "SSO_NOT_AVAILABLE"
  | "USER_DEACTIVATED";
