import { and, count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TLeaseInvoice } from "../../../contract/lease-invoices.ts";
import { periodOf } from "../../../domain/payroll/period.ts";
import type { Db } from "../../db/client.ts";
import { countOver, type PageArgs, readPage } from "../../db/paging.ts";
import { leaseInvoices } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";

/**
 * The company's invoices (its route has checked the caller may manage the company), newest month
 * first and, within a month, the newest first: a month's credit notes and supplementary invoices above
 * its regular one. Each with the number of the invoice it names.
 */

type Row = typeof leaseInvoices.$inferSelect;
export type LeaseInvoiceWithOriginal = Row & { originalInvoiceNumber: number | null };

const original = alias(leaseInvoices, "original");

function toLeaseInvoice(row: LeaseInvoiceWithOriginal): TLeaseInvoice {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    kind: row.kind,
    originalInvoiceNumber: row.originalInvoiceNumber,
    period: periodOf(row.period),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    referenceNumber: row.referenceNumber,
    vatPercent: row.vatPercent,
    amountCents: row.amountCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    lines: row.lines.map((line) => ({
      orderNumber: line.orderNumber,
      employeeName: line.employeeName,
      employeeNumber: line.employeeNumber,
      leaseStartDate: line.leaseStartDate,
      monthlyPaymentCents: line.monthlyPaymentCents,
      vatPercent: line.vatPercent,
      vatExcludedCents: line.vatExcludedCents,
      vatCents: line.vatCents,
    })),
  };
}

function withOriginal(db: Db) {
  return db
    .select({ invoice: leaseInvoices, originalInvoiceNumber: original.invoiceNumber })
    .from(leaseInvoices)
    .leftJoin(original, eq(original.id, leaseInvoices.originalInvoiceId));
}

const flatten = (r: { invoice: Row; originalInvoiceNumber: number | null }): LeaseInvoiceWithOriginal => ({
  ...r.invoice,
  originalInvoiceNumber: r.originalInvoiceNumber,
});

export function leaseInvoicesOf(db: Db, companyId: string, args: PageArgs) {
  const where = eq(leaseInvoices.companyId, companyId);
  return readPage(args, {
    rows: ({ limit, offset }) =>
      db
        .select({ invoice: leaseInvoices, originalInvoiceNumber: original.invoiceNumber, total: countOver() })
        .from(leaseInvoices)
        .leftJoin(original, eq(original.id, leaseInvoices.originalInvoiceId))
        .where(where)
        .orderBy(desc(leaseInvoices.period), desc(leaseInvoices.invoiceNumber))
        .limit(limit)
        .offset(offset),
    items: (rows) => rows.map((r) => toLeaseInvoice(flatten(r))),
    countPastEnd: async () => (await db.select({ n: count() }).from(leaseInvoices).where(where))[0]?.n ?? 0,
  });
}

/** One invoice of the company with the number of the invoice it names; another company's is not found. */
export async function leaseInvoiceOf(
  db: Db,
  companyId: string,
  invoiceId: string,
): Promise<LeaseInvoiceWithOriginal> {
  const [row] = await withOriginal(db).where(
    and(eq(leaseInvoices.id, invoiceId), eq(leaseInvoices.companyId, companyId)),
  );
  if (!row) throw notFound("Invoice");
  return flatten(row);
}
