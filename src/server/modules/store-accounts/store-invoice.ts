import { and, desc, eq, isNotNull, notInArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { TStoreInvoice, TStoreInvoiceInput } from "../../../contract/store-accounts.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { buildFinvoice, type FinvoiceRow } from "../../../domain/finvoice.ts";
import { invoiceDueDate } from "../../../domain/invoice-status.ts";
import { invoiceVat, netFromGross } from "../../../domain/money.ts";
import { packageItemDescription, packageLineCents } from "../../../domain/order-package.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import { INVOICE_EDITABLE } from "../../../domain/store-orders.ts";
import { isValidBusinessId, vatIdFromBusinessId } from "../../../domain/validation/business-id.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { bikeStores, invoices, type orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { eInvoiceFileName, PEDAALI_PARTY, paymentTermsOf } from "../invoices/e-invoice.ts";
import { insertPurchaseInvoice } from "../invoices/record-purchase-invoice.ts";
import { hasOpenCancellation } from "../order-cancellations/queries.ts";
import { vatPercentOf } from "../orders/bill-leasing-company.ts";
import type { OrderUser } from "../orders/lifecycle.ts";
import { packageItemsOf } from "../store-links/queries.ts";
import { storeDetailsIncomplete, storeOrderStepClosed } from "./errors.ts";

/**
 * A bike store with an account invoices Pedaali for an order's bike from the account, once Pedaali
 * has ordered it (the order waits for the store's invoice): the invoice's lines are the package's, each
 * split into its price and the VAT of the order's rate, its reference number is the order's, and it is
 * paid to the store's bank account in 14 days. It reaches Pedaali as a received purchase invoice that
 * the helpdesk matches as any other, and the store downloads it as a Finvoice e-invoice for its books.
 * Pedaali buys the bike and sells it on to the leasing company, so the store's invoice is to Pedaali.
 */

type OrderRow = typeof orders.$inferSelect;

/** Invoices that no longer stand: the store's invoice is looked for among the others. */
const WITHDRAWN = ["INVALIDATED", "OVERRIDDEN", "DELETED"] as const;

/**
 * The order's invoice from its store that stands: by values here, by the listed order's columns in the
 * store's order list (queries.ts), so both read "invoiced" the same way.
 */
export function storeInvoiceStands(
  orderId: string | AnyPgColumn,
  bikeStoreId: string | AnyPgColumn,
): SQL | undefined {
  return and(
    eq(invoices.orderId, orderId),
    eq(invoices.bikeStoreId, bikeStoreId),
    notInArray(invoices.status, [...WITHDRAWN]),
  );
}

/** The store's invoice of the order that stands, newest first; null before it has reached Pedaali. */
export async function storeInvoiceOf(
  db: Db,
  order: Pick<OrderRow, "id" | "bikeStoreId">,
): Promise<TStoreInvoice | null> {
  if (!order.bikeStoreId) return null;
  const [row] = await db
    .select()
    .from(invoices)
    .where(storeInvoiceStands(order.id, order.bikeStoreId))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    invoiceId: row.id,
    invoiceNumber: row.invoiceNumber,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    amountCents: row.amountCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    status: row.status,
    sentFromAccount: row.sentByStoreUserId !== null,
  };
}

/** The package's lines as invoice rows: each line's VAT-free part of its price (VAT included). */
function packageRows(items: Awaited<ReturnType<typeof packageItemsOf>>, vatPercent: number): FinvoiceRow[] {
  return items.map((item) => {
    return {
      name: packageItemDescription(item),
      quantity: item.quantity,
      vatPercent,
      vatExcludedCents: netFromGross(packageLineCents(item), vatPercent),
    };
  });
}

/** The store as its invoice names it; null when it lacks the business ID or bank account it needs. */
async function invoicingStore(db: Db, bikeStoreId: string) {
  const [store] = await db.select().from(bikeStores).where(eq(bikeStores.id, bikeStoreId));
  if (!store?.businessId || !isValidBusinessId(store.businessId) || !store.iban || !store.bic) return null;
  return { ...store, businessId: store.businessId, iban: store.iban, bic: store.bic };
}

/** The store's user invoices the order (locked by the caller) now; answers the invoice's id. */
export async function sendStoreInvoice(
  ctx: WriteContext<OrderUser>,
  order: OrderRow,
  input: TStoreInvoiceInput,
): Promise<string> {
  const { tx, now, actor } = ctx;
  if (!INVOICE_EDITABLE.includes(order.orderStatus) || !order.bikeStoreId || !actor.userId)
    throw storeOrderStepClosed();
  if ((await hasOpenCancellation(tx, order.id)) || (await storeInvoiceOf(tx, order)))
    throw storeOrderStepClosed();
  if (!(await invoicingStore(tx, order.bikeStoreId))) throw storeDetailsIncomplete();
  const today = toHelsinkiDateString(now);
  const vatPercent = await vatPercentOf(tx, order, today);
  const rows = packageRows(await packageItemsOf(tx, order.id), vatPercent);
  // The VAT is the rate of the rows' VAT-free total, as the store's e-invoice prints it.
  const { vatExcludedCents: amountCents, vatCents } = invoiceVat(rows);
  const { id } = await insertPurchaseInvoice(
    ctx,
    { id: order.id, companyId: order.companyId, bikeStoreId: order.bikeStoreId },
    {
      invoiceNumber: input.invoiceNumber,
      amountCents,
      vatCents,
      issueDate: today,
      dueDate: invoiceDueDate(today),
      description: `Tilaus ${order.orderNumber}`,
    },
    { userId: actor.userId, referenceNumber: referenceNumber(order.orderNumber) },
  );
  await recordEvent(ctx, {
    type: "STORE_INVOICE_SENT",
    entity: { type: "invoice", id },
    companyId: order.companyId,
    data: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      bikeStoreId: order.bikeStoreId,
      invoiceNumber: input.invoiceNumber,
      totalCents: amountCents + vatCents,
    },
  });
  return id;
}

/**
 * The invoice the store sent from its account as a Finvoice 3.0 e-invoice: the store sells (its
 * bank account is both where it is paid and, as banks route e-invoices, its e-invoice address),
 * Pedaali buys. 404 for an order without one.
 */
export async function storeEInvoiceOf(
  db: Db,
  order: OrderRow,
  now: Date,
): Promise<{ fileName: string; xml: string }> {
  if (!order.bikeStoreId) throw notFound("Invoice");
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(storeInvoiceStands(order.id, order.bikeStoreId), isNotNull(invoices.sentByStoreUserId)))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  const store = await invoicingStore(db, order.bikeStoreId);
  if (!invoice?.invoiceNumber || !invoice.issueDate || !invoice.dueDate || !invoice.referenceNumber)
    throw notFound("Invoice");
  if (!store) throw storeDetailsIncomplete();
  const vatPercent = await vatPercentOf(db, order, invoice.issueDate);
  const xml = buildFinvoice({
    messageId: invoice.id,
    createdAt: now,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    referenceNumber: invoice.referenceNumber,
    freeText: invoice.description,
    paymentTermsText: paymentTermsOf(invoice.issueDate, invoice.dueDate),
    seller: {
      name: store.storeName,
      businessId: store.businessId,
      vatId: vatIdFromBusinessId(store.businessId),
      address:
        store.streetAddress && store.postalCode && store.city
          ? { street: store.streetAddress, postalCode: store.postalCode, town: store.city, countryCode: "FI" }
          : null,
      eInvoiceAddress: store.iban,
      eInvoiceOperator: store.bic,
      iban: store.iban,
      bic: store.bic,
    },
    buyer: PEDAALI_PARTY,
    rows: packageRows(await packageItemsOf(db, order.id), vatPercent),
  });
  return { fileName: eInvoiceFileName(invoice.invoiceNumber), xml };
}
