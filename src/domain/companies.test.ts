import { describe, expect, it } from "vitest";
import { ACTIVE_LEASE_STATUSES, companyDeletionBlocker, isActiveLeaseStatus } from "./companies.ts";
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
