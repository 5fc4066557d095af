import { eq } from "drizzle-orm";
import { type StoreAccount, storeAccountChanges } from "../../../domain/store-payouts.ts";
import type { AppContext } from "../../context.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeStores } from "../../db/schema/index.ts";
import { type WriteContext, write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { createReauthentication } from "../auth/reauthentication.ts";
import { currentPasswordRequired } from "../system-users/errors.ts";
import { maskedAccount, queueStoreAccountChanged } from "./mails.ts";

/**
 * Every change of a bike store's details goes through here, the store's own (PUT /api/store/details)
 * and the helpdesk's (PUT /api/bike-stores/{id}) alike, because a store's bank account is where
 * Pedaali pays it: a change of the account (IBAN or BIC) asks for the changer's current password
 * (wrong ones counted as for a login change), is an event row with the old and the new account
 * masked, is mailed to the store's users and to customer service, and flags every payout batch
 * waiting for approval that pays the store (the batch's read finds the row in the event log).
 */

export type StoreRow = typeof bikeStores.$inferSelect;
type StoreChanger = "STORE" | "HELPDESK";

export type StoreChange = {
  /** The user making the change: their password re-authenticates an account change. */
  userId: string;
  bikeStoreId: string;
  by: StoreChanger;
  /** The account the change saves (empty text is none). */
  next: StoreAccount;
  currentPassword?: string | undefined;
};

const accountOf = (row: StoreAccount) => ({ iban: row.iban || null, bic: row.bic || null });

export function createStoreChanges(ctx: AppContext) {
  const { db } = ctx.database;
  const reauthentication = createReauthentication(ctx);

  return {
    /**
     * Saves a change of the store: `apply` writes its row in the transaction, given the row as it was
     * (locked), and answers the fields it changed. The current password is checked before anything is
     * written when the account is to change; the notices are queued with the change.
     */
    async save(
      change: StoreChange,
      apply: (w: WriteContext, before: StoreRow) => Promise<string[]>,
    ): Promise<void> {
      const [current] = await db.select().from(bikeStores).where(eq(bikeStores.id, change.bikeStoreId));
      if (!current) throw notFound("Bike store");
      const checked = storeAccountChanges(current, change.next);
      if (checked) await reauthentication.checkUser(change.userId, change.currentPassword);
      await write(db, { actor: { userId: change.userId } }, async (w) => {
        const [before] = await lockRows(
          w.tx,
          "bikeStore",
          w.tx.select().from(bikeStores).where(eq(bikeStores.id, change.bikeStoreId)).for("update"),
        );
        if (!before) throw notFound("Bike store");
        const accountChanged = storeAccountChanges(before, change.next);
        // The account changed between the read and the lock: the password was not asked for it.
        if (accountChanged && !checked) throw currentPasswordRequired();
        const changed = await apply(w, before);
        if (changed.length === 0) return;
        await recordEvent(w, {
          type: "BIKE_STORE_DETAILS_UPDATED",
          entity: { type: "bikeStore", id: before.id },
          companyId: null,
          data: {
            storeName: before.storeName,
            changed,
            by: change.by,
            // The account masked as a notice shows it; the row keeps the values.
            ...(accountChanged
              ? {
                  account: {
                    previous: maskedAccount(accountOf(before)),
                    next: maskedAccount(accountOf(change.next)),
                  },
                }
              : {}),
          },
        });
        if (accountChanged) {
          await queueStoreAccountChanged(w.tx, before, {
            previous: accountOf(before),
            next: accountOf(change.next),
            by: change.by,
            at: w.now,
          });
        }
      });
    },
  };
}
