import { eq } from "drizzle-orm";
import { STORE_LINK_VALID_DAYS, type StoreLinkKind } from "../../../contract/store-links.ts";
import { DAY_MS } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { buildPath } from "../../../domain/routes.ts";
import { orders } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
import { setStoreLinkToken } from "../orders/order-rows.ts";
import { takesHandover } from "./handover-rule.ts";
import { queueStoreLinkMail } from "./mails.ts";

/**
 * The bike store's links (an order's package and its delivery, without an account): a random 32-byte token per link, of which the order keeps
 * only the SHA-256 (hex) and the expiry, looked up through the columns' unique indexes. A new link of a
 * kind replaces the old one, which then stops working.
 */

/** A link just minted; the plain token exists only here and in the mail to the store. */
export type IssuedStoreLink = { orderId: string; kind: StoreLinkKind; token: string; expiresAt: Date };

/** The link kind an order entering this status mails to its store, if any. */
function storeLinkKindEntering(status: OrderStatus): StoreLinkKind | null {
  if (status === "PENDING") return "package";
  if (status === "WAITING_FOR_DELIVERY_DATE") return "delivery";
  return null;
}

/** The order's columns of a link kind. */
export function storeLinkColumns(kind: StoreLinkKind) {
  return kind === "package"
    ? { hash: orders.packageTokenHash, expiresAt: orders.packageTokenExpiresAt }
    : { hash: orders.deliveryTokenHash, expiresAt: orders.deliveryTokenExpiresAt };
}

/** The web page of a link, as a path of the route table. */
export function storeLinkPath(kind: StoreLinkKind, token: string): string {
  return buildPath(kind === "package" ? "storePackage" : "serialNumberAndDelivery", { token });
}

/** When a link of the kind issued at `now` stops working. */
function expiryOf(kind: StoreLinkKind, now: Date): Date {
  return new Date(now.getTime() + STORE_LINK_VALID_DAYS[kind] * DAY_MS);
}

/** Mints a new link of the kind in `ctx.tx`, replacing the order's previous one of that kind. */
export async function issueStoreLink(
  ctx: WriteContext,
  orderId: string,
  kind: StoreLinkKind,
): Promise<IssuedStoreLink> {
  const token = randomToken();
  const expiresAt = expiryOf(kind, ctx.now);
  await setStoreLinkToken(ctx.tx, orderId, kind, { hash: sha256(token), expiresAt });
  return { orderId, kind, token, expiresAt };
}

/**
 * Called by the lifecycle (moveOrder) after it wrote the new status, in its transaction: an order
 * entering PENDING gets a package link, one entering WAITING_FOR_DELIVERY_DATE a delivery link. An order
 * that comes back to the status (from the customer-comment side state or CASE_X) while its link of the
 * kind still runs keeps that link, so the one the store has does not die. An order whose store has an
 * account gets no delivery link: its users record the handover.
 *
 * The link's mail to the store is queued in the message outbox with the move, and the link itself is
 * minted when the mail is sent (mails.ts), so no token waits in the outbox: here the link's expiry is
 * set and any older token of the kind ends. Answers the kind whose mail was queued.
 */
export async function storeLinkOnEntry(
  ctx: WriteContext,
  orderId: string,
  to: OrderStatus,
): Promise<StoreLinkKind | null> {
  const kind = storeLinkKindEntering(to);
  if (!kind) return null;
  const columns = storeLinkColumns(kind);
  const [current] = await ctx.tx
    .select({ expiresAt: columns.expiresAt, bikeStoreId: orders.bikeStoreId })
    .from(orders)
    .where(eq(orders.id, orderId));
  // A store with an account hands the bike over from it: no delivery link is issued or mailed.
  if (kind === "delivery" && current && (await takesHandover(ctx.tx, current))) return null;
  // A link that still runs, or whose mail is still on its way, stays the order's link.
  if (current?.expiresAt && current.expiresAt > ctx.now) return null;
  await setStoreLinkToken(ctx.tx, orderId, kind, { hash: null, expiresAt: expiryOf(kind, ctx.now) });
  await queueStoreLinkMail(ctx.tx, orderId, kind);
  return kind;
}
