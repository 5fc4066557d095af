import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { firstDayOf } from "../../domain/payroll/period.ts";
import { EMPLOYER_ROLES } from "../../domain/roles.ts";
import type { Db } from "../db/client.ts";
import { recordEvent } from "../db/event-log.ts";
import {
  companies,
  groupPayrollReportRecipients,
  payrollReportRecipients,
  payrollReportSnapshots,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../db/schema/index.ts";
import { write } from "../db/transaction.ts";
import { payrollReportMail } from "../messaging/payroll-mails.ts";
import type { Messaging } from "../messaging/types.ts";
import { createNotifications } from "../modules/notifications/create.ts";
import { employerAdminsOf } from "../modules/notifications/recipients.ts";
import { payrollReminderNotification } from "../modules/notifications/texts.ts";
import { currentPeriod, markedReport } from "../modules/reporting/payroll.ts";

/**
 * The monthly payroll report mail (ADR 008; a pg-boss job, jobs/runner.ts): on the 15th of
 * each month every company with payroll report recipients gets the month's report, in time for the
 * month's pay run. The report as sent is kept (payroll_report_snapshots), so next month's changes are
 * marked against what payroll actually received; the company's employer admins get a PAYMENT_REMINDER
 * in their bell. A company already sent this month is skipped, so a rerun (or a second process) sends
 * nothing twice.
 */

export const PAYROLL_REPORT_QUEUE = "monthly-payroll-report";
/** At 07:00 Helsinki time on the 15th of every month. */
export const PAYROLL_REPORT_CRON = "0 7 15 * *";

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export type PayrollRecipient = { userId: string; email: string; language: string; firstName: string | null };

/** Only someone who still holds an employer role where the report is from receives it. */
const employerRoleIn = (companyIds: SQL) =>
  sql`exists (select 1 from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id} and ${inArray(roles.name, [...EMPLOYER_ROLES])}
      and ${userRoles.companyId} in ${companyIds})`;

/** The live companies of a group recipient's group (a second, aliased reading of companies). */
const groupMembers = sql`(select m.id from ${companies} as m
  where m.group_company_id = ${groupPayrollReportRecipients.groupCompanyId} and m.deleted_at is null)`;

/**
 * Each live company's recipients: its own, and its group's, who are active and still hold an employer
 * role in the company (a group's recipient: in one of the group's companies). Once each per company.
 */
export async function payrollRecipientsByCompany(db: Db): Promise<Map<string, PayrollRecipient[]>> {
  const person = {
    userId: users.id,
    email: users.email,
    language: users.language,
    firstName: systemUsers.firstName,
  };
  const [own, ofGroup] = await Promise.all([
    db
      .select({ companyId: payrollReportRecipients.companyId, ...person })
      .from(payrollReportRecipients)
      .innerJoin(companies, eq(companies.id, payrollReportRecipients.companyId))
      .innerJoin(users, eq(users.id, payrollReportRecipients.userId))
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .where(
        and(
          isNull(companies.deletedAt),
          eq(users.deactivated, false),
          employerRoleIn(sql`(${payrollReportRecipients.companyId})`),
        ),
      ),
    db
      .select({ companyId: companies.id, ...person })
      .from(groupPayrollReportRecipients)
      .innerJoin(companies, eq(companies.groupCompanyId, groupPayrollReportRecipients.groupCompanyId))
      .innerJoin(users, eq(users.id, groupPayrollReportRecipients.userId))
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .where(and(isNull(companies.deletedAt), eq(users.deactivated, false), employerRoleIn(groupMembers))),
  ]);
  const byCompany = new Map<string, PayrollRecipient[]>();
  for (const { companyId, ...recipient } of [...own, ...ofGroup]) {
    const list = byCompany.get(companyId) ?? [];
    if (!list.some((r) => r.userId === recipient.userId)) list.push(recipient);
    byCompany.set(companyId, list);
  }
  return byCompany;
}

export type PayrollRun = { period: string; companies: number; mails: number; skipped: number };

export async function sendMonthlyPayrollReports(
  db: Db,
  options: { now: Date; messaging: Messaging; publicUrl: string; log?: Log },
): Promise<PayrollRun> {
  const period = currentPeriod(options.now);
  const recipients = await payrollRecipientsByCompany(db);
  const run: PayrollRun = { period, companies: 0, mails: 0, skipped: 0 };
  if (recipients.size === 0) return run;
  const names = new Map(
    (
      await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, [...recipients.keys()]))
    ).map((c) => [c.id, c.name]),
  );

  for (const [companyId, people] of recipients) {
    const companyName = names.get(companyId) ?? "";
    const report = await markedReport(db, companyId, period);
    if (report.sentAt) {
      run.skipped += 1;
      continue;
    }
    const changes = report.rows.filter((row) => row.change !== "UNCHANGED").length;
    // The job acts as nobody: its event row has no actor.
    const claimed = await write(db, { actor: { userId: null }, now: options.now }, async (ctx) => {
      const { tx } = ctx;
      const [snapshot] = await tx
        .insert(payrollReportSnapshots)
        .values({
          companyId,
          period: firstDayOf(period),
          rows: report.rows,
          totals: report.totals,
          sentTo: people.map((p) => p.email),
          sentAt: options.now,
        })
        // A report already sent for the month (a rerun, another process) is not sent again.
        .onConflictDoNothing()
        .returning({ id: payrollReportSnapshots.id });
      if (!snapshot) return false;
      await recordEvent(ctx, {
        type: "PAYROLL_REPORT_SENT",
        entity: { type: "company", id: companyId },
        companyId,
        data: { period, rows: report.totals.rowCount, changes, recipients: people.length },
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
      return true;
    });
    if (!claimed) {
      run.skipped += 1;
      continue;
    }
    run.companies += 1;
    const link = `${options.publicUrl}/raportointi?yritys=${companyId}&kausi=${period}`;
    for (const person of people) {
      try {
        const mail = payrollReportMail(person.language, {
          name: person.firstName,
          companyName,
          period,
          rows: report.rows,
          totals: report.totals,
          link,
        });
        await options.messaging.sendMail({ to: person.email, ...mail });
        run.mails += 1;
      } catch (error) {
        options.log?.error({ err: error, companyId, userId: person.userId }, "payroll report mail failed");
      }
    }
  }
  options.log?.info(run, "monthly payroll reports sent");
  return run;
}
