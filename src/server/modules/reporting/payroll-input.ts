import { and, eq, gte, inArray, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import { taxYearPicker } from "../../../domain/calculator/benefit-cost.ts";
import { effectiveLeaseMonths } from "../../../domain/lease-dates.ts";
import { addMonths, firstDayOf, lastDayOf } from "../../../domain/payroll/period.ts";
import type {
  PayrollAbsence,
  PayrollEmployee,
  PayrollInput,
  PayrollLease,
  PayrollOneOff,
} from "../../../domain/payroll/types.ts";
import { TAX_YEAR_2025 } from "../../../domain/tax/published-tax-years.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  companies,
  companyUnits,
  employeeAbsences,
  leasingAgreements,
  orders,
  systemUsers,
  userPayments,
} from "../../db/schema/index.ts";
import { loadTaxYears } from "../tax-tables/tax-year-rows.ts";

/**
 * Reads what the payroll report of one company and month needs (src/domain/payroll's PayrollInput,
 * ADR 008) in four indexed queries: the company's leases that may matter for the month (any lease
 * started in the 61 months before it: a lease runs at most 60 months, and one may still owe deferred
 * payments), their employees, those employees' absences, and the own payments through payroll due in
 * the month.
 */

/** A lease runs at most 60 months (the leasing agreements' CHECK) and may owe one month more. */
const LOOKBACK_MONTHS = 61;

/** Agreements that became a lease: signed or accepted, with a start, of an order not cancelled. */
const LEASE_STATUSES = ["SIGNED", "ACCEPTED"] as const;
const GONE_ORDER_STATUSES = ["CANCELLED", "REFUNDED"] as const;

export type PayrollSource = Omit<PayrollInput, "bikeBenefitRule" | "period">;

export async function loadPayrollSource(db: Db, companyId: string, period: string): Promise<PayrollSource> {
  const leaseRows = await db
    .select({
      leaseId: leasingAgreements.id,
      orderId: leasingAgreements.orderId,
      orderNumber: orders.orderNumber,
      beneficiaryEmployeeId: leasingAgreements.beneficiaryEmployeeId,
      monthlyPaymentCents: leasingAgreements.monthlyPaymentCents,
      startDate: leasingAgreements.startDate,
      leaseTimeMonths: leasingAgreements.leaseTimeMonths,
      endDate: leasingAgreements.endDate,
      commitmentDate: leasingAgreements.commitmentDate,
    })
    .from(leasingAgreements)
    .innerJoin(orders, eq(orders.id, leasingAgreements.orderId))
    .where(
      and(
        eq(leasingAgreements.companyId, companyId),
        inArray(leasingAgreements.status, [...LEASE_STATUSES]),
        isNotNull(leasingAgreements.startDate),
        lte(leasingAgreements.startDate, lastDayOf(period)),
        gte(leasingAgreements.startDate, firstDayOf(addMonths(period, -LOOKBACK_MONTHS))),
        notInArray(orders.orderStatus, [...GONE_ORDER_STATUSES]),
      ),
    );
  // A lease ended early (redeemed or cancelled) runs only up to its end date's month.
  const leases: PayrollLease[] = leaseRows.map((r) => {
    const startDate = r.startDate as string;
    return {
      ...r,
      startDate,
      leaseTimeMonths: effectiveLeaseMonths(startDate, r.leaseTimeMonths, r.endDate),
    };
  });

  const paymentRows = await db
    .select({
      beneficiaryEmployeeId: userPayments.beneficiaryEmployeeId,
      kind: userPayments.kind,
      description: userPayments.description,
      amountCents: userPayments.amountCents,
    })
    .from(userPayments)
    .where(
      and(
        eq(userPayments.companyId, companyId),
        eq(userPayments.paymentMethod, "PAYROLL"),
        sql`${userPayments.paymentStatus} <> 'CANCELLED'`,
        gte(userPayments.dueDate, firstDayOf(period)),
        lte(userPayments.dueDate, lastDayOf(period)),
      ),
    );
  const oneOffs: PayrollOneOff[] = paymentRows.map((p) => ({
    beneficiaryEmployeeId: p.beneficiaryEmployeeId,
    // Payroll names it by its kind: a payment Pedaali makes carries no description of its own.
    kind: p.kind,
    description: p.description,
    amountCents: p.amountCents,
  }));

  const employeeIds = [...new Set([...leases, ...oneOffs].map((row) => row.beneficiaryEmployeeId))];
  if (employeeIds.length === 0) return { employees: [], leases, absences: [], oneOffs };
  const [employeeRows, absenceRows] = await Promise.all([
    db
      .select({
        beneficiaryEmployeeId: beneficiaryEmployees.id,
        firstName: systemUsers.firstName,
        lastName: systemUsers.lastName,
        employeeNumber: beneficiaryEmployees.employeeNumber,
        costUnit: beneficiaryEmployees.costUnit,
        payRollOther: beneficiaryEmployees.payRollOther,
        unitName: companyUnits.unitName,
        companyId: beneficiaryEmployees.companyId,
        companyName: companies.name,
        lastWorkingDayDate: beneficiaryEmployees.lastWorkingDayDate,
      })
      .from(beneficiaryEmployees)
      .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
      .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
      .leftJoin(companyUnits, eq(companyUnits.id, beneficiaryEmployees.unitId))
      .where(inArray(beneficiaryEmployees.id, employeeIds)),
    db
      .select({
        beneficiaryEmployeeId: employeeAbsences.beneficiaryEmployeeId,
        reason: employeeAbsences.reason,
        reasonOther: employeeAbsences.reasonOther,
        startDate: employeeAbsences.startDate,
        endDate: employeeAbsences.endDate,
      })
      .from(employeeAbsences)
      .where(inArray(employeeAbsences.beneficiaryEmployeeId, employeeIds)),
  ]);
  const employees: PayrollEmployee[] = employeeRows.map((e) => ({
    ...e,
    firstName: e.firstName ?? "",
    lastName: e.lastName ?? "",
  }));
  const absences: PayrollAbsence[] = absenceRows;
  return { employees, leases, absences, oneOffs };
}

/**
 * The bike benefit's parameters of each year from the tax tables (a year without its own table uses the
 * latest earlier one; before the first, the first); the published 2025 figures when the tables are empty.
 */
export async function loadBikeBenefitRule(db: Db): Promise<PayrollInput["bikeBenefitRule"]> {
  const years = await loadTaxYears(db);
  const pick = taxYearPicker(years.length > 0 ? years : [TAX_YEAR_2025]);
  return (year) => pick(year).bikeBenefit;
}
