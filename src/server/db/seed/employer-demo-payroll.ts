import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { payrollFileBytes } from "../../../domain/payroll/export-format.ts";
import {
  DEFAULT_CUTOFF_DAY,
  DEFAULT_FILE_NAME_PATTERN,
  deliveryFileName,
  presetTemplate,
} from "../../../domain/payroll/export-template.ts";
import { addMonths, firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import type { PayrollRow } from "../../../domain/payroll/types.ts";
import { payrollReminderNotification } from "../../modules/notifications/texts.ts";
import { markedReport } from "../../modules/reporting/payroll.ts";
import {
  eventLog,
  groupCompanies,
  groupPayrollReportRecipients,
  payrollDeliveries,
  payrollDeliverySettings,
  payrollReportRecipients,
  payrollReportSnapshots,
  users,
} from "../schema/index.ts";
import { DEMO_COMPANIES, type DemoCompanyKey } from "./demo-data.ts";
import { bell, type Ctx } from "./employer-demo-context.ts";
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
  const lastMonth = addMonths(periodOf(toHelsinkiDateString(c.now)), -1);
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
    if (key === "demo") await seedDemoDelivery(c, companyId, lastMonth, report.rows, recipients, sentAt);
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

/**
 * Demo Oy delivers with the Excel preset made its own (its payroll's own header for the employee
 * number, no order column, Finnish dates without leading zeros), and last month's report is in the log
 * as delivered by e-mail, so the settings page shows a template and a delivery to re-send.
 */
async function seedDemoDelivery(
  c: Ctx,
  companyId: string,
  period: string,
  rows: PayrollRow[],
  recipients: { email: string }[],
  sentAt: Date,
) {
  const excel = presetTemplate("EXCEL");
  const template = {
    ...excel,
    preset: null,
    dateFormat: "D.M.YYYY" as const,
    columns: excel.columns
      .filter((column) => column.field !== "orderNumber")
      .map((column) => (column.field === "employeeNumber" ? { ...column, header: "Hlönro" } : column)),
  };
  await c.db.insert(payrollDeliverySettings).values({
    companyId,
    template,
    cutoffDay: DEFAULT_CUTOFF_DAY,
    deltaOnly: false,
    channel: "EMAIL",
  });
  const bytes = payrollFileBytes(rows, template, period);
  await c.db.insert(payrollDeliveries).values({
    companyId,
    period: firstDayOf(period),
    kind: "FULL",
    channel: "EMAIL",
    target: recipients.map((r) => r.email).join(", "),
    status: "DELIVERED",
    fileName: deliveryFileName(DEFAULT_FILE_NAME_PATTERN, period, "FULL"),
    fileSha256: createHash("sha256").update(bytes).digest("hex"),
    content: Buffer.from(bytes),
    rowCount: rows.length,
    attempts: 1,
    startedAt: sentAt,
    finishedAt: sentAt,
  });
}
