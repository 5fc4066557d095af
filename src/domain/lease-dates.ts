import type { RequestStatusWithSigned } from "./enums.ts";
import { addMonths, firstDayOf, lastDayOf, monthsBetween, periodOf } from "./payroll/period.ts";

/**
 * The lease's dates and the agreement's phase (PENDING → accepted/REJECTED →
 * active → ended). Dates are calendar dates (YYYY-MM-DD, Helsinki).
 *
 * - The lease starts on the first day of the month after the bike was delivered, so every lease month
 *   is a whole calendar month and payroll deducts from the month after delivery.
 * - It ends on the last day of its last month: a 36-month lease from 1.3.2026 ends 28.2.2029. The end
 *   date is inclusive and always after the start (the agreements table's check).
 */

/** The first day of the month after the delivery date. */
export function leaseStartDate(deliveryDate: string): string {
  return firstDayOf(addMonths(periodOf(deliveryDate), 1));
}

/** The last day of the lease's last month, `months` (at least 1) months from the start's month. */
export function leaseEndDate(startDate: string, months: number): string {
  if (!Number.isInteger(months) || months < 1) throw new RangeError("A lease lasts at least one month");
  return lastDayOf(addMonths(periodOf(startDate), months - 1));
}

/**
 * Where an agreement is in its life, for lists and the detail view. The stored status says what the
 * leasing company decided; the dates say whether an accepted lease runs:
 * - DRAFT: not signed yet (status null);
 * - SIGNED: signed by the employee, not yet sent to the leasing company;
 * - PENDING: at the leasing company, waiting for its decision;
 * - REJECTED: the leasing company refused it;
 * - ACCEPTED: accepted, the lease not started (no start date yet, or it is in the future);
 * - ACTIVE: accepted and today is within its start and end date;
 * - ENDED: accepted and its end date has passed.
 */
export const AGREEMENT_PHASES = [
  "DRAFT",
  "SIGNED",
  "PENDING",
  "REJECTED",
  "ACCEPTED",
  "ACTIVE",
  "ENDED",
] as const;
export type AgreementPhase = (typeof AGREEMENT_PHASES)[number];

export function agreementPhase(
  status: RequestStatusWithSigned | null,
  startDate: string | null,
  endDate: string | null,
  today: string,
): AgreementPhase {
  if (status === null) return "DRAFT";
  if (status !== "ACCEPTED") return status;
  if (startDate === null || today < startDate) return "ACCEPTED";
  if (endDate !== null && today > endDate) return "ENDED";
  return "ACTIVE";
}

/**
 * The months a lease runs: its term, or fewer when it ended early (a redemption before the
 * term's end, a bike stolen and not replaced), when its end date was set to the last day of an earlier
 * month. A lease runs at least its first month.
 */
export function effectiveLeaseMonths(
  startDate: string,
  leaseTimeMonths: number,
  endDate: string | null,
): number {
  if (endDate === null) return leaseTimeMonths;
  const untilEnd = monthsBetween(periodOf(startDate), periodOf(endDate)) + 1;
  return Math.max(1, Math.min(leaseTimeMonths, untilEnd));
}

/**
 * Whether a leased bike is still the employee's benefit bike: its order is ACTIVE_LEASING
 * and the lease has not ended — not past its end date, its redemption case not completed (a bike kept
 * through a long absence, CONTINUE, stays in use), and no insurance claim closed it as the end of the
 * leasing. A bike no longer in use takes no new claim and no new redemption case.
 */
export function isBikeInUse(
  order: {
    orderStatus: string;
    agreementEndDate: string | null;
    redemption: { status: string; choice: string | null } | null;
    claimOutcomes: readonly { status: string; outcome: string | null }[];
  },
  today: string,
): boolean {
  if (order.orderStatus !== "ACTIVE_LEASING") return false;
  if (order.agreementEndDate !== null && order.agreementEndDate < today) return false;
  const { redemption } = order;
  if (redemption?.status === "COMPLETED" && redemption.choice !== "CONTINUE") return false;
  return !order.claimOutcomes.some((c) => c.status === "COMPLETED" && c.outcome === "END_OF_LEASING");
}

/** What the lease's end date as every view shows it reads of its newest redemption case. */
export type RedemptionCaseDates = {
  status: string;
  choice: string | null;
  /** The lease's last day as the case sees it. */
  leaseEndsOn: string | null;
};

/**
 * The lease's last day as the employee's page, the case, payroll and the lease invoice all show it:
 * once a redemption case is open (or completed) the lease ends on the case's last day, never after the
 * agreement's own end; a cancelled case, or the employee keeping the bike through a long absence
 * (CONTINUE), leaves the agreement's end. A completed case has already moved the agreement's end date
 * (the lease ended then), so the two agree.
 */
export function effectiveLeaseEndDate(
  agreementEndDate: string | null,
  redemptionCase: RedemptionCaseDates | null | undefined,
): string | null {
  if (!redemptionCase?.leaseEndsOn) return agreementEndDate;
  if (redemptionCase.status === "CANCELLED" || redemptionCase.choice === "CONTINUE") return agreementEndDate;
  if (agreementEndDate !== null && agreementEndDate < redemptionCase.leaseEndsOn) return agreementEndDate;
  return redemptionCase.leaseEndsOn;
}

/**
 * Whether a redemption case may be opened for a lease: an accepted agreement with its dates set, its
 * order between the leasing company's bill and the lease's end (ACTIVE_LEASING, or billed and waiting
 * for the lease's first day). A lease whose first day is still ahead ends as well when the employment
 * ends before it: its case is opened from the start-leasing on, not only from the first day.
 */
export const REDEMPTION_CASE_ORDER_STATUSES = [
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
] as const;

/**
 * Whether the order's lease is running or starting so that a redemption case may be opened for it: its
 * order in REDEMPTION_CASE_ORDER_STATUSES and its accepted agreement with both dates set (the lease
 * started, or its first day set by the start-leasing). The server adds what only it knows (a bike already
 * redeemed or returned); the employee's page offers the early end by this same rule, also before the
 * lease's first day.
 */
export function redemptionCaseOpenable(order: {
  orderStatus: string;
  agreement: { status: string | null; startDate: string | null; endDate: string | null } | null;
}): boolean {
  const { agreement } = order;
  return (
    (REDEMPTION_CASE_ORDER_STATUSES as readonly string[]).includes(order.orderStatus) &&
    agreement?.status === "ACCEPTED" &&
    !!agreement.startDate &&
    !!agreement.endDate
  );
}
