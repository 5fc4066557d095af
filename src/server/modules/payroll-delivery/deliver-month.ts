import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { firstDayOf } from "../../../domain/payroll/period.ts";
import { recordEvent } from "../../db/event-log.ts";
import { payrollDeliveries, payrollReportSnapshots } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { createNotifications } from "../notifications/create.ts";
import { employerAdminsOf } from "../notifications/recipients.ts";
import { payrollReminderNotification } from "../notifications/texts.ts";
import { channelOf, type DeliveryDeps, fileNameOf, finishDelivery, sendThrough } from "./deliver.ts";
import { deliveryFile, deliveryReport } from "./delivery-report.ts";
import type { PayrollRecipient } from "./recipients.ts";
import { DEFAULT_SETTINGS, type DeliverySettingsRow, templateOf } from "./settings.ts";

/**
 * One company's report of the month, delivered: the monthly job's step for each company due, and the
 * settings page's "deliver now" once the cut-off day has come. The report as sent is kept (the snapshot
 * the next month's changes are marked against), the admins get their reminder in the bell, and the
 * file's log row is written before it goes and closed after. A month already delivered (by the job, by
 * another admin, by a second process) is never delivered twice: the snapshot's key decides.
 */

export type MonthDelivery =
  | { outcome: "SENT"; deliveryId: string; channel: "EMAIL" | "SFTP"; error: string | null }
  /** The month's report had already gone. */
  | { outcome: "ALREADY_SENT" }
  /** E-mail without recipients (the settings page asks for them) or SFTP without its server. */
  | { outcome: "NO_CHANNEL" };

export async function deliverMonth(
  deps: DeliveryDeps,
  input: {
    companyId: string;
    companyName: string;
    period: string;
    now: Date;
    /** Who asked for it; null for the job, which acts as nobody. */
    userId: string | null;
    settings: DeliverySettingsRow | undefined;
    people: PayrollRecipient[];
  },
): Promise<MonthDelivery> {
  const { db } = deps;
  const { companyId, companyName, period, settings, people } = input;
  const report = await deliveryReport(db, companyId, period, settings?.deltaOnly ?? false);
  if (report.sentAt) return { outcome: "ALREADY_SENT" };
  const fileName = fileNameOf(settings, period, report.kind);
  const channel = channelOf(deps, settings, people, fileName);
  if (!channel) return { outcome: "NO_CHANNEL" };
  const file = deliveryFile(report, templateOf(settings));
  const changes = report.rows.filter((row) => row.change !== "UNCHANGED").length;
  const deliveryId = await write(db, { actor: { userId: input.userId }, now: input.now }, async (ctx) => {
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
        sentAt: input.now,
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
        createdAt: input.now,
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
        startedAt: input.now,
      })
      .returning({ id: payrollDeliveries.id });
    return delivery?.id ?? null;
  });
  if (!deliveryId) return { outcome: "ALREADY_SENT" };
  const error = await sendThrough(
    deps,
    channel,
    { fileName, bytes: file.bytes },
    { companyId, companyName, period, rows: report.rows, totals: report.totals },
  );
  await finishDelivery(db, { id: deliveryId, companyId, period }, error);
  return { outcome: "SENT", deliveryId, channel: channel.channel, error };
}

/** The month's report is due from the company's cut-off day (the 15th unless it set another), Helsinki time. */
export function isDue(settings: Pick<DeliverySettingsRow, "cutoffDay"> | undefined, now: Date): boolean {
  const today = Number(toHelsinkiDateString(now).slice(8, 10));
  return today >= (settings?.cutoffDay ?? DEFAULT_SETTINGS.cutoffDay);
}
