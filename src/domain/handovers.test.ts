import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canRecordHandover,
  canReportDefect,
  DEFECT_REPORT_WINDOW_DAYS,
  defectWindowEndsOn,
  handoverKindOf,
  normalizePickupCode,
  orderTakesHandover,
  PICKUP_CODE_LENGTH,
  pickupCodeFromHash,
} from "./handovers.ts";
import { leaseStartDate } from "./lease-dates.ts";

describe("the handover's kind", () => {
  it("is in the store for a pickup or an order without a method, shipped for a home delivery", () => {
    expect(handoverKindOf("PICKUP")).toBe("IN_STORE");
    expect(handoverKindOf(null)).toBe("IN_STORE");
    expect(handoverKindOf("HOME_DELIVERY")).toBe("SHIPPED");
  });
});

describe("whether an order takes a handover", () => {
  it("does when its store has an account, and is a bare delivery by the link otherwise", () => {
    expect(orderTakesHandover({ hasAccount: true })).toBe(true);
    expect(orderTakesHandover({ hasAccount: false })).toBe(false);
  });
});

describe("recording a handover", () => {
  it("is open while the order waits for its delivery and no cancellation is asked", () => {
    expect(canRecordHandover("WAITING_FOR_DELIVERY_DATE", false)).toBe(true);
    expect(canRecordHandover("WAITING_FOR_DELIVERY_DATE", true)).toBe(false);
    expect(canRecordHandover("READY_FOR_BILLING", false)).toBe(false);
    expect(canRecordHandover("PENDING", false)).toBe(false);
  });
});

describe("the defect window", () => {
  it("is two weeks from a shipped bike's arrival, and none for a bike handed over in person", () => {
    expect(DEFECT_REPORT_WINDOW_DAYS).toBe(14);
    expect(defectWindowEndsOn("SHIPPED", "2026-11-20")).toBe("2026-12-04");
    expect(defectWindowEndsOn("SHIPPED", "2026-12-28")).toBe("2027-01-11");
    expect(defectWindowEndsOn("IN_STORE", "2026-11-20")).toBeNull();
  });

  it("takes reports on its last day, not the day after, and only of a completed handover", () => {
    const done = { status: "COMPLETED" as const, defectWindowEndsOn: "2026-12-04" };
    expect(canReportDefect(done, "2026-11-20")).toBe(true);
    expect(canReportDefect(done, "2026-12-04")).toBe(true);
    expect(canReportDefect(done, "2026-12-05")).toBe(false);
    expect(canReportDefect({ ...done, status: "AWAITING_EMPLOYEE" }, "2026-11-21")).toBe(false);
    expect(canReportDefect({ ...done, defectWindowEndsOn: null }, "2026-11-21")).toBe(false);
  });

  it("the lease still starts on the first of the month after the handover", () => {
    expect(leaseStartDate("2026-11-27")).toBe("2026-12-01");
    expect(leaseStartDate("2026-12-31")).toBe("2027-01-01");
  });
});

describe("the pickup code", () => {
  it("is six digits for any hash, the same for the same hash", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), (hash) => {
        const code = pickupCodeFromHash(hash);
        expect(code).toMatch(new RegExp(`^\\d{${PICKUP_CODE_LENGTH}}$`));
        expect(pickupCodeFromHash(hash)).toBe(code);
      }),
    );
    expect(pickupCodeFromHash(`${"0".repeat(12)}ff`)).toBe("000000");
    expect(pickupCodeFromHash(`00000001e240${"0".repeat(52)}`)).toBe("123456");
  });

  it("refuses what is not a hash", () => {
    expect(() => pickupCodeFromHash("not a hash")).toThrow(RangeError);
  });

  it("reads what people type, with the spaces and dashes left out", () => {
    expect(normalizePickupCode(" 123 456 ")).toBe("123456");
    expect(normalizePickupCode("123-456")).toBe("123456");
  });
});
