import { AppError } from "../../errors.ts";
import { emailTaken } from "../system-users/errors.ts";

/** The errors of joining by a link and of an employer's sign-up (docs/product.md "Field rules", docs/product.md "Errors"). */

/** 400: the link is unknown, expired, revoked or used up. */
export const registrationLinkInvalid = (
  message = "The registration link is invalid or has expired. Please ask your employer for a new one.",
) => new AppError(400, "REGISTRATION_LINK_INVALID", message);

/** 409: the address has an account already; joining another company is the employer's to do. */
export const accountExists = () => emailTaken("An account with this e-mail address already exists");

/** 400 at the field, as the request schema's own validation answers. */
export const fieldInvalid = (field: string, message: string) =>
  new AppError(400, "VALIDATION_ERROR", "Request validation failed", [{ field, message }]);

/** 400 at the field: the business ID's check digit does not match. */
export const businessIdInvalid = (field: string) =>
  new AppError(400, "BUSINESS_ID_INVALID", "Invalid business ID", [
    { field, message: "Invalid business ID" },
  ]);

/** 400 at the address: the company's link takes only addresses of its own domains (join-rules). */
export const domainAddressRequired = () => {
  const message = "This registration link takes only the company's own work e-mail addresses";
  return new AppError(400, "JOIN_DOMAIN_REQUIRED", message, [{ field: "body.email", message }]);
};

/** 400 at the domain: no one vouched for it, or anyone can open an address there (join-rules). */
export const domainRefused = (index: number, code: "JOIN_DOMAIN_NOT_VERIFIED" | "PUBLIC_MAIL_DOMAIN") => {
  const message =
    code === "PUBLIC_MAIL_DOMAIN"
      ? "A public mail service is no company's domain"
      : "Add the domain of your own work e-mail; customer service verifies any other";
  return new AppError(400, code, message, [{ field: `body.domains.${index}`, message }]);
};
