import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { addMonths, firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { companiesWithLeases, issueLeaseInvoice } from "../../modules/lease-invoices/issue.ts";
import type { Db } from "../client.ts";

/**
 * The demo of the employers' monthly lease invoices, after the leases: every company with a running
 * lease has last month's invoice and this month's, each issued on its month's first day as the monthly
 * job issues them, so the company settings page lists two invoices to open and download as e-invoices.
 */
export async function seedLeaseInvoicesDemo(db: Db, now: Date): Promise<void> {
  const thisMonth = periodOf(toHelsinkiDateString(now));
  for (const period of [addMonths(thisMonth, -1), thisMonth]) {
    for (const companyId of await companiesWithLeases(db, period)) {
      await issueLeaseInvoice(db, companyId, period, firstDayOf(period));
    }
  }
}
