import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REQUEST_STATUSES_WITH_SIGNED } from "./enums.ts";
import {
  agreementPhase,
  effectiveLeaseEndDate,
  effectiveLeaseMonths,
  isBikeInUse,
  leaseEndDate,
  leaseStartDate,
} from "./lease-dates.ts";
import { addMonths, lastDayOf } from "./payroll/period.ts";

/** The lease's dates and the agreement's phase. */

const date = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2090-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("the lease's dates", () => {
  it("starts on the first of the month after delivery and ends on the last day of its last month", () => {
    expect(leaseStartDate("2026-03-15")).toBe("2026-04-01");
    expect(leaseStartDate("2026-03-01")).toBe("2026-04-01");
    expect(leaseStartDate("2026-12-31")).toBe("2027-01-01");
    expect(leaseEndDate("2026-04-01", 36)).toBe("2029-03-31");
    expect(leaseEndDate("2026-03-01", 36)).toBe("2029-02-28");
    expect(leaseEndDate("2027-03-01", 12)).toBe("2028-02-29");
    expect(leaseEndDate("2026-01-01", 1)).toBe("2026-01-31");
    expect(() => leaseEndDate("2026-01-01", 0)).toThrow(RangeError);
  });

  it("is the one start rule: the month after the delivery's month, whatever the day, never a week later", () => {
    fc.assert(
      fc.property(date, (delivered) => {
        const start = leaseStartDate(delivered);
        expect(start).toBe(`${addMonths(delivered.slice(0, 7), 1)}-01`);
      }),
    );
    expect(leaseStartDate("2026-01-07")).not.toBe("2026-01-14");
    expect(leaseStartDate("2026-06-28")).toBe("2026-07-01");
  });

  it("always starts after delivery, within a month, and ends after it starts", () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 120 }), (delivered, months) => {
        const start = leaseStartDate(delivered);
        expect(start > delivered).toBe(true);
        expect(start.endsWith("-01")).toBe(true);
        expect(Date.parse(start) - Date.parse(delivered)).toBeLessThanOrEqual(31 * 24 * 3600 * 1000);
        const end = leaseEndDate(start, months);
        expect(end > start).toBe(true);
        // The day after the end is the first day of the month `months` after the start.
        const after = new Date(Date.parse(`${end}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10);
        const [y, m] = start.split("-").map(Number) as [number, number];
        const index = y * 12 + (m - 1) + months;
        const expected = `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
        expect(after).toBe(expected);
      }),
    );
  });
});

describe("the agreement's phase", () => {
  it("follows the leasing company's decision, then the dates", () => {
    expect(agreementPhase(null, null, null, "2026-05-01")).toBe("DRAFT");
    expect(agreementPhase("SIGNED", null, null, "2026-05-01")).toBe("SIGNED");
    expect(agreementPhase("PENDING", null, null, "2026-05-01")).toBe("PENDING");
    expect(agreementPhase("REJECTED", null, null, "2026-05-01")).toBe("REJECTED");
    expect(agreementPhase("ACCEPTED", null, null, "2026-05-01")).toBe("ACCEPTED");
    expect(agreementPhase("ACCEPTED", "2026-06-01", "2029-05-31", "2026-05-31")).toBe("ACCEPTED");
    expect(agreementPhase("ACCEPTED", "2026-06-01", "2029-05-31", "2026-06-01")).toBe("ACTIVE");
    expect(agreementPhase("ACCEPTED", "2026-06-01", "2029-05-31", "2029-05-31")).toBe("ACTIVE");
    expect(agreementPhase("ACCEPTED", "2026-06-01", "2029-05-31", "2029-06-01")).toBe("ENDED");
  });

  it("is never active or ended without acceptance and a start date", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, ...REQUEST_STATUSES_WITH_SIGNED),
        fc.option(date),
        fc.option(date),
        date,
        (status, start, end, today) => {
          const phase = agreementPhase(status, start, end, today);
          if (phase === "ACTIVE" || phase === "ENDED") {
            expect(status).toBe("ACCEPTED");
            expect(start !== null && today >= start).toBe(true);
          }
          if (phase === "ENDED") expect(end !== null && today > end).toBe(true);
        },
      ),
    );
  });
});

describe("effectiveLeaseMonths", () => {
  it("is the term while the end date is the term's end or not set", () => {
    expect(effectiveLeaseMonths("2026-03-01", 36, null)).toBe(36);
    expect(effectiveLeaseMonths("2026-03-01", 36, leaseEndDate("2026-03-01", 36))).toBe(36);
  });

  it("counts the months up to an earlier end, the end's month included, at least one", () => {
    expect(effectiveLeaseMonths("2026-03-01", 36, "2027-06-30")).toBe(16);
    expect(effectiveLeaseMonths("2026-03-01", 36, "2026-03-31")).toBe(1);
    expect(effectiveLeaseMonths("2026-03-01", 36, "2026-02-28")).toBe(1);
  });

  it("never runs past the term (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 60 }), fc.integer({ min: 0, max: 80 }), (months, endAfter) => {
        const start = "2026-01-01";
        const end = lastDayOf(addMonths("2026-01", endAfter));
        const effective = effectiveLeaseMonths(start, months, end);
        expect(effective).toBe(Math.min(months, endAfter + 1));
      }),
    );
  });
});

describe("isBikeInUse", () => {
  const leasing = {
    orderStatus: "ACTIVE_LEASING",
    agreementEndDate: "2029-02-28",
    redemption: null,
    claimOutcomes: [],
  };
  const today = "2027-06-01";

  it("is the leasing order's bike until its lease ends", () => {
    expect(isBikeInUse(leasing, today)).toBe(true);
    expect(isBikeInUse({ ...leasing, agreementEndDate: null }, today)).toBe(true);
    expect(isBikeInUse(leasing, "2029-02-28")).toBe(true);
    expect(isBikeInUse(leasing, "2029-03-01")).toBe(false);
    expect(isBikeInUse({ ...leasing, orderStatus: "GRENKE_INVOICE_SENT" }, today)).toBe(false);
  });

  it("ends with a completed redemption case, except a bike kept through an absence", () => {
    const done = (choice: string) => ({ ...leasing, redemption: { status: "COMPLETED", choice } });
    for (const choice of ["REDEEM", "RETURN", "BROKERAGE", "TRANSFER"])
      expect(isBikeInUse(done(choice), today), choice).toBe(false);
    expect(isBikeInUse(done("CONTINUE"), today)).toBe(true);
    expect(isBikeInUse({ ...leasing, redemption: { status: "PENDING", choice: "REDEEM" } }, today)).toBe(
      true,
    );
    expect(isBikeInUse({ ...leasing, redemption: { status: "CANCELLED", choice: null } }, today)).toBe(true);
  });

  it("ends with a claim closed as the end of the leasing, not with a repair", () => {
    const claims = (...c: { status: string; outcome: string | null }[]) => ({ ...leasing, claimOutcomes: c });
    expect(isBikeInUse(claims({ status: "COMPLETED", outcome: "END_OF_LEASING" }), today)).toBe(false);
    expect(isBikeInUse(claims({ status: "PENDING", outcome: "END_OF_LEASING" }), today)).toBe(true);
    expect(isBikeInUse(claims({ status: "COMPLETED", outcome: "REPAIR" }), today)).toBe(true);
  });
});

describe("effectiveLeaseEndDate", () => {
  const open = (leaseEndsOn: string, choice: string | null = null) => ({
    status: "PENDING",
    choice,
    leaseEndsOn,
  });
  it("is the agreement's end without a case", () => {
    expect(effectiveLeaseEndDate("2028-11-30", null)).toBe("2028-11-30");
  });
  it("is the open case's last day, never after the agreement's end", () => {
    expect(effectiveLeaseEndDate("2028-11-30", open("2026-12-31"))).toBe("2026-12-31");
    expect(effectiveLeaseEndDate("2026-10-31", open("2026-12-31"))).toBe("2026-10-31");
  });
  it("is the agreement's end when the case was cancelled or the employee continues the lease", () => {
    expect(effectiveLeaseEndDate("2028-11-30", { ...open("2026-12-31"), status: "CANCELLED" })).toBe(
      "2028-11-30",
    );
    expect(effectiveLeaseEndDate("2028-11-30", open("2026-12-31", "CONTINUE"))).toBe("2028-11-30");
  });
});
