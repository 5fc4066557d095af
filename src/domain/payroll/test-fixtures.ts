import { taxYearPicker } from "../calculator/benefit-cost.ts";
import { DEFAULT_LAST_WORKING_DAY } from "../dates.ts";
import { TAX_YEAR_2025, TAX_YEAR_2026 } from "../tax/published-tax-years.ts";
import type {
  BikeBenefitRule,
  PayrollAbsence,
  PayrollEmployee,
  PayrollInput,
  PayrollLease,
  PayrollRow,
} from "./types.ts";

/** Builders for the payroll tests (not used by the report itself). */

const taxYearFor = taxYearPicker([TAX_YEAR_2025, TAX_YEAR_2026]);

/** The published tables: 2025 (1 200 € for everybody), 2026 (0, grandfathered 1 200 €); later years use 2026. */
export const publishedRule = (year: number): BikeBenefitRule => taxYearFor(year).bikeBenefit;

export function employee(id: string, overrides: Partial<PayrollEmployee> = {}): PayrollEmployee {
  return {
    beneficiaryEmployeeId: id,
    firstName: `First ${id}`,
    lastName: `Last ${id}`,
    employeeNumber: `E-${id}`,
    costUnit: "CU-1",
    payRollOther: null,
    unitName: "Unit",
    companyId: "company-1",
    companyName: "Demo Oy",
    lastWorkingDayDate: DEFAULT_LAST_WORKING_DAY,
    ...overrides,
  };
}

let nextOrderNumber = 10_001;

export function lease(id: string, employeeId: string, overrides: Partial<PayrollLease> = {}): PayrollLease {
  return {
    leaseId: id,
    orderId: `order-${id}`,
    orderNumber: nextOrderNumber++,
    beneficiaryEmployeeId: employeeId,
    monthlyPaymentCents: 10_000,
    startDate: "2026-01-01",
    leaseTimeMonths: 36,
    commitmentDate: "2025-12-01",
    ...overrides,
  };
}

export function absence(
  employeeId: string,
  reason: PayrollAbsence["reason"],
  startDate: string,
  endDate: string | null,
): PayrollAbsence {
  return {
    beneficiaryEmployeeId: employeeId,
    reason,
    reasonOther: reason === "OTHER" ? "Opintovapaa" : null,
    startDate,
    endDate,
  };
}

export function input(overrides: Partial<PayrollInput> & { period: string }): PayrollInput {
  return {
    employees: [],
    leases: [],
    absences: [],
    oneOffs: [],
    bikeBenefitRule: publishedRule,
    ...overrides,
  };
}

/** The row of a key; fails the test when it is missing. */
export function rowOf(rows: readonly PayrollRow[], key: string): PayrollRow {
  const row = rows.find((r) => r.key === key);
  if (!row) throw new Error(`No row ${key} in ${rows.map((r) => r.key).join(", ")}`);
  return row;
}
