import { createHash } from "node:crypto";
import { and, desc, eq, exists, lt, notExists, or, sql } from "drizzle-orm";
import { markChanges } from "../../../domain/payroll/changes.ts";
import { changedRowsOnly, payrollFileBytes } from "../../../domain/payroll/export-format.ts";
import type { PayrollTemplate } from "../../../domain/payroll/export-template.ts";
import { firstDayOf } from "../../../domain/payroll/period.ts";
import { payrollTotals } from "../../../domain/payroll/report.ts";
import type { PayrollRow, PayrollTotals } from "../../../domain/payroll/types.ts";
import type { Db } from "../../db/client.ts";
import { payrollDeliveries, payrollReportSnapshots } from "../../db/schema/index.ts";
import { readAll } from "../../db/transaction.ts";
import { markedReport } from "../reporting/payroll.ts";

/**
 * The month's report as it is delivered: its rows marked against the last report payroll was sent
 * (whatever month that was: a month without a delivery does not make the next one forget what payroll
 * holds), and the file the company's template writes of it. A change-only report carries the new,
 * changed and ended rows; with no delivered report to compare with, the first one is full.
 */

export type DeliveryReport = {
  period: string;
  rows: PayrollRow[];
  totals: PayrollTotals;
  kind: "FULL" | "DELTA";
  /** The rows the file carries. */
  fileRows: PayrollRow[];
  /** Already delivered for this period (the job does not deliver it twice). */
  sentAt: string | null;
};

/**
 * The latest report delivered before the period, as payroll received it. A month whose file never
 * arrived (its delivery failed and was not sent again) is passed over: payroll does not hold its
 * changes, so the next change-only report carries them. A month from before deliveries were logged
 * counts as its mail went.
 */
export async function lastDeliveredBefore(db: Db, companyId: string, period: string) {
  const ofMonth = and(
    eq(payrollDeliveries.companyId, payrollReportSnapshots.companyId),
    eq(payrollDeliveries.period, payrollReportSnapshots.period),
  );
  const [snapshot] = await db
    .select({ period: payrollReportSnapshots.period, rows: payrollReportSnapshots.rows })
    .from(payrollReportSnapshots)
    .where(
      and(
        eq(payrollReportSnapshots.companyId, companyId),
        lt(payrollReportSnapshots.period, firstDayOf(period)),
        or(
          notExists(db.select({ one: sql`1` }).from(payrollDeliveries).where(ofMonth)),
          exists(
            db
              .select({ one: sql`1` })
              .from(payrollDeliveries)
              .where(and(ofMonth, eq(payrollDeliveries.status, "DELIVERED"))),
          ),
        ),
      ),
    )
    .orderBy(desc(payrollReportSnapshots.period))
    .limit(1);
  return snapshot ?? null;
}

export async function deliveryReport(
  db: Db,
  companyId: string,
  period: string,
  deltaOnly: boolean,
): Promise<DeliveryReport> {
  const [report, last] = await readAll(db, [
    () => markedReport(db, companyId, period),
    () => lastDeliveredBefore(db, companyId, period),
  ]);
  const rows = last ? markChanges(report.rows, last.rows as PayrollRow[]) : report.rows;
  const kind = deltaOnly && last ? "DELTA" : "FULL";
  return {
    period,
    rows,
    totals: payrollTotals(rows),
    kind,
    fileRows: kind === "DELTA" ? changedRowsOnly(rows) : rows,
    sentAt: report.sentAt,
  };
}

export type DeliveryFile = { bytes: Uint8Array; sha256: string };

export function deliveryFile(report: DeliveryReport, template: PayrollTemplate): DeliveryFile {
  const bytes = payrollFileBytes(report.fileRows, template, report.period);
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}
