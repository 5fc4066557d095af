import { eq } from "drizzle-orm";
import type { StoreLinkKind } from "../../../contract/store-links.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orders } from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { OrderUser } from "./lifecycle.ts";

/**
 * The writes of the orders table besides its status, which only moveOrder (lifecycle.ts) changes. Other
 * modules change an order through these (the bike store's package and links, the leasing company the
 * lease goes to), so what an order row holds has one owner.
 */

export type OrderRow = typeof orders.$inferSelect;

/** The order's row, locked for the rest of the transaction; 404 when there is none. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const [order] = await lockRows(
    tx,
    "order",
    tx.select().from(orders).where(eq(orders.id, orderId)).for("update"),
  );
  if (!order) throw notFound("Order");
  return order;
}

/** The employee's new order, before its first move (to PENDING); answers its id. */
export async function insertOrder(
  ctx: WriteContext,
  values: Pick<
    typeof orders.$inferInsert,
    | "beneficiaryEmployeeId"
    | "companyId"
    | "bikeStoreId"
    | "deliveryMethod"
    | "deliveryStreetAddress"
    | "deliveryPostalCode"
    | "deliveryCity"
    | "customerComment"
  >,
): Promise<string> {
  const [created] = await ctx.tx
    .insert(orders)
    .values({ ...values, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: orders.id });
  return created?.id as string;
}

/** The bike store's package replaced before the employee accepted it: its total and order number. */
export async function setOrderPackage(
  ctx: WriteContext,
  orderId: string,
  set: { totalPriceCents: number; bikeStoreOrderNumber?: string | null },
): Promise<void> {
  await ctx.tx
    .update(orders)
    .set({ ...set, updatedAt: ctx.now })
    .where(eq(orders.id, orderId));
}

/**
 * A bike store link's token hash and expiry on the order, replacing the link of that kind it had (the
 * old one stops working); no hash while the link's mail is on its way (its token is minted when it is
 * sent). The order's updatedAt stays: a link is not a change the order's lists show.
 */
export async function setStoreLinkToken(
  tx: Tx,
  orderId: string,
  kind: StoreLinkKind,
  token: { hash: string | null; expiresAt: Date },
): Promise<void> {
  await tx
    .update(orders)
    .set(
      kind === "package"
        ? { packageTokenHash: token.hash, packageTokenExpiresAt: token.expiresAt }
        : { deliveryTokenHash: token.hash, deliveryTokenExpiresAt: token.expiresAt },
    )
    .where(eq(orders.id, orderId));
}

/** The leasing company the signed agreement went to, when it is not the one the order named. */
export async function setOrderLeasingCompany(
  ctx: WriteContext,
  orderId: string,
  leasingCompanyId: string,
): Promise<void> {
  await ctx.tx.update(orders).set({ leasingCompanyId, updatedAt: ctx.now }).where(eq(orders.id, orderId));
}

/** The employer's approval the bike policy asked for, by the acting user, now. */
export async function setEmployerApproval(ctx: WriteContext<OrderUser>, orderId: string): Promise<void> {
  await ctx.tx
    .update(orders)
    .set({ employerApprovedAt: ctx.now, employerApprovedByUserId: ctx.actor.userId, updatedAt: ctx.now })
    .where(eq(orders.id, orderId));
}
