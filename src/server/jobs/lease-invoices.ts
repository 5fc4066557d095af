import type { FastifyBaseLogger } from "fastify";
import { toHelsinkiDateString } from "../../domain/dates.ts";
import { correctionPeriods } from "../../domain/lease-billing.ts";
import { periodOf } from "../../domain/payroll/period.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { catchUpLeaseBilling } from "../modules/lease-invoices/catch-up-billing.ts";
import { deliverLeaseInvoice } from "../modules/lease-invoices/deliver.ts";
import {
  companiesWithLeases,
  invoicedCompanies,
  issueLeaseInvoice,
} from "../modules/lease-invoices/issue.ts";

/**
 * The employers' monthly lease invoices (a pg-boss job, jobs/runner.ts): every morning, each company
 * with a lease running this month and no invoice for it yet is invoiced for the month, so the 1st's run
 * bills the month and a later run catches up a day the job did not run. Then every invoiced company's
 * months of the last year (src/domain/lease-billing.ts, correctionPeriods) are caught up: a lease
 * started or back-dated after its month was invoiced is billed on a supplementary invoice, a lease
 * billed for a month it did not run is credited (catch-up-billing.ts). Each company in its own
 * transaction, so one failing company is logged and the others are invoiced. Each issued invoice is
 * sent to the company's billing address in the same transaction (deliver.ts): its mail is queued in
 * the message outbox, which retries a refusal; the invoice stands either way.
 */

export const LEASE_INVOICES_QUEUE = "monthly-lease-invoices";
/** At 05:30 Helsinki time every day. */
export const LEASE_INVOICES_CRON = "30 5 * * *";

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export type LeaseInvoiceRun = {
  period: string;
  /** Regular invoices: this month's, and a past month's first one issued late. */
  issued: number;
  supplementary: number;
  creditNotes: number;
  failed: number;
};

export async function issueMonthlyLeaseInvoices(
  db: Db,
  deps: { now: Date; log: Log },
): Promise<LeaseInvoiceRun> {
  const today = toHelsinkiDateString(deps.now);
  const period = periodOf(today);
  const run: LeaseInvoiceRun = { period, issued: 0, supplementary: 0, creditNotes: 0, failed: 0 };
  for (const companyId of await companiesWithLeases(db, period)) {
    try {
      const invoice = await inTransaction(db, async (tx) => {
        const made = await issueLeaseInvoice(tx, companyId, period, today);
        if (made) await deliverLeaseInvoice(tx, made, deps.now);
        return made;
      });
      if (invoice) run.issued++;
    } catch (error) {
      run.failed++;
      deps.log.error({ err: error, companyId, period }, "lease invoice failed");
    }
  }
  for (const { companyId, firstPeriod } of await invoicedCompanies(db)) {
    try {
      for (const made of await catchUpLeaseBilling(
        db,
        companyId,
        correctionPeriods(period, firstPeriod),
        deps.now,
      )) {
        if (made.kind === "REGULAR") run.issued++;
        else if (made.kind === "SUPPLEMENTARY") run.supplementary++;
        else run.creditNotes++;
      }
    } catch (error) {
      run.failed++;
      deps.log.error({ err: error, companyId, period }, "lease invoice corrections failed");
    }
  }
  deps.log.info(run, "lease invoices issued");
  return run;
}
