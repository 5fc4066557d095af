import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  absenceEffect,
  absenceLengthDays,
  absencesOverlap,
  canDecide,
  hasEmploymentEnd,
  isAbsentOn,
  isEligibleToOrder,
  isEmploymentEnded,
  isLongAbsence,
  lastWorkingDayOrDefault,
  mayGrantEmployerRolesIn,
} from "./employees.ts";

describe("the employment's end", () => {
  it("defaults to 01.01.2999 when no last working day is given (docs/product.md 'States')", () => {
    expect(lastWorkingDayOrDefault(null)).toBe("2999-01-01");
    expect(lastWorkingDayOrDefault(undefined)).toBe("2999-01-01");
    expect(lastWorkingDayOrDefault("")).toBe("2999-01-01");
    expect(lastWorkingDayOrDefault("2026-12-31")).toBe("2026-12-31");
  });

  it("has ended the day after the last working day", () => {
    expect(isEmploymentEnded("2026-11-22", "2026-11-23")).toBe(true);
    expect(isEmploymentEnded("2026-11-23", "2026-11-23")).toBe(false);
    expect(hasEmploymentEnd("2999-01-01")).toBe(false);
    expect(hasEmploymentEnd("2027-01-31")).toBe(true);
  });
});

describe("decisions and roles", () => {
  it("decides only a request that still waits", () => {
    expect(canDecide("PENDING")).toBe(true);
    for (const status of ["ACCEPTED", "REJECTED", "INACTIVE"] as const) expect(canDecide(status)).toBe(false);
  });

  const A = { id: "a", groupCompanyId: "g" };
  const B = { id: "b", groupCompanyId: "g" };
  const C = { id: "c", groupCompanyId: null };
  const groups = new Map<string, string | null>([
    ["a", "g"],
    ["b", "g"],
    ["c", null],
  ]);
  const groupOf = (id: string) => groups.get(id);
  const held = (role: string, companyId: string | null) => [{ companyId, role: { name: role } }];

  it("lets the company's employer admin, its group's group admin and the admin tier hand out roles", () => {
    expect(mayGrantEmployerRolesIn(held("EMPLOYER_ADMIN", "a"), A, groupOf)).toBe(true);
    expect(mayGrantEmployerRolesIn(held("EMPLOYER_GROUP_ADMIN", "a"), B, groupOf)).toBe(true);
    expect(mayGrantEmployerRolesIn(held("INTERNAL_ADMIN", null), C, groupOf)).toBe(true);
    expect(mayGrantEmployerRolesIn(held("SUPER_ADMIN", null), A, groupOf)).toBe(true);
  });

  it("gives nothing for roles held in another company, to editors, reporting or nobody", () => {
    // An admin of A who is only an editor in B gives no roles in B.
    const adminOfAEditorOfB = [...held("EMPLOYER_ADMIN", "a"), ...held("EMPLOYER_EDITOR", "b")];
    expect(mayGrantEmployerRolesIn(adminOfAEditorOfB, B, groupOf)).toBe(false);
    expect(mayGrantEmployerRolesIn(held("EMPLOYER_GROUP_ADMIN", "c"), C, groupOf)).toBe(false);
    expect(mayGrantEmployerRolesIn(held("EMPLOYER_GROUP_ADMIN", "a"), C, groupOf)).toBe(false);
    expect(mayGrantEmployerRolesIn(held("EMPLOYER_EDITOR", "a"), A, groupOf)).toBe(false);
    expect(mayGrantEmployerRolesIn(held("EMPLOYER_REPORTING", "a"), A, groupOf)).toBe(false);
    expect(mayGrantEmployerRolesIn(held("INTERNAL_ADMIN", "a"), A, groupOf)).toBe(false);
    expect(mayGrantEmployerRolesIn([], A, groupOf)).toBe(false);
  });
});

describe("who may order (the bike policy's eligibility)", () => {
  const base = { status: "ACCEPTED" as const, lastWorkingDayDate: "2999-01-01", jobTrialPeriodEndDate: null };
  it("needs an accepted employment that has not ended", () => {
    expect(isEligibleToOrder(base, "ALL_EMPLOYEES", "2026-11-23")).toBe(true);
    expect(isEligibleToOrder({ ...base, status: "PENDING" }, "ALL_EMPLOYEES", "2026-11-23")).toBe(false);
    expect(
      isEligibleToOrder({ ...base, lastWorkingDayDate: "2026-10-31" }, "ALL_EMPLOYEES", "2026-11-23"),
    ).toBe(false);
  });

  it("waits for the trial period to end when the policy says so", () => {
    const onTrial = { ...base, jobTrialPeriodEndDate: "2026-12-31" };
    expect(isEligibleToOrder(onTrial, "ALL_EMPLOYEES", "2026-11-23")).toBe(true);
    expect(isEligibleToOrder(onTrial, "AFTER_TRIAL_PERIOD", "2026-11-23")).toBe(false);
    expect(isEligibleToOrder(onTrial, "AFTER_TRIAL_PERIOD", "2027-01-01")).toBe(true);
    expect(isEligibleToOrder(base, "AFTER_TRIAL_PERIOD", "2026-11-23")).toBe(true);
  });
});

describe("absences", () => {
  it("say what they mean for the lease", () => {
    expect(absenceEffect("SICK_LEAVE")).toBe("DEDUCTION_CONTINUES");
    expect(absenceEffect("PARENTAL_LEAVE")).toBe("DEDUCTION_DEFERRED");
    expect(absenceEffect("OTHER")).toBe("DEDUCTION_DEFERRED");
  });

  it("cover their days, an open one from its start on", () => {
    expect(isAbsentOn({ startDate: "2026-03-01", endDate: "2026-03-31" }, "2026-03-31")).toBe(true);
    expect(isAbsentOn({ startDate: "2026-03-01", endDate: "2026-03-31" }, "2026-04-01")).toBe(false);
    expect(isAbsentOn({ startDate: "2026-03-01", endDate: null }, "2030-01-01")).toBe(true);
    expect(isAbsentOn({ startDate: "2026-03-01", endDate: null }, "2026-02-28")).toBe(false);
  });

  it("count their days with both ends, and are long over 90 days", () => {
    expect(absenceLengthDays({ startDate: "2026-03-01", endDate: "2026-03-01" }, "2026-11-23")).toBe(1);
    expect(absenceLengthDays({ startDate: "2026-03-01", endDate: "2026-05-29" }, "2026-11-23")).toBe(90);
    expect(isLongAbsence({ startDate: "2026-03-01", endDate: "2026-05-29" }, "2026-11-23")).toBe(false);
    expect(isLongAbsence({ startDate: "2026-03-01", endDate: "2026-05-30" }, "2026-11-23")).toBe(true);
    expect(isLongAbsence({ startDate: "2026-11-01", endDate: null }, "2026-11-23")).toBe(false);
    expect(absenceLengthDays({ startDate: "2026-12-01", endDate: null }, "2026-11-23")).toBe(0);
  });

  it("overlap exactly when they share a day (property)", () => {
    const day = fc
      .integer({ min: 0, max: 400 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    const absence = fc
      .tuple(day, fc.option(day, { nil: null }))
      .map(([a, b]) => (b === null || b >= a ? { startDate: a, endDate: b } : { startDate: b, endDate: a }));
    fc.assert(
      fc.property(absence, absence, day, (a, b, probe) => {
        if (isAbsentOn(a, probe) && isAbsentOn(b, probe)) expect(absencesOverlap(a, b)).toBe(true);
        expect(absencesOverlap(a, b)).toBe(absencesOverlap(b, a));
        const shared = absencesOverlap(a, b);
        const start = a.startDate > b.startDate ? a.startDate : b.startDate;
        if (shared) expect(isAbsentOn(a, start) && isAbsentOn(b, start)).toBe(true);
      }),
    );
  });
});
