import { isValidBic, isValidIban } from "./bank-account.ts";
import { isValidBusinessId } from "./business-id.ts";

/**
 * A company's e-invoice address (verkkolaskuosoite) and its operator's ID (välittäjätunnus), where
 * the operator delivers our e-invoices to the company.
 *
 * - An e-invoice address is either an OVT code — "0037", the eight digits of a Finnish business ID
 *   (its hyphen left out, its check digit right) and optionally up to five more letters or digits the
 *   company chose to tell its units apart — or an IBAN, for a company that receives its e-invoices
 *   in its bank.
 * - An operator's ID is an OVT code of the same form (the operator's own business ID, "003723327487")
 *   or, for the banks, their BIC ("NDEAFIHH", "OKOYFIHH").
 *
 * Spaces are allowed as typed; the values are kept without them, letters in capitals.
 */

const OVT_PATTERN = /^0037(\d{7})(\d)([0-9A-Z]{0,5})$/;

/** As kept: without spaces, letters in capitals. */
export function normalizeEInvoiceId(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

/** Whether a value is an OVT code: 0037, a valid business ID's eight digits, a suffix of up to five. */
export function isValidOvtCode(value: string): boolean {
  const match = OVT_PATTERN.exec(normalizeEInvoiceId(value));
  if (!match) return false;
  const [, body, check] = match;
  return isValidBusinessId(`${body}-${check}`);
}

/** Whether a value is an e-invoice address: an OVT code or an IBAN. */
export function isValidEInvoiceAddress(value: string): boolean {
  const id = normalizeEInvoiceId(value);
  if (id.startsWith("0037")) return isValidOvtCode(id);
  return isValidIban(id);
}

/** Whether a value is an operator's ID: an OVT code or a bank's BIC. */
export function isValidEInvoiceOperator(value: string): boolean {
  const id = normalizeEInvoiceId(value);
  return isValidOvtCode(id) || isValidBic(id);
}

/** The OVT code of a business ID with an optional suffix: "3401234-1" → "003734012341". */
export function ovtCodeOf(businessId: string, suffix = ""): string {
  if (!isValidBusinessId(businessId)) throw new Error(`Invalid business ID: ${businessId}`);
  const code = `0037${businessId.replace("-", "")}${normalizeEInvoiceId(suffix)}`;
  if (!isValidOvtCode(code)) throw new Error(`Invalid OVT suffix: ${suffix}`);
  return code;
}

export const INVALID_E_INVOICE_ADDRESS_MESSAGE =
  "Not an e-invoice address: an OVT code (0037 and the business ID's digits) or an IBAN";
export const INVALID_E_INVOICE_OPERATOR_MESSAGE =
  "Not an operator ID: an OVT code (0037 and the business ID's digits) or a BIC";
