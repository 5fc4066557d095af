import type { TFunction } from "i18next";
import type { EventType, PaymentMode } from "../../../../domain/enums.ts";
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

export const EVENT_LABELS: Record<EventType, string> = {
  USER_CREATED: "adminCompanies.events.USER_CREATED",
  USER_AUTO_DEACTIVATED: "adminCompanies.events.USER_AUTO_DEACTIVATED",
  USER_ACTIVATED: "adminCompanies.events.USER_ACTIVATED",
  USER_DEACTIVATED: "adminCompanies.events.USER_DEACTIVATED",
  ORDER_CONFIRMED: "adminCompanies.events.ORDER_CONFIRMED",
  ORDER_PROCESSED: "adminCompanies.events.ORDER_PROCESSED",
  ORDER_SENT: "adminCompanies.events.ORDER_SENT",
  SERIAL_NUMBER_UPDATED: "adminCompanies.events.SERIAL_NUMBER_UPDATED",
  DELIVERY_DATE_UPDATED: "adminCompanies.events.DELIVERY_DATE_UPDATED",
  ORDER_STATUS_UPDATED: "adminCompanies.events.ORDER_STATUS_UPDATED",
  ORDER_GRENKE_INVOICE_SENT: "adminCompanies.events.ORDER_GRENKE_INVOICE_SENT",
  LEASING_AGREEMENT_SIGNED: "adminCompanies.events.LEASING_AGREEMENT_SIGNED",
  LEASING_AGREEMENT_REJECTED: "adminCompanies.events.LEASING_AGREEMENT_REJECTED",
  LEASING_MONTHLY_PAYMENT_UPDATED: "adminCompanies.events.LEASING_MONTHLY_PAYMENT_UPDATED",
  LEASING_STARTED: "adminCompanies.events.LEASING_STARTED",
  LEASING_ENDED: "adminCompanies.events.LEASING_ENDED",
  BIKE_REDEMPTION_STARTED: "adminCompanies.events.BIKE_REDEMPTION_STARTED",
  BIKE_REDEMPTION_USER_PAYMENT_SENT: "adminCompanies.events.BIKE_REDEMPTION_USER_PAYMENT_SENT",
  BIKE_REDEMPTION_USER_PAYMENT_PAID: "adminCompanies.events.BIKE_REDEMPTION_USER_PAYMENT_PAID",
  BIKE_REDEMPTION_GRENKE_INVOICE_SENT: "adminCompanies.events.BIKE_REDEMPTION_GRENKE_INVOICE_SENT",
  BIKE_REDEMPTION_COMPLETED: "adminCompanies.events.BIKE_REDEMPTION_COMPLETED",
  INSURANCE_CASE_STARTED: "adminCompanies.events.INSURANCE_CASE_STARTED",
  INSURANCE_CASE_COMPLETED: "adminCompanies.events.INSURANCE_CASE_COMPLETED",
  INSURANCE_GRENKE_INVOICE_SENT: "adminCompanies.events.INSURANCE_GRENKE_INVOICE_SENT",
  INSURANCE_REPAIR_INVOICE_SENT: "adminCompanies.events.INSURANCE_REPAIR_INVOICE_SENT",
  INSURANCE_END_OF_LEASING_COMPLETED: "adminCompanies.events.INSURANCE_END_OF_LEASING_COMPLETED",
  INSURANCE_REPAIR_BIKE_SUBMITTED: "adminCompanies.events.INSURANCE_REPAIR_BIKE_SUBMITTED",
  INSURANCE_NEW_BIKE_CASE_SUBMITTED: "adminCompanies.events.INSURANCE_NEW_BIKE_CASE_SUBMITTED",
  ROLE_CREATED: "adminCompanies.events.ROLE_CREATED",
  ROLE_DELETED: "adminCompanies.events.ROLE_DELETED",
  ROLE_PERMISSION_ADDED: "adminCompanies.events.ROLE_PERMISSION_ADDED",
  ROLE_PERMISSION_REMOVED: "adminCompanies.events.ROLE_PERMISSION_REMOVED",
  USER_ROLE_ASSIGNED: "adminCompanies.events.USER_ROLE_ASSIGNED",
  USER_ROLE_REMOVED: "adminCompanies.events.USER_ROLE_REMOVED",
  COMPANY_CREATED: "adminCompanies.events.COMPANY_CREATED",
  COMPANY_UPDATED: "adminCompanies.events.COMPANY_UPDATED",
  COMPANY_DELETED: "adminCompanies.events.COMPANY_DELETED",
  COMPANY_APPLICATION_ACCEPTED: "adminCompanies.events.COMPANY_APPLICATION_ACCEPTED",
  COMPANY_APPLICATION_REJECTED: "adminCompanies.events.COMPANY_APPLICATION_REJECTED",
};

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
