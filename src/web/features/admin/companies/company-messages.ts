import type { TFunction } from "i18next";
import type { PaymentMode } from "../../../../domain/enums.ts";
import { i18n } from "../../../i18n/i18n.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { showToast } from "../../../lib/toast.ts";

/**
 * The words of the company screens that depend on a value: payment modes, event types and the SPEC §8
 * response codes of the company flows. Spelled out (not built at run time) so the catalogue check sees
 * every key in use and the type checker wants a label for each new value.
 */

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  PAYROLL: "adminCompanies.paymentModes.PAYROLL",
  BATCH: "adminCompanies.paymentModes.BATCH",
  ALL: "adminCompanies.paymentModes.ALL",
};

/** SPEC §8 company flow codes: the successes and the failures of the unit calls. */
export const FLOW_CODES = {
  COMPANY_DELETED: "adminCompanies.codes.COMPANY_DELETED",
  COMPANY_UNIT_CREATED: "adminCompanies.codes.COMPANY_UNIT_CREATED",
  COMPANY_UNIT_UPDATED: "adminCompanies.codes.COMPANY_UNIT_UPDATED",
  COMPANY_UNIT_DELETED: "adminCompanies.codes.COMPANY_UNIT_DELETED",
  GROUP_COMPANY_DELETED: "adminGroupCompanies.codes.GROUP_COMPANY_DELETED",
  FAILED_TO_ADD_COMPANY_UNIT: "adminCompanies.codes.FAILED_TO_ADD_COMPANY_UNIT",
  FAILED_TO_UPDATE_COMPANY_UNIT: "adminCompanies.codes.FAILED_TO_UPDATE_COMPANY_UNIT",
  FAILED_TO_DELETE_COMPANY_UNIT: "adminCompanies.codes.FAILED_TO_DELETE_COMPANY_UNIT",
} as const;
export type FlowCode = keyof typeof FLOW_CODES;

/**
 * The text of a failed company call: SPEC §8 says a network failure reads as UNDEFINED_ERROR; the
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

/** A SPEC §8 success code as a toast (top right, like the error toasts). */
export function showCodeToast(code: FlowCode, values: Record<string, string> = {}): void {
  const t = i18n.t.bind(i18n);
  void showToast({
    position: "top-right",
    message: t(FLOW_CODES[code], values),
    closeButtonProps: { "aria-label": t("common.close") },
  });
}

/** A SPEC §8 failure code as a red toast, with the reason the server gave. */
export function showFailureToast(code: FlowCode, error: unknown, extra?: string): void {
  const t = i18n.t.bind(i18n);
  void showToast({
    color: "red",
    position: "top-right",
    title: t(FLOW_CODES[code]),
    message: extra ?? companyErrorText(error, t),
    closeButtonProps: { "aria-label": t("common.close") },
  });
}
