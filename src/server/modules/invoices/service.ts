import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  TCreateInvoice,
  TInvoice,
  TInvoiceStatusChange,
  TInvoicesQuery,
} from "../../../contract/invoices.ts";
import {
  canMoveInvoice,
  PAID_INVOICE_STATUSES,
  STORE_PURCHASE_INVOICE_PAYER,
} from "../../../domain/invoice-status.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { pageEnvelope, pageOffset } from "../../db/paging.ts";
import { invoices, orders } from "../../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { moveOrder } from "../orders/lifecycle.ts";
import { mailStoreLink } from "../store-links/service.ts";
import type { IssuedStoreLink } from "../store-links/tokens.ts";

/**
 * Invoices (contract/invoices.ts): the bike store's purchase invoice of an order, recorded and matched
 * to the order by the helpdesk, and the invoices we send (the bill to the leasing company is written by
 * POST /api/orders/{orderId}/bill). Status moves follow src/domain/invoice-status.ts. Reads are scoped
 * like orders (the admin tier reads all; no employer role holds invoices.read today).
 */

type Viewer = Pick<CurrentUser, "scope">;
type Log = Pick<FastifyBaseLogger, "error">;

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

const statusNotAllowed = (message: string) => new AppError(409, "INVOICE_STATUS_NOT_ALLOWED", message);

async function lockInvoice(tx: Db, viewer: Viewer, id: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), companyScopeWhere(viewer, invoices.companyId)))
    .for("update");
  if (!invoice) throw notFound("Invoice");
  return invoice;
}

/** A bike store's purchase invoice of an order in the viewer's scope, as received: we pay it. */
export async function createPurchaseInvoice(
  tx: Db,
  viewer: Viewer,
  input: TCreateInvoice,
  now: Date,
): Promise<{ id: string }> {
  const [order] = await tx
    .select({ id: orders.id, companyId: orders.companyId, bikeStoreId: orders.bikeStoreId })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), companyScopeWhere(viewer, orders.companyId)));
  if (!order) {
    throw badRequest("Unknown order", [{ field: "body.orderId", message: "No such order" }]);
  }
  const [row] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: input.invoiceNumber,
      status: "RECEIVED",
      payerType: STORE_PURCHASE_INVOICE_PAYER,
      companyId: order.companyId,
      orderId: order.id,
      bikeStoreId: order.bikeStoreId,
      description: input.description ?? null,
      amountCents: input.amountCents,
      vatCents: input.vatCents,
      totalCents: input.amountCents + input.vatCents,
      issueDate: input.issueDate,
      createdAt: now,
      updatedAt: now,
      dueDate: input.dueDate ?? null,
    })
    .returning({ id: invoices.id });
  return { id: row?.id as string };
}

/**
 * Matches a received purchase invoice to its order inside `tx`: equal totals, the invoice VERIFIED, the
 * order on to WAITING_FOR_DELIVERY_DATE; answers the delivery link the move issued (mailed by the
 * caller after the commit).
 */
export async function matchPurchaseInvoice(
  tx: Db,
  viewer: Viewer & Pick<CurrentUser, "id" | "roleNames">,
  id: string,
  now: Date,
): Promise<IssuedStoreLink | undefined> {
  const invoice = await lockInvoice(tx, viewer, id);
  if (invoice.payerType !== STORE_PURCHASE_INVOICE_PAYER || !invoice.orderId)
    throw statusNotAllowed("Only a store's purchase invoice of an order is matched");
  if (!canMoveInvoice(invoice.status, "VERIFIED"))
    throw statusNotAllowed(`An invoice in ${invoice.status} cannot be matched`);
  const [order] = await tx
    .select({ status: orders.orderStatus, totalPriceCents: orders.totalPriceCents })
    .from(orders)
    .where(eq(orders.id, invoice.orderId))
    .for("update");
  if (!order) throw notFound("Order");
  if (order.status !== "WAITING_FOR_INVOICE_MATCH") {
    throw new AppError(
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
      `An order in ${order.status} does not wait for its invoice`,
    );
  }
  if (invoice.totalCents !== order.totalPriceCents) {
    throw new AppError(
      409,
      "INVOICE_TOTAL_MISMATCH",
      `The invoice's total ${invoice.totalCents} is not the order's total ${order.totalPriceCents}`,
    );
  }
  await tx.update(invoices).set({ status: "VERIFIED", updatedAt: now }).where(eq(invoices.id, id));
  const moved = await moveOrder(
    tx,
    {
      orderId: invoice.orderId,
      to: "WAITING_FOR_DELIVERY_DATE",
      by: { kind: "user", userId: viewer.id, roleNames: viewer.roleNames },
      data: { invoiceId: id },
    },
    now,
  );
  return moved.storeLink;
}

export function createInvoicesService(ctx: AppContext) {
  const { db } = ctx.database;

  async function one(viewer: Viewer, id: string, from: Db = db): Promise<TInvoice> {
    const [row] = await from
      .select(columns)
      .from(invoices)
      .leftJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(eq(invoices.id, id), companyScopeWhere(viewer, invoices.companyId)));
    if (!row) throw notFound("Invoice");
    return toInvoice(row);
  }

  return {
    get: (viewer: Viewer, id: string) => one(viewer, id),

    async list(viewer: Viewer, query: TInvoicesQuery) {
      const conditions: (SQL | undefined)[] = [
        companyScopeWhere(viewer, invoices.companyId),
        query.orderId ? eq(invoices.orderId, query.orderId) : undefined,
        query.status ? eq(invoices.status, query.status) : undefined,
        query.payerType ? eq(invoices.payerType, query.payerType) : undefined,
      ];
      const where = and(...conditions);
      const [counted] = await db.select({ n: count() }).from(invoices).where(where);
      const total = counted?.n ?? 0;
      const rows = await db
        .select(columns)
        .from(invoices)
        .leftJoin(orders, eq(orders.id, invoices.orderId))
        .where(where)
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(query.limit)
        .offset(pageOffset(query));
      return pageEnvelope(rows.map(toInvoice), total, query);
    },

    /** A bike store's purchase invoice of an order, as received: we pay it (payer PEDAALI). */
    async create(viewer: Viewer, input: TCreateInvoice): Promise<TInvoice> {
      const created = await createPurchaseInvoice(db, viewer, input, new Date());
      return one(viewer, created.id);
    },

    /**
     * Matches a received purchase invoice to its order: equal totals, the invoice VERIFIED, the order on
     * to WAITING_FOR_DELIVERY_DATE (whose delivery link is mailed to the store after the commit).
     */
    async match(user: CurrentUser, id: string, log: Log): Promise<TInvoice> {
      const link = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        return matchPurchaseInvoice(tx, user, id, new Date());
      });
      if (link) await mailStoreLink(ctx, link, (error, what) => log.error({ err: error }, what));
      return one(user, id);
    },

    async changeStatus(viewer: Viewer, id: string, change: TInvoiceStatusChange): Promise<TInvoice> {
      await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const invoice = await lockInvoice(tx, viewer, id);
        if (!canMoveInvoice(invoice.status, change.status))
          throw statusNotAllowed(`An invoice in ${invoice.status} cannot move to ${change.status}`);
        const now = new Date();
        const paid = PAID_INVOICE_STATUSES.includes(change.status);
        await tx
          .update(invoices)
          .set({
            status: change.status,
            ...(paid ? { paidAt: now, paidAmountCents: invoice.totalCents } : {}),
            ...(change.status === "SENT" ? { sentAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(invoices.id, id));
      });
      return one(viewer, id);
    },
  };
}
