import { eq, inArray } from "drizzle-orm";
import { addMonths, firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { payrollReminderNotification } from "../../modules/notifications/texts.ts";
import { markedReport } from "../../modules/reporting/payroll.ts";
import {
  eventLog,
  groupCompanies,
  groupPayrollReportRecipients,
  payrollReportRecipients,
  payrollReportSnapshots,
  users,
} from "../schema/index.ts";
import { DEMO_COMPANIES, type DemoCompanyKey } from "./demo-data.ts";
import { bell, type Ctx, isoDate } from "./employer-demo-context.ts";
import { DEMO_PAYROLL_RECIPIENTS } from "./employer-demo-data.ts";

/** The employer portal's payroll: the report's recipients, and last month's report as it was mailed. */

export async function seedPayrollRecipients(c: Ctx) {
  const emails = [...DEMO_PAYROLL_RECIPIENTS.companies.map((r) => r.email), ...DEMO_PAYROLL_RECIPIENTS.group];
  const people = new Map(
    (
      await c.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
    ).map((u) => [u.email, u.id]),
  );
  for (const { company, email } of DEMO_PAYROLL_RECIPIENTS.companies) {
    const userId = people.get(email);
    if (userId) {
      await c.db
        .insert(payrollReportRecipients)
        .values({ companyId: c.companyIds.get(company) as string, userId })
        .onConflictDoNothing();
    }
  }
  const [group] = await c.db.select({ id: groupCompanies.id }).from(groupCompanies).limit(1);
  for (const email of DEMO_PAYROLL_RECIPIENTS.group) {
    const userId = people.get(email);
    if (userId && group) {
      await c.db
        .insert(groupPayrollReportRecipients)
        .values({ groupCompanyId: group.id, userId })
        .onConflictDoNothing();
    }
  }
}

/**
 * Last month's payroll reports as they were mailed on the 15th, with the reminder in the admins'
 * bells, so that this month's report marks its changes against what payroll received.
 */
export async function seedLastMonthsReports(c: Ctx, adminsByCompany: Map<DemoCompanyKey, string[]>) {
  const lastMonth = addMonths(periodOf(isoDate(c.now)), -1);
  const sentAt = new Date(`${lastMonth}-15T05:00:00Z`);
  for (const [key, companyId] of c.companyIds) {
    const recipients = await c.db
      .select({ email: users.email })
      .from(payrollReportRecipients)
      .innerJoin(users, eq(users.id, payrollReportRecipients.userId))
      .where(eq(payrollReportRecipients.companyId, companyId));
    if (recipients.length === 0) continue;
    const report = await markedReport(c.db, companyId, lastMonth);
    await c.db.insert(payrollReportSnapshots).values({
      companyId,
      period: firstDayOf(lastMonth),
      rows: report.rows,
      totals: report.totals,
      sentTo: recipients.map((r) => r.email),
      sentAt,
    });
    const changes = report.rows.filter((row) => row.change !== "UNCHANGED").length;
    await c.db.insert(eventLog).values({
      type: "PAYROLL_REPORT_SENT",
      companyId,
      entityType: "company",
      entityId: companyId,
      data: { period: lastMonth, rows: report.totals.rowCount, changes, recipients: recipients.length },
      createdAt: sentAt,
    });
    bell(c, adminsByCompany.get(key) ?? [], sentAt, () => ({
      companyId,
      type: "PAYMENT_REMINDER",
      ...payrollReminderNotification("fi", {
        companyName: DEMO_COMPANIES[key].name,
        period: lastMonth,
        deductions: report.totals.rowCount,
        grossDeductionCents: report.totals.grossDeductionCents,
        changes,
      }),
      entityType: "company",
      entityId: companyId,
      data: { period: lastMonth },
    }));
  }
}
