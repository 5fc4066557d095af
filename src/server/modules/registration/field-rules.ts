import { isValidBusinessId } from "../../../domain/validation/business-id.ts";
import { isValidEmail, normalizeEmail } from "../../../domain/validation/email.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import { unsupportedPhoneNumber } from "../system-users/errors.ts";
import { businessIdInvalid, fieldInvalid } from "./errors.ts";

/**
 * The docs/product.md "Field rules" as the forms of joining, sign-up and own details meet them. Each answers 400
 * with the failing field in `details`, so the form can mark it: an e-mail VALIDATION_ERROR "Invalid
 * email", a phone UNSUPPORTED_PHONE_NUMBER "Unsupported phone number format", a business ID
 * BUSINESS_ID_INVALID.
 */

/** The address trimmed and lower-cased, or 400 when it is not an e-mail. */
export function validEmail(value: string, field: string): string {
  const email = normalizeEmail(value);
  if (!isValidEmail(email)) {
    throw fieldInvalid(field, "Invalid email");
  }
  return email;
}

/** The number in its stored form, or 400 UNSUPPORTED_PHONE_NUMBER. */
export function validPhoneNumber(value: string, field: string): string {
  try {
    return normalizePhoneNumber(value);
  } catch {
    throw unsupportedPhoneNumber(field);
  }
}

/** A Finnish business ID with a correct check digit, or 400 BUSINESS_ID_INVALID. */
export function validBusinessId(value: string, field: string): string {
  const businessId = value.trim();
  if (!isValidBusinessId(businessId)) {
    throw businessIdInvalid(field);
  }
  return businessId;
}
