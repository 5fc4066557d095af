import { eq } from "drizzle-orm";
import type { StoreLinkKind } from "../../../contract/store-links.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import type { NotificationEvent } from "../../../domain/notification-table.ts";
import { DELIVERY_EDITABLE, PACKAGE_EDITABLE } from "../../../domain/store-orders.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeStores, orders } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { storeDeliveryLinkMail, storePackageLinkMail } from "../../messaging/store-link-mails.ts";
import type { RenderedMail } from "../../messaging/templates.ts";
import { queueMessage, sendRecordedCode } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";
import { takesHandover } from "./handover-rule.ts";
import { customerOf } from "./queries.ts";
import { type IssuedStoreLink, issueStoreLink, storeLinkPath } from "./tokens.ts";

/**
 * The bike store's mails of its links, in the store's own language: the package link when the order
 * starts, the delivery link when the order waits for its delivery date. A store without an e-mail gets
 * nothing (the helpdesk can re-issue the link and hand it over).
 */

export type FailureLog = (error: unknown, what: string) => void;

/** The outbox event of each link's mail (the notification table's). */
const STORE_LINK_EVENTS = {
  package: "ORDER_STARTED",
  delivery: "ORDER_DELIVERY_LINK",
} as const satisfies Record<StoreLinkKind, NotificationEvent>;

/** Where a link still has its step to take: a link's mail later than that tells the store nothing. */
const LINK_STEP: Record<StoreLinkKind, readonly OrderStatus[]> = {
  package: PACKAGE_EDITABLE,
  delivery: DELIVERY_EDITABLE,
};

/** The store's address and language of the order's mails; null for a store without an e-mail. */
async function storeOfOrder(db: Db, orderId: string) {
  const [store] = await db
    .select({ email: bikeStores.email, language: bikeStores.language })
    .from(orders)
    .innerJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
    .where(eq(orders.id, orderId));
  const to = store?.email?.trim();
  return store && to ? { to, language: store.language } : null;
}

/**
 * Queues the mail of the order's link of the kind in the caller's transaction (the move that issues
 * it). The row names the order only: the link is minted when the mail is sent (renderStoreLinkMail).
 */
export async function queueStoreLinkMail(tx: Db, orderId: string, kind: StoreLinkKind): Promise<void> {
  const store = await storeOfOrder(tx, orderId);
  if (!store) return;
  await queueMessage(tx, {
    event: STORE_LINK_EVENTS[kind],
    channel: "EMAIL",
    recipient: store.to,
    language: store.language,
    params: { orderId },
  });
}

/** The mail of a link just minted: the order, its customer and the link's address and expiry. */
async function storeLinkMail(
  db: Db,
  publicUrl: string,
  language: string,
  issued: IssuedStoreLink,
): Promise<RenderedMail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, issued.orderId));
  if (!order?.bikeStoreId) return null;
  const [store] = await db
    .select({ storeName: bikeStores.storeName })
    .from(bikeStores)
    .where(eq(bikeStores.id, order.bikeStoreId));
  if (!store) return null;
  const customer = await customerOf(db, order);
  const params = {
    storeName: store.storeName,
    orderNumber: order.orderNumber,
    customerName: customer.customerName,
    companyName: customer.companyName,
    link: `${publicUrl}${storeLinkPath(issued.kind, issued.token)}`,
    expiresAt: issued.expiresAt,
  };
  return issued.kind === "package"
    ? storePackageLinkMail(language, params)
    : storeDeliveryLinkMail(language, params);
}

/**
 * ORDER_STARTED, ORDER_DELIVERY_LINK: the link is minted as the mail is sent (only its hash is kept, and
 * it replaces the order's link of the kind), so the outbox never holds a working link and a resend
 * mails a fresh one. Nothing is sent for an order past the link's step, cancelled, or whose store has
 * meanwhile got an account to record the handover in.
 */
export const renderStoreLinkMail: OutboxRenderer = async (row, deps) => {
  const kind: StoreLinkKind = row.event === STORE_LINK_EVENTS.delivery ? "delivery" : "package";
  const orderId = row.params.orderId;
  if (typeof orderId !== "string") return null;
  const issued = await write(deps.db, { actor: { userId: null } }, async (ctx) => {
    const [order] = await lockRows(
      ctx.tx,
      "order",
      ctx.tx
        .select({ status: orders.orderStatus, bikeStoreId: orders.bikeStoreId })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update"),
    );
    if (!order || !LINK_STEP[kind].includes(order.status)) return null;
    if (kind === "delivery" && (await takesHandover(ctx.tx, order))) return null;
    return issueStoreLink(ctx, orderId, kind);
  });
  const mail = issued && (await storeLinkMail(deps.db, deps.publicUrl, row.language, issued));
  return mail ? { kind: "mail", mail } : null;
};

/**
 * Mails the store a link the helpdesk has just re-issued, at once. The helpdesk is shown the link to
 * hand over another way, so the mail must carry that very link: through the outbox, the renderer would
 * mint another and end the one shown. It is recorded in the outbox without its token, as a one-time
 * code is. Answers whether the store was mailed; a refusal is logged, never thrown (the helpdesk has
 * the link).
 */
export async function mailReissuedStoreLink(
  ctx: AppContext,
  issued: IssuedStoreLink,
  logFailure: FailureLog,
): Promise<boolean> {
  const db = ctx.database.db;
  const store = await storeOfOrder(db, issued.orderId);
  const mail = store && (await storeLinkMail(db, ctx.config.publicUrl, store.language, issued));
  if (!store || !mail) return false;
  try {
    await sendRecordedCode(
      db,
      {
        event: STORE_LINK_EVENTS[issued.kind],
        channel: "EMAIL",
        recipient: store.to,
        language: store.language,
        template: mail.template,
        subject: mail.subject,
      },
      () => ctx.messaging.sendMail({ to: store.to, ...mail }),
    );
    return true;
  } catch (error) {
    logFailure(error, "store link mail failed");
    return false;
  }
}
