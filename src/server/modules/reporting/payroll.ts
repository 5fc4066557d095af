import { and, count, eq, isNull, or } from "drizzle-orm";
import type { TPayrollReportResponse } from "../../../contract/reporting.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { markChanges } from "../../../domain/payroll/changes.ts";
import { addMonths, firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { payrollRows, payrollTotals } from "../../../domain/payroll/report.ts";
import type { PayrollReport, PayrollRow } from "../../../domain/payroll/types.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, payrollReportSnapshots } from "../../db/schema/index.ts";
import { readAll } from "../../db/transaction.ts";
import { loadBikeBenefitRule, loadPayrollSources } from "./payroll-input.ts";

/**
 * The payroll report of a company and month as the employer sees it (ADR 008): the
 * rows of src/domain/payroll marked against last month's report as payroll received it (its snapshot,
 * when the monthly mail went out), else last month computed now.
 */

/** The current pay month in Helsinki. */
export const currentPeriod = (now = new Date()) => periodOf(toHelsinkiDateString(now));

export type MarkedReport = PayrollReport & {
  comparedWith: { period: string; source: "SENT" | "COMPUTED"; sentAt: string | null };
  sentAt: string | null;
};

async function snapshotOf(db: Db, companyId: string, period: string) {
  const [snapshot] = await db
    .select()
    .from(payrollReportSnapshots)
    .where(
      and(
        eq(payrollReportSnapshots.companyId, companyId),
        eq(payrollReportSnapshots.period, firstDayOf(period)),
      ),
    );
  return snapshot ?? null;
}

/**
 * This month's report with every row marked NEW, CHANGED, UNCHANGED or ENDED against last month's. Both
 * months are read in one load (loadPayrollSources), so last month computed now costs no second trip.
 */
export async function markedReport(db: Db, companyId: string, period: string): Promise<MarkedReport> {
  const previousPeriod = addMonths(period, -1);
  const [sources, bikeBenefitRule, sentBefore, sentNow] = await readAll(db, [
    () => loadPayrollSources(db, companyId, previousPeriod, period),
    () => loadBikeBenefitRule(db),
    () => snapshotOf(db, companyId, previousPeriod),
    () => snapshotOf(db, companyId, period),
  ]);
  const current = payrollRows({ ...sources.of(period), period, bikeBenefitRule });
  const previous = sentBefore
    ? (sentBefore.rows as PayrollRow[])
    : payrollRows({ ...sources.of(previousPeriod), period: previousPeriod, bikeBenefitRule });
  const rows = markChanges(current, previous);
  return {
    period,
    rows,
    totals: payrollTotals(rows),
    comparedWith: {
      period: previousPeriod,
      source: sentBefore ? "SENT" : "COMPUTED",
      sentAt: sentBefore ? sentBefore.sentAt.toISOString() : null,
    },
    sentAt: sentNow ? sentNow.sentAt.toISOString() : null,
  };
}

/** Accepted employees of the company without an employee number or a cost unit: payroll cannot place them. */
async function employeesMissingPayrollData(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(beneficiaryEmployees)
    .where(
      and(
        eq(beneficiaryEmployees.companyId, companyId),
        eq(beneficiaryEmployees.status, "ACCEPTED"),
        or(isNull(beneficiaryEmployees.employeeNumber), isNull(beneficiaryEmployees.costUnit)),
      ),
    );
  return row?.n ?? 0;
}

export async function payrollReportResponse(
  db: Db,
  company: { id: string; name: string },
  period: string,
): Promise<TPayrollReportResponse> {
  const [report, missing] = await readAll(db, [
    () => markedReport(db, company.id, period),
    () => employeesMissingPayrollData(db, company.id),
  ]);
  return { company, ...report, employeesMissingPayrollData: missing };
}
