import { and, count, desc, eq } from "drizzle-orm";
import type { TLeaseInvoice } from "../../../contract/lease-invoices.ts";
import { periodOf } from "../../../domain/payroll/period.ts";
import type { Db } from "../../db/client.ts";
import { type PageArgs, readPage } from "../../db/paging.ts";
import { leaseInvoices } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";

/** The company's invoices (its route has checked the caller may manage the company), newest month first. */

type Row = typeof leaseInvoices.$inferSelect;

export function toLeaseInvoice(row: Row): TLeaseInvoice {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    period: periodOf(row.period),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    referenceNumber: row.referenceNumber,
    vatPercent: row.vatPercent,
    amountCents: row.amountCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    lines: row.lines,
  };
}

export function leaseInvoicesOf(db: Db, companyId: string, args: PageArgs) {
  const where = eq(leaseInvoices.companyId, companyId);
  return readPage(
    args,
    async () => (await db.select({ n: count() }).from(leaseInvoices).where(where))[0]?.n ?? 0,
    async ({ limit, offset }) =>
      (
        await db
          .select()
          .from(leaseInvoices)
          .where(where)
          .orderBy(desc(leaseInvoices.period))
          .limit(limit)
          .offset(offset)
      ).map(toLeaseInvoice),
  );
}

/** One invoice of the company; another company's is not found. */
export async function leaseInvoiceOf(db: Db, companyId: string, invoiceId: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(leaseInvoices)
    .where(and(eq(leaseInvoices.id, invoiceId), eq(leaseInvoices.companyId, companyId)));
  if (!row) throw notFound("Invoice");
  return row;
}
