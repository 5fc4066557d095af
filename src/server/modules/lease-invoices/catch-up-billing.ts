import { and, eq } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { creditNoteLines, monthBillingPlan } from "../../../domain/lease-billing.ts";
import { leaseInvoiceLines } from "../../../domain/lease-invoice.ts";
import { firstDayOf } from "../../../domain/payroll/period.ts";
import type { Db } from "../../db/client.ts";
import { leaseInvoices } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { vatPercentOf } from "../orders/bill-leasing-company.ts";
import { loadPayrollSources } from "../reporting/payroll-input.ts";
import { deliverLeaseInvoice } from "./deliver.ts";
import {
  billedInvoicesOf,
  type IssuedLeaseInvoice,
  lockCompanyForBilling,
  writeLeaseInvoice,
} from "./issue.ts";

/**
 * Billing that catches up (src/domain/lease-billing.ts): for each of the company's months given, what
 * the billing rule names now (the leases payroll deducts that month, read as the payroll report reads
 * them) against what the month's invoices bill. A lease started or back-dated after the month was
 * invoiced goes on a supplementary invoice naming the month's regular one (or on the month's regular
 * invoice, late, when it has none yet); a lease billed for a month it turned out not to run (its start
 * moved later, it ended, its order was cancelled) goes on a credit note of the invoice that billed it,
 * taken back as it was billed. A month billed right issues nothing.
 *
 * A supplementary invoice is priced at the VAT rate of the month billed, as its regular invoice was; a
 * credit note at the credited invoice's. Each invoice gets its number and reference number and goes to
 * the company's billing address as any lease invoice does (deliver.ts), all in one transaction with the
 * company's row locked, so the regular run and this never write the same month at once.
 */
export async function catchUpLeaseBilling(
  db: Db,
  companyId: string,
  periods: readonly string[],
  now: Date,
): Promise<IssuedLeaseInvoice[]> {
  const first = periods[0];
  const last = periods.at(-1);
  if (first === undefined || last === undefined) return [];
  const issueDate = toHelsinkiDateString(now);
  return inTransaction(db, async (tx) => {
    const company = await lockCompanyForBilling(tx, companyId);
    if (!company) return [];
    const sources = await loadPayrollSources(tx, companyId, first, last);
    const billed = await billedInvoicesOf(tx, companyId, first, last);
    const issued: IssuedLeaseInvoice[] = [];
    for (const period of periods) {
      const vatPercent = await vatPercentOf(tx, company, firstDayOf(period));
      const plan = monthBillingPlan({
        owed: leaseInvoiceLines({ ...sources.of(period), period, vatPercent }),
        invoices: billed.filter((invoice) => invoice.period === period),
      });
      for (const { invoiceId, orderNumbers } of plan.credit) {
        const credited = await invoiceOf(tx, companyId, invoiceId);
        const note = await writeLeaseInvoice(tx, {
          companyId,
          period,
          kind: "CREDIT_NOTE",
          originalInvoiceId: credited.id,
          issueDate,
          vatPercent: credited.vatPercent,
          lines: creditNoteLines(credited.lines, orderNumbers),
        });
        if (note) issued.push(note);
      }
      if (plan.bill.length > 0) {
        const invoice = await writeLeaseInvoice(tx, {
          companyId,
          period,
          kind: plan.billAs.kind,
          originalInvoiceId: plan.billAs.originalInvoiceId,
          issueDate,
          vatPercent,
          lines: plan.bill,
        });
        if (invoice) issued.push(invoice);
      }
    }
    for (const invoice of issued) await deliverLeaseInvoice(tx, invoice, now);
    return issued;
  });
}

async function invoiceOf(tx: Db, companyId: string, invoiceId: string): Promise<IssuedLeaseInvoice> {
  const [row] = await tx
    .select()
    .from(leaseInvoices)
    .where(and(eq(leaseInvoices.id, invoiceId), eq(leaseInvoices.companyId, companyId)));
  if (!row) throw new Error(`Lease invoice ${invoiceId} of company ${companyId} is gone`);
  return row;
}
