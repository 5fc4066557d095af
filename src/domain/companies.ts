import type { OrderStatus } from "./enums.ts";

/**
 * Company rules: which orders count as a company's live leases, and why such a company
 * cannot be deleted. The contract re-exports the status set for the web.
 */

/** Order statuses in which a company's lease is live or on its way: such a company cannot be deleted. */
export const ACTIVE_LEASE_STATUSES = [
  "CONFIRMED",
  "PROCESSED",
  "WAITING_FOR_INVOICE_MATCH",
  "WAITING_FOR_DELIVERY_DATE",
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
  "WAITING_FOR_CUSTOMER_COMMENT",
  "CASE_X",
] as const satisfies readonly OrderStatus[];
export type ActiveLeaseStatus = (typeof ACTIVE_LEASE_STATUSES)[number];

export function isActiveLeaseStatus(status: OrderStatus): status is ActiveLeaseStatus {
  return (ACTIVE_LEASE_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * Why a company with live leases cannot be deleted (English, for the API message), or null when it
 * has none. Its orders, agreements and invoices must keep a company to belong to until they end.
 */
export function companyDeletionBlocker(activeLeaseCount: number): string | null {
  if (activeLeaseCount <= 0) return null;
  const leases = activeLeaseCount === 1 ? "1 active lease" : `${activeLeaseCount} active leases`;
  return `The company has ${leases}; it can be deleted only after they have ended or been cancelled`;
}

/**
 * Below this a company's max price for a bike package (in cents) is most likely a typo ("10" for
 * "1000"): a commuting bike costs hundreds of euros, and under 500 € the lease's monthly fees (service,
 * insurance) would be a large share of what the employee gets. No rule forbids it, so the form warns
 * instead of refusing.
 */
export const LOWEST_SENSIBLE_MAX_PRICE_CENTS = 50_000;

/** Whether a max price is set but so low that no sensible bike lease fits under it; none is no limit. */
export function isMaxPriceImplausiblyLow(maxPriceCents: number | null): boolean {
  return maxPriceCents !== null && maxPriceCents < LOWEST_SENSIBLE_MAX_PRICE_CENTS;
}
