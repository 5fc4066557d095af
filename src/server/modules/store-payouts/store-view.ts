import { and, desc, eq, sql } from "drizzle-orm";
import type { TPageQuery } from "../../../contract/common.ts";
import type { TStorePayouts } from "../../../contract/store-payouts.ts";
import type { Db } from "../../db/client.ts";
import { bikeStores, orders, payoutBatches, storePayables } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import { payablePage } from "./queries.ts";

/**
 * What a bike store sees of its money: what is still open, each order's payable (paged, newest first)
 * and the payouts that paid it, with the store's own part of each and its order numbers. It takes the
 * store's id alone: the route decides who may ask for which store (the admin tier for any store, the
 * store's own users for theirs through GET /api/store/payouts).
 */
export async function storePayoutsOf(db: Db, bikeStoreId: string, page: TPageQuery): Promise<TStorePayouts> {
  const [store] = await db
    .select({ id: bikeStores.id, storeName: bikeStores.storeName })
    .from(bikeStores)
    .where(eq(bikeStores.id, bikeStoreId));
  if (!store) throw notFound("Bike store");
  const ofStore = eq(storePayables.bikeStoreId, bikeStoreId);
  const [open] = await db
    .select({
      payableCount: sql<number>`count(*)::int`,
      grossCents: sql<number>`coalesce(sum(${storePayables.grossCents}), 0)::int`,
      commissionCents: sql<number>`coalesce(sum(${storePayables.commissionCents}), 0)::int`,
      netCents: sql<number>`coalesce(sum(${storePayables.netCents}), 0)::int`,
    })
    .from(storePayables)
    .where(and(ofStore, eq(storePayables.status, "OPEN")));
  const payables = await payablePage(db, ofStore, page);
  const payouts = await db
    .select({
      payoutBatchId: payoutBatches.id,
      batchNumber: payoutBatches.batchNumber,
      status: payoutBatches.status,
      executionDate: payoutBatches.executionDate,
      paidDate: payoutBatches.paidDate,
      grossCents: sql<number>`sum(${storePayables.grossCents})::int`,
      commissionCents: sql<number>`sum(${storePayables.commissionCents})::int`,
      netCents: sql<number>`sum(${storePayables.netCents})::int`,
      orderNumbers: sql<number[]>`array_agg(${orders.orderNumber} order by ${orders.orderNumber})`,
    })
    .from(storePayables)
    .innerJoin(payoutBatches, eq(payoutBatches.id, storePayables.payoutBatchId))
    .innerJoin(orders, eq(orders.id, storePayables.orderId))
    .where(ofStore)
    .groupBy(payoutBatches.id)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.batchNumber));
  return {
    bikeStoreId: store.id,
    storeName: store.storeName,
    open: open ?? { payableCount: 0, grossCents: 0, commissionCents: 0, netCents: 0 },
    payables,
    payouts: payouts.map((p) => ({ ...p, orderNumbers: p.orderNumbers.map(Number) })),
  };
}
