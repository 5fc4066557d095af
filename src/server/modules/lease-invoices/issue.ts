import { and, eq, isNull, notExists, sql } from "drizzle-orm";
import { leaseInvoiceDueDate, leaseInvoiceLines, leaseInvoiceTotals } from "../../../domain/lease-invoice.ts";
import { firstDayOf } from "../../../domain/payroll/period.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import type { Db } from "../../db/client.ts";
import { companies, leaseInvoices, leasingAgreements } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { vatPercentOf } from "../orders/bill-leasing-company.ts";
import { leasesMayRunWhere, loadPayrollSources } from "../reporting/payroll-input.ts";

/**
 * Issuing the month's invoice to an employer: the lines of src/domain/lease-invoice.ts from the same
 * leases the payroll report reads, priced with the company's VAT rate on the issue day. One invoice per
 * company and month: issuing again, or a company with no lease running that month, issues nothing.
 */

export type IssuedLeaseInvoice = typeof leaseInvoices.$inferSelect;

export async function issueLeaseInvoice(
  db: Db,
  companyId: string,
  period: string,
  issueDate: string,
): Promise<IssuedLeaseInvoice | null> {
  return inTransaction(db, async (tx) => {
    const [company] = await tx
      .select({ vatPercent: companies.vatPercent })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) return null;
    const source = (await loadPayrollSources(tx, companyId, period, period)).of(period);
    const vatPercent = await vatPercentOf(tx, company, issueDate);
    const lines = leaseInvoiceLines({ ...source, period, vatPercent });
    if (lines.length === 0) return null;
    const totals = leaseInvoiceTotals(lines);
    // The number comes from the row's own sequence and the reference number from the number, so the
    // row is written first and given its reference in the same transaction.
    const [inserted] = await tx
      .insert(leaseInvoices)
      .values({
        companyId,
        period: firstDayOf(period),
        issueDate,
        dueDate: leaseInvoiceDueDate(issueDate),
        referenceNumber: "",
        vatPercent,
        lines,
        amountCents: totals.vatExcludedCents,
        vatCents: totals.vatCents,
        totalCents: totals.totalCents,
      })
      .onConflictDoNothing({ target: [leaseInvoices.companyId, leaseInvoices.period] })
      .returning({ id: leaseInvoices.id, invoiceNumber: leaseInvoices.invoiceNumber });
    if (!inserted) return null;
    const [issued] = await tx
      .update(leaseInvoices)
      .set({ referenceNumber: referenceNumber(inserted.invoiceNumber) })
      .where(eq(leaseInvoices.id, inserted.id))
      .returning();
    return issued ?? null;
  });
}

/**
 * The companies with a lease that may run in `period` and no invoice for it yet: those the daily job
 * issues one for (a month already invoiced costs the job no reading of its leases).
 */
export async function companiesWithLeases(db: Db, period: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ companyId: leasingAgreements.companyId })
    .from(leasingAgreements)
    .innerJoin(companies, eq(companies.id, leasingAgreements.companyId))
    .where(
      and(
        leasesMayRunWhere(period, period),
        isNull(companies.deletedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(leaseInvoices)
            .where(
              and(
                eq(leaseInvoices.companyId, leasingAgreements.companyId),
                eq(leaseInvoices.period, firstDayOf(period)),
              ),
            ),
        ),
      ),
    );
  return rows.map((r) => r.companyId).filter((id): id is string => id !== null);
}
