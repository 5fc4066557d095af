import { eq } from "drizzle-orm";
import type {
  TStoreDetails,
  TStoreDetailsInput,
  TStoreInvoiceInput,
  TStoreOrder,
  TStoreOrdersQuery,
  TStorePayoutsQuery,
  TStoreUserInvite,
  TStoreUserInvited,
} from "../../../contract/store-accounts.ts";
import type { TStorePackageInput } from "../../../contract/store-links.ts";
import type { TStorePayouts } from "../../../contract/store-payouts.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import type { AppContext } from "../../context.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orders } from "../../db/schema/index.ts";
import { type WriteContext, write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { createStoreChanges } from "../bike-stores/account-change.ts";
import { asOrderUser, type OrderUser } from "../orders/lifecycle.ts";
import { providePackageOf } from "../store-links/provide-package.ts";
import { storePayoutsOf } from "../store-payouts/store-view.ts";
import { unsupportedPhoneNumber } from "../system-users/errors.ts";
import { storeOrderStepClosed } from "./errors.ts";
import { storeOrderOf, storeOrderPage } from "./queries.ts";
import { applyStoreDetails, storeDetailsOf, storeOfCaller } from "./store-details.ts";
import { sendStoreInvoice, storeEInvoiceOf } from "./store-invoice.ts";
import { inviteStoreUser, removeStoreUser, storeUserOf, storeUserPage } from "./store-users.ts";

type StoreUser = Pick<CurrentUser, "id" | "roleNames" | "storeIds">;

/** The order of one of the caller's stores, locked in `w.tx` for the step; 404 for any other. */
async function lockedStoreOrder(w: WriteContext<OrderUser>, storeIds: readonly string[], orderId: string) {
  const [order] = await lockRows(
    w.tx,
    "order",
    w.tx.select().from(orders).where(eq(orders.id, orderId)).for("update"),
  );
  if (!order?.bikeStoreId || !storeIds.includes(order.bikeStoreId)) throw notFound("Order");
  return order;
}

/**
 * A bike store's account: its users' orders, package and delivery steps and details, and the
 * helpdesk's keeping of the store's users. The steps are the token links' own use cases (store-links),
 * so the order's lifecycle, events and notifications are the same whichever way the store comes in.
 */
export function createStoreAccountsService(ctx: AppContext) {
  const { db } = ctx.database;
  const asStoreUser = (user: StoreUser, now: Date) => ({ actor: asOrderUser(user), now });
  const storeChanges = createStoreChanges(ctx);

  return {
    orders: (user: StoreUser, query: TStoreOrdersQuery) => storeOrderPage(db, user.storeIds, query),

    order: (user: StoreUser, orderId: string): Promise<TStoreOrder> =>
      storeOrderOf(db, user.storeIds, orderId),

    async putPackage(
      user: StoreUser,
      orderId: string,
      input: TStorePackageInput,
      now = new Date(),
    ): Promise<TStoreOrder> {
      await write(db, asStoreUser(user, now), async (w) =>
        providePackageOf(w, await lockedStoreOrder(w, user.storeIds, orderId), input, storeOrderStepClosed),
      );
      return storeOrderOf(db, user.storeIds, orderId);
    },

    async sendInvoice(
      user: StoreUser,
      orderId: string,
      input: TStoreInvoiceInput,
      now = new Date(),
    ): Promise<TStoreOrder> {
      await write(db, asStoreUser(user, now), async (w) => {
        await sendStoreInvoice(w, await lockedStoreOrder(w, user.storeIds, orderId), input);
      });
      return storeOrderOf(db, user.storeIds, orderId);
    },

    /** The invoice the store sent from its account, as a Finvoice e-invoice; 404 for another store's order. */
    async eInvoice(user: StoreUser, orderId: string, now = new Date()) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order?.bikeStoreId || !user.storeIds.includes(order.bikeStoreId)) throw notFound("Order");
      return storeEInvoiceOf(db, order, now);
    },

    details(user: StoreUser, storeId: string | undefined): Promise<TStoreDetails> {
      return storeDetailsOf(db, user.storeIds, storeOfCaller(user.storeIds, storeId));
    },

    async updateDetails(
      user: StoreUser,
      storeId: string | undefined,
      input: TStoreDetailsInput,
    ): Promise<TStoreDetails> {
      const bikeStoreId = storeOfCaller(user.storeIds, storeId);
      await storeChanges.save(
        {
          userId: user.id,
          bikeStoreId,
          by: "STORE",
          next: { iban: input.iban || null, bic: input.bic || null },
          currentPassword: input.currentPassword,
        },
        (w, before) => applyStoreDetails(w, before, input),
      );
      return storeDetailsOf(db, user.storeIds, bikeStoreId);
    },

    /** The store's own view of its money: the same read the helpdesk has of the store. */
    payouts(user: StoreUser, query: TStorePayoutsQuery): Promise<TStorePayouts> {
      const { storeId, ...page } = query;
      return storePayoutsOf(db, storeOfCaller(user.storeIds, storeId), page);
    },

    storeUsers: (bikeStoreId: string, page: { page: number; limit: number }) =>
      storeUserPage(db, bikeStoreId, page),

    /** The helpdesk invites a store user; a new account gets its set-password mail. */
    async inviteUser(
      actor: Pick<CurrentUser, "id">,
      bikeStoreId: string,
      input: TStoreUserInvite,
    ): Promise<TStoreUserInvited> {
      let phoneNumber: string;
      try {
        phoneNumber = normalizePhoneNumber(input.phoneNumber);
      } catch {
        throw unsupportedPhoneNumber("body.phoneNumber");
      }
      const invited = await write(db, { actor: { userId: actor.id } }, (w) =>
        inviteStoreUser(w, bikeStoreId, { ...input, phoneNumber }),
      );
      return { user: await storeUserOf(db, bikeStoreId, invited.userId), created: invited.created };
    },

    async removeUser(actor: Pick<CurrentUser, "id">, bikeStoreId: string, userId: string): Promise<void> {
      await write(db, { actor: { userId: actor.id } }, (w) => removeStoreUser(w, bikeStoreId, userId));
    },
  };
}
