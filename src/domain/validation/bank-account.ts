/**
 * Bank accounts as SEPA credit transfers name them: the IBAN (ISO 13616: country, two check digits,
 * the national account number) and the bank's BIC (ISO 9362). We pay bike stores to these, so a typo
 * must be caught when the account is saved, not when the bank returns the payment weeks later.
 */

const IBAN_PATTERN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
/** Bank (4 letters), country (2 letters), location (2), optional branch (3). */
const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** As the machines read it: no spaces, upper case. */
export function normalizeIban(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

/** The remainder mod 97 of an IBAN's digits with its first four characters moved to the end. */
function mod97(rearranged: string): number {
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Whether an IBAN (spaces allowed) has valid ISO 13616 check digits. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!IBAN_PATTERN.test(iban)) return false;
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1;
}

/** The two check digits that make `country` + digits + `bban` a valid IBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = mod97(`${bban.toUpperCase()}${country.toUpperCase()}00`);
  return String(98 - remainder).padStart(2, "0");
}

/** As printed: groups of four ("FI90 4055 0012 3456 76"). */
export function formatIban(value: string): string {
  return normalizeIban(value)
    .replace(/(.{4})/g, "$1 ")
    .trim();
}

/** Whether a BIC (8 or 11 characters) has the ISO 9362 shape. */
export function isValidBic(value: string): boolean {
  return BIC_PATTERN.test(value.trim().toUpperCase());
}

/**
 * An IBAN for a notice or a log: its country and check digits and its last four characters, the rest
 * hidden ("FI90 •••• •••• ••34 76"), enough to recognise an account and too little to pay into it.
 */
export function maskIban(value: string): string {
  const iban = normalizeIban(value);
  if (iban.length <= 8) return formatIban("•".repeat(iban.length));
  const hidden = `${iban.slice(0, 4)}${"•".repeat(iban.length - 8)}${iban.slice(-4)}`;
  return formatIban(hidden);
}
