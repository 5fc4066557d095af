import { describe, expect, it } from "vitest";
import { markChanges, sameJsonValue } from "./changes.ts";
import { payrollReport } from "./report.ts";
import { absence, employee, input, lease, rowOf } from "./test-fixtures.ts";
import type { PayrollRow } from "./types.ts";

/** A JSONB round trip: PostgreSQL stores object keys sorted by length, then bytewise. */
function jsonbRoundTrip<T>(value: T): T {
  const reorder = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(reorder);
    if (v === null || typeof v !== "object") return v;
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
      a.length !== b.length ? a.length - b.length : a < b ? -1 : 1,
    );
    return Object.fromEntries(entries.map(([k, x]) => [k, reorder(x)]));
  };
  return JSON.parse(JSON.stringify(reorder(value))) as T;
}

const employees = [
  employee("a", { lastName: "Aalto" }),
  employee("b", { lastName: "Berg", lastWorkingDayDate: "2026-05-20" }),
  employee("c", { lastName: "Koski" }),
];
const leases = [
  lease("A1", "a", { startDate: "2026-01-01", monthlyPaymentCents: 10_000 }),
  lease("B1", "b", { startDate: "2026-01-01", monthlyPaymentCents: 9_000 }),
  lease("C1", "c", { startDate: "2026-06-01", monthlyPaymentCents: 11_000 }),
];
const absences = [absence("a", "PARENTAL_LEAVE", "2026-06-01", null)];
const may = payrollReport(input({ period: "2026-05", employees, leases, absences })).rows;
const june = payrollReport(input({ period: "2026-06", employees, leases, absences })).rows;

describe("markChanges", () => {
  const marked = markChanges(june, jsonbRoundTrip(may));

  it("NEW for a row not there last month", () => {
    expect(rowOf(marked, "C1")).toMatchObject({ change: "NEW", changedFields: [] });
  });

  it("CHANGED with the fields that differ", () => {
    const a = rowOf(marked, "A1");
    expect(a.change).toBe("CHANGED");
    expect(a.changedFields).toEqual([
      "grossDeductionCents",
      "deferredCents",
      "outstandingDeferredCents",
      "absence",
      "withoutPay",
    ]);
  });

  it("ENDED rows, with zero amounts, for last month's rows that are gone", () => {
    const b = rowOf(marked, "B1");
    expect(b.change).toBe("ENDED");
    expect([b.monthlyPaymentCents, b.grossDeductionCents, b.taxableCents, b.taxFreeCents]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(b.oneOffs).toEqual([]);
    expect(b.employmentEndsOn).toBe("2026-05-20");
    expect(marked.map((r) => r.key)).toEqual(["A1", "B1", "C1"]);
  });

  it("UNCHANGED when nothing differs, even after a JSONB round trip", () => {
    const july = payrollReport(input({ period: "2026-07", employees, leases, absences })).rows;
    const august = payrollReport(input({ period: "2026-08", employees, leases, absences })).rows;
    const again = markChanges(august, jsonbRoundTrip(july));
    expect(again.map((r) => [r.key, r.change])).toEqual([
      ["A1", "CHANGED"],
      ["C1", "UNCHANGED"],
    ]);
    // A1 is on leave: the deferred payments grow every month, and by 31.8. the leave is over 90 days.
    expect(rowOf(again, "A1").changedFields).toEqual(["outstandingDeferredCents", "absence"]);
  });

  it("last month's ENDED rows are not carried on", () => {
    const july = payrollReport(input({ period: "2026-07", employees, leases, absences })).rows;
    const next = markChanges(july, marked);
    expect(next.some((r) => r.key === "B1")).toBe(false);
  });

  it("a one-off of the same amount is unchanged; a new one is a change of oneOffs and the net deduction", () => {
    const oneOff = {
      beneficiaryEmployeeId: "c",
      kind: "OTHER" as const,
      description: "Huolto",
      amountCents: 3_000,
    };
    const july = payrollReport(
      input({ period: "2026-07", employees, leases, absences, oneOffs: [oneOff] }),
    ).rows;
    const c = rowOf(markChanges(july, june), "C1");
    expect(c.change).toBe("CHANGED");
    expect(c.changedFields).toEqual(["netDeductionCents", "oneOffs"]);
  });

  it("markChanges(rows, rows): everything UNCHANGED, no ENDED rows", () => {
    const same = markChanges(june, june);
    expect(same).toHaveLength(june.length);
    expect(same.every((r: PayrollRow) => r.change === "UNCHANGED" && r.changedFields.length === 0)).toBe(
      true,
    );
  });
});

describe("sameJsonValue", () => {
  it("ignores key order, not values", () => {
    expect(sameJsonValue({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameJsonValue({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJsonValue([1, 2], [2, 1])).toBe(false);
    expect(sameJsonValue(null, {})).toBe(false);
    expect(sameJsonValue([], {})).toBe(false);
  });
});
