import type { TFunction } from "i18next";
import { i18n } from "../../i18n/i18n.ts";
import { ApiError } from "../../lib/api-client.ts";
import { messageForApiError } from "../../lib/error-toasts.ts";
import { showSuccessToast, showToast } from "../../lib/toast.ts";

/**
 * The words of the company sections (units, bike policy, payroll report recipients, registration link)
 * that depend on a value, shared by the admin company page and the employer's company settings: the
 * docs/product.md "Errors" codes of the unit calls, spelled out (not built at run time) so the catalogue check sees every
 * key in use and the type checker wants a text for each new code.
 */

/** docs/product.md "Errors" company unit codes: the successes and the failures of the unit calls. */
const UNIT_CODES = {
  COMPANY_UNIT_CREATED: "companySections.codes.COMPANY_UNIT_CREATED",
  COMPANY_UNIT_UPDATED: "companySections.codes.COMPANY_UNIT_UPDATED",
  COMPANY_UNIT_DELETED: "companySections.codes.COMPANY_UNIT_DELETED",
  FAILED_TO_ADD_COMPANY_UNIT: "companySections.codes.FAILED_TO_ADD_COMPANY_UNIT",
  FAILED_TO_UPDATE_COMPANY_UNIT: "companySections.codes.FAILED_TO_UPDATE_COMPANY_UNIT",
  FAILED_TO_DELETE_COMPANY_UNIT: "companySections.codes.FAILED_TO_DELETE_COMPANY_UNIT",
} as const;
export type UnitCode = keyof typeof UNIT_CODES;

/**
 * The text of a failed company call: docs/product.md "Errors" says a network failure reads as UNDEFINED_ERROR; the
 * rest is the shared wording (errors.<CODE> where the status leaves room, else the general toast).
 */
export function companyErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 0) return t(`errors.${error.code}`);
  return messageForApiError(error, t);
}

/** Whether a failure is the given 409 code. */
export function isConflict(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === code;
}

/** A failure as a red toast: what failed, and why (the reason the server gave unless `reason`). */
function showFailureToast(title: string, error: unknown, reason?: string): void {
  const t = i18n.t.bind(i18n);
  void showToast({
    color: "red",
    position: "top-right",
    title,
    message: reason ?? companyErrorText(error, t),
    closeButtonProps: { "aria-label": t("common.close") },
  });
}

/** A docs/product.md "Errors" unit success code as a toast. */
export function showUnitCodeToast(code: UnitCode, values: Record<string, string> = {}): void {
  showSuccessToast(i18n.t(UNIT_CODES[code], values));
}

/** A docs/product.md "Errors" unit failure code as a red toast, with the reason the server gave (or `reason`). */
export function showUnitFailureToast(code: UnitCode, error: unknown, reason?: string): void {
  showFailureToast(i18n.t(UNIT_CODES[code]), error, reason);
}
