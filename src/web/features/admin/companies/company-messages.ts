import type { PaymentMode } from "../../../../domain/enums.ts";
import { i18n } from "../../../i18n/i18n.ts";
import { showSuccessToast } from "../../../lib/toast.ts";

/**
 * The words of the admin's company screens that depend on a value: payment modes and the docs/product.md "Errors" codes
 * of the company and group company flows. Spelled out (not built at run time) so the catalogue check
 * sees every key in use and the type checker wants a label for each new value. The unit codes, and how
 * a failed company call reads, are shared with the employer's company settings
 * (features/companies/company-messages.ts).
 */

export { companyErrorText, isConflict } from "../../companies/index.ts";

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  PAYROLL: "adminCompanies.paymentModes.PAYROLL",
  BATCH: "adminCompanies.paymentModes.BATCH",
  ALL: "adminCompanies.paymentModes.ALL",
};

/** docs/product.md "Errors" codes of the admin's company flows. */
export const FLOW_CODES = {
  COMPANY_DELETED: "adminCompanies.codes.COMPANY_DELETED",
  GROUP_COMPANY_DELETED: "adminGroupCompanies.codes.GROUP_COMPANY_DELETED",
} as const;
export type FlowCode = keyof typeof FLOW_CODES;

/** A docs/product.md "Errors" success code as a toast (top right, like the error toasts). */
export function showCodeToast(code: FlowCode, values: Record<string, string> = {}): void {
  showSuccessToast(i18n.t(FLOW_CODES[code], values));
}
