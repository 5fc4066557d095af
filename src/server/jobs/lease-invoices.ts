import type { FastifyBaseLogger } from "fastify";
import { toHelsinkiDateString } from "../../domain/dates.ts";
import { periodOf } from "../../domain/payroll/period.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { deliverLeaseInvoice } from "../modules/lease-invoices/deliver.ts";
import { companiesWithLeases, issueLeaseInvoice } from "../modules/lease-invoices/issue.ts";

/**
 * The employers' monthly lease invoices (a pg-boss job, jobs/runner.ts): every morning, each company
 * with a lease running this month and no invoice for it yet is invoiced for the month, so the 1st's run
 * bills the month and a later run catches up a day the job did not run. Each company in its own
 * transaction, so one failing company is logged and the others are invoiced. Each issued invoice is
 * sent to the company's billing address in the same transaction (deliver.ts): its mail is queued in
 * the message outbox, which retries a refusal; the invoice stands either way.
 */

export const LEASE_INVOICES_QUEUE = "monthly-lease-invoices";
/** At 05:30 Helsinki time every day. */
export const LEASE_INVOICES_CRON = "30 5 * * *";

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export async function issueMonthlyLeaseInvoices(
  db: Db,
  deps: { now: Date; log: Log },
): Promise<{ period: string; issued: number; failed: number }> {
  const today = toHelsinkiDateString(deps.now);
  const period = periodOf(today);
  let issued = 0;
  let failed = 0;
  for (const companyId of await companiesWithLeases(db, period)) {
    try {
      const invoice = await inTransaction(db, async (tx) => {
        const made = await issueLeaseInvoice(tx, companyId, period, today);
        if (made) await deliverLeaseInvoice(tx, made, deps.now);
        return made;
      });
      if (invoice) issued++;
    } catch (error) {
      failed++;
      deps.log.error({ err: error, companyId, period }, "lease invoice failed");
    }
  }
  deps.log.info({ period, issued, failed }, "lease invoices issued");
  return { period, issued, failed };
}
