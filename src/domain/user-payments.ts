import { DAY_MS } from "./dates.ts";
import type { PaymentMethod, PaymentMode, PaymentStatus, UserPaymentKind } from "./enums.ts";
import { addMonths, firstDayOf, periodOf } from "./payroll/period.ts";

/**
 * The rules of the employee's own payments (user payments): what the helpdesk may
 * make by hand, how much, which payment methods a company's payment mode allows, and when the own
 * share of a package (the part above the max price) is due. Dates are Helsinki calendar dates
 * (YYYY-MM-DD); money is cents.
 */

/** The largest single user payment: 100 000,00 €. */
export const USER_PAYMENT_MAX_CENTS = 10_000_000;

/**
 * What the helpdesk makes by hand: only a payment that needs no case. The own share comes with the
 * acceptance, a return fee and a redemption with their redemption case and a deductible with its insurance
 * claim, so that no fee is ever asked without the case that ends or changes the lease.
 */
export const HAND_MADE_USER_PAYMENT_KINDS = ["OTHER"] as const satisfies readonly UserPaymentKind[];
export type HandMadeUserPaymentKind = (typeof HAND_MADE_USER_PAYMENT_KINDS)[number];

/** An invoice (BATCH) is due this many days after it is made. */
const BATCH_PAYMENT_DAYS = 14;

/** The method an employee chooses (a redemption's payment) as the company's payment mode allows: PAYROLL or BATCH alone, or both (ALL). */
export function paymentMethodAllowed(mode: PaymentMode, method: PaymentMethod): boolean {
  return mode === "ALL" || mode === method;
}

/**
 * Whether a payment the helpdesk makes may use the method in a company of this payment mode: a payroll
 * deduction needs the company's payroll to take part (PAYROLL or ALL); an invoice from Pedaali (BATCH)
 * is always possible, whatever the employees may choose themselves.
 */
export function userPaymentMethodAllowed(mode: PaymentMode, method: PaymentMethod): boolean {
  return method === "BATCH" || mode !== "BATCH";
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`A date is YYYY-MM-DD, got "${date}"`);
  return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * How the own share of an accepted package is paid: deducted from the net pay where the company runs
 * the benefit through payroll (PAYROLL), due on the first day of the month after the acceptance, so the
 * next payroll takes it; otherwise an invoice (BATCH) due in 14 days.
 */
export function ownSharePaymentTerms(
  mode: PaymentMode,
  acceptedOn: string,
): { paymentMethod: PaymentMethod; dueDate: string } {
  if (mode === "PAYROLL")
    return { paymentMethod: "PAYROLL", dueDate: firstDayOf(addMonths(periodOf(acceptedOn), 1)) };
  return { paymentMethod: "BATCH", dueDate: addDays(acceptedOn, BATCH_PAYMENT_DAYS) };
}

/** The pay period (YYYY-MM) whose net pay a PAYROLL payment is deducted from: its due date's month. */
export function payrollPeriodOfPayment(dueDate: string): string {
  return periodOf(dueDate);
}

/** A payment the employee still owes: neither paid nor cancelled. */
export function isOpenUserPayment(payment: { paymentStatus: PaymentStatus; isUserPaymentDone: boolean }) {
  return (
    !payment.isUserPaymentDone && payment.paymentStatus !== "CANCELLED" && payment.paymentStatus !== "PAID"
  );
}
