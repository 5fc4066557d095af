/**
 * Bank accounts as a bike store gives them for its payments: an IBAN (ISO 13616: country, two check
 * digits, the national account; the check digits make the whole number 1 modulo 97) and the bank's
 * BIC (ISO 9362: bank, country, location, optional branch).
 */

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
const BIC_SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** An IBAN as typed (spaces, lower case) in its electronic form: upper case without spaces. */
export function normalizeIban(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

/** The remainder modulo 97 of an account as digits (letters A..Z are 10..35), read piece by piece. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The two check digits of a country's account (its BBAN), as the IBAN puts them after the country. */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = mod97(`${normalizeIban(bban)}${country.toUpperCase()}00`);
  return String(98 - remainder).padStart(2, "0");
}

/** Whether an IBAN (spaces allowed) has valid ISO 13616 check digits. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!IBAN_SHAPE.test(iban)) return false;
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1;
}

/** Whether a BIC (spaces allowed, any case) has the shape of one: 8 or 11 characters. */
export function isValidBic(value: string): boolean {
  return BIC_SHAPE.test(value.replace(/\s/g, "").toUpperCase());
}

/** As printed: groups of four ("FI90 4055 0012 3456 76"). */
export function formatIban(value: string): string {
  return normalizeIban(value)
    .replace(/(.{4})/g, "$1 ")
    .trim();
}
