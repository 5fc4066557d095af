import { describe, expect, it } from "vitest";
import { absenceFlag, isMonthWithoutPay } from "./deductions.ts";
import { periodRange } from "./period.ts";
import { payrollReport } from "./report.ts";
import { absence, employee, input, lease, rowOf } from "./test-fixtures.ts";
import { PAYROLL_MONEY_FIELDS, type PayrollInput, type PayrollRow } from "./types.ts";

/** The report of each period for the same input; the row of `key` in each (undefined when none). */
function rowsByPeriod(base: Omit<PayrollInput, "period">, from: string, to: string) {
  return periodRange(from, to).map((period) => ({
    period,
    row: payrollReport({ ...base, period }).rows.find((r) => r.key === base.leases[0]?.leaseId),
  }));
}

const sum = (rows: readonly PayrollRow[], pick: (row: PayrollRow) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

describe("worked cases: the tax-free and taxable parts", () => {
  it("TAXABLE lease of 84,27 €/month in 2026: 363 = 0, 364 = 8 427", () => {
    const report = payrollReport(
      input({
        period: "2026-03",
        employees: [employee("a")],
        leases: [
          lease("L1", "a", {
            monthlyPaymentCents: 8_427,
            commitmentDate: "2026-01-10",
            startDate: "2026-02-01",
          }),
        ],
      }),
    );
    const row = rowOf(report.rows, "L1");
    expect(row.regime).toBe("TAXABLE");
    expect(row.taxFreeUntil).toBeNull();
    // Committed 2026: the 2026 limit is 0, so the whole 84,27 € is wage: 363 = 0, 364 = 8 427 − 0.
    expect(row.taxFreeCents).toBe(0);
    expect(row.taxableCents).toBe(8_427);
    expect(row.grossDeductionCents).toBe(8_427);
  });

  it("GRANDFATHERED lease (committed 15.3.2025) of 99 €/month in 2026: 363 = 9 900, 364 = 0", () => {
    const base = {
      employees: [employee("a")],
      leases: [
        lease("L1", "a", {
          monthlyPaymentCents: 9_900,
          commitmentDate: "2025-03-15",
          startDate: "2025-04-01",
        }),
      ],
      absences: [],
      oneOffs: [],
      bikeBenefitRule: input({ period: "2026-01" }).bikeBenefitRule,
    };
    const year = rowsByPeriod(base, "2026-01", "2026-12").map(({ row }) => row as PayrollRow);
    for (const row of year) {
      expect(row.regime).toBe("GRANDFATHERED");
      // 99 € is under the 100 € twelfth of 1 200 €: all tax-free.
      expect(row.taxFreeCents).toBe(9_900);
      expect(row.taxableCents).toBe(0);
    }
    // 12 × 99 € = 1 188 € ≤ 1 200 €.
    expect(sum(year, (r) => r.taxFreeCents)).toBe(118_800);
    // Start 1.4.2025 + 36 months: the lease ends 31.3.2028, within 5 years.
    expect(year[0]?.taxFreeUntil).toBe("2028-03-31");
  });

  it("GRANDFATHERED lease of 170 €/month in 2026: 363 = 10 000, 364 = 7 000 (the Asteri example)", () => {
    const base = {
      employees: [employee("a")],
      leases: [
        lease("L1", "a", {
          monthlyPaymentCents: 17_000,
          commitmentDate: "2025-03-15",
          startDate: "2025-04-01",
        }),
      ],
      absences: [],
      oneOffs: [],
      bikeBenefitRule: input({ period: "2026-01" }).bikeBenefitRule,
    };
    const year = rowsByPeriod(base, "2026-01", "2026-12").map(({ row }) => row as PayrollRow);
    for (const row of year) {
      // min(170 €, 1 200 € / 12 = 100 €) = 100 € tax-free; 170 € − 100 € = 70 € taxable.
      expect(row.taxFreeCents).toBe(10_000);
      expect(row.taxableCents).toBe(7_000);
      expect(row.grossDeductionCents).toBe(17_000);
    }
    // 12 × 100 € = 1 200 €: exactly the year's limit.
    expect(sum(year, (r) => r.taxFreeCents)).toBe(120_000);
  });

  it("EXEMPT_2025_ONLY lease: tax-free in December 2025, taxable in January 2026", () => {
    const base = {
      employees: [employee("a")],
      leases: [
        lease("L1", "a", {
          monthlyPaymentCents: 9_500,
          commitmentDate: "2025-06-01",
          startDate: "2025-07-01",
        }),
      ],
    };
    const december = rowOf(payrollReport(input({ ...base, period: "2025-12" })).rows, "L1");
    const january = rowOf(payrollReport(input({ ...base, period: "2026-01" })).rows, "L1");
    expect(december.regime).toBe("EXEMPT_2025_ONLY");
    expect(december.taxFreeUntil).toBe("2025-12-31");
    // 2025: the limit is 1 200 € for everybody; 95 € < 100 €: all tax-free.
    expect([december.taxFreeCents, december.taxableCents]).toEqual([9_500, 0]);
    // 2026: committed after 23.4.2025, the limit is 0: all taxable.
    expect([january.taxFreeCents, january.taxableCents]).toEqual([0, 9_500]);
  });

  it("a grandfathered lease whose 5 years end mid-way: tax-free to June 2026, taxable from July", () => {
    // Committed 20.5.2021, started 1.7.2021, 72 months (longer than the 60 the leasing table allows,
    // e.g. an extended lease). July 2021 is month 1; month 60 is June 2026.
    const base = {
      employees: [employee("a")],
      leases: [
        lease("L1", "a", {
          monthlyPaymentCents: 9_000,
          commitmentDate: "2021-05-20",
          startDate: "2021-07-01",
          leaseTimeMonths: 72,
        }),
      ],
      absences: [],
      oneOffs: [],
      bikeBenefitRule: input({ period: "2026-01" }).bikeBenefitRule,
    };
    const year = rowsByPeriod(base, "2026-01", "2026-12").map(({ row }) => row as PayrollRow);
    expect(year[0]?.taxFreeUntil).toBe("2026-06-30");
    expect(year.slice(0, 6).map((r) => r.taxFreeCents)).toEqual(Array(6).fill(9_000));
    expect(year.slice(6).map((r) => r.taxFreeCents)).toEqual(Array(6).fill(0));
    expect(year.slice(6).map((r) => r.taxableCents)).toEqual(Array(6).fill(9_000));
    // 6 × 90 € tax-free in 2026.
    expect(sum(year, (r) => r.taxFreeCents)).toBe(54_000);
  });
});

describe("worked cases: the lease's first and last month", () => {
  const base = {
    employees: [employee("a")],
    leases: [lease("L1", "a", { startDate: "2026-03-15", leaseTimeMonths: 12, monthlyPaymentCents: 7_500 })],
  };

  it("the start month is the first month, with a full payment", () => {
    expect(payrollReport(input({ ...base, period: "2026-02" })).rows).toEqual([]);
    const row = rowOf(payrollReport(input({ ...base, period: "2026-03" })).rows, "L1");
    expect([row.firstMonth, row.lastMonth]).toEqual([true, false]);
    expect(row.grossDeductionCents).toBe(7_500);
    expect([row.leaseFromPeriod, row.leaseToPeriod]).toEqual(["2026-03", "2027-02"]);
  });

  it("12 months from March 2026: February 2027 is the last, March 2027 has no row", () => {
    const row = rowOf(payrollReport(input({ ...base, period: "2027-02" })).rows, "L1");
    expect([row.firstMonth, row.lastMonth]).toEqual([false, true]);
    expect(row.grossDeductionCents).toBe(7_500);
    expect(payrollReport(input({ ...base, period: "2027-03" })).rows).toEqual([]);
  });
});

describe("worked case: two grandfathered leases of 80 €/month in one year", () => {
  // Both committed before 23.4.2025; the older lease (A) takes its part first each month.
  const base = {
    employees: [employee("a")],
    leases: [
      lease("A", "a", { monthlyPaymentCents: 8_000, commitmentDate: "2024-10-01", startDate: "2024-11-01" }),
      lease("B", "a", { monthlyPaymentCents: 8_000, commitmentDate: "2025-04-01", startDate: "2025-05-01" }),
    ],
    absences: [],
    oneOffs: [],
    bikeBenefitRule: input({ period: "2026-01" }).bikeBenefitRule,
  };
  const months = periodRange("2026-01", "2026-12").map((period) => payrollReport({ ...base, period }).rows);

  it("January–July: 80 € + 80 € tax-free a month (7 × 160 € = 1 120 € used)", () => {
    for (const rows of months.slice(0, 7)) {
      expect(rowOf(rows, "A").taxFreeCents).toBe(8_000);
      expect(rowOf(rows, "B").taxFreeCents).toBe(8_000);
    }
  });

  it("August: 80 € left of 1 200 €, A takes it, B is taxable", () => {
    const august = months[7] ?? [];
    // 1 200 € − 1 120 € = 80 €: A gets min(80 €, 100 €, 80 €) = 80 €, B min(80 €, 100 €, 0 €) = 0.
    expect([rowOf(august, "A").taxFreeCents, rowOf(august, "A").taxableCents]).toEqual([8_000, 0]);
    expect([rowOf(august, "B").taxFreeCents, rowOf(august, "B").taxableCents]).toEqual([0, 8_000]);
  });

  it("September–December: both taxable; the year's 363 is exactly 1 200 €", () => {
    for (const rows of months.slice(8)) {
      expect(rowOf(rows, "A").taxableCents).toBe(8_000);
      expect(rowOf(rows, "B").taxableCents).toBe(8_000);
    }
    // 7 × 160 € + 80 € = 1 200 €.
    expect(sum(months.flat(), (r) => r.taxFreeCents)).toBe(120_000);
    // 24 payments of 80 € = 1 920 € of value: 1 920 € − 1 200 € = 720 € taxable.
    expect(sum(months.flat(), (r) => r.taxableCents)).toBe(72_000);
  });

  it("both rows show the employee; the older order first", () => {
    const rows = months[0] ?? [];
    expect(rows.map((r) => r.key)).toEqual(["A", "B"]);
  });
});

describe("worked cases: absences", () => {
  const employees = [employee("a")];
  const leases = [lease("L1", "a", { monthlyPaymentCents: 10_000, startDate: "2026-01-01" })];

  it("parental leave covering March and April: no deductions, 2 deferred payments, both caught up in May", () => {
    const absences = [absence("a", "PARENTAL_LEAVE", "2026-03-01", "2026-04-30")];
    const base = {
      employees,
      leases,
      absences,
      oneOffs: [],
      bikeBenefitRule: input({ period: "2026-01" }).bikeBenefitRule,
    };
    const [feb, mar, apr, may, jun] = rowsByPeriod(base, "2026-02", "2026-06").map(
      ({ row }) => row as PayrollRow,
    );
    expect(feb?.grossDeductionCents).toBe(10_000);

    // March: no pay, 100 € deferred; the benefit is still reported (the employee keeps the bike).
    expect(mar).toMatchObject({
      grossDeductionCents: 0,
      deferredCents: 10_000,
      outstandingDeferredCents: 10_000,
    });
    expect(mar).toMatchObject({ withoutPay: true, benefitValueCents: 10_000, taxableCents: 10_000 });
    expect(mar?.absence).toMatchObject({
      reason: "PARENTAL_LEAVE",
      effect: "DEDUCTION_DEFERRED",
      coversMonth: true,
    });
    // April: another 100 €; 200 € owed.
    expect(apr).toMatchObject({
      grossDeductionCents: 0,
      deferredCents: 10_000,
      outstandingDeferredCents: 20_000,
    });

    // May: 100 € of May + 2 × 100 € caught up = 300 €.
    expect(may).toMatchObject({ grossDeductionCents: 30_000, catchUpCents: 20_000, deferredCents: 0 });
    expect(may?.outstandingDeferredCents).toBe(0);
    expect(may?.oneOffs).toEqual([
      {
        kind: "CATCH_UP",
        description: null,
        amountCents: 20_000,
        incomeType: null,
        deduction: "GROSS",
        deferredPeriods: ["2026-03", "2026-04"],
      },
    ]);
    expect(may?.netDeductionCents).toBe(0);
    expect(may?.absence).toBeNull();
    expect(jun?.grossDeductionCents).toBe(10_000);
  });

  it("parental leave from 15.3. (open): March has pay and is normal, April is deferred", () => {
    const absences = [absence("a", "PARENTAL_LEAVE", "2026-03-15", null)];
    const march = rowOf(payrollReport(input({ period: "2026-03", employees, leases, absences })).rows, "L1");
    expect(march).toMatchObject({ grossDeductionCents: 10_000, deferredCents: 0, withoutPay: false });
    expect(march.absence).toMatchObject({
      startDate: "2026-03-15",
      endDate: null,
      coversMonth: false,
      long: false,
    });
    const april = rowOf(payrollReport(input({ period: "2026-04", employees, leases, absences })).rows, "L1");
    expect(april).toMatchObject({ grossDeductionCents: 0, deferredCents: 10_000, withoutPay: true });
  });

  it("sick leave for the whole month changes nothing", () => {
    const absences = [absence("a", "SICK_LEAVE", "2026-02-20", "2026-04-10")];
    const march = rowOf(payrollReport(input({ period: "2026-03", employees, leases, absences })).rows, "L1");
    expect(march).toMatchObject({
      grossDeductionCents: 10_000,
      deferredCents: 0,
      catchUpCents: 0,
      withoutPay: false,
    });
    expect(march.absence).toMatchObject({
      reason: "SICK_LEAVE",
      effect: "DEDUCTION_CONTINUES",
      coversMonth: true,
    });
  });

  it("two unpaid absences that together cover a month leave it without pay", () => {
    const absences = [
      absence("a", "OTHER", "2026-03-01", "2026-03-10"),
      absence("a", "PARENTAL_LEAVE", "2026-03-11", null),
    ];
    expect(isMonthWithoutPay(absences, "2026-03")).toBe(true);
    expect(isMonthWithoutPay([absences[0] as (typeof absences)[0]], "2026-03")).toBe(false);
    // A day of sick leave in between is paid: the month has pay.
    const withSickDay = [
      absence("a", "OTHER", "2026-03-01", "2026-03-10"),
      absence("a", "SICK_LEAVE", "2026-03-11", "2026-03-11"),
      absence("a", "PARENTAL_LEAVE", "2026-03-12", null),
    ];
    expect(isMonthWithoutPay(withSickDay, "2026-03")).toBe(false);
  });

  it("an absence is long when it is over 90 days by the period's last day", () => {
    const leave = absence("a", "PARENTAL_LEAVE", "2026-01-01", "2026-12-31");
    // 1.1.–31.3.2026 is 90 days: not over 90 yet. By 30.4. it is 120 days.
    expect(absenceFlag([leave], "2026-03")?.long).toBe(false);
    expect(absenceFlag([leave], "2026-04")?.long).toBe(true);
    expect(absenceFlag([leave], "2027-01")).toBeNull();
  });

  it("a deferring absence is shown before sick leave of the same month", () => {
    const absences = [
      absence("a", "SICK_LEAVE", "2026-03-20", "2026-03-25"),
      absence("a", "OTHER", "2026-03-01", "2026-03-05"),
    ];
    expect(absenceFlag(absences, "2026-03")).toMatchObject({ reason: "OTHER", reasonOther: "Opintovapaa" });
  });
});

describe("worked case: employment ending 14.6. with a deferred month", () => {
  const base = {
    employees: [employee("a", { lastWorkingDayDate: "2026-06-14" })],
    leases: [lease("L1", "a", { monthlyPaymentCents: 12_000, startDate: "2026-01-01", leaseTimeMonths: 24 })],
    absences: [absence("a", "OTHER", "2026-05-01", "2026-05-31")],
    oneOffs: [],
    bikeBenefitRule: input({ period: "2026-01" }).bikeBenefitRule,
  };

  it("May is deferred; June collects June and May; July has no row", () => {
    const [may, june, july] = rowsByPeriod(base, "2026-05", "2026-07").map(({ row }) => row);
    expect(may).toMatchObject({ grossDeductionCents: 0, deferredCents: 12_000, employmentEndsOn: null });
    // June: 120 € of June + 120 € of May caught up = 240 €.
    expect(june).toMatchObject({
      grossDeductionCents: 24_000,
      catchUpCents: 12_000,
      outstandingDeferredCents: 0,
    });
    expect(june?.employmentEndsOn).toBe("2026-06-14");
    expect(june?.lastMonth).toBe(false);
    expect(july).toBeUndefined();
  });

  it("the last month collects everything even when an unpaid absence covers it", () => {
    const unpaidToTheEnd = { ...base, absences: [absence("a", "PARENTAL_LEAVE", "2026-05-01", null)] };
    const june = rowOf(payrollReport({ ...unpaidToTheEnd, period: "2026-06" }).rows, "L1");
    // 120 € of June + 120 € of May, from the final pay.
    expect(june).toMatchObject({
      grossDeductionCents: 24_000,
      deferredCents: 0,
      catchUpCents: 12_000,
      withoutPay: false,
    });
  });
});

describe("worked case: a lease ending during unpaid leave", () => {
  it("keeps a row to collect the deferred payments when the employee is back", () => {
    const base = {
      employees: [employee("a")],
      leases: [
        lease("L1", "a", { monthlyPaymentCents: 10_000, startDate: "2025-01-01", leaseTimeMonths: 12 }),
      ],
      absences: [absence("a", "PARENTAL_LEAVE", "2025-11-01", "2026-01-31")],
      oneOffs: [],
      bikeBenefitRule: input({ period: "2025-01" }).bikeBenefitRule,
    };
    const [nov, dec, jan, feb, mar] = rowsByPeriod(base, "2025-11", "2026-03").map(({ row }) => row);
    expect(nov).toMatchObject({ deferredCents: 10_000, outstandingDeferredCents: 10_000 });
    expect(dec).toMatchObject({ deferredCents: 10_000, outstandingDeferredCents: 20_000, lastMonth: true });
    // January 2026: the lease has ended and the leave goes on: a row shows what is owed, nothing due.
    expect(jan).toMatchObject({ leaseRunning: false, monthlyPaymentCents: 0, benefitValueCents: 0 });
    expect(jan).toMatchObject({ grossDeductionCents: 0, outstandingDeferredCents: 20_000, withoutPay: true });
    // February: back at work, the 200 € are collected.
    expect(feb).toMatchObject({ leaseRunning: false, grossDeductionCents: 20_000, catchUpCents: 20_000 });
    expect(mar).toBeUndefined();
  });
});

describe("worked cases: the employee's own payments", () => {
  it("OWN_SHARE → income type 420 and a net-pay deduction, on the employee's first row", () => {
    const report = payrollReport(
      input({
        period: "2026-03",
        employees: [employee("a")],
        leases: [
          lease("L2", "a", { orderNumber: 20_002, startDate: "2026-03-01" }),
          lease("L1", "a", { orderNumber: 20_001, startDate: "2026-03-01" }),
        ],
        oneOffs: [
          {
            beneficiaryEmployeeId: "a",
            kind: "OWN_SHARE",
            description: "Yli maksimihinnan",
            amountCents: 25_000,
          },
        ],
      }),
    );
    const [first, second] = report.rows;
    expect(first?.key).toBe("L1");
    expect(first).toMatchObject({
      ownPaymentCents: 25_000,
      netDeductionCents: 25_000,
      grossDeductionCents: 10_000,
    });
    expect(first?.oneOffs).toEqual([
      {
        kind: "OWN_SHARE",
        description: "Yli maksimihinnan",
        amountCents: 25_000,
        incomeType: 420,
        deduction: "NET",
        deferredPeriods: [],
      },
    ]);
    expect(second).toMatchObject({ ownPaymentCents: 0, netDeductionCents: 0, oneOffs: [] });
    expect(report.totals.incomeTypes).toEqual([
      { incomeType: 363, amountCents: 0 },
      { incomeType: 364, amountCents: 20_000 },
      { incomeType: 420, amountCents: 25_000 },
    ]);
  });

  it("a REDEMPTION for an employee without a lease that month → a row of own payments only", () => {
    const report = payrollReport(
      input({
        period: "2027-01",
        employees: [employee("a")],
        leases: [lease("L1", "a", { startDate: "2025-01-01", leaseTimeMonths: 24 })],
        oneOffs: [
          { beneficiaryEmployeeId: "a", kind: "REDEMPTION", description: "Lunastus", amountCents: 6_500 },
        ],
      }),
    );
    expect(report.rows).toHaveLength(1);
    const row = rowOf(report.rows, "employee:a");
    expect(row).toMatchObject({
      leaseId: null,
      orderNumber: null,
      regime: null,
      benefitValueCents: 0,
      grossDeductionCents: 0,
      ownPaymentCents: 0,
      netDeductionCents: 6_500,
    });
    expect(row.oneOffs).toEqual([
      {
        kind: "REDEMPTION",
        description: "Lunastus",
        amountCents: 6_500,
        incomeType: null,
        deduction: "NET",
        deferredPeriods: [],
      },
    ]);
    expect(report.totals).toMatchObject({ rowCount: 1, employeeCount: 1, netDeductionCents: 6_500 });
  });

  it("an employee missing from the input's employees is a programming error", () => {
    expect(() => payrollReport(input({ period: "2026-01", leases: [lease("L1", "ghost")] }))).toThrow(
      /ghost/,
    );
  });
});

describe("reconciliation: the sums reconcile with the leases listed", () => {
  // Five employees in June 2026: two grandfathered leases (one 170 €), a taxable lease, an employee on
  // parental leave since April, one back from leave in June, one whose employment ends 14.6., an own
  // share and a redemption without a lease.
  const employees = [
    employee("aalto", { lastName: "Aalto", firstName: "Anna" }),
    employee("berg", { lastName: "Berg", firstName: "Bo" }),
    employee("koski", { lastName: "Koski", firstName: "Kalle" }),
    employee("lahti", { lastName: "Lahti", firstName: "Liisa", lastWorkingDayDate: "2026-06-14" }),
    employee("ojala", { lastName: "Ojala", firstName: "Olli" }),
    employee("gone", { lastName: "Virta", firstName: "Ville", lastWorkingDayDate: "2026-04-30" }),
  ];
  const leases = [
    lease("aalto-1", "aalto", {
      monthlyPaymentCents: 9_900,
      commitmentDate: "2025-03-15",
      startDate: "2025-04-01",
    }),
    lease("aalto-2", "aalto", {
      monthlyPaymentCents: 17_000,
      commitmentDate: "2025-04-20",
      startDate: "2025-05-01",
    }),
    lease("berg-1", "berg", {
      monthlyPaymentCents: 8_427,
      commitmentDate: "2026-01-10",
      startDate: "2026-02-01",
    }),
    lease("koski-1", "koski", {
      monthlyPaymentCents: 11_000,
      commitmentDate: "2025-09-01",
      startDate: "2025-10-01",
    }),
    lease("lahti-1", "lahti", {
      monthlyPaymentCents: 12_000,
      commitmentDate: "2025-02-01",
      startDate: "2025-03-01",
    }),
    lease("ojala-1", "ojala", {
      monthlyPaymentCents: 10_000,
      commitmentDate: "2026-02-01",
      startDate: "2026-03-01",
    }),
    lease("gone-1", "gone", {
      monthlyPaymentCents: 9_000,
      commitmentDate: "2026-01-01",
      startDate: "2026-01-01",
    }),
  ];
  const absences = [
    absence("koski", "PARENTAL_LEAVE", "2026-04-01", null),
    absence("lahti", "OTHER", "2026-05-01", "2026-05-31"),
    absence("ojala", "PARENTAL_LEAVE", "2026-03-01", "2026-05-31"),
    absence("berg", "SICK_LEAVE", "2026-06-01", "2026-06-30"),
  ];
  const oneOffs = [
    {
      beneficiaryEmployeeId: "berg",
      kind: "OWN_SHARE" as const,
      description: "Omavastuu",
      amountCents: 15_000,
    },
    {
      beneficiaryEmployeeId: "gone",
      kind: "REDEMPTION" as const,
      description: "Lunastus",
      amountCents: 4_500,
    },
  ];
  const report = payrollReport(input({ period: "2026-06", employees, leases, absences, oneOffs }));
  const byKey = (key: string) => rowOf(report.rows, key);

  it("lists one row per running lease, the ended employment's redemption, sorted by name", () => {
    expect(report.rows.map((r) => r.key)).toEqual([
      "aalto-1",
      "aalto-2",
      "berg-1",
      "koski-1",
      "lahti-1",
      "ojala-1",
      "employee:gone",
    ]);
  });

  it("each row: 363 + 364 = benefit value = the lease's payment; gross = payment − deferred + catch-up", () => {
    for (const row of report.rows) {
      expect(row.taxFreeCents + row.taxableCents).toBe(row.benefitValueCents);
      expect(row.grossDeductionCents).toBe(row.monthlyPaymentCents - row.deferredCents + row.catchUpCents);
      const net = row.oneOffs.filter((o) => o.deduction === "NET");
      expect(row.netDeductionCents).toBe(net.reduce((total, o) => total + o.amountCents, 0));
      const listed = leases.find((l) => l.leaseId === row.leaseId);
      if (listed && row.leaseRunning) expect(row.benefitValueCents).toBe(listed.monthlyPaymentCents);
    }
  });

  it("the rows are what each lease should give in June 2026", () => {
    // Aalto, two grandfathered leases: 99 € (all tax-free) and 170 € (100 € + 70 €); used by May:
    // 5 × (99 € + 100 €) = 995 €, so 205 € is left and June takes 99 € + 100 €.
    expect([byKey("aalto-1").taxFreeCents, byKey("aalto-1").taxableCents]).toEqual([9_900, 0]);
    expect([byKey("aalto-2").taxFreeCents, byKey("aalto-2").taxableCents]).toEqual([10_000, 7_000]);
    // Berg: taxable, sick leave changes nothing, own share 150 € as 420.
    expect(byKey("berg-1")).toMatchObject({
      taxableCents: 8_427,
      grossDeductionCents: 8_427,
      ownPaymentCents: 15_000,
    });
    // Koski: EXEMPT_2025_ONLY, taxable in 2026, on parental leave April–: 3 payments of 110 € owed.
    expect(byKey("koski-1")).toMatchObject({
      regime: "EXEMPT_2025_ONLY",
      taxableCents: 11_000,
      grossDeductionCents: 0,
    });
    expect(byKey("koski-1")).toMatchObject({ deferredCents: 11_000, outstandingDeferredCents: 33_000 });
    // Lahti: grandfathered 120 € (100 € tax-free + 20 €), May deferred, employment ends 14.6.: 240 €.
    expect(byKey("lahti-1")).toMatchObject({
      taxFreeCents: 10_000,
      taxableCents: 2_000,
      grossDeductionCents: 24_000,
    });
    expect(byKey("lahti-1")).toMatchObject({ catchUpCents: 12_000, employmentEndsOn: "2026-06-14" });
    // Ojala: back from parental leave (March–May): 100 € + 3 × 100 € = 400 €.
    expect(byKey("ojala-1")).toMatchObject({ grossDeductionCents: 40_000, catchUpCents: 30_000 });
    // Virta left in April: only the redemption.
    expect(byKey("employee:gone")).toMatchObject({ netDeductionCents: 4_500, grossDeductionCents: 0 });
  });

  it("the totals equal the sums of the rows and the hand-counted figures", () => {
    for (const field of PAYROLL_MONEY_FIELDS) {
      expect(report.totals[field]).toBe(sum(report.rows, (r) => r[field]));
    }
    // Value: 99 + 170 + 84,27 + 110 + 120 + 100 = 683,27 €.
    expect(report.totals.benefitValueCents).toBe(68_327);
    // 363: 99 + 100 + 100 = 299 €; 364: 70 + 84,27 + 110 + 20 + 100 = 384,27 €.
    expect(report.totals.taxFreeCents).toBe(29_900);
    expect(report.totals.taxableCents).toBe(38_427);
    // Gross: 99 + 170 + 84,27 + 0 + 240 + 400 = 993,27 € = 683,27 − 110 deferred + 420 caught up.
    expect(report.totals.grossDeductionCents).toBe(99_327);
    expect(report.totals.deferredCents).toBe(11_000);
    expect(report.totals.catchUpCents).toBe(42_000);
    expect(report.totals.outstandingDeferredCents).toBe(33_000);
    // Net: 150 € own share + 45 € redemption.
    expect(report.totals.netDeductionCents).toBe(19_500);
    expect(report.totals).toMatchObject({ rowCount: 7, employeeCount: 6 });
    expect(report.totals.incomeTypes).toEqual([
      { incomeType: 363, amountCents: 29_900 },
      { incomeType: 364, amountCents: 38_427 },
      { incomeType: 420, amountCents: 15_000 },
    ]);
  });

  it("is plain JSON: it survives a round trip unchanged", () => {
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});
