import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LAST_WORKING_DAY } from "./dates.ts";
import type { LeaseInvoiceKind } from "./enums.ts";
import {
  BILLING_CORRECTION_MONTHS,
  type BilledInvoice,
  correctionPeriods,
  creditNoteLines,
  monthBillingPlan,
  netBilled,
  planIsEmpty,
  standingLines,
} from "./lease-billing.ts";
import { effectiveLeaseMonths } from "./lease-dates.ts";
import { type LeaseInvoiceLine, leaseInvoiceFreeText, leaseInvoiceLines } from "./lease-invoice.ts";
import { addMonths, firstDayOf, lastDayOf, periodRange } from "./payroll/period.ts";
import { employee, lease } from "./payroll/test-fixtures.ts";
import type { PayrollEmployee, PayrollLease } from "./payroll/types.ts";

/** A line of order `orderNumber` as leaseInvoiceLines would give it (10 € a month is enough here). */
function line(orderNumber: number, monthlyPaymentCents = 12_550): LeaseInvoiceLine {
  return {
    orderNumber,
    employeeName: `Last ${orderNumber}`,
    employeeNumber: null,
    leaseStartDate: "2026-01-01",
    monthlyPaymentCents,
    vatPercent: 25.5,
    vatExcludedCents: 10_000,
    vatCents: 2_550,
  };
}

const invoice = (
  id: string,
  kind: LeaseInvoiceKind,
  orderNumbers: number[],
  originalInvoiceId: string | null = null,
): BilledInvoice => ({ id, kind, orderNumbers, originalInvoiceId });

describe("monthBillingPlan", () => {
  it("bills every owed lease on the month's first invoice when it has none", () => {
    const plan = monthBillingPlan({ owed: [line(1), line(2)], invoices: [] });
    expect(plan.bill.map((l) => l.orderNumber)).toEqual([1, 2]);
    expect(plan.billAs).toEqual({ kind: "REGULAR", originalInvoiceId: null });
    expect(plan.credit).toEqual([]);
  });

  it("bills a lease the regular invoice missed on a supplementary one naming it", () => {
    const plan = monthBillingPlan({
      owed: [line(1), line(2), line(3)],
      invoices: [invoice("r", "REGULAR", [1, 2])],
    });
    expect(plan.bill.map((l) => l.orderNumber)).toEqual([3]);
    expect(plan.billAs).toEqual({ kind: "SUPPLEMENTARY", originalInvoiceId: "r" });
    expect(plan.credit).toEqual([]);
  });

  it("credits a lease no longer owed on the invoice that billed it, one credit note per invoice", () => {
    const plan = monthBillingPlan({
      owed: [line(1)],
      invoices: [invoice("r", "REGULAR", [1, 2]), invoice("s", "SUPPLEMENTARY", [3, 4], "r")],
    });
    expect(plan.bill).toEqual([]);
    expect(plan.credit).toEqual([
      { invoiceId: "r", orderNumbers: [2] },
      { invoiceId: "s", orderNumbers: [3, 4] },
    ]);
  });

  it("leaves a month alone whose invoices net to what is owed", () => {
    const invoices = [
      invoice("r", "REGULAR", [1, 2]),
      invoice("c", "CREDIT_NOTE", [2], "r"),
      invoice("s", "SUPPLEMENTARY", [3], "r"),
    ];
    expect(planIsEmpty(monthBillingPlan({ owed: [line(1), line(3)], invoices }))).toBe(true);
    expect(planIsEmpty(monthBillingPlan({ owed: [], invoices: [] }))).toBe(true);
  });

  it("bills again a lease owed again after its line was credited", () => {
    const invoices = [invoice("r", "REGULAR", [1, 2]), invoice("c", "CREDIT_NOTE", [2], "r")];
    const plan = monthBillingPlan({ owed: [line(1), line(2)], invoices });
    expect(plan.bill.map((l) => l.orderNumber)).toEqual([2]);
    expect(plan.billAs).toEqual({ kind: "SUPPLEMENTARY", originalInvoiceId: "r" });
  });

  it("credits a second line of a lease billed twice, keeping the first", () => {
    const plan = monthBillingPlan({
      owed: [line(1)],
      invoices: [invoice("r", "REGULAR", [1]), invoice("s", "SUPPLEMENTARY", [1], "r")],
    });
    expect(plan.credit).toEqual([{ invoiceId: "s", orderNumbers: [1] }]);
  });

  it("reads a credit note only against the invoice it credits", () => {
    // A credit note of the supplementary invoice does not take back the regular invoice's line.
    const invoices = [
      invoice("r", "REGULAR", [1]),
      invoice("s", "SUPPLEMENTARY", [2], "r"),
      invoice("c", "CREDIT_NOTE", [1], "s"),
    ];
    expect(standingLines(invoices)).toEqual([
      { invoiceId: "r", orderNumber: 1 },
      { invoiceId: "s", orderNumber: 2 },
    ]);
    expect(netBilled(invoices)).toEqual(
      new Map([
        [1, 0],
        [2, 1],
      ]),
    );
  });
});

describe("creditNoteLines", () => {
  it("takes back each credited line as it was billed, with the opposite sign", () => {
    const billed = [line(1, 8_990), line(2, 12_000)];
    expect(creditNoteLines(billed, [2])).toEqual([
      { ...line(2, 12_000), monthlyPaymentCents: -12_000, vatExcludedCents: -10_000, vatCents: -2_550 },
    ]);
    const free = { ...line(3, 0), vatExcludedCents: 0, vatCents: 0 };
    expect(Object.is(creditNoteLines([free], [3])[0]?.monthlyPaymentCents, 0)).toBe(true);
  });

  it("refuses an order the credited invoice does not carry", () => {
    expect(() => creditNoteLines([line(1)], [2])).toThrow(RangeError);
    expect(() => creditNoteLines([line(1)], [1, 1])).toThrow(RangeError);
  });
});

describe("correctionPeriods", () => {
  it("looks back a year from this month, never before the company's first invoice", () => {
    expect(correctionPeriods("2026-12", "2026-10")).toEqual(["2026-10", "2026-11", "2026-12"]);
    const year = correctionPeriods("2026-12", "2020-01");
    expect(year).toHaveLength(BILLING_CORRECTION_MONTHS);
    expect(year[0]).toBe("2026-01");
    expect(correctionPeriods("2026-12", null)).toEqual([]);
  });
});

describe("leaseInvoiceFreeText", () => {
  it("names the month and, on a supplementary invoice or a credit note, the invoice it goes with", () => {
    expect(leaseInvoiceFreeText("REGULAR", "2026-12", null)).toBe("Työsuhdepyörien vuokrat 12/2026");
    expect(leaseInvoiceFreeText("SUPPLEMENTARY", "2026-12", 700_012)).toBe(
      "Lisälasku laskuun 700012: työsuhdepyörien vuokrat 12/2026",
    );
    expect(leaseInvoiceFreeText("CREDIT_NOTE", "2026-03", 700_015)).toBe(
      "Hyvityslasku laskuun 700015: työsuhdepyörien vuokrat 3/2026",
    );
  });
});

// The property: for any sequence of lease changes and daily runs, each month's invoices net to
// exactly what the billing rule (leaseInvoiceLines) names.

const FIRST = "2026-01";
const MONTHS = 12;
const VAT = 25.5;

/** A lease as the changes leave it; the server's reading makes a PayrollLease of it the same way. */
type SimLease = {
  base: PayrollLease;
  startMonth: number | null;
  months: number;
  endMonth: number | null;
  cancelled: boolean;
};

type Change =
  | { kind: "start"; lease: number; month: number }
  | { kind: "unstart"; lease: number }
  | { kind: "end"; lease: number; month: number }
  | { kind: "cancel"; lease: number }
  | { kind: "leave"; employee: number; month: number | null };

type Step = { change: Change; advance: number };

const LEASES = 5;
const EMPLOYEES = 3;
// Months from two before the first billed month (a start back-dated before billing began) to one after.
const month = fc.integer({ min: -2, max: MONTHS });
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant("start" as const), lease: fc.nat(LEASES - 1), month }),
  fc.record({ kind: fc.constant("unstart" as const), lease: fc.nat(LEASES - 1) }),
  fc.record({ kind: fc.constant("end" as const), lease: fc.nat(LEASES - 1), month }),
  fc.record({ kind: fc.constant("cancel" as const), lease: fc.nat(LEASES - 1) }),
  fc.record({
    kind: fc.constant("leave" as const),
    employee: fc.nat(EMPLOYEES - 1),
    month: fc.option(month, { nil: null }),
  }),
);
const steps = fc.array(fc.record({ change, advance: fc.nat(2) }), { maxLength: 30 });
const initialStarts = fc.array(fc.option(month, { nil: null }), {
  minLength: LEASES,
  maxLength: LEASES,
});
const terms = fc.array(fc.integer({ min: 1, max: 14 }), { minLength: LEASES, maxLength: LEASES });

type SimInvoice = BilledInvoice & { period: string; lines: LeaseInvoiceLine[] };

class Simulation {
  employees: PayrollEmployee[];
  leases: SimLease[];
  invoices: SimInvoice[] = [];
  now = 0;

  constructor(starts: (number | null)[], months: number[]) {
    this.employees = Array.from({ length: EMPLOYEES }, (_, i) => employee(`e${i}`));
    this.leases = starts.map((startMonth, i) => ({
      base: lease(`l${i}`, `e${i % EMPLOYEES}`, { monthlyPaymentCents: 5_000 + 1_111 * i }),
      startMonth,
      months: months[i] as number,
      endMonth: null,
      cancelled: false,
    }));
  }

  apply(change: Change) {
    if (change.kind === "leave") {
      const at = change.employee;
      const lastDay =
        change.month === null ? DEFAULT_LAST_WORKING_DAY : lastDayOf(addMonths(FIRST, change.month));
      this.employees[at] = { ...(this.employees[at] as PayrollEmployee), lastWorkingDayDate: lastDay };
      return;
    }
    const simLease = this.leases[change.lease] as SimLease;
    if (change.kind === "start") simLease.startMonth = change.month;
    if (change.kind === "unstart") simLease.startMonth = null;
    if (change.kind === "end") simLease.endMonth = change.month;
    if (change.kind === "cancel") simLease.cancelled = true;
  }

  /** The leases the server reads for billing: started, their order not cancelled, their months cut by an early end. */
  payrollLeases(): PayrollLease[] {
    return this.leases.flatMap((l) => {
      if (l.cancelled || l.startMonth === null) return [];
      const startDate = firstDayOf(addMonths(FIRST, l.startMonth));
      const endDate = l.endMonth === null ? null : lastDayOf(addMonths(FIRST, l.endMonth));
      return [{ ...l.base, startDate, leaseTimeMonths: effectiveLeaseMonths(startDate, l.months, endDate) }];
    });
  }

  owed(period: string): LeaseInvoiceLine[] {
    return leaseInvoiceLines({
      employees: this.employees,
      leases: this.payrollLeases(),
      period,
      vatPercent: VAT,
    });
  }

  of(period: string): SimInvoice[] {
    return this.invoices.filter((i) => i.period === period);
  }

  issue(period: string, kind: LeaseInvoiceKind, originalInvoiceId: string | null, lines: LeaseInvoiceLine[]) {
    this.invoices.push({
      id: `i${this.invoices.length + 1}`,
      kind,
      originalInvoiceId,
      period,
      lines,
      orderNumbers: lines.map((l) => l.orderNumber),
    });
  }

  carryOut(period: string) {
    const plan = monthBillingPlan({ owed: this.owed(period), invoices: this.of(period) });
    for (const { invoiceId, orderNumbers } of plan.credit) {
      const credited = this.invoices.find((i) => i.id === invoiceId) as SimInvoice;
      this.issue(period, "CREDIT_NOTE", invoiceId, creditNoteLines(credited.lines, orderNumbers));
    }
    if (plan.bill.length > 0) this.issue(period, plan.billAs.kind, plan.billAs.originalInvoiceId, plan.bill);
  }

  firstInvoiced(): string | null {
    return this.invoices.map((i) => i.period).sort()[0] ?? null;
  }

  /** The daily job: this month's first invoice where none is yet, then the corrections. */
  dailyRun() {
    const period = addMonths(FIRST, this.now);
    if (this.of(period).length === 0 && this.owed(period).length > 0) this.carryOut(period);
    for (const p of correctionPeriods(period, this.firstInvoiced())) this.carryOut(p);
  }
}

/** Per order, the net count and the net sums of its lines on the month's invoices. */
function billedPerOrder(invoices: readonly SimInvoice[]) {
  const sums = new Map<number, { count: number; payment: number; vatExcluded: number }>();
  for (const i of invoices) {
    const sign = i.kind === "CREDIT_NOTE" ? -1 : 1;
    for (const l of i.lines) {
      const sum = sums.get(l.orderNumber) ?? { count: 0, payment: 0, vatExcluded: 0 };
      sum.count += sign;
      // The credit note's own figures are negative already.
      sum.payment += l.monthlyPaymentCents;
      sum.vatExcluded += l.vatExcludedCents;
      sums.set(l.orderNumber, sum);
    }
  }
  return sums;
}

function expectMonthNetsToRule(sim: Simulation, period: string) {
  const owed = new Map(sim.owed(period).map((l) => [l.orderNumber, l]));
  const billed = billedPerOrder(sim.of(period));
  for (const number of new Set([...owed.keys(), ...billed.keys()])) {
    const owedLine = owed.get(number);
    const sum = billed.get(number) ?? { count: 0, payment: 0, vatExcluded: 0 };
    expect(sum, `order ${number} in ${period}`).toEqual({
      count: owedLine ? 1 : 0,
      payment: owedLine?.monthlyPaymentCents ?? 0,
      vatExcluded: owedLine?.vatExcludedCents ?? 0,
    });
  }
  expect([...netBilled(sim.of(period)).values()].every((n) => n === 0 || n === 1)).toBe(true);
}

describe("billing that catches up", () => {
  it("leaves each month from the first invoice on billing exactly the leases the rule names, once each", () => {
    fc.assert(
      fc.property(initialStarts, terms, steps, (starts, months, sequence: Step[]) => {
        const sim = new Simulation(starts, months);
        sim.dailyRun();
        for (const { change, advance } of sequence) {
          sim.apply(change);
          sim.now = Math.min(MONTHS - 1, sim.now + advance);
          sim.dailyRun();
          const first = sim.firstInvoiced();
          if (first === null) continue;
          for (const period of periodRange(first, addMonths(FIRST, sim.now)))
            expectMonthNetsToRule(sim, period);
        }
        // Another run the same day finds nothing to do.
        const count = sim.invoices.length;
        sim.dailyRun();
        expect(sim.invoices).toHaveLength(count);
        // Nothing is billed before the first invoice's month, nor ahead of the run's month.
        const first = sim.firstInvoiced();
        for (const i of sim.invoices) {
          expect(first !== null && i.period >= first).toBe(true);
          expect(i.period <= addMonths(FIRST, sim.now)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("names the month's regular invoice on every supplementary one and the credited invoice on every credit note", () => {
    fc.assert(
      fc.property(initialStarts, terms, steps, (starts, months, sequence: Step[]) => {
        const sim = new Simulation(starts, months);
        for (const { change, advance } of sequence) {
          sim.apply(change);
          sim.now = Math.min(MONTHS - 1, sim.now + advance);
          sim.dailyRun();
        }
        for (const i of sim.invoices) {
          const original = sim.invoices.find((o) => o.id === i.originalInvoiceId);
          if (i.kind === "REGULAR") expect(original).toBeUndefined();
          if (i.kind === "SUPPLEMENTARY") expect(original?.kind).toBe("REGULAR");
          if (i.kind === "CREDIT_NOTE") expect(original?.kind).not.toBe("CREDIT_NOTE");
          if (original) expect(original.period).toBe(i.period);
        }
        for (const period of new Set(sim.invoices.map((i) => i.period))) {
          expect(sim.of(period).filter((i) => i.kind === "REGULAR")).toHaveLength(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("credits a lease whose start moved a month later and bills it a month late on a supplementary invoice", () => {
    const sim = new Simulation([0, 0, null, null, null], [12, 12, 12, 12, 12]);
    sim.dailyRun();
    expect(sim.invoices.map((i) => [i.period, i.kind, i.orderNumbers.length])).toEqual([
      ["2026-01", "REGULAR", 2],
    ]);
    // In February the second lease's start turns out to be March, and the third is back-dated to January.
    sim.now = 1;
    sim.apply({ kind: "start", lease: 1, month: 2 });
    sim.apply({ kind: "start", lease: 2, month: 0 });
    sim.dailyRun();
    expect(sim.invoices.map((i) => [i.period, i.kind, i.originalInvoiceId, i.lines.length])).toEqual([
      ["2026-01", "REGULAR", null, 2],
      ["2026-02", "REGULAR", null, 2],
      ["2026-01", "CREDIT_NOTE", "i1", 1],
      ["2026-01", "SUPPLEMENTARY", "i1", 1],
    ]);
    expect(sim.invoices[2]?.lines[0]?.monthlyPaymentCents).toBe(-6_111);
  });
});
