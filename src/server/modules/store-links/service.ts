import { eq } from "drizzle-orm";
import type {
  StoreLinkKind,
  TStoreDelivery,
  TStoreDeliveryInput,
  TStoreLinkIssued,
  TStorePackage,
  TStorePackageInput,
} from "../../../contract/store-links.ts";
import type { AppContext } from "../../context.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orders } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { BY_BIKE_STORE } from "../orders/lifecycle.ts";
import { handoverRequired } from "./errors.ts";
import { takesHandover } from "./handover-rule.ts";
import { type FailureLog, mailReissuedStoreLink } from "./mails.ts";
import { provideDelivery } from "./provide-delivery.ts";
import { providePackage } from "./provide-package.ts";
import { deliveryView, orderOfLink, packageView } from "./queries.ts";
import { issueStoreLink, storeLinkPath } from "./tokens.ts";

/**
 * The bike store's side of an order without an account: what the package and delivery links show and
 * take, and the helpdesk's re-issue of a lost link.
 */
export function createStoreLinksService(ctx: AppContext) {
  const { db } = ctx.database;
  const byStore = (now: Date) => ({ actor: BY_BIKE_STORE, now });

  return {
    async getPackage(token: string, now = new Date()): Promise<TStorePackage> {
      return packageView(db, await orderOfLink(db, { kind: "package", token }, now));
    },

    /**
     * The store enters (or, before the employee accepts, replaces) the package: the lines replace the
     * order's, the total and the store's order number go on the order, and a PENDING order moves to
     * PACKAGE_PROVIDED; a replaced package is an event-log row of its own.
     */
    async putPackage(token: string, input: TStorePackageInput, now = new Date()): Promise<TStorePackage> {
      await write(db, byStore(now), (w) => providePackage(w, token, input));
      return packageView(db, await orderOfLink(db, { kind: "package", token }, now));
    },

    async getDelivery(token: string, now = new Date()): Promise<TStoreDelivery> {
      return deliveryView(db, await orderOfLink(db, { kind: "delivery", token }, now));
    },

    /**
     * The store gives the frame serial number and the delivery date; the order moves to
     * READY_FOR_BILLING. Once done the link only shows what was entered.
     */
    async putDelivery(token: string, input: TStoreDeliveryInput, now = new Date()): Promise<TStoreDelivery> {
      await write(db, byStore(now), (w) => provideDelivery(w, token, input));
      return deliveryView(db, await orderOfLink(db, { kind: "delivery", token }, now));
    },

    /**
     * The helpdesk re-issues a link a store lost: a new token (the old one stops working) mailed to
     * the store again, and its address answered so it can be handed over another way. A store with an
     * account gets no delivery link (409 HANDOVER_REQUIRED): its users record the handover.
     */
    async reissue(
      orderId: string,
      kind: StoreLinkKind,
      logFailure: FailureLog,
      now = new Date(),
    ): Promise<TStoreLinkIssued> {
      const issued = await write(db, { actor: { userId: null }, now }, async (w) => {
        const [order] = await lockRows(
          w.tx,
          "order",
          w.tx
            .select({ id: orders.id, bikeStoreId: orders.bikeStoreId })
            .from(orders)
            .where(eq(orders.id, orderId))
            .for("update"),
        );
        if (!order) throw notFound("Order");
        // Its store hands the bike over from its account: a delivery link would skip the handover.
        if (kind === "delivery" && (await takesHandover(w.tx, order))) throw handoverRequired();
        return issueStoreLink(w, orderId, kind);
      });
      const mailed = await mailReissuedStoreLink(ctx, issued, logFailure);
      return {
        url: `${ctx.config.publicUrl}${storeLinkPath(kind, issued.token)}`,
        expiresAt: issued.expiresAt.toISOString(),
        mailed,
      };
    },
  };
}
