import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type StoreAccount, storeAccountChanges } from "../../../domain/store-payouts.ts";
import { maskIban } from "../../../domain/validation/bank-account.ts";
import type { AppContext } from "../../context.ts";
import { recordEvent } from "../../db/event-log.ts";
import { bikeStores, bikeStoreUsers, systemUsers, users } from "../../db/schema/index.ts";
import { type WriteContext, write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import { storeAccountChangedMail } from "../../messaging/store-account-mails.ts";
import { createReauthentication } from "../auth/reauthentication.ts";
import { currentPasswordRequired } from "../system-users/errors.ts";

/**
 * Every change of a bike store's details goes through here, the store's own (PUT /api/store/details)
 * and the helpdesk's (PUT /api/bike-stores/{id}) alike, because a store's bank account is where
 * Pedaali pays it: a change of the account (IBAN or BIC) asks for the changer's current password
 * (wrong ones counted as for a login change), is an event row with the old and the new account
 * masked, is mailed to the store's users and to customer service, and flags every payout batch
 * waiting for approval that pays the store (the batch's read finds the row in the event log).
 */

export type StoreRow = typeof bikeStores.$inferSelect;
export type StoreChanger = "STORE" | "HELPDESK";

export type StoreChange = {
  /** The user making the change: their password re-authenticates an account change. */
  userId: string;
  bikeStoreId: string;
  by: StoreChanger;
  /** The account the change saves (empty text is none). */
  next: StoreAccount;
  currentPassword?: string | undefined;
};

type Log = Pick<FastifyBaseLogger, "error">;

const accountOf = (row: StoreAccount) => ({ iban: row.iban || null, bic: row.bic || null });
const masked = (account: StoreAccount) => ({
  iban: account.iban ? maskIban(account.iban) : null,
  bic: account.bic || null,
});

export function createStoreChanges(ctx: AppContext) {
  const { db } = ctx.database;
  const reauthentication = createReauthentication(ctx);

  /** The store's users (active ones) and customer service, each told in their language. */
  async function tell(store: StoreRow, before: StoreAccount, next: StoreAccount, by: StoreChanger, at: Date) {
    const people = await db
      .selectDistinct({ email: users.email, language: users.language, firstName: systemUsers.firstName })
      .from(bikeStoreUsers)
      .innerJoin(users, eq(users.id, bikeStoreUsers.userId))
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .where(and(eq(bikeStoreUsers.bikeStoreId, store.id), eq(users.deactivated, false)));
    const params = {
      storeName: store.storeName,
      previous: masked(before),
      next: masked(next),
      changedBy: by,
      changedAt: at,
    };
    const recipients = [
      ...people.map((p) => ({ to: p.email, language: p.language, name: p.firstName })),
      { to: CONTACT_EMAIL, language: "fi", name: null },
    ];
    for (const r of recipients)
      await ctx.messaging.sendMail({
        to: r.to,
        ...storeAccountChangedMail(r.language, { ...params, name: r.name }),
      });
  }

  return {
    /**
     * Saves a change of the store: `apply` writes its row in the transaction, given the row as it was
     * (locked), and answers the fields it changed. The current password is checked before anything is
     * written when the account is to change; the notices go after the commit, and a failing mail is
     * logged, never undoing the change.
     */
    async save(
      change: StoreChange,
      apply: (w: WriteContext, before: StoreRow) => Promise<string[]>,
      log: Log,
    ): Promise<void> {
      const [current] = await db.select().from(bikeStores).where(eq(bikeStores.id, change.bikeStoreId));
      if (!current) throw notFound("Bike store");
      const checked = storeAccountChanges(current, change.next);
      if (checked) await reauthentication.checkUser(change.userId, change.currentPassword);
      const saved = await write(db, { actor: { userId: change.userId } }, async (w) => {
        const [before] = await w.tx
          .select()
          .from(bikeStores)
          .where(eq(bikeStores.id, change.bikeStoreId))
          .for("update");
        if (!before) throw notFound("Bike store");
        const accountChanged = storeAccountChanges(before, change.next);
        // The account changed between the read and the lock: the password was not asked for it.
        if (accountChanged && !checked) throw currentPasswordRequired();
        const changed = await apply(w, before);
        if (changed.length === 0) return null;
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
              ? { account: { previous: masked(accountOf(before)), next: masked(accountOf(change.next)) } }
              : {}),
          },
        });
        return accountChanged ? { store: before, at: w.now } : null;
      });
      if (!saved) return;
      try {
        await tell(saved.store, accountOf(saved.store), accountOf(change.next), change.by, saved.at);
      } catch (error) {
        log.error({ err: error, bikeStoreId: saved.store.id }, "store account change notice failed");
      }
    },
  };
}
export type StoreChanges = ReturnType<typeof createStoreChanges>;
