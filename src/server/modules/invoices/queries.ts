import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { TInvoice, TInvoicesQuery, TOrderInvoice } from "../../../contract/invoices.ts";
import { eInvoiceObstacle, invoiceSender } from "../../../domain/invoice-status.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { countOver, readPage } from "../../db/paging.ts";
import { invoices, leasingCompanies, orders } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";

/**
 * The invoices' reads, scoped like orders (the admin tier reads all; no employer role holds
 * invoices.read today).
 */

export type InvoiceViewer = Pick<CurrentUser, "scope">;

/** Who changes invoices, the module's actor: the helpdesk's user with their roles and reach. */
export type InvoiceClerk = {
  userId: string;
  roleNames: CurrentUser["roleNames"];
  scope: CurrentUser["scope"];
};

const columns = { invoice: invoices, orderNumber: orders.orderNumber };

function toInvoice({
  invoice: i,
  orderNumber,
}: {
  invoice: typeof invoices.$inferSelect;
  orderNumber: number | null;
}): TInvoice {
  return {
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    status: i.status,
    payerType: i.payerType,
    companyId: i.companyId,
    orderId: i.orderId,
    orderNumber,
    bikeStoreId: i.bikeStoreId,
    leasingCompanyId: i.leasingCompanyId,
    description: i.description,
    amountCents: i.amountCents,
    vatCents: i.vatCents,
    totalCents: i.totalCents,
    paidAmountCents: i.paidAmountCents,
    referenceNumber: i.referenceNumber,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    sentAt: i.sentAt?.toISOString() ?? null,
    paidAt: i.paidAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

/** One invoice in the viewer's scope; 404 otherwise. */
export async function invoiceOf(db: Db, viewer: InvoiceViewer, id: string): Promise<TInvoice> {
  const [row] = await db
    .select(columns)
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, id), companyScopeWhere(viewer, invoices.companyId)));
  if (!row) throw notFound("Invoice");
  return toInvoice(row);
}

/** Invoices newest first, filtered by order, status and payer type, a page at a time. */
export async function listInvoices(db: Db, viewer: InvoiceViewer, query: TInvoicesQuery) {
  const conditions: (SQL | undefined)[] = [
    companyScopeWhere(viewer, invoices.companyId),
    query.orderId ? eq(invoices.orderId, query.orderId) : undefined,
    query.status ? eq(invoices.status, query.status) : undefined,
    query.payerType ? eq(invoices.payerType, query.payerType) : undefined,
  ];
  const where = and(...conditions);
  return readPage(query, {
    rows: (page) =>
      db
        .select({ ...columns, total: countOver() })
        .from(invoices)
        .leftJoin(orders, eq(orders.id, invoices.orderId))
        .where(where)
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(page.limit)
        .offset(page.offset),
    items: (rows) => rows.map(({ total: _total, ...row }) => toInvoice(row)),
    countPastEnd: async () => (await db.select({ n: count() }).from(invoices).where(where))[0]?.n ?? 0,
  });
}

/** An invoice in the viewer's scope, locked for the rest of the transaction; 404 otherwise. */
export async function lockInvoice(tx: Tx, viewer: InvoiceViewer, id: string) {
  const [invoice] = await lockRows(
    tx,
    "invoice",
    tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), companyScopeWhere(viewer, invoices.companyId)))
      .for("update"),
  );
  if (!invoice) throw notFound("Invoice");
  return invoice;
}

/**
 * An order's invoices in brief, oldest first (the order's detail; invoices_order_idx), each saying
 * whether it goes out as an e-invoice now: our bill to a leasing company that has its e-invoice address.
 */
export async function orderInvoicesOf(db: Db, orderId: string): Promise<TOrderInvoice[]> {
  const rows = await db
    .select({
      invoice: invoices,
      eInvoiceAddress: leasingCompanies.eInvoiceAddress,
      eInvoiceOperator: leasingCompanies.eInvoiceOperator,
    })
    .from(invoices)
    .leftJoin(leasingCompanies, eq(leasingCompanies.id, invoices.leasingCompanyId))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  return rows.map(({ invoice: i, eInvoiceAddress, eInvoiceOperator }) => ({
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    status: i.status,
    payerType: i.payerType,
    sender: invoiceSender(i),
    totalCents: i.totalCents,
    issueDate: i.issueDate,
    eInvoice: eInvoiceObstacle(i) === null && Boolean(eInvoiceAddress && eInvoiceOperator),
  }));
}

/** How many bills the leasing company has had of the order: a CASE_X billed again gets the next number. */
export async function leasingCompanyBillCount(db: Db, orderId: string, leasingCompanyId: string) {
  const [earlier] = await db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.leasingCompanyId, leasingCompanyId)));
  return earlier?.n ?? 0;
}
