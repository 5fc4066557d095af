import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { bikeStores, orders } from "../../db/schema/index.ts";
import { storeDeliveryLinkMail, storePackageLinkMail } from "../../messaging/store-link-mails.ts";
import { customerOf } from "./queries.ts";
import { type IssuedStoreLink, storeLinkPath } from "./tokens.ts";

export type FailureLog = (error: unknown, what: string) => void;

/**
 * Mails a link just issued to the order's store, in the store's own language.
 * After the commit; a store without an e-mail gets nothing (the helpdesk can re-issue the link and
 * hand it over). Answers whether a mail went; a failing mail server is logged, not thrown.
 */
export async function mailStoreLink(
  ctx: AppContext,
  issued: IssuedStoreLink,
  logFailure: FailureLog,
): Promise<boolean> {
  try {
    const db = ctx.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, issued.orderId));
    if (!order?.bikeStoreId) return false;
    const [store] = await db
      .select({ storeName: bikeStores.storeName, email: bikeStores.email, language: bikeStores.language })
      .from(bikeStores)
      .where(eq(bikeStores.id, order.bikeStoreId));
    const to = store?.email?.trim();
    if (!store || !to) return false;
    const customer = await customerOf(db, order);
    const params = {
      storeName: store.storeName,
      orderNumber: order.orderNumber,
      customerName: customer.customerName,
      companyName: customer.companyName,
      link: `${ctx.config.publicUrl}${storeLinkPath(issued.kind, issued.token)}`,
      expiresAt: issued.expiresAt,
    };
    const mail =
      issued.kind === "package"
        ? storePackageLinkMail(store.language, params)
        : storeDeliveryLinkMail(store.language, params);
    await ctx.messaging.sendMail({ to, ...mail });
    return true;
  } catch (error) {
    logFailure(error, "store link mail failed");
    return false;
  }
}
