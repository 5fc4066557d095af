/**
 * Finnish business ID (Y-tunnus): seven digits, a hyphen and a check digit. The check digit uses the
 * weights 7, 9, 10, 5, 8, 4, 2 on the seven digits; with r = sum mod 11, r = 0 gives 0, r = 1 is never
 * issued (such a number has no valid ID) and otherwise the digit is 11 − r.
 */

const BUSINESS_ID_PATTERN = /^(\d{7})-(\d)$/;
const SEVEN_DIGITS_PATTERN = /^\d{7}$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2] as const;

/** The check digit of the seven-digit body, or null when no valid business ID has that body. */
export function businessIdCheckDigit(body: string): number | null {
  if (!SEVEN_DIGITS_PATTERN.test(body)) {
    throw new Error("A business ID body is exactly seven digits");
  }
  let sum = 0;
  for (const [i, weight] of WEIGHTS.entries()) sum += Number(body[i]) * weight;
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  if (remainder === 1) return null;
  return 11 - remainder;
}

export function isValidBusinessId(value: string): boolean {
  return businessIdProblem(value) === null;
}

/**
 * What is wrong with a business ID, so that the message names the true cause: FORMAT when it is not
 * seven digits, a hyphen and a digit (the hyphen left out: "29800052"), CHECK_DIGIT when the form is
 * right but the last digit is not the one the seven give; null for a valid ID.
 */
export type BusinessIdProblem = "FORMAT" | "CHECK_DIGIT";

export function businessIdProblem(value: string): BusinessIdProblem | null {
  const match = BUSINESS_ID_PATTERN.exec(value);
  if (!match) return "FORMAT";
  const [, body, check] = match;
  return body !== undefined && businessIdCheckDigit(body) === Number(check) ? null : "CHECK_DIGIT";
}

/** The EU VAT number of a Finnish business: FI and the eight digits without the hyphen. */
export function vatIdFromBusinessId(businessId: string): string {
  if (!isValidBusinessId(businessId)) throw new Error(`Invalid business ID: ${businessId}`);
  return `FI${businessId.replace("-", "")}`;
}
