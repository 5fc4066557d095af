import { and, asc, eq, gte, isNull, lte, min, notExists, sql } from "drizzle-orm";
import type { LeaseInvoiceKind } from "../../../domain/enums.ts";
import type { BilledInvoice } from "../../../domain/lease-billing.ts";
import {
  type LeaseInvoiceLine,
  leaseInvoiceDueDate,
  leaseInvoiceLines,
  leaseInvoiceTotals,
} from "../../../domain/lease-invoice.ts";
import { firstDayOf, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { companies, leaseInvoices, leasingAgreements } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { vatPercentOf } from "../orders/bill-leasing-company.ts";
import { leasesMayRunWhere, loadPayrollSources } from "../reporting/payroll-input.ts";

/**
 * Issuing the month's invoice to an employer: the lines of src/domain/lease-invoice.ts from the same
 * leases the payroll report reads, priced with the company's VAT rate on the issue day. One regular
 * invoice per company and month: issuing again, or a company with no lease running that month, issues
 * nothing. What a month's invoices miss or bill too much later is caught up by catch-up-billing.ts,
 * through the same writing of an invoice.
 */

export type IssuedLeaseInvoice = typeof leaseInvoices.$inferSelect;

/** What an invoice is made of before it has a number. */
export type LeaseInvoiceDraft = {
  companyId: string;
  /** YYYY-MM. */
  period: string;
  kind: LeaseInvoiceKind;
  originalInvoiceId: string | null;
  issueDate: string;
  vatPercent: number;
  lines: LeaseInvoiceLine[];
};

/**
 * The company's row locked until the transaction ends: the month's invoices of a company are written
 * one run at a time, so two runs never bill or credit the same lease twice.
 */
export async function lockCompanyForBilling(tx: Db, companyId: string) {
  const [company] = await lockRows(
    tx,
    "company",
    tx
      .select({ vatPercent: companies.vatPercent })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("no key update"),
  );
  return company ?? null;
}

/**
 * Writes an invoice with the next number of the invoices' own sequence and the reference number of
 * that number; its sums are the lines' (leaseInvoiceTotals). A second regular invoice for a month is not
 * written (null).
 */
export async function writeLeaseInvoice(
  tx: Db,
  draft: LeaseInvoiceDraft,
): Promise<IssuedLeaseInvoice | null> {
  const totals = leaseInvoiceTotals(draft.lines);
  // The number comes from the row's own sequence and the reference number from the number, so the
  // row is written first and given its reference in the same transaction.
  const [inserted] = await tx
    .insert(leaseInvoices)
    .values({
      companyId: draft.companyId,
      kind: draft.kind,
      originalInvoiceId: draft.originalInvoiceId,
      period: firstDayOf(draft.period),
      issueDate: draft.issueDate,
      dueDate: leaseInvoiceDueDate(draft.issueDate),
      referenceNumber: "",
      vatPercent: draft.vatPercent,
      lines: draft.lines,
      amountCents: totals.vatExcludedCents,
      vatCents: totals.vatCents,
      totalCents: totals.totalCents,
    })
    .onConflictDoNothing({
      target: [leaseInvoices.companyId, leaseInvoices.period],
      where: sql`${leaseInvoices.kind} = 'REGULAR'`,
    })
    .returning({ id: leaseInvoices.id, invoiceNumber: leaseInvoices.invoiceNumber });
  if (!inserted) return null;
  const [issued] = await tx
    .update(leaseInvoices)
    .set({ referenceNumber: referenceNumber(inserted.invoiceNumber) })
    .where(eq(leaseInvoices.id, inserted.id))
    .returning();
  return issued ?? null;
}

export async function issueLeaseInvoice(
  db: Db,
  companyId: string,
  period: string,
  issueDate: string,
): Promise<IssuedLeaseInvoice | null> {
  return inTransaction(db, async (tx) => {
    const company = await lockCompanyForBilling(tx, companyId);
    if (!company) return null;
    const source = (await loadPayrollSources(tx, companyId, period, period)).of(period);
    const vatPercent = await vatPercentOf(tx, company, issueDate);
    const lines = leaseInvoiceLines({ ...source, period, vatPercent });
    if (lines.length === 0) return null;
    return writeLeaseInvoice(tx, {
      companyId,
      period,
      kind: "REGULAR",
      originalInvoiceId: null,
      issueDate,
      vatPercent,
      lines,
    });
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
                eq(leaseInvoices.kind, "REGULAR"),
              ),
            ),
        ),
      ),
    );
  return rows.map((r) => r.companyId).filter((id): id is string => id !== null);
}

/** Every company Pedaali has invoiced, with the month of its first invoice: those the daily run corrects. */
export async function invoicedCompanies(db: Db): Promise<{ companyId: string; firstPeriod: string }[]> {
  const rows = await db
    .select({ companyId: leaseInvoices.companyId, first: min(leaseInvoices.period) })
    .from(leaseInvoices)
    .innerJoin(companies, eq(companies.id, leaseInvoices.companyId))
    .where(and(eq(leaseInvoices.kind, "REGULAR"), isNull(companies.deletedAt)))
    .groupBy(leaseInvoices.companyId);
  return rows.flatMap((r) => (r.first ? [{ companyId: r.companyId, firstPeriod: periodOf(r.first) }] : []));
}

/**
 * What the billing rule reads of the company's invoices of the months `first`..`last`: each invoice's
 * kind, the invoice it names and its lines' orders (not the lines: a big company's year of lines is
 * tens of thousands), by number, so a month's regular invoice comes first.
 */
export async function billedInvoicesOf(
  db: Db,
  companyId: string,
  first: string,
  last: string,
): Promise<(BilledInvoice & { period: string })[]> {
  const rows = await db
    .select({
      id: leaseInvoices.id,
      kind: leaseInvoices.kind,
      originalInvoiceId: leaseInvoices.originalInvoiceId,
      period: leaseInvoices.period,
      orderNumbers: sql<number[]>`jsonb_path_query_array(${leaseInvoices.lines}, '$[*].orderNumber')`,
    })
    .from(leaseInvoices)
    .where(
      and(
        eq(leaseInvoices.companyId, companyId),
        gte(leaseInvoices.period, firstDayOf(first)),
        lte(leaseInvoices.period, lastDayOf(last)),
      ),
    )
    .orderBy(asc(leaseInvoices.invoiceNumber));
  return rows.map((r) => ({ ...r, period: periodOf(r.period) }));
}
