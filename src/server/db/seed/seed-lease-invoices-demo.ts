import { and, eq, isNotNull } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { addMonths, firstDayOf, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import type { FileStore } from "../../files/file-store.ts";
import { issueMonthlyLeaseInvoices } from "../../jobs/lease-invoices.ts";
import { companiesWithLeases, issueLeaseInvoice } from "../../modules/lease-invoices/issue.ts";
import { openCasesForEndedEmployment } from "../../modules/redemptions/employment-end.ts";
import type { Db } from "../client.ts";
import { beneficiaryEmployees, companies, leasingAgreements, users } from "../schema/index.ts";
import { write } from "../transaction.ts";
import { DEMO_PUBLIC_URL } from "./demo-data.ts";

/** Her lease starts this month, but the helpdesk started it only after this month's invoice went out. */
const LATE_STARTED_EMPLOYEE = "emma.kettunen@demo.test";
/** His employment ended at last month's end; the employer recorded it after this month's invoice. */
const LATE_RECORDED_LEAVER = "onni.lehtonen@demo.test";

const quiet = { info: () => {}, error: () => {} };

/**
 * The demo of the employers' monthly lease invoices, after the leases: every company with a running
 * lease has last month's invoice and this month's, each issued on its month's first day as the monthly
 * job issues them, so the company settings page lists invoices to open and download as e-invoices.
 * Demo Oy's month also shows billing that catches up: Emma Kettunen's lease, started after this
 * month's invoice, is billed on a supplementary invoice, and Onni Lehtonen's lease, billed for this
 * month before his employment's end at last month's end was recorded, is taken back on a credit note:
 * both issued by this morning's run of the daily job.
 */
export async function seedLeaseInvoicesDemo(db: Db, files: FileStore, now: Date): Promise<void> {
  const thisMonth = periodOf(toHelsinkiDateString(now));
  const late = await demoOyEmployment(db, LATE_STARTED_EMPLOYEE);
  const [lateLease] = await db
    .select({
      id: leasingAgreements.id,
      startDate: leasingAgreements.startDate,
      endDate: leasingAgreements.endDate,
    })
    .from(leasingAgreements)
    .where(and(eq(leasingAgreements.beneficiaryEmployeeId, late.id), isNotNull(leasingAgreements.startDate)));
  if (!lateLease) throw new Error(`${LATE_STARTED_EMPLOYEE} has no lease`);
  // The month's invoices went out while her lease had no start yet.
  await db
    .update(leasingAgreements)
    .set({ startDate: null, endDate: null })
    .where(eq(leasingAgreements.id, lateLease.id));
  for (const period of [addMonths(thisMonth, -1), thisMonth]) {
    for (const companyId of await companiesWithLeases(db, period)) {
      await issueLeaseInvoice(db, companyId, period, firstDayOf(period));
    }
  }
  // Then the helpdesk started it from this month's first day, as the start-leasing does.
  await db
    .update(leasingAgreements)
    .set({ startDate: lateLease.startDate, endDate: lateLease.endDate })
    .where(eq(leasingAgreements.id, lateLease.id));

  // The employer records that his employment ended at last month's end, which opens his lease's end.
  const leaver = await demoOyEmployment(db, LATE_RECORDED_LEAVER);
  const [employer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "employer.admin@demo.test"));
  await write(db, { actor: { userId: employer?.id ?? null }, now }, async (ctx) => {
    await ctx.tx
      .update(beneficiaryEmployees)
      .set({ lastWorkingDayDate: lastDayOf(addMonths(thisMonth, -1)) })
      .where(eq(beneficiaryEmployees.id, leaver.id));
    await openCasesForEndedEmployment(ctx, leaver.id, "EMPLOYER", { publicUrl: DEMO_PUBLIC_URL, files });
  });

  // This morning's run finds both.
  await issueMonthlyLeaseInvoices(db, { now, log: quiet });
}

async function demoOyEmployment(db: Db, email: string) {
  const [row] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
    .where(and(eq(users.email, email), eq(companies.name, "Demo Oy")));
  if (!row) throw new Error(`no employment of ${email} in Demo Oy`);
  return row;
}
