import { describe, expect, it } from "vitest";
import {
  ACTIVE_LEASE_STATUSES,
  companyDeletionBlocker,
  isActiveLeaseStatus,
  isMaxPriceImplausiblyLow,
  LOWEST_SENSIBLE_MAX_PRICE_CENTS,
} from "./companies.ts";
import { ORDER_STATUSES } from "./enums.ts";

describe("active leases", () => {
  it("counts confirmed orders up to an active lease, the side states included, and nothing before or after", () => {
    expect(isActiveLeaseStatus("ACTIVE_LEASING")).toBe(true);
    expect(isActiveLeaseStatus("CONFIRMED")).toBe(true);
    expect(isActiveLeaseStatus("WAITING_FOR_CUSTOMER_COMMENT")).toBe(true);
    for (const status of [
      "NOT_STARTED",
      "PENDING",
      "ALL_INFO_PROVIDED",
      "CANCELLED",
      "REFUNDED",
      "WIX",
    ] as const)
      expect(isActiveLeaseStatus(status), status).toBe(false);
    expect(ORDER_STATUSES.filter(isActiveLeaseStatus)).toEqual([...ACTIVE_LEASE_STATUSES]);
  });

  it("blocks deleting a company while it has active leases, naming the count", () => {
    expect(companyDeletionBlocker(0)).toBeNull();
    expect(companyDeletionBlocker(1)).toMatch(/^The company has 1 active lease;/);
    expect(companyDeletionBlocker(3)).toMatch(/^The company has 3 active leases;/);
  });
});

describe("a company's max price", () => {
  it("is implausibly low under 500 €, and not from 500 € up or when there is no max price", () => {
    expect(LOWEST_SENSIBLE_MAX_PRICE_CENTS).toBe(50_000);
    expect(isMaxPriceImplausiblyLow(0)).toBe(true);
    expect(isMaxPriceImplausiblyLow(1_000)).toBe(true);
    expect(isMaxPriceImplausiblyLow(49_999)).toBe(true);
    expect(isMaxPriceImplausiblyLow(50_000)).toBe(false);
    expect(isMaxPriceImplausiblyLow(450_000)).toBe(false);
    expect(isMaxPriceImplausiblyLow(null)).toBe(false);
  });
});
