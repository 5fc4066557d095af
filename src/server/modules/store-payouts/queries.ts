import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type {
  TOpenPayables,
  TPayoutBatch,
  TPayoutBatchDetails,
  TPayoutBatchesQuery,
  TPayoutBatchPage,
  TPayoutBatchStore,
  TStorePayable,
  TStorePayablePage,
  TStorePayablesQuery,
} from "../../../contract/store-payouts.ts";
import { personName } from "../../../domain/person-name.ts";
import { commissionBaseCents } from "../../../domain/store-commission.ts";
import { payoutBatchActions } from "../../../domain/store-payouts.ts";
import { formatIban } from "../../../domain/validation/bank-account.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { countOver, readPage } from "../../db/paging.ts";
import {
  bikeStores,
  companies,
  invoices,
  orders,
  payoutBatches,
  storePayables,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { accountChangesOfBatch, approvalDigestOfShown } from "./approval.ts";

/** How a payable's commission was reckoned, as the pages show it beside the amount. */
function commissionOf(p: typeof storePayables.$inferSelect) {
  return {
    vatCents: p.vatCents,
    commissionBase: p.commissionBase,
    commissionBaseCents: commissionBaseCents(p),
    commissionPercent: p.commissionPercent,
  };
}

/**
 * The reads of what is owed to bike stores and of the payout batches. The admin tier reads them all;
 * a store's own view (`storePayoutsOf`, store-view.ts) takes the store's id, so the helpdesk and the
 * store's own users read the same view, each route deciding who may ask for which store.
 */

const sums = {
  grossCents: sql<number>`coalesce(sum(${storePayables.grossCents}), 0)::int`,
  commissionCents: sql<number>`coalesce(sum(${storePayables.commissionCents}), 0)::int`,
  netCents: sql<number>`coalesce(sum(${storePayables.netCents}), 0)::int`,
};

const payableColumns = {
  payable: storePayables,
  storeName: bikeStores.storeName,
  orderNumber: orders.orderNumber,
  companyName: companies.name,
  invoiceNumber: invoices.invoiceNumber,
  batchNumber: payoutBatches.batchNumber,
};

type PayableRow = {
  payable: typeof storePayables.$inferSelect;
  storeName: string;
  orderNumber: number;
  companyName: string;
  invoiceNumber: string | null;
  batchNumber: number | null;
};

function toPayable({
  payable: p,
  storeName,
  orderNumber,
  companyName,
  invoiceNumber,
  batchNumber,
}: PayableRow): TStorePayable {
  return {
    id: p.id,
    bikeStoreId: p.bikeStoreId,
    storeName,
    orderId: p.orderId,
    orderNumber,
    companyName,
    purchaseInvoiceId: p.purchaseInvoiceId,
    invoiceNumber,
    grossCents: p.grossCents,
    commissionCents: p.commissionCents,
    netCents: p.netCents,
    ...commissionOf(p),
    status: p.status,
    payoutBatchId: p.payoutBatchId,
    batchNumber,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The payables matching `where`, newest first, one page (the conditions are on store_payables alone). */
export function payablePage(
  db: Db,
  where: SQL | undefined,
  args: { page: number; limit: number },
): Promise<TStorePayablePage> {
  return readPage(args, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...payableColumns, total: countOver() })
        .from(storePayables)
        .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
        .innerJoin(orders, eq(orders.id, storePayables.orderId))
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .innerJoin(invoices, eq(invoices.id, storePayables.purchaseInvoiceId))
        .leftJoin(payoutBatches, eq(payoutBatches.id, storePayables.payoutBatchId))
        .where(where)
        .orderBy(desc(storePayables.createdAt), desc(storePayables.id))
        .limit(limit)
        .offset(offset),
    items: (rows) => rows.map(({ total: _total, ...row }) => toPayable(row)),
    countPastEnd: async () => (await db.select({ n: count() }).from(storePayables).where(where))[0]?.n ?? 0,
  });
}

export function listPayables(db: Db, query: TStorePayablesQuery): Promise<TStorePayablePage> {
  const where = and(
    query.status ? eq(storePayables.status, query.status) : undefined,
    query.bikeStoreId ? eq(storePayables.bikeStoreId, query.bikeStoreId) : undefined,
  );
  return payablePage(db, where, query);
}

/** The open payables per store, the longest waiting first; and the sums of all and of those payable now. */
export async function openPayables(db: Db): Promise<TOpenPayables> {
  const rows = await db
    .select({
      bikeStoreId: bikeStores.id,
      storeName: bikeStores.storeName,
      businessId: bikeStores.businessId,
      iban: bikeStores.iban,
      payableCount: sql<number>`count(*)::int`,
      oldestAt: sql<Date>`min(${storePayables.createdAt})`.mapWith(storePayables.createdAt),
      ...sums,
    })
    .from(storePayables)
    .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
    .where(eq(storePayables.status, "OPEN"))
    .groupBy(bikeStores.id)
    .orderBy(sql`min(${storePayables.createdAt})`, asc(bikeStores.storeName));
  const stores = rows.map((r) => ({
    ...r,
    iban: r.iban ? formatIban(r.iban) : null,
    oldestAt: r.oldestAt.toISOString(),
  }));
  const add = (of: typeof stores) => ({
    payableCount: of.reduce((n, s) => n + s.payableCount, 0),
    grossCents: of.reduce((n, s) => n + s.grossCents, 0),
    commissionCents: of.reduce((n, s) => n + s.commissionCents, 0),
    netCents: of.reduce((n, s) => n + s.netCents, 0),
  });
  return { stores, total: add(stores), payableNow: add(stores.filter((s) => s.iban)) };
}

/** People's names by their user ids ("First Last", or the e-mail). */
export async function namesOf(db: Db, userIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
    })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, personName(r.firstName, r.lastName, r.email)]));
}

const zero = { grossCents: 0, commissionCents: 0, netCents: 0 };

/** Each batch's sums and how many stores and payables it pays. */
async function batchSums(db: Db, batchIds: string[]) {
  if (batchIds.length === 0)
    return new Map<string, { storeCount: number; payableCount: number } & typeof zero>();
  const rows = await db
    .select({
      payoutBatchId: storePayables.payoutBatchId,
      storeCount: sql<number>`count(distinct ${storePayables.bikeStoreId})::int`,
      payableCount: sql<number>`count(*)::int`,
      ...sums,
    })
    .from(storePayables)
    .where(inArray(storePayables.payoutBatchId, batchIds))
    .groupBy(storePayables.payoutBatchId);
  return new Map(rows.map(({ payoutBatchId, ...r }) => [payoutBatchId as string, r]));
}

async function toBatches(db: Db, rows: (typeof payoutBatches.$inferSelect)[]): Promise<TPayoutBatch[]> {
  const totals = await batchSums(
    db,
    rows.map((b) => b.id),
  );
  const names = await namesOf(
    db,
    rows.flatMap((b) => [b.createdByUserId, b.approvedByUserId, b.paidByUserId]),
  );
  const person = (userId: string | null) => (userId ? { userId, name: names.get(userId) ?? "" } : null);
  return rows.map((b) => ({
    id: b.id,
    batchNumber: b.batchNumber,
    status: b.status,
    bikeStoreId: b.bikeStoreId,
    storeCount: 0,
    payableCount: 0,
    ...zero,
    ...totals.get(b.id),
    createdBy: person(b.createdByUserId) as { userId: string; name: string },
    createdAt: b.createdAt.toISOString(),
    approvedBy: person(b.approvedByUserId),
    approvedAt: b.approvedAt?.toISOString() ?? null,
    executionDate: b.executionDate,
    paidBy: person(b.paidByUserId),
    paidDate: b.paidDate,
  }));
}

export function listBatches(db: Db, query: TPayoutBatchesQuery): Promise<TPayoutBatchPage> {
  const where = query.status ? eq(payoutBatches.status, query.status) : undefined;
  return readPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ batch: payoutBatches, total: countOver() })
        .from(payoutBatches)
        .where(where)
        .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.batchNumber))
        .limit(limit)
        .offset(offset),
    items: (rows) =>
      toBatches(
        db,
        rows.map((row) => row.batch),
      ),
    countPastEnd: async () => (await db.select({ n: count() }).from(payoutBatches).where(where))[0]?.n ?? 0,
  });
}

/** A batch's row locked for a change in `tx`; 404 when there is none. */
export async function lockBatch(tx: Tx, id: string) {
  const batch = await lockBatchIfAny(tx, id);
  if (!batch) throw notFound("Payout batch");
  return batch;
}

/** A batch's row locked in `tx`, or undefined when it is gone (discarded). */
export async function lockBatchIfAny(tx: Tx, id: string) {
  const [batch] = await lockRows(
    tx,
    "payoutBatch",
    tx.select().from(payoutBatches).where(eq(payoutBatches.id, id)).for("update"),
  );
  return batch;
}

/**
 * A batch's stores (by name) with their sums and orders (by number); the stores' bank details as
 * approved, or as stored while the batch waits for its approval.
 */
export async function batchStores(db: Db, batchId: string): Promise<TPayoutBatchStore[]> {
  const rows = await db
    .select({
      payable: storePayables,
      store: {
        id: bikeStores.id,
        storeName: bikeStores.storeName,
        businessId: bikeStores.businessId,
        iban: bikeStores.iban,
        bic: bikeStores.bic,
      },
      orderNumber: orders.orderNumber,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(storePayables)
    .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
    .innerJoin(orders, eq(orders.id, storePayables.orderId))
    .innerJoin(invoices, eq(invoices.id, storePayables.purchaseInvoiceId))
    .where(eq(storePayables.payoutBatchId, batchId))
    .orderBy(asc(bikeStores.storeName), asc(bikeStores.id), asc(orders.orderNumber));
  const stores = new Map<string, TPayoutBatchStore>();
  for (const { payable: p, store, orderNumber, invoiceNumber } of rows) {
    const entry = stores.get(store.id) ?? {
      bikeStoreId: store.id,
      storeName: store.storeName,
      businessId: store.businessId,
      iban: p.creditorIban ?? store.iban,
      bic: p.creditorIban ? p.creditorBic : store.bic,
      ...zero,
      payables: [],
    };
    entry.grossCents += p.grossCents;
    entry.commissionCents += p.commissionCents;
    entry.netCents += p.netCents;
    entry.payables.push({
      id: p.id,
      orderId: p.orderId,
      orderNumber,
      invoiceNumber,
      grossCents: p.grossCents,
      commissionCents: p.commissionCents,
      netCents: p.netCents,
      ...commissionOf(p),
    });
    stores.set(store.id, entry);
  }
  return [...stores.values()];
}

/** The batch as one object's page shows it, with what `viewerId` may do with it now. */
export async function batchDetails(db: Db, id: string, viewerId: string): Promise<TPayoutBatchDetails> {
  const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
  if (!row) throw notFound("Payout batch");
  const [batch] = await toBatches(db, [row]);
  const shown = await batchStores(db, id);
  const stores = shown.map((s) => ({ ...s, iban: s.iban ? formatIban(s.iban) : null }));
  return {
    ...(batch as TPayoutBatch),
    stores,
    approvalDigest: approvalDigestOfShown(shown),
    accountChanges: await accountChangesOfBatch(db, row),
    allowedActions: payoutBatchActions(row, viewerId),
  };
}

/** The batches paid between two days (inclusive), oldest first, for the reconciliation file of a period. */
export async function batchesPaidBetween(db: Db, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .where(and(isNotNull(payoutBatches.paidDate), sql`${payoutBatches.paidDate} between ${from} and ${to}`))
    .orderBy(asc(payoutBatches.paidDate), asc(payoutBatches.batchNumber));
  return rows.map((r) => r.id);
}
