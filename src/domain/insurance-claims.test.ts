import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INSURANCE_CLAIM_OUTCOMES, INSURANCE_CLAIM_TYPES, SIMPLE_STATES } from "./enums.ts";
import {
  canChangeOutcome,
  canEmployeeDeleteClaim,
  canTakeClaimStep,
  claimOutcomesFor,
  DEFAULT_DEDUCTIBLE_CENTS,
  deductibleOwedCents,
  fullMonthsBetween,
  INSURANCE_CLAIM_STEPS,
  type InsuranceClaimStep,
  incidentDateProblem,
  insuredValueCents,
  isCompletingStep,
  isReportedLate,
  nextClaimSteps,
  reportDeadline,
} from "./insurance-claims.ts";

/** The insurance claim's rules: the step table, the report deadline, what the employee bears. */

const date = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2090-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const open = (
  type: "THEFT" | "DAMAGE",
  outcome: "REPAIR" | "NEW_BIKE" | "END_OF_LEASING" | null,
  stepsTaken: InsuranceClaimStep[] = [],
) => ({ status: "PENDING" as const, type, outcome, stepsTaken });

describe("the claim's steps", () => {
  it("walks a repair: to the repair shop, the repair invoice, completed", () => {
    const road: InsuranceClaimStep[] = [
      "INSURANCE_REPAIR_BIKE_SUBMITTED",
      "INSURANCE_REPAIR_INVOICE_SENT",
      "INSURANCE_CASE_COMPLETED",
    ];
    for (let i = 0; i < road.length; i++) {
      expect(nextClaimSteps(open("DAMAGE", "REPAIR", road.slice(0, i)))).toEqual([road[i]]);
    }
    expect(nextClaimSteps(open("DAMAGE", "REPAIR", road))).toEqual([]);
  });

  it("walks a new bike: its case to the leasing company, the Grenke invoice, completed", () => {
    expect(nextClaimSteps(open("THEFT", "NEW_BIKE"))).toEqual(["INSURANCE_NEW_BIKE_CASE_SUBMITTED"]);
    expect(nextClaimSteps(open("THEFT", "NEW_BIKE", ["INSURANCE_NEW_BIKE_CASE_SUBMITTED"]))).toEqual([
      "INSURANCE_GRENKE_INVOICE_SENT",
    ]);
    expect(
      nextClaimSteps(
        open("THEFT", "NEW_BIKE", ["INSURANCE_NEW_BIKE_CASE_SUBMITTED", "INSURANCE_GRENKE_INVOICE_SENT"]),
      ),
    ).toEqual(["INSURANCE_CASE_COMPLETED"]);
  });

  it("walks an end of leasing: the Grenke invoice, then the lease ends", () => {
    expect(nextClaimSteps(open("DAMAGE", "END_OF_LEASING"))).toEqual(["INSURANCE_GRENKE_INVOICE_SENT"]);
    expect(nextClaimSteps(open("DAMAGE", "END_OF_LEASING", ["INSURANCE_GRENKE_INVOICE_SENT"]))).toEqual([
      "INSURANCE_END_OF_LEASING_COMPLETED",
    ]);
  });

  it("takes no step before the outcome is set, none on a closed claim, none that skips or strays", () => {
    expect(nextClaimSteps(open("DAMAGE", null))).toEqual([]);
    expect(
      nextClaimSteps({ status: "COMPLETED", type: "DAMAGE", outcome: "REPAIR", stepsTaken: [] }),
    ).toEqual([]);
    expect(canTakeClaimStep(open("DAMAGE", "REPAIR"), "INSURANCE_REPAIR_INVOICE_SENT")).toBe(false);
    expect(canTakeClaimStep(open("DAMAGE", "REPAIR"), "INSURANCE_CASE_COMPLETED")).toBe(false);
    expect(canTakeClaimStep(open("DAMAGE", "END_OF_LEASING"), "INSURANCE_CASE_COMPLETED")).toBe(false);
    // Steps of another outcome's road (the outcome changed by hand in the database) stop the claim.
    expect(nextClaimSteps(open("DAMAGE", "NEW_BIKE", ["INSURANCE_REPAIR_BIKE_SUBMITTED"]))).toEqual([]);
  });

  it("never repairs a stolen bike", () => {
    expect(claimOutcomesFor("THEFT")).toEqual(["NEW_BIKE", "END_OF_LEASING"]);
    expect(claimOutcomesFor("DAMAGE")).toEqual(["REPAIR", "NEW_BIKE", "END_OF_LEASING"]);
    expect(nextClaimSteps(open("THEFT", "REPAIR"))).toEqual([]);
  });

  it("closes with either completing step only", () => {
    const completing = INSURANCE_CLAIM_STEPS.filter(isCompletingStep);
    expect(completing.sort()).toEqual(["INSURANCE_CASE_COMPLETED", "INSURANCE_END_OF_LEASING_COMPLETED"]);
  });

  it("offers at most one next step, from the outcome's road, and every road ends in a completing step", () => {
    const claim = fc.record({
      status: fc.constantFrom(...SIMPLE_STATES),
      type: fc.constantFrom(...INSURANCE_CLAIM_TYPES),
      outcome: fc.constantFrom(null, ...INSURANCE_CLAIM_OUTCOMES),
      stepsTaken: fc.array(fc.constantFrom(...INSURANCE_CLAIM_STEPS), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(claim, (c) => {
        const next = nextClaimSteps(c);
        expect(next.length).toBeLessThanOrEqual(1);
        if (next.length === 1) {
          expect(c.status).toBe("PENDING");
          expect(c.outcome).not.toBeNull();
          expect(claimOutcomesFor(c.type)).toContain(c.outcome);
          expect(c.stepsTaken).not.toContain(next[0]);
        }
      }),
    );
    for (const outcome of INSURANCE_CLAIM_OUTCOMES) {
      const steps: InsuranceClaimStep[] = [];
      let next = nextClaimSteps(open("DAMAGE", outcome, steps));
      while (next[0]) {
        steps.push(next[0]);
        next = nextClaimSteps(open("DAMAGE", outcome, steps));
      }
      expect(isCompletingStep(steps[steps.length - 1] as InsuranceClaimStep), outcome).toBe(true);
      expect(steps.filter(isCompletingStep), outcome).toHaveLength(1);
    }
  });

  it("fixes the outcome with the first step, and lets the employee withdraw only an untouched open claim", () => {
    expect(canChangeOutcome(open("DAMAGE", "REPAIR"))).toBe(true);
    expect(canChangeOutcome(open("DAMAGE", "REPAIR", ["INSURANCE_REPAIR_BIKE_SUBMITTED"]))).toBe(false);
    expect(canEmployeeDeleteClaim(open("DAMAGE", null))).toBe(true);
    expect(canEmployeeDeleteClaim(open("DAMAGE", "REPAIR", ["INSURANCE_REPAIR_BIKE_SUBMITTED"]))).toBe(false);
    expect(canEmployeeDeleteClaim({ status: "COMPLETED", stepsTaken: [] })).toBe(false);
  });
});

describe("the report deadline", () => {
  it("is 14 days after the incident; a later report is late, an unknown date never", () => {
    expect(reportDeadline("2026-03-01")).toBe("2026-03-15");
    expect(reportDeadline("2026-12-25")).toBe("2027-01-08");
    expect(isReportedLate("2026-03-01", "2026-03-15")).toBe(false);
    expect(isReportedLate("2026-03-01", "2026-03-16")).toBe(true);
    expect(isReportedLate(null, "2030-01-01")).toBe(false);
  });

  it("refuses an incident in the future or before the lease", () => {
    const context = { today: "2026-05-10", leaseStartDate: "2026-02-01" };
    expect(incidentDateProblem("2026-05-10", context)).toBeNull();
    expect(incidentDateProblem("2026-02-01", context)).toBeNull();
    expect(incidentDateProblem("2026-05-11", context)).toBe("IN_FUTURE");
    expect(incidentDateProblem("2026-01-31", context)).toBe("BEFORE_LEASE");
    expect(incidentDateProblem("2020-01-01", { today: "2026-05-10", leaseStartDate: null })).toBeNull();
  });
});

describe("what the employee bears", () => {
  it("counts whole calendar months", () => {
    expect(fullMonthsBetween("2026-01-15", "2026-03-14")).toBe(1);
    expect(fullMonthsBetween("2026-01-15", "2026-03-15")).toBe(2);
    expect(fullMonthsBetween("2026-01-31", "2026-02-27")).toBe(0);
    expect(fullMonthsBetween("2026-01-31", "2026-02-28")).toBe(1);
    expect(fullMonthsBetween("2026-03-01", "2026-03-01")).toBe(0);
    expect(fullMonthsBetween("2026-03-01", "2026-02-01")).toBe(0);
    expect(fullMonthsBetween("2025-06-01", "2026-11-23")).toBe(17);
  });

  it("depreciates the insured value by 1 % of the price a full month, never below zero", () => {
    expect(insuredValueCents(399_000, "2025-06-01", "2025-06-30")).toBe(399_000);
    expect(insuredValueCents(399_000, "2025-06-01", "2025-07-01")).toBe(395_010);
    // 17 full months: 83 % of 3 990 €.
    expect(insuredValueCents(399_000, "2025-06-01", "2026-11-23")).toBe(331_170);
    expect(insuredValueCents(399_000, "2017-01-01", "2026-01-01")).toBe(0);
    expect(insuredValueCents(399_000, null, "2026-01-01")).toBe(399_000);
  });

  it("keeps the insured value within 0 and the price, never rising as time passes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), date, date, date, (price, start, first, second) => {
        const [earlier, later] = first <= second ? [first, second] : [second, first];
        const a = insuredValueCents(price, start, earlier);
        const b = insuredValueCents(price, start, later);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(price);
        expect(b).toBeLessThanOrEqual(a);
        expect(Number.isInteger(a)).toBe(true);
        if (earlier < start) expect(a).toBe(price);
      }),
    );
  });

  it("is the 240 € deductible, capped by the repair's cost or the insured value", () => {
    expect(DEFAULT_DEDUCTIBLE_CENTS).toBe(24_000);
    const claim = { deductibleCents: 24_000, insuredValueCents: 300_000 };
    expect(deductibleOwedCents({ ...claim, outcome: "REPAIR", repairCostCents: 48_000 })).toBe(24_000);
    expect(deductibleOwedCents({ ...claim, outcome: "REPAIR", repairCostCents: 15_000 })).toBe(15_000);
    expect(deductibleOwedCents({ ...claim, outcome: "REPAIR", repairCostCents: null })).toBe(24_000);
    expect(deductibleOwedCents({ ...claim, outcome: "NEW_BIKE", repairCostCents: 5_000 })).toBe(24_000);
    expect(
      deductibleOwedCents({
        ...claim,
        insuredValueCents: 10_000,
        outcome: "END_OF_LEASING",
        repairCostCents: null,
      }),
    ).toBe(10_000);
    expect(
      deductibleOwedCents({ ...claim, deductibleCents: 0, outcome: "NEW_BIKE", repairCostCents: null }),
    ).toBe(0);
  });

  it("never owes more than the deductible or less than nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(null, ...INSURANCE_CLAIM_OUTCOMES),
        fc.option(fc.integer({ min: 0, max: 1_000_000 })),
        fc.integer({ min: 0, max: 1_000_000 }),
        (deductible, outcome, repairCostCents, insured) => {
          const owed = deductibleOwedCents({
            deductibleCents: deductible,
            outcome,
            repairCostCents,
            insuredValueCents: insured,
          });
          expect(owed).toBeGreaterThanOrEqual(0);
          expect(owed).toBeLessThanOrEqual(deductible);
        },
      ),
    );
  });
});
