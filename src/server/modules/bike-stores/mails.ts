import { and, eq } from "drizzle-orm";
import type { StoreAccount } from "../../../domain/store-payouts.ts";
import { maskIban } from "../../../domain/validation/bank-account.ts";
import type { Db } from "../../db/client.ts";
import { bikeStoreUsers, users } from "../../db/schema/index.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import {
  type StoreAccountChangedParams,
  storeAccountChangedMail,
} from "../../messaging/store-account-mails.ts";
import { queueMessages } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";
import { accountOf } from "../password/mails.ts";

/** The notification table's event of a bike store's changed payout account. */
export const STORE_ACCOUNT_CHANGED_EVENT = "STORE_ACCOUNT_CHANGED";

/** An account masked as a notice shows it. */
export const maskedAccount = (account: StoreAccount) => ({
  iban: account.iban ? maskIban(account.iban) : null,
  bic: account.bic || null,
});

/** What a queued notice of a changed account says; the recipient's name is read when it is sent. */
type QueuedParams = Omit<StoreAccountChangedParams, "name" | "changedAt"> & { changedAt: string };

/**
 * Tells the store's active users, each in their language, and customer service (in Finnish) that the
 * store's payout account changed, queued in the transaction `tx` of the change.
 */
export async function queueStoreAccountChanged(
  tx: Db,
  store: { id: string; storeName: string },
  change: { previous: StoreAccount; next: StoreAccount; by: "STORE" | "HELPDESK"; at: Date },
): Promise<void> {
  const people = await tx
    .selectDistinct({ userId: users.id, email: users.email, language: users.language })
    .from(bikeStoreUsers)
    .innerJoin(users, eq(users.id, bikeStoreUsers.userId))
    .where(and(eq(bikeStoreUsers.bikeStoreId, store.id), eq(users.deactivated, false)));
  const params: QueuedParams = {
    storeName: store.storeName,
    previous: maskedAccount(change.previous),
    next: maskedAccount(change.next),
    changedBy: change.by,
    changedAt: change.at.toISOString(),
  };
  const recipients = [...people, { userId: null, email: CONTACT_EMAIL, language: "fi" }];
  await queueMessages(
    tx,
    recipients.map((r) => ({
      userId: r.userId,
      event: STORE_ACCOUNT_CHANGED_EVENT,
      channel: "EMAIL" as const,
      recipient: r.email,
      language: r.language,
      params,
    })),
  );
}

/**
 * STORE_ACCOUNT_CHANGED: to a store user greeted by their first name (nothing once their account is
 * gone), or to customer service.
 */
export const renderStoreAccountChanged: OutboxRenderer = async (row, deps) => {
  const account = row.userId ? await accountOf(deps, row) : null;
  if (row.userId && !account) return null;
  const params = row.params as QueuedParams;
  const mail = storeAccountChangedMail(row.language, {
    ...params,
    name: account?.firstName ?? null,
    changedAt: new Date(params.changedAt),
  });
  return { kind: "mail", mail };
};
