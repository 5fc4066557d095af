/**
 * The Finnish reference number (viitenumero) of our outgoing invoices (Finanssiala's standard): a base
 * of 3 to 19 digits followed by one check digit. The base's digits are weighted 7, 3, 1, 7, 3, 1...
 * from the right; the check digit takes the weighted sum up to the next multiple of ten (0 when the sum
 * already is one). Written in groups of five from the right ("12345 67890 1"); leading zeros of the
 * base are not written, so a reference number never starts with 0.
 */

const REFERENCE_BASE_MIN_DIGITS = 3;
const REFERENCE_BASE_MAX_DIGITS = 19;

const WEIGHTS = [7, 3, 1] as const;

/** The check digit of a base of digits. */
export function referenceCheckDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const digit = Number(base[base.length - 1 - i]);
    sum += digit * (WEIGHTS[i % 3] as number);
  }
  return (10 - (sum % 10)) % 10;
}

/** The reference number of a base (3 to 19 digits, without leading zeros); throws on anything else. */
export function referenceNumber(base: string | number | bigint): string {
  const digits = String(base).replace(/^0+/, "");
  if (!/^\d+$/.test(digits)) throw new RangeError("A reference number's base is digits only");
  if (digits.length < REFERENCE_BASE_MIN_DIGITS || digits.length > REFERENCE_BASE_MAX_DIGITS) {
    throw new RangeError(
      `A reference number's base has ${REFERENCE_BASE_MIN_DIGITS} to ${REFERENCE_BASE_MAX_DIGITS} digits`,
    );
  }
  return `${digits}${referenceCheckDigit(digits)}`;
}

/** Whether a reference number (spaces allowed, as printed) is well-formed and its check digit right. */
export function isValidReferenceNumber(value: string): boolean {
  const digits = value.replace(/\s/g, "");
  if (!/^[1-9]\d{3,19}$/.test(digits)) return false;
  return referenceCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** As printed on an invoice: groups of five digits from the right, separated by spaces. */
export function formatReferenceNumber(reference: string): string {
  const digits = reference.replace(/\s/g, "");
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 5) groups.unshift(digits.slice(Math.max(0, end - 5), end));
  return groups.join(" ");
}
