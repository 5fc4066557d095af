import { and, eq, gte, inArray, isNotNull, lte, notExists, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import { taxYearPicker } from "../../../domain/calculator/benefit-cost.ts";
import { effectiveLeaseEndDate, effectiveLeaseMonths } from "../../../domain/lease-dates.ts";
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
  bikeRedemptions,
  companies,
  companyUnits,
  employeeAbsences,
  leasingAgreements,
  orders,
  systemUsers,
  userPayments,
} from "../../db/schema/index.ts";
import { readAll } from "../../db/transaction.ts";
import { loadTaxYears } from "../tax-tables/tax-year-rows.ts";

/**
 * Reads what the payroll report of one company needs (src/domain/payroll's PayrollInput, ADR 008) for
 * one or more months in four indexed queries sent together: the company's leases that may matter for the
 * months (any lease started in the 61 months before January of the first's year: a lease runs at most
 * 60 months, one may still owe deferred payments, and the year's earlier months used part of the
 * yearly tax-free limit), the own payments through payroll due in them, and the employees of
 * those leases and payments with their absences. The employees and absences are found by the same
 * conditions in SQL, never by a list of ids sent back: a 60,000-employee company's report is one round
 * trip of four queries, not 20,000 parameters twice. Those two ask for one set of employees (the
 * lease's and the payment's ids in one UNION), and a lease's order is ruled out by NOT EXISTS on its
 * cancelled or refunded orders rather than joined: joined, the 21,000 leases of the scale seed's
 * largest company hashed all 200,000 orders and employees of the platform for each query (180 ms for
 * the employees, 74 ms for the absences; 100 and 29 ms this way).
 */

/** A lease runs at most 60 months (the leasing agreements' CHECK) and may owe one month more. */
const LOOKBACK_MONTHS = 61;

/** What the payroll rules read of a lease besides its keys (the report's and the dashboard's). */
export const LEASE_TERMS = {
  beneficiaryEmployeeId: leasingAgreements.beneficiaryEmployeeId,
  monthlyPaymentCents: leasingAgreements.monthlyPaymentCents,
  startDate: leasingAgreements.startDate,
  leaseTimeMonths: leasingAgreements.leaseTimeMonths,
  endDate: leasingAgreements.endDate,
  commitmentDate: leasingAgreements.commitmentDate,
};

/**
 * The last day of the lease's open redemption case (one per order at most), unless the employee keeps
 * the bike through a long absence: the lease ends then, and payroll and the invoice stop after it.
 */
const openCaseEndsOn = sql<string | null>`(select ${bikeRedemptions.leaseEndsOn}::text from ${bikeRedemptions}
  where ${bikeRedemptions.orderId} = ${leasingAgreements.orderId} and ${bikeRedemptions.status} = 'PENDING'
  and (${bikeRedemptions.choice} is null or ${bikeRedemptions.choice} <> 'CONTINUE') limit 1)`;

/** What the payroll report reads of a lease. */
const LEASE_COLUMNS = {
  leaseId: leasingAgreements.id,
  orderId: leasingAgreements.orderId,
  orderNumber: orders.orderNumber,
  ...LEASE_TERMS,
  openCaseEndsOn,
};

/** Agreements that became a lease: signed or accepted, with a start, of an order not cancelled or refunded. */
const LEASE_STATUSES = ["SIGNED", "ACCEPTED"] as const;

export type PayrollSource = Omit<PayrollInput, "bikeBenefitRule" | "period">;

/**
 * The first lease start that may matter for a month: from January of its year, since a lease that ran
 * in the year's earlier months used part of the employee's yearly tax-free limit.
 */
const lookbackStart = (period: string) => firstDayOf(addMonths(`${period.slice(0, 4)}-01`, -LOOKBACK_MONTHS));

/**
 * The company's leases that may matter for the months from `first` to `last`, by the agreements
 * alone: an order cancelled or refunded is ruled out through the small index of such orders
 * (orders_gone_idx), not by looking up every lease's order.
 */
export function leaseAgreementsWhere(companyId: string, first: string, last: string) {
  return and(eq(leasingAgreements.companyId, companyId), leasesMayRunWhere(first, last));
}

/** Any company's leases that may matter for the months from `first` to `last` (as above). */
export function leasesMayRunWhere(first: string, last: string) {
  return and(
    inArray(leasingAgreements.status, [...LEASE_STATUSES]),
    isNotNull(leasingAgreements.startDate),
    lte(leasingAgreements.startDate, lastDayOf(last)),
    gte(leasingAgreements.startDate, lookbackStart(first)),
    notExists(
      // Written as orders_gone_idx's predicate, with the statuses in the SQL, so that the index serves it.
      sql`(select 1 from ${orders} where ${orders.id} = ${leasingAgreements.orderId}
        and ${orders.orderStatus} in ('CANCELLED', 'REFUNDED'))`,
    ),
  );
}

/** The company's own payments through payroll due in the months from `first` to `last`. */
function paymentsWhere(companyId: string, first: string, last: string) {
  return and(
    eq(userPayments.companyId, companyId),
    eq(userPayments.paymentMethod, "PAYROLL"),
    sql`${userPayments.paymentStatus} <> 'CANCELLED'`,
    gte(userPayments.dueDate, firstDayOf(first)),
    lte(userPayments.dueDate, lastDayOf(last)),
  );
}

/**
 * What the payroll reports of the consecutive months `first`..`last` read, loaded once; `of(period)`
 * gives one month's PayrollSource (its leases and payments; the employees and absences of all months,
 * which the report only looks up).
 */
export async function loadPayrollSources(db: Db, companyId: string, first: string, last: string) {
  const leaseEmployeeIds = db
    .select({ id: leasingAgreements.beneficiaryEmployeeId })
    .from(leasingAgreements)
    .where(leaseAgreementsWhere(companyId, first, last));
  const paymentEmployeeIds = db
    .select({ id: userPayments.beneficiaryEmployeeId })
    .from(userPayments)
    .where(paymentsWhere(companyId, first, last));
  const reportedEmployeeIds = union(leaseEmployeeIds, paymentEmployeeIds);
  const [leaseRows, paymentRows, employeeRows, absenceRows] = await readAll(db, [
    () =>
      db
        .select(LEASE_COLUMNS)
        .from(leasingAgreements)
        .innerJoin(orders, eq(orders.id, leasingAgreements.orderId))
        .where(leaseAgreementsWhere(companyId, first, last)),
    () =>
      db
        .select({
          beneficiaryEmployeeId: userPayments.beneficiaryEmployeeId,
          kind: userPayments.kind,
          description: userPayments.description,
          amountCents: userPayments.amountCents,
          dueDate: userPayments.dueDate,
        })
        .from(userPayments)
        .where(paymentsWhere(companyId, first, last)),
    () =>
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
        .where(inArray(beneficiaryEmployees.id, reportedEmployeeIds)),
    () =>
      db
        .select({
          beneficiaryEmployeeId: employeeAbsences.beneficiaryEmployeeId,
          reason: employeeAbsences.reason,
          reasonOther: employeeAbsences.reasonOther,
          startDate: employeeAbsences.startDate,
          endDate: employeeAbsences.endDate,
        })
        .from(employeeAbsences)
        .where(inArray(employeeAbsences.beneficiaryEmployeeId, reportedEmployeeIds)),
  ]);
  // A lease ended early (redeemed or cancelled), or whose redemption case is open, runs only up to its
  // end date's month: the same end date the employee's page and the case show.
  const leases = leaseRows.map(({ openCaseEndsOn: caseEndsOn, ...r }) => {
    const startDate = r.startDate as string;
    const endDate = effectiveLeaseEndDate(
      r.endDate,
      caseEndsOn ? { status: "PENDING", choice: null, leaseEndsOn: caseEndsOn } : null,
    );
    return {
      ...r,
      startDate,
      endDate,
      leaseTimeMonths: effectiveLeaseMonths(startDate, r.leaseTimeMonths, endDate),
    } satisfies PayrollLease;
  });
  const employees: PayrollEmployee[] = employeeRows.map((e) => ({
    ...e,
    firstName: e.firstName ?? "",
    lastName: e.lastName ?? "",
  }));
  const absences: PayrollAbsence[] = absenceRows;
  return {
    of(period: string): PayrollSource {
      const from = lookbackStart(period);
      const to = lastDayOf(period);
      const monthStart = firstDayOf(period);
      const oneOffs: PayrollOneOff[] = paymentRows
        .filter((p) => p.dueDate !== null && p.dueDate >= monthStart && p.dueDate <= to)
        .map((p) => ({
          beneficiaryEmployeeId: p.beneficiaryEmployeeId,
          // Payroll names it by its kind: a payment Pedaali makes carries no description of its own.
          kind: p.kind,
          description: p.description,
          amountCents: p.amountCents,
        }));
      return {
        employees,
        leases: leases.filter((l) => l.startDate >= from && l.startDate <= to),
        absences,
        oneOffs,
      };
    },
  };
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
