/**
 * docs/product.md "Field rules" phone rule. Valid numbers are +358 or a leading 0 followed by 6 to 14 digits. Normalising
 * removes whitespace and adds the missing 0 to a Finnish mobile number typed without it (4x / 5x).
 */

/** The exact message of docs/product.md "Field rules"; the client shows it as is. */
export const UNSUPPORTED_PHONE_NUMBER_MESSAGE = "Unsupported phone number format";

const VALID_PHONE_PATTERN = /^(?:\+358|0)\d{6,14}$/;
// A mobile number whose trunk 0 was left out, e.g. "401234567" for 040 123 4567.
const MISSING_TRUNK_ZERO_PATTERN = /^[45]\d{7,13}$/;

export function isValidPhoneNumber(value: string): boolean {
  return VALID_PHONE_PATTERN.test(value);
}

/** Returns the number in its stored form; throws Error(UNSUPPORTED_PHONE_NUMBER_MESSAGE) otherwise. */
export function normalizePhoneNumber(input: string): string {
  const compact = input.replace(/\s+/g, "");
  if (VALID_PHONE_PATTERN.test(compact)) return compact;
  if (MISSING_TRUNK_ZERO_PATTERN.test(compact)) return `0${compact}`;
  throw new Error(UNSUPPORTED_PHONE_NUMBER_MESSAGE);
}

/** Whether a typed number is one the rule accepts, once normalised (a contact's number, say). */
export function isSupportedPhoneNumber(input: string): boolean {
  try {
    normalizePhoneNumber(input);
    return true;
  } catch {
    return false;
  }
}

/**
 * The international form of a stored number: the trunk 0 stands for Finland's +358. Numbers are
 * stored as docs/product.md "Field rules" normalises them (a leading 0 or +358, as typed); the SMS provider and every
 * comparison get this form (docs/decisions/007-phone-numbers.md).
 */
export function internationalPhoneNumber(stored: string): string {
  return stored.startsWith("0") ? `+358${stored.slice(1)}` : stored;
}

/**
 * Whether two stored numbers reach the same phone: `0401234567` and `+358401234567` do. Used to
 * tell a real change of number from the same number retyped.
 */
export function samePhoneNumber(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && internationalPhoneNumber(a) === internationalPhoneNumber(b);
}
