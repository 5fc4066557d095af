import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { approvalDigestOf } from "../../modules/store-payouts/approval.ts";
import { approvePayoutBatch } from "../../modules/store-payouts/approve-batch.ts";
import { createPayoutBatch } from "../../modules/store-payouts/create-batch.ts";
import { markPayoutBatchPaid } from "../../modules/store-payouts/mark-batch-paid.ts";
import type { Db } from "../client.ts";
import { bikeStores, bikeStoreUsers, storePayables, users } from "../schema/index.ts";
import { write } from "../transaction.ts";

const HOUR_MS = 3_600_000;

/**
 * The demo of paying bike stores, after the orders (whose matched purchase invoices already owe their
 * stores): the store that has waited longest was paid in one batch, and so was the store whose own
 * account the demo logs in to (Vauhti Espoo), so its users see what was paid, when and for which
 * orders. Each batch was made by the helpdesk, approved by the super admin and paid soon after the
 * store's last order was matched; every other store's payables stay open, so the payouts view has a
 * batch to make, and Turun Polkupyörä's (no bank account) wait for one.
 */
export async function seedPayoutsDemo(db: Db, now: Date): Promise<void> {
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const helpdesk = people.find((u) => u.email === "helpdesk@pedaali.test");
  const admin = people.find((u) => u.email === "admin@pedaali.test");
  if (!helpdesk || !admin) return;
  const payable = and(eq(storePayables.status, "OPEN"), isNotNull(bikeStores.iban));
  const [oldest] = await db
    .select({ bikeStoreId: storePayables.bikeStoreId })
    .from(storePayables)
    .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
    .where(payable)
    .orderBy(asc(storePayables.createdAt), asc(bikeStores.storeName))
    .limit(1);
  const [withAccount] = await db
    .selectDistinct({ bikeStoreId: storePayables.bikeStoreId })
    .from(storePayables)
    .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
    .innerJoin(bikeStoreUsers, eq(bikeStoreUsers.bikeStoreId, storePayables.bikeStoreId))
    .where(payable)
    .limit(1);
  const stores = [oldest?.bikeStoreId, withAccount?.bikeStoreId].filter((id): id is string => !!id);
  for (const bikeStoreId of new Set(stores)) {
    await payStore(db, { helpdeskId: helpdesk.id, adminId: admin.id }, bikeStoreId, now);
  }
}

/** One store's open payables paid in a batch: made, approved by a second person, paid. */
async function payStore(db: Db, by: { helpdeskId: string; adminId: string }, bikeStoreId: string, now: Date) {
  const [latest] = await db
    .select({ createdAt: storePayables.createdAt })
    .from(storePayables)
    .where(and(eq(storePayables.bikeStoreId, bikeStoreId), eq(storePayables.status, "OPEN")))
    .orderBy(desc(storePayables.createdAt))
    .limit(1);
  /** `hours` after the store's last payable, never after the seed's clock. */
  const after = (hours: number) =>
    new Date(Math.min(now.getTime(), (latest?.createdAt.getTime() ?? now.getTime()) + hours * HOUR_MS));
  const id = await write(db, { actor: { userId: by.helpdeskId }, now: after(2) }, (change) =>
    createPayoutBatch(change, { bikeStoreId }),
  );
  // The approver approves what the batch's read showed them.
  const approvalDigest = await approvalDigestOf(db, id);
  await write(db, { actor: { userId: by.adminId }, now: after(20) }, (change) =>
    approvePayoutBatch(change, id, { approvalDigest }),
  );
  const paidAt = after(44);
  await write(db, { actor: { userId: by.helpdeskId }, now: paidAt }, (change) =>
    markPayoutBatchPaid(change, id, { paidDate: toHelsinkiDateString(paidAt) }),
  );
}
