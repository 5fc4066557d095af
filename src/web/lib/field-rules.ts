import type { TFunction } from "i18next";
import { isValidEmail, normalizeEmail } from "../../domain/validation/email.ts";
import { normalizePhoneNumber } from "../../domain/validation/phone.ts";

/** A @mantine/form field rule: the error text for the value, or null when it passes. */
export type FieldRule<Values = unknown> = (value: string, values: Values) => string | null;

const isBlank = (value: string) => value.trim() === "";

/**
 * A required field: empty (or only spaces) says `required`; a filled one goes on to `check`, so a user
 * who typed nothing is told the field is required, not that its format is wrong.
 */
export function requiredThen<Values = unknown>(
  required: string,
  check: FieldRule<Values> = () => null,
): FieldRule<Values> {
  return (value, values) => (isBlank(value) ? required : check(value, values));
}

/** An optional field: empty passes; a filled one goes on to `check`. */
export function optionalThen<Values = unknown>(check: FieldRule<Values>): FieldRule<Values> {
  return (value, values) => (isBlank(value) ? null : check(value, values));
}

/**
 * The rules of the fields the public and account forms share, with their texts in the current
 * language: an empty required field says which field is required, a filled one keeps the format
 * error (the same rules as the server, docs/product.md "Field rules").
 */
export function fieldRules(t: TFunction) {
  const emailFormat: FieldRule = (value) =>
    isValidEmail(normalizeEmail(value)) ? null : t("forms.emailInvalid");
  const phoneFormat: FieldRule = (value) => {
    try {
      normalizePhoneNumber(value);
      return null;
    } catch {
      return t("errors.UNSUPPORTED_PHONE_NUMBER");
    }
  };
  return {
    /** Any other required field: the generic "required" text, then the field's own `check`. */
    required: <Values>(check?: FieldRule<Values>) => requiredThen(t("forms.required"), check),
    email: requiredThen(t("forms.emailRequired"), emailFormat),
    phone: requiredThen(t("forms.phoneRequired"), phoneFormat),
    optionalPhone: optionalThen(phoneFormat),
    optionalEmail: optionalThen(emailFormat),
    /** A new password: required, then the page's own check of the password rules. */
    password: <Values>(check: FieldRule<Values>) => requiredThen(t("forms.passwordRequired"), check),
  };
}

/**
 * A phone number as the request sends it (docs/product.md "Field rules", normalized), for a form's body: one that does not
 * read goes as typed, and the form's phone rule says so at the field.
 */
export function phoneAsSent(text: string): string {
  try {
    return normalizePhoneNumber(text);
  } catch {
    return text.trim();
  }
}
