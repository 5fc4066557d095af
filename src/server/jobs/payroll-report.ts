import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { firstDayOf } from "../../domain/payroll/period.ts";
import type { DataKeyring } from "../data-keys.ts";
import type { Db } from "../db/client.ts";
import { companies, payrollDeliverySettings, payrollReportSnapshots } from "../db/schema/index.ts";
import type { Messaging } from "../messaging/types.ts";
import { deliverMonth, isDue } from "../modules/payroll-delivery/deliver-month.ts";
import { payrollRecipientsByCompany } from "../modules/payroll-delivery/recipients.ts";
import { currentPeriod } from "../modules/reporting/payroll.ts";

export { payrollRecipientsByCompany } from "../modules/payroll-delivery/recipients.ts";

/**
 * The monthly payroll report (ADR 008; a pg-boss job, jobs/runner.ts): every company with payroll
 * report recipients or an SFTP server gets the month's report on its cut-off day (the 15th unless it
 * set another), in time for the month's pay run. The job runs every morning and delivers what is due,
 * each company as deliverMonth does (the settings page's "deliver now" shares it). A company already
 * sent this month is skipped, so a rerun (or a second process) sends nothing twice.
 */

export const PAYROLL_REPORT_QUEUE = "monthly-payroll-report";
/** At 07:00 Helsinki time every day: each company's cut-off day is its own. */
export const PAYROLL_REPORT_CRON = "0 7 * * *";

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export type PayrollRun = {
  period: string;
  companies: number;
  mails: number;
  skipped: number;
  failed: number;
};

/**
 * Delivers each due company's report: a company is due from its cut-off day of the month (the 15th
 * unless it set another), so a report covers the changes made up to that day. The file is written
 * with the company's template and goes by its channel; e-mail as before, to its payroll recipients.
 */
export async function sendMonthlyPayrollReports(
  db: Db,
  options: {
    now: Date;
    messaging: Messaging;
    publicUrl: string;
    /** The data keys the SFTP secrets are sealed under; without them no SFTP secret is read. */
    dataKeys?: DataKeyring;
    sftpAllowPrivateHosts?: boolean;
    log?: Log;
  },
): Promise<PayrollRun> {
  const period = currentPeriod(options.now);
  const deps = {
    db,
    messaging: options.messaging,
    publicUrl: options.publicUrl,
    dataKeys: options.dataKeys ?? { dataKeys: [], jwtSecret: "" },
    sftpAllowPrivateHosts: options.sftpAllowPrivateHosts ?? false,
    log: options.log,
  };
  const recipients = await payrollRecipientsByCompany(db);
  const settingsRows = await db.select().from(payrollDeliverySettings);
  const settingsOf = new Map(settingsRows.map((row) => [row.companyId, row]));
  const run: PayrollRun = { period, companies: 0, mails: 0, skipped: 0, failed: 0 };
  const companyIds = new Set([
    ...recipients.keys(),
    ...settingsRows.filter((row) => row.channel === "SFTP").map((row) => row.companyId),
  ]);
  if (companyIds.size === 0) return run;
  // Read once, so the days after a company's delivery cost no report.
  const delivered = new Set(
    (
      await db
        .select({ companyId: payrollReportSnapshots.companyId })
        .from(payrollReportSnapshots)
        .where(eq(payrollReportSnapshots.period, firstDayOf(period)))
    ).map((row) => row.companyId),
  );
  const names = new Map(
    (
      await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, [...companyIds]))
    ).map((c) => [c.id, c.name]),
  );

  for (const companyId of companyIds) {
    const settings = settingsOf.get(companyId);
    if (delivered.has(companyId)) {
      run.skipped += 1;
      continue;
    }
    if (!isDue(settings, options.now)) continue;
    const people = recipients.get(companyId) ?? [];
    const companyName = names.get(companyId);
    if (companyName === undefined) continue;
    const delivery = await deliverMonth(deps, {
      companyId,
      companyName,
      period,
      now: options.now,
      userId: null,
      settings,
      people,
    });
    if (delivery.outcome === "ALREADY_SENT") {
      run.skipped += 1;
      continue;
    }
    if (delivery.outcome === "NO_CHANNEL") {
      options.log?.error({ companyId }, "payroll delivery has no channel");
      continue;
    }
    run.companies += 1;
    if (delivery.channel === "EMAIL") run.mails += people.length;
    if (delivery.error) run.failed += 1;
  }
  options.log?.info(run, "monthly payroll reports sent");
  return run;
}
