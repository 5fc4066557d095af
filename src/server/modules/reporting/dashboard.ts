import { and, count, eq, inArray, lt, sql } from "drizzle-orm";
import type { TReportingDashboard } from "../../../contract/reporting.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { EMPLOYEE_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import { effectiveLeaseMonths } from "../../../domain/lease-dates.ts";
import { addMonths, firstDayOf, parsePeriod, periodOf, periodRange } from "../../../domain/payroll/period.ts";
import { yearToDateTaxFreeCents } from "../../../domain/payroll/report.ts";
import {
  EXEMPTION_REPEALED_FROM,
  GRANDFATHERED_UNTIL,
  leasePeriods,
  taxFreeCommitments,
} from "../../../domain/payroll/tax-rules.ts";
import type { BikeBenefitRule, TaxRegime } from "../../../domain/payroll/types.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, bikeRedemptions, leasingAgreements, orders } from "../../db/schema/index.ts";
import { effectiveLeaseEndSql } from "../leasing/lease-last-day-sql.ts";
import { openRedemptionCounts } from "../redemptions/queries.ts";
import { currentPeriod } from "./payroll.ts";
import { LEASE_TERMS, leaseAgreementsWhere, loadBikeBenefitRule } from "./payroll-input.ts";

/**
 * The dashboard of a company's benefit (/raportointi). The company's leases are read three times, each
 * time only what a figure needs: counted by start, term, end and regime (a few dozen rows however many
 * leases) for the last 12 months, the regimes and the leases ending soon; their employees counted in
 * SQL; and the leases that can still be tax-free this year, run through the payroll rules for the
 * tax-free part so far. Reading every lease with its order and employee, as the payroll report does,
 * made the scale seed's 21,000-lease company wait most of a second.
 */

/** A lease's commitment date as the tax rules read it (regimeDate: the recorded one, else its start). */
const regimeDateSql = sql`coalesce(${leasingAgreements.commitmentDate}, ${leasingAgreements.startDate})`;

/**
 * taxRegime of the payroll's tax rules, said in SQL so that the leases are counted by regime in the
 * database; the dashboard's test checks that the two agree on each side of both dates.
 */
const regimeSql = (grandfatheredUntil: string) => sql<TaxRegime>`case
  when ${regimeDateSql} <= ${grandfatheredUntil}::date then 'GRANDFATHERED'
  when ${regimeDateSql} < ${EXEMPTION_REPEALED_FROM}::date then 'EXEMPT_2025_ONLY'
  else 'TAXABLE' end`;

/**
 * The lease's last day as every view shows it (an open redemption case's day when it ends sooner), so
 * the dashboard counts and ends a lease as the employee's page, the case and payroll do.
 */
const effectiveLeaseEndText = sql<string | null>`(${effectiveLeaseEndSql(
  leasingAgreements.orderId,
  leasingAgreements.endDate,
)})::text`;

/** Employees who are not (or no longer) accepted: few, so a lease's employee is ruled out among them. */
const NOT_ACCEPTED = EMPLOYEE_STATUSES.filter((status) => status !== "ACCEPTED");

/**
 * The company's leases that may run in the months from `first` to `last`, in one read: counted and
 * their monthly payments summed by what decides whether they run in a month (start, term, end date)
 * and by regime, a few dozen rows however many leases; and, in a last row of all the leases
 * (`allLeases`), how many accepted employees have a lease whose contract runs in `last`: its months
 * counted from the start month, as the months count running leases. A lease is its employee's
 * company's, so its employee is looked up among the company's employees who are not accepted.
 */
function leaseGroups(db: Db, companyId: string, first: string, last: string, grandfatheredUntil: string) {
  const { startDate, leaseTimeMonths, beneficiaryEmployeeId } = leasingAgreements;
  const endDate = effectiveLeaseEndText;
  const runsInLast = sql`${startDate} >= ${firstDayOf(addMonths(last, 1))}::date
    - make_interval(months => ${leaseTimeMonths})`;
  const employeeNotAccepted = sql`${beneficiaryEmployeeId} in (select ${beneficiaryEmployees.id}
    from ${beneficiaryEmployees} where ${beneficiaryEmployees.companyId} = ${companyId}
    and ${inArray(beneficiaryEmployees.status, NOT_ACCEPTED)})`;
  return (
    db
      .select({
        startDate,
        leaseTimeMonths,
        endDate,
        regime: regimeSql(grandfatheredUntil),
        leases: count(),
        costCents: sql<number>`sum(${leasingAgreements.monthlyPaymentCents})::int`,
        employeesWithLease: sql<number>`(count(distinct ${beneficiaryEmployeeId})
        filter (where ${runsInLast} and not ${employeeNotAccepted}))::int`,
        allLeases: sql<number>`grouping(${startDate})`,
      })
      .from(leasingAgreements)
      .where(leaseAgreementsWhere(companyId, first, last))
      // By position: the regime's CASE written again would carry parameters of its own, and PostgreSQL
      // would not take it for the selected one. The empty set is the row of all the leases.
      .groupBy(sql`grouping sets ((1, 2, 3, 4), ())`)
  );
}

/**
 * The employees' tax-free part from January up to the month by the payroll rules, run over only the
 * leases that can be tax-free this year (taxFreeCommitments: from 2026 those committed on or before
 * 23.4.2025) and the last working days of the employees whose employment ended before the month: any
 * other's is 2999-01-01 or cuts no month up to it.
 */
async function taxFreeThisYear(
  db: Db,
  companyId: string,
  period: string,
  rule: (year: number) => BikeBenefitRule,
): Promise<number> {
  const scope = taxFreeCommitments(rule(parsePeriod(period).year));
  if (scope === "NONE") return 0;
  const [leases, leavers] = await Promise.all([
    db
      .select({
        leaseId: leasingAgreements.id,
        // The order number only decides which of an employee's leases uses the limit first, so it is
        // looked up for employees with more than one: looked up for all, it was a third of the read.
        orderNumber: sql<number>`case when count(*) over (partition by ${leasingAgreements.beneficiaryEmployeeId}) > 1
          then (select ${orders.orderNumber} from ${orders} where ${orders.id} = ${leasingAgreements.orderId})
          else 0 end`,
        ...LEASE_TERMS,
        endDate: effectiveLeaseEndText,
      })
      .from(leasingAgreements)
      .where(
        and(
          leaseAgreementsWhere(companyId, `${period.slice(0, 4)}-01`, period),
          scope === "ALL" ? undefined : sql`${regimeDateSql} <= ${scope.onOrBefore}::date`,
        ),
      ),
    db
      .select({
        beneficiaryEmployeeId: beneficiaryEmployees.id,
        lastWorkingDayDate: beneficiaryEmployees.lastWorkingDayDate,
      })
      .from(beneficiaryEmployees)
      .where(
        and(
          eq(beneficiaryEmployees.companyId, companyId),
          lt(beneficiaryEmployees.lastWorkingDayDate, firstDayOf(period)),
        ),
      ),
  ]);
  return yearToDateTaxFreeCents({
    period,
    bikeBenefitRule: rule,
    employees: leavers,
    leases: leases.map((lease) => {
      const startDate = lease.startDate as string;
      return {
        ...lease,
        startDate,
        leaseTimeMonths: effectiveLeaseMonths(startDate, lease.leaseTimeMonths, lease.endDate),
      };
    }),
  });
}

export async function companyDashboard(
  db: Db,
  company: { id: string; name: string },
  now = new Date(),
): Promise<TReportingDashboard> {
  const period = currentPeriod(now);
  const from = addMonths(period, -11);
  const rule = await loadBikeBenefitRule(db);
  const grandfatheredUntil = rule(parsePeriod(period).year).grandfatheredUntil ?? GRANDFATHERED_UNTIL;
  const [statusRows, employeeRows, groupRows, taxFreeThisYearCents, openLeaseEnds] = await Promise.all([
    db
      .select({ orderStatus: orders.orderStatus, count: count() })
      .from(orders)
      .where(eq(orders.companyId, company.id))
      .groupBy(orders.orderStatus),
    db
      .select({ status: beneficiaryEmployees.status, count: count() })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.companyId, company.id))
      .groupBy(beneficiaryEmployees.status),
    leaseGroups(db, company.id, from, period, grandfatheredUntil),
    taxFreeThisYear(db, company.id, period, rule),
    openRedemptionCounts(db, eq(bikeRedemptions.companyId, company.id), toHelsinkiDateString(now)),
  ]);

  const groups = groupRows.filter((row) => row.allLeases === 0);
  const withLease = groupRows.find((row) => row.allLeases === 1)?.employeesWithLease ?? 0;

  // The last 12 months: the leases whose contract runs in each (its months from the start month) and
  // their monthly cost.
  const months = periodRange(from, period).map((month) => {
    let activeLeases = 0;
    let leaseCostCents = 0;
    for (const group of groups) {
      const first = periodOf(group.startDate as string);
      if (first <= month && month < addMonths(first, group.leaseTimeMonths)) {
        activeLeases += group.leases;
        leaseCostCents += group.costCents;
      }
    }
    return { period: month, activeLeases, leaseCostCents };
  });
  const current = months.at(-1) ?? { activeLeases: 0, leaseCostCents: 0 };

  // This month's running leases by regime, and those whose last month is within three months: an
  // ended lease runs only up to its end date's month.
  const leasesByRegime = { GRANDFATHERED: 0, EXEMPT_2025_ONLY: 0, TAXABLE: 0 };
  const soon = addMonths(period, 3);
  let leasesEndingSoon = 0;
  for (const group of groups) {
    const startDate = group.startDate as string;
    const { first, last } = leasePeriods({
      startDate,
      leaseTimeMonths: effectiveLeaseMonths(startDate, group.leaseTimeMonths, group.endDate),
    });
    if (period < first || last < period) continue;
    leasesByRegime[group.regime] += group.leases;
    if (last <= soon) leasesEndingSoon += group.leases;
  }

  const byStatus = new Map(employeeRows.map((r) => [r.status, r.count]));
  return {
    company,
    employees: {
      accepted: byStatus.get("ACCEPTED") ?? 0,
      pending: byStatus.get("PENDING") ?? 0,
      withActiveLease: withLease,
    },
    activeLeases: current.activeLeases,
    monthlyCostCents: current.leaseCostCents,
    months,
    ordersByStatus: statusRows
      .map((r) => ({ orderStatus: r.orderStatus as OrderStatus, count: r.count }))
      .sort((a, b) => b.count - a.count),
    leasesByRegime,
    taxFreeThisYearCents,
    leasesEndingSoon,
    openLeaseEnds,
  };
}
