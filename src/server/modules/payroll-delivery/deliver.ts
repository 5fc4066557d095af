import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { DEFAULT_FILE_NAME_PATTERN, deliveryFileName } from "../../../domain/payroll/export-template.ts";
import type { PayrollRow, PayrollTotals } from "../../../domain/payroll/types.ts";
import type { DataKeyring } from "../../data-keys.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { companies, payrollDeliveries, payrollReportSnapshots } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors.ts";
import { payrollReportMail } from "../../messaging/payroll-mails.ts";
import type { Messaging } from "../../messaging/types.ts";
import { createNotifications } from "../notifications/create.ts";
import { employerAdminsOf } from "../notifications/recipients.ts";
import { markedReport } from "../reporting/payroll.ts";
import { sftpNotConfigured } from "./errors.ts";
import { payrollDeliveryFailedNotification } from "./failed-notification.ts";
import { type PayrollRecipient, payrollRecipientsByCompany } from "./recipients.ts";
import { type DeliverySettingsRow, settingsAnswer, settingsRow, sftpTargetOf } from "./settings.ts";
import { putBySftp, SftpDeliveryError, sftpTargetText } from "./sftp.ts";

/**
 * Sending a payroll file and keeping its log row: the monthly job's delivery and the settings page's
 * re-send share it. The row is written before the file goes (status SENDING) and closed after it
 * (DELIVERED or FAILED with words that hold no secret), each in its own transaction with its event.
 */

export type DeliveryDeps = {
  db: Db;
  messaging: Messaging;
  publicUrl: string;
  /** The data keys the SFTP secret is sealed under. */
  dataKeys: DataKeyring;
  /** SFTP servers in private networks may be reached (config SFTP_ALLOW_PRIVATE_HOSTS). */
  sftpAllowPrivateHosts: boolean;
  log?: Pick<FastifyBaseLogger, "info" | "error">;
};

/** Where a delivery goes now, by the company's settings; an e-mail channel without recipients goes nowhere. */
export type Channel =
  | { channel: "SFTP"; target: string; send: (fileName: string, bytes: Uint8Array) => Promise<void> }
  | { channel: "EMAIL"; target: string; people: PayrollRecipient[] };

export function channelOf(
  deps: DeliveryDeps,
  settings: DeliverySettingsRow | undefined,
  people: PayrollRecipient[],
  fileName: string,
): Channel | null {
  if (settings?.channel === "SFTP") {
    const target = sftpTargetOf(settings, deps.dataKeys, deps.sftpAllowPrivateHosts);
    const server = settingsAnswer(settings).sftp;
    if (!target && server) {
      // The secret was sealed under a data key no longer in DATA_KEYS: the log says so, and a re-send
      // works once the company types it again.
      return {
        channel: "SFTP",
        target: sftpTargetText(server, fileName),
        send: () =>
          Promise.reject(new SftpDeliveryError("The stored password or key cannot be read: save it again")),
      };
    }
    if (!target) return null;
    return {
      channel: "SFTP",
      target: sftpTargetText(target, fileName),
      send: (name, bytes) => putBySftp(target, name, bytes),
    };
  }
  if (people.length === 0) return null;
  return { channel: "EMAIL", target: people.map((p) => p.email).join(", "), people };
}

export function fileNameOf(
  settings: DeliverySettingsRow | undefined,
  period: string,
  kind: "FULL" | "DELTA",
) {
  return deliveryFileName(settings?.sftpFileNamePattern ?? DEFAULT_FILE_NAME_PATTERN, period, kind);
}

type MailContent = {
  companyId: string;
  companyName: string;
  period: string;
  rows: PayrollRow[];
  totals: PayrollTotals;
};

/**
 * The report's mail to each recipient; resolves with the failures' count (each one logged). Sent here
 * and not through the message outbox: the mails are the delivery itself, as the SFTP upload is, and the
 * delivery's row says DELIVERED or FAILED by what the provider answered now. A FAILED delivery rings the
 * employer admins' bell, waits in the helpdesk's strip and is re-sent from the settings page (the same
 * file, one more attempt); the outbox's own retries, hours later, would leave that row saying failed of
 * a mail that left, or the re-send refused as still being sent.
 */
async function mailReport(deps: DeliveryDeps, people: PayrollRecipient[], content: MailContent) {
  const link = `${deps.publicUrl}/raportointi?yritys=${content.companyId}&kausi=${content.period}`;
  let failed = 0;
  for (const person of people) {
    try {
      const mail = payrollReportMail(person.language, { name: person.firstName, ...content, link });
      await deps.messaging.sendMail({ to: person.email, ...mail });
    } catch (error) {
      failed += 1;
      deps.log?.error(
        { err: error, companyId: content.companyId, userId: person.userId },
        "payroll report mail failed",
      );
    }
  }
  return failed;
}

/** Sends through the channel; resolves with the error's words, or null when the file arrived. */
export async function sendThrough(
  deps: DeliveryDeps,
  channel: Channel,
  file: { fileName: string; bytes: Uint8Array },
  mail: MailContent,
): Promise<string | null> {
  if (channel.channel === "SFTP") {
    try {
      await channel.send(file.fileName, file.bytes);
      return null;
    } catch (error) {
      deps.log?.error(
        { companyId: mail.companyId, period: mail.period },
        "payroll report SFTP delivery failed",
      );
      return error instanceof SftpDeliveryError ? error.message : "Delivery failed";
    }
  }
  const failed = await mailReport(deps, channel.people, mail);
  return failed === 0 ? null : `${failed} of ${channel.people.length} mails could not be sent`;
}

/** Closes a delivery's row with its outcome and writes its event. */
export async function finishDelivery(
  db: Db,
  delivery: { id: string; companyId: string; period: string },
  error: string | null,
): Promise<void> {
  await write(db, { actor: { userId: null } }, async (ctx) => {
    await ctx.tx
      .update(payrollDeliveries)
      .set({ status: error ? "FAILED" : "DELIVERED", error, finishedAt: ctx.now })
      .where(eq(payrollDeliveries.id, delivery.id));
    await recordEvent(ctx, {
      type: error ? "PAYROLL_DELIVERY_FAILED" : "PAYROLL_REPORT_DELIVERED",
      entity: { type: "company", id: delivery.companyId },
      companyId: delivery.companyId,
      data: { period: delivery.period, deliveryId: delivery.id, ...(error ? { error } : {}) },
    });
    if (!error) return;
    // The company's settings (channel, recipients, SFTP password) are the admins' to correct and the
    // delivery log theirs to re-send from: their bell says so. The helpdesk sees it in its task strip.
    const admins = await employerAdminsOf(ctx.tx, delivery.companyId);
    await createNotifications(
      ctx.tx,
      admins.map((admin) => ({
        userId: admin.userId,
        companyId: delivery.companyId,
        type: "GENERAL" as const,
        priority: "HIGH" as const,
        ...payrollDeliveryFailedNotification(admin.language, delivery.period),
        entityType: "company",
        entityId: delivery.companyId,
        data: { period: delivery.period, deliveryId: delivery.id },
      })),
    );
  });
}

/**
 * Sends a logged file again, the very same bytes, through the company's channel as it is now (so a
 * corrected password or server takes effect). A delivery being sent is not sent twice at once.
 */
export async function resendDelivery(
  deps: DeliveryDeps,
  userId: string,
  companyId: string,
  deliveryId: string,
) {
  const { db } = deps;
  const [delivery] = await db
    .select()
    .from(payrollDeliveries)
    .where(and(eq(payrollDeliveries.id, deliveryId), eq(payrollDeliveries.companyId, companyId)));
  if (!delivery) throw notFound("Payroll delivery");
  const settings = await settingsRow(db, companyId);
  const people = (await payrollRecipientsByCompany(db, companyId)).get(companyId) ?? [];
  const channel = channelOf(deps, settings, people, delivery.fileName);
  if (!channel) {
    if (settings?.channel === "SFTP") throw sftpNotConfigured();
    throw conflict("CONFLICT", "The company has no payroll report recipients");
  }
  const [snapshot] = await db
    .select()
    .from(payrollReportSnapshots)
    .where(
      and(
        eq(payrollReportSnapshots.companyId, companyId),
        eq(payrollReportSnapshots.period, delivery.period),
      ),
    );
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const period = delivery.period.slice(0, 7);
  // The mail words the report as it was delivered; without its snapshot, as it stands now.
  const report = snapshot
    ? { rows: snapshot.rows as PayrollRow[], totals: snapshot.totals as PayrollTotals }
    : await markedReport(db, companyId, period);
  await write(db, { actor: { userId } }, async (ctx) => {
    const [claimed] = await ctx.tx
      .update(payrollDeliveries)
      .set({
        status: "SENDING",
        channel: channel.channel,
        target: channel.target,
        error: null,
        attempts: delivery.attempts + 1,
        startedAt: ctx.now,
        finishedAt: null,
      })
      .where(and(eq(payrollDeliveries.id, deliveryId), ne(payrollDeliveries.status, "SENDING")))
      .returning({ id: payrollDeliveries.id });
    if (!claimed) throw conflict("CONFLICT", "The delivery is being sent");
    await recordEvent(ctx, {
      type: "PAYROLL_DELIVERY_RESENT",
      entity: { type: "company", id: companyId },
      companyId,
      data: { period, deliveryId, channel: channel.channel, attempt: delivery.attempts + 1 },
    });
  });
  const error = await sendThrough(
    deps,
    channel,
    { fileName: delivery.fileName, bytes: delivery.content },
    {
      companyId,
      companyName: company?.name ?? "",
      period,
      rows: report.rows,
      totals: report.totals,
    },
  );
  await finishDelivery(db, { id: deliveryId, companyId, period }, error);
}
