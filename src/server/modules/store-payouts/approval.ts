import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { TErrorDetail } from "../../../contract/errors.ts";
import type { TPayoutAccountChange, TPayoutBatchStore } from "../../../contract/store-payouts.ts";
import { type PayoutApprovalRow, payoutApprovalCanonical } from "../../../domain/store-payouts.ts";
import type { Db } from "../../db/client.ts";
import { bikeStores, eventLog, orders, storePayables } from "../../db/schema/index.ts";
import { sha256 } from "../auth/tokens.ts";

/**
 * What approving a batch pays, bound to what its approver was shown: the batch's read answers the
 * digest of its payments (each payable, its order and store, the store's account and the amount), the
 * approval sends it back, and the approval recomputes it under the batch's lock. A store's account
 * changed, or an order that left the batch, after the approver read it refuses the approval, which
 * says what changed. A store's account change is told on the batch from the event log.
 */

/** The batch's payments as approval would pay them: the account approved, or the store's current one. */
async function approvalRowsOf(db: Db, batchId: string): Promise<PayoutApprovalRow[]> {
  const rows = await db
    .select({
      payableId: storePayables.id,
      orderId: storePayables.orderId,
      bikeStoreId: storePayables.bikeStoreId,
      netCents: storePayables.netCents,
      creditorIban: storePayables.creditorIban,
      creditorBic: storePayables.creditorBic,
      iban: bikeStores.iban,
      bic: bikeStores.bic,
    })
    .from(storePayables)
    .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
    .where(eq(storePayables.payoutBatchId, batchId));
  return rows.map((r) => ({
    payableId: r.payableId,
    orderId: r.orderId,
    bikeStoreId: r.bikeStoreId,
    netCents: r.netCents,
    iban: r.creditorIban ?? r.iban,
    bic: r.creditorIban ? r.creditorBic : r.bic,
  }));
}

/**
 * The digest of the batch as its read shows it (its stores with their accounts and payables), so the
 * digest answered is of the very rows the approver is shown.
 */
export function approvalDigestOfShown(stores: readonly TPayoutBatchStore[]): string {
  const rows = stores.flatMap((store) =>
    store.payables.map((p) => ({
      payableId: p.id,
      orderId: p.orderId,
      bikeStoreId: store.bikeStoreId,
      iban: store.iban,
      bic: store.bic,
      netCents: p.netCents,
    })),
  );
  return sha256(payoutApprovalCanonical(rows));
}

/** The batch's approval digest: the SHA-256 (hex) of the canonical form of its payments. */
export async function approvalDigestOf(db: Db, batchId: string): Promise<string> {
  return sha256(payoutApprovalCanonical(await approvalRowsOf(db, batchId)));
}

/**
 * The account changes of `storeIds` after `since`, oldest first, from the event log (the stores' own
 * details and the helpdesk's edit both write BIKE_STORE_DETAILS_UPDATED with the account masked).
 */
async function accountChangesSince(
  db: Db,
  storeIds: readonly string[],
  since: Date,
): Promise<TPayoutAccountChange[]> {
  if (storeIds.length === 0) return [];
  const rows = await db
    .select({
      bikeStoreId: eventLog.entityId,
      storeName: bikeStores.storeName,
      changedAt: eventLog.createdAt,
      by: sql<string | null>`${eventLog.data}->>'by'`,
    })
    .from(eventLog)
    .innerJoin(bikeStores, eq(bikeStores.id, eventLog.entityId))
    .where(
      and(
        eq(eventLog.type, "BIKE_STORE_DETAILS_UPDATED"),
        eq(eventLog.entityType, "bikeStore"),
        inArray(eventLog.entityId, [...storeIds]),
        gt(eventLog.createdAt, since),
        sql`${eventLog.data}->'account' is not null`,
      ),
    )
    .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
  return rows.map((r) => ({
    bikeStoreId: r.bikeStoreId,
    storeName: r.storeName,
    changedAt: r.changedAt.toISOString(),
    changedBy: r.by === "HELPDESK" ? "HELPDESK" : "STORE",
  }));
}

/** The stores a batch pays now, and those whose payables it held when made (voided ones included). */
async function storesOfBatch(db: Db, batchId: string): Promise<string[]> {
  const inBatch = await db
    .selectDistinct({ id: storePayables.bikeStoreId })
    .from(storePayables)
    .where(eq(storePayables.payoutBatchId, batchId));
  const left = await payablesThatLeft(db, batchId);
  return [...new Set([...inBatch.map((r) => r.id), ...left.map((r) => r.bikeStoreId)])];
}

/** The payables voided out of the batch (their orders cancelled) while it waited for approval. */
async function payablesThatLeft(db: Db, batchId: string) {
  const rows = await db
    .select({
      payableId: eventLog.entityId,
      bikeStoreId: sql<string>`${eventLog.data}->>'bikeStoreId'`,
      orderNumber: orders.orderNumber,
      leftAt: eventLog.createdAt,
    })
    .from(eventLog)
    .innerJoin(storePayables, eq(storePayables.id, eventLog.entityId))
    .innerJoin(orders, eq(orders.id, storePayables.orderId))
    .where(
      and(
        eq(eventLog.type, "STORE_PAYABLE_VOIDED"),
        eq(eventLog.entityType, "storePayable"),
        sql`${eventLog.data}->>'payoutBatchId' = ${batchId}`,
      ),
    )
    .orderBy(asc(orders.orderNumber));
  return rows;
}

/** The account changes of a batch's stores since it was made; none once it is approved. */
export async function accountChangesOfBatch(
  db: Db,
  batch: { id: string; status: string; createdAt: Date },
): Promise<TPayoutAccountChange[]> {
  if (batch.status !== "CREATED") return [];
  return accountChangesSince(db, await storesOfBatch(db, batch.id), batch.createdAt);
}

/**
 * What changed in a batch since it was made, as the refused approval's details: each store whose
 * account changed (when, by whom) and each order that left it.
 */
export async function batchChangesOf(
  db: Db,
  batch: { id: string; createdAt: Date },
): Promise<TErrorDetail[]> {
  const stores = await storesOfBatch(db, batch.id);
  const changes = await accountChangesSince(db, stores, batch.createdAt);
  const left = await payablesThatLeft(db, batch.id);
  return [
    ...changes.map((c) => ({
      field: `stores.${c.bikeStoreId}`,
      message: `${c.storeName}: bank account changed at ${c.changedAt} by the ${c.changedBy === "HELPDESK" ? "helpdesk" : "store"}`,
    })),
    ...left.map((p) => ({
      field: `payables.${p.payableId}`,
      message: `Order ${p.orderNumber} left the batch at ${p.leftAt.toISOString()} (cancelled)`,
    })),
  ];
}
