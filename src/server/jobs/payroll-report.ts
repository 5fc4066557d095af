import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { toHelsinkiDateString } from "../../domain/dates.ts";
import { firstDayOf } from "../../domain/payroll/period.ts";
import type { Db } from "../db/client.ts";
import { recordEvent } from "../db/event-log.ts";
import {
  companies,
  payrollDeliveries,
  payrollDeliverySettings,
  payrollReportSnapshots,
} from "../db/schema/index.ts";
import { write } from "../db/transaction.ts";
import type { Messaging } from "../messaging/types.ts";
import { createNotifications } from "../modules/notifications/create.ts";
import { employerAdminsOf } from "../modules/notifications/recipients.ts";
import { payrollReminderNotification } from "../modules/notifications/texts.ts";
import { channelOf, fileNameOf, finishDelivery, sendThrough } from "../modules/payroll-delivery/deliver.ts";
import { deliveryFile, deliveryReport } from "../modules/payroll-delivery/delivery-report.ts";
import { payrollRecipientsByCompany } from "../modules/payroll-delivery/recipients.ts";
import { DEFAULT_SETTINGS, templateOf } from "../modules/payroll-delivery/settings.ts";
import { currentPeriod } from "../modules/reporting/payroll.ts";

export { type PayrollRecipient, payrollRecipientsByCompany } from "../modules/payroll-delivery/recipients.ts";

/**
 * The monthly payroll report (ADR 008; a pg-boss job, jobs/runner.ts): every company with payroll
 * report recipients or an SFTP server gets the month's report on its cut-off day (the 15th unless it
 * set another), in time for the month's pay run. The job runs every morning and delivers what is due. The report as sent is kept (payroll_report_snapshots), so next month's changes are
 * marked against what payroll actually received; the company's employer admins get a PAYMENT_REMINDER
 * in their bell. A company already sent this month is skipped, so a rerun (or a second process) sends
 * nothing twice.
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
  options: { now: Date; messaging: Messaging; publicUrl: string; serverSecret?: string; log?: Log },
): Promise<PayrollRun> {
  const period = currentPeriod(options.now);
  const today = Number(toHelsinkiDateString(options.now).slice(8, 10));
  const deps = {
    db,
    messaging: options.messaging,
    publicUrl: options.publicUrl,
    serverSecret: options.serverSecret ?? "",
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
    if (today < (settings?.cutoffDay ?? DEFAULT_SETTINGS.cutoffDay)) continue;
    const people = recipients.get(companyId) ?? [];
    const companyName = names.get(companyId);
    if (companyName === undefined) continue;
    const report = await deliveryReport(db, companyId, period, settings?.deltaOnly ?? false);
    if (report.sentAt) {
      run.skipped += 1;
      continue;
    }
    const fileName = fileNameOf(settings, period, report.kind);
    const channel = channelOf(deps, settings, people, fileName);
    if (!channel) {
      // E-mail without recipients (the settings page asks for them) or SFTP without its server.
      options.log?.error({ companyId }, "payroll delivery has no channel");
      continue;
    }
    const file = deliveryFile(report, templateOf(settings));
    const changes = report.rows.filter((row) => row.change !== "UNCHANGED").length;
    // The job acts as nobody: its event row has no actor.
    const deliveryId = await write(db, { actor: { userId: null }, now: options.now }, async (ctx) => {
      const { tx } = ctx;
      const [snapshot] = await tx
        .insert(payrollReportSnapshots)
        .values({
          companyId,
          period: firstDayOf(period),
          rows: report.rows,
          totals: report.totals,
          sentTo: channel.channel === "EMAIL" ? people.map((p) => p.email) : [channel.target],
          kind: report.kind,
          sentAt: options.now,
        })
        // A report already sent for the month (a rerun, another process) is not sent again.
        .onConflictDoNothing()
        .returning({ id: payrollReportSnapshots.id });
      if (!snapshot) return null;
      await recordEvent(ctx, {
        type: "PAYROLL_REPORT_SENT",
        entity: { type: "company", id: companyId },
        companyId,
        data: {
          period,
          rows: report.totals.rowCount,
          changes,
          recipients: channel.channel === "EMAIL" ? people.length : 0,
          channel: channel.channel,
          kind: report.kind,
        },
      });
      const admins = await employerAdminsOf(tx, companyId);
      await createNotifications(
        tx,
        admins.map((admin) => ({
          userId: admin.userId,
          companyId,
          type: "PAYMENT_REMINDER" as const,
          ...payrollReminderNotification(admin.language, {
            companyName,
            period,
            deductions: report.totals.rowCount,
            grossDeductionCents: report.totals.grossDeductionCents,
            changes,
          }),
          entityType: "company",
          entityId: companyId,
          data: { period },
          createdAt: options.now,
        })),
      );
      const [delivery] = await tx
        .insert(payrollDeliveries)
        .values({
          companyId,
          period: firstDayOf(period),
          kind: report.kind,
          channel: channel.channel,
          target: channel.target,
          status: "SENDING",
          fileName,
          fileSha256: file.sha256,
          content: Buffer.from(file.bytes),
          rowCount: report.fileRows.length,
          startedAt: options.now,
        })
        .returning({ id: payrollDeliveries.id });
      return delivery?.id ?? null;
    });
    if (!deliveryId) {
      run.skipped += 1;
      continue;
    }
    run.companies += 1;
    const error = await sendThrough(
      deps,
      channel,
      { fileName, bytes: file.bytes },
      { companyId, companyName, period, rows: report.rows, totals: report.totals },
    );
    if (channel.channel === "EMAIL") run.mails += people.length;
    if (error) run.failed += 1;
    await finishDelivery(db, { id: deliveryId, companyId, period }, error);
  }
  options.log?.info(run, "monthly payroll reports sent");
  return run;
}
