import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import {
  BIKE_STORE_CREATED,
  BIKE_STORE_DELETED,
  BIKE_STORE_UPDATED,
  type TBikeStore,
  type TBikeStoreGroups,
  type TBikeStoreInput,
  type TBikeStoreOptions,
  type TBikeStoreSaved,
  type TBikeStoresQuery,
  type TBikeStoreUpdate,
} from "../../../contract/bike-stores.ts";
import { formatIban } from "../../../domain/validation/bank-account.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { countOver, likeContains, readPage } from "../../db/paging.ts";
import { bikeStoreGroups, bikeStores, orders } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { createStoreChanges } from "./account-change.ts";
import { bikeStoreInUse } from "./errors.ts";

type BikeStoreViewer = Pick<CurrentUser, "scope">;

/** The admin tier sees every store; anyone else (an employee choosing a store) only the active ones. */
const seesInactive = (viewer: BikeStoreViewer) => viewer.scope.kind === "all";

const columns = {
  store: bikeStores,
  bikeStoreGroupName: bikeStoreGroups.name,
};

type Row = { store: typeof bikeStores.$inferSelect; bikeStoreGroupName: string | null };

/**
 * The store as the viewer may see it: its bank account and commission are Pedaali's business with the
 * store, shown to the admin tier only (an employee choosing a store sees neither).
 */
function toBikeStore(viewer: BikeStoreViewer, { store: s, bikeStoreGroupName }: Row): TBikeStore {
  const admin = seesInactive(viewer);
  return {
    bikeStoreId: s.id,
    storeName: s.storeName,
    bikeStoreGroupId: s.bikeStoreGroupId,
    bikeStoreGroupName,
    businessId: s.businessId,
    email: s.email,
    phoneNumber: s.phoneNumber,
    website: s.website,
    streetAddress: s.streetAddress,
    postalCode: s.postalCode,
    city: s.city,
    isOnlineStore: s.isOnlineStore,
    active: s.active,
    iban: admin && s.iban ? formatIban(s.iban) : null,
    bic: admin ? s.bic : null,
    commissionPercent: admin ? s.commissionPercent : null,
    language: s.language,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** Empty text means none: optional fields are stored as null. */
const orNull = (value: string | null | undefined) => (value ? value : null);

/** The contract took the number by the one phone rule (docs/product.md "Field rules"); it is stored normalised like every other. */
function storePhoneNumber(input: string | null | undefined): string | null {
  return input?.trim() ? normalizePhoneNumber(input) : null;
}

function storeValues(input: TBikeStoreInput) {
  return {
    storeName: input.storeName,
    bikeStoreGroupId: input.bikeStoreGroupId ?? null,
    businessId: orNull(input.businessId),
    email: orNull(input.email),
    phoneNumber: storePhoneNumber(input.phoneNumber),
    website: orNull(input.website),
    streetAddress: orNull(input.streetAddress),
    postalCode: orNull(input.postalCode),
    city: orNull(input.city),
    isOnlineStore: input.isOnlineStore,
    active: input.active,
    iban: orNull(input.iban),
    bic: orNull(input.bic),
    commissionPercent: input.commissionPercent ?? null,
    // Left out, the store keeps its language (a new store takes Finnish, the column's default).
    ...(input.language ? { language: input.language } : {}),
  };
}

async function ensureGroupExists(db: Db, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  const [group] = await db
    .select({ id: bikeStoreGroups.id })
    .from(bikeStoreGroups)
    .where(eq(bikeStoreGroups.id, groupId));
  if (!group)
    throw badRequest("Unknown bike store group", [
      { field: "body.bikeStoreGroupId", message: "No such group" },
    ]);
}

export function createBikeStoresService(ctx: AppContext) {
  const { db } = ctx.database;
  const storeChanges = createStoreChanges(ctx);

  async function find(viewer: BikeStoreViewer, id: string): Promise<TBikeStore> {
    const [row] = await db
      .select(columns)
      .from(bikeStores)
      .leftJoin(bikeStoreGroups, eq(bikeStoreGroups.id, bikeStores.bikeStoreGroupId))
      .where(and(eq(bikeStores.id, id), seesInactive(viewer) ? undefined : eq(bikeStores.active, true)));
    if (!row) throw notFound("Bike store");
    return toBikeStore(viewer, row);
  }

  return {
    find,

    async list(viewer: BikeStoreViewer, query: TBikeStoresQuery) {
      const conditions: (SQL | undefined)[] = [];
      const search = query.search?.trim();
      if (search) {
        const pattern = likeContains(search);
        conditions.push(or(ilike(bikeStores.storeName, pattern), ilike(bikeStores.city, pattern)));
      }
      if (query.bikeStoreGroupId) conditions.push(eq(bikeStores.bikeStoreGroupId, query.bikeStoreGroupId));
      if (!seesInactive(viewer)) conditions.push(eq(bikeStores.active, true));
      else if (query.active !== undefined) conditions.push(eq(bikeStores.active, query.active));
      const where = and(...conditions);
      return readPage(query, {
        rows: ({ limit, offset }) =>
          db
            .select({ ...columns, total: countOver() })
            .from(bikeStores)
            .leftJoin(bikeStoreGroups, eq(bikeStoreGroups.id, bikeStores.bikeStoreGroupId))
            .where(where)
            .orderBy(asc(sql`lower(${bikeStores.storeName})`), asc(bikeStores.id))
            .limit(limit)
            .offset(offset),
        items: (rows) => rows.map(({ total: _total, ...row }) => toBikeStore(viewer, row)),
        countPastEnd: async () => (await db.select({ n: count() }).from(bikeStores).where(where))[0]?.n ?? 0,
      });
    },

    async minimal(): Promise<TBikeStoreOptions> {
      const rows = await db
        .select({
          bikeStoreId: bikeStores.id,
          storeName: bikeStores.storeName,
          isOnlineStore: bikeStores.isOnlineStore,
          city: bikeStores.city,
        })
        .from(bikeStores)
        .where(eq(bikeStores.active, true))
        .orderBy(asc(sql`lower(${bikeStores.storeName})`), asc(bikeStores.id));
      return { bikeStores: rows };
    },

    async create(viewer: BikeStoreViewer, input: TBikeStoreInput): Promise<TBikeStoreSaved> {
      await ensureGroupExists(db, input.bikeStoreGroupId);
      const [created] = await db
        .insert(bikeStores)
        .values(storeValues(input))
        .returning({ id: bikeStores.id });
      return { message: BIKE_STORE_CREATED, bikeStore: await find(viewer, created?.id as string) };
    },

    /** The helpdesk's edit: a new bank account asks for the helpdesk user's password (account-change.ts). */
    async update(
      viewer: BikeStoreViewer & Pick<CurrentUser, "id">,
      id: string,
      input: TBikeStoreUpdate,
    ): Promise<TBikeStoreSaved> {
      await ensureGroupExists(db, input.bikeStoreGroupId);
      const { currentPassword, ...fields } = input;
      const values = storeValues(fields);
      await storeChanges.save(
        { userId: viewer.id, bikeStoreId: id, by: "HELPDESK", next: values, currentPassword },
        async (w, before) => {
          const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
            (field) => String(before[field] ?? "") !== String(values[field] ?? ""),
          );
          if (changed.length > 0)
            await w.tx
              .update(bikeStores)
              .set({ ...values, updatedAt: w.now })
              .where(eq(bikeStores.id, id));
          return changed;
        },
      );
      return { message: BIKE_STORE_UPDATED, bikeStore: await find(viewer, id) };
    },

    async remove(id: string): Promise<{ message: string }> {
      return inTransaction(db, async (tx) => {
        const [store] = await lockRows(
          tx,
          "bikeStore",
          tx.select({ id: bikeStores.id }).from(bikeStores).where(eq(bikeStores.id, id)).for("update"),
        );
        if (!store) throw notFound("Bike store");
        const [used] = await tx.select({ n: count() }).from(orders).where(eq(orders.bikeStoreId, id));
        if ((used?.n ?? 0) > 0) throw bikeStoreInUse(used?.n ?? 0);
        await tx.delete(bikeStores).where(eq(bikeStores.id, id));
        return { message: BIKE_STORE_DELETED };
      });
    },

    async groups(): Promise<TBikeStoreGroups> {
      const rows = await db
        .select({ id: bikeStoreGroups.id, name: bikeStoreGroups.name, storeCount: count(bikeStores.id) })
        .from(bikeStoreGroups)
        .leftJoin(bikeStores, eq(bikeStores.bikeStoreGroupId, bikeStoreGroups.id))
        .groupBy(bikeStoreGroups.id)
        .orderBy(asc(sql`lower(${bikeStoreGroups.name})`));
      return { bikeStoreGroups: rows };
    },
  };
}
