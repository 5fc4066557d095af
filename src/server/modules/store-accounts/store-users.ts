import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { TStoreUser, TStoreUserInvite } from "../../../contract/store-accounts.ts";
import type { TCreateSystemUser } from "../../../contract/system-users.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { countOver, readPage } from "../../db/paging.ts";
import { bikeStores, bikeStoreUsers, roles, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { createUser } from "../system-users/create-user.ts";
import { emailTaken } from "../system-users/errors.ts";
import { queueSetPasswordMail } from "../system-users/mails.ts";
import { emailOwnerId } from "../system-users/queries.ts";
import { storeUserExists } from "./errors.ts";

/**
 * The users of a bike store's account, kept by the helpdesk from its bike store view: a new store user
 * is an account like any other (the same login, the same SMS code) holding BIKE_STORE globally, bound
 * to the store in bike_store_users; a store user of a chain is bound to each of its stores.
 */

const ROLE = "BIKE_STORE";

async function storeRole(db: Db) {
  const [role] = await db.select().from(roles).where(eq(roles.name, ROLE));
  if (!role) throw new Error("The built-in role BIKE_STORE is missing: seedReferenceData has not run");
  return role;
}

/** The store's name, locked in `tx` while its users change; 404 for no such store. */
async function lockedStore(ctx: WriteContext, bikeStoreId: string) {
  const [store] = await lockRows(
    ctx.tx,
    "bikeStore",
    ctx.tx
      .select({ id: bikeStores.id, storeName: bikeStores.storeName })
      .from(bikeStores)
      .where(eq(bikeStores.id, bikeStoreId))
      .for("update"),
  );
  if (!store) throw notFound("Bike store");
  return store;
}

async function holdsStoreRole(db: Db, userId: string, roleId: string): Promise<boolean> {
  const [held] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId), isNull(userRoles.companyId)))
    .limit(1);
  return held !== undefined;
}

export type InvitedStoreUser = { userId: string; created: boolean };

/**
 * Invites a store user to the store, in `ctx.tx`: an unknown e-mail becomes a new account with the
 * role, its set-password mail queued in the same transaction; an existing store user (a chain's) is
 * bound to this store too. Any other existing account is 409 EMAIL_TAKEN: a store's account is not
 * given to an employee or employer user by the way; one already bound is 409 STORE_USER_EXISTS.
 */
export async function inviteStoreUser(
  ctx: WriteContext,
  bikeStoreId: string,
  input: TStoreUserInvite & { phoneNumber: string },
): Promise<InvitedStoreUser> {
  const { tx, actor, now } = ctx;
  const store = await lockedStore(ctx, bikeStoreId);
  const role = await storeRole(tx);
  const existing = await emailOwnerId(tx, input.workEmail);
  let created: InvitedStoreUser;
  if (existing) {
    if (!(await holdsStoreRole(tx, existing, role.id))) throw emailTaken();
    created = { userId: existing, created: false };
  } else {
    const asSystemUser: TCreateSystemUser = { ...input, role: ROLE, companyId: null };
    const made = await createUser(ctx, asSystemUser, {
      role,
      phoneNumber: input.phoneNumber,
      companyId: null,
    });
    created = { userId: made.userId, created: true };
    await queueSetPasswordMail(ctx, made.userId, { kind: "STORE", name: store.storeName });
  }
  const bound = await tx
    .insert(bikeStoreUsers)
    .values({ userId: created.userId, bikeStoreId, createdAt: now, createdBy: actor.userId })
    .onConflictDoNothing()
    .returning({ userId: bikeStoreUsers.userId });
  if (bound.length === 0) throw storeUserExists();
  await recordEvent(ctx, {
    type: "BIKE_STORE_USER_ADDED",
    entity: { type: "user", id: created.userId },
    companyId: null,
    data: { bikeStoreId, storeName: store.storeName, newAccount: created.created },
  });
  return created;
}

/**
 * Removes a user's binding to the store, in `ctx.tx`. Bound to no store any more, they lose the role
 * as well, so the account no longer opens the store's pages; their login stays for whatever else it is.
 */
export async function removeStoreUser(ctx: WriteContext, bikeStoreId: string, userId: string): Promise<void> {
  const { tx } = ctx;
  const store = await lockedStore(ctx, bikeStoreId);
  const removed = await tx
    .delete(bikeStoreUsers)
    .where(and(eq(bikeStoreUsers.bikeStoreId, bikeStoreId), eq(bikeStoreUsers.userId, userId)))
    .returning({ userId: bikeStoreUsers.userId });
  if (removed.length === 0) throw notFound("Store user");
  const [left] = await tx
    .select({ n: count() })
    .from(bikeStoreUsers)
    .where(eq(bikeStoreUsers.userId, userId));
  const lastStore = (left?.n ?? 0) === 0;
  if (lastStore) {
    const role = await storeRole(tx);
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, role.id), isNull(userRoles.companyId)));
  }
  await recordEvent(ctx, {
    type: "BIKE_STORE_USER_REMOVED",
    entity: { type: "user", id: userId },
    companyId: null,
    data: { bikeStoreId, storeName: store.storeName, roleRemoved: lastStore },
  });
}

const storeUserColumns = {
  userId: users.id,
  email: users.email,
  phoneNumber: users.phoneNumber,
  deactivated: users.deactivated,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  addedAt: bikeStoreUsers.createdAt,
};

function toStoreUser(row: {
  userId: string;
  email: string;
  phoneNumber: string | null;
  deactivated: boolean;
  firstName: string | null;
  lastName: string | null;
  addedAt: Date;
}): TStoreUser {
  return {
    userId: row.userId,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    email: row.email,
    phoneNumber: row.phoneNumber,
    deactivated: row.deactivated,
    addedAt: row.addedAt.toISOString(),
  };
}

/** One store user of the store; 404 when not bound to it. */
export async function storeUserOf(db: Db, bikeStoreId: string, userId: string): Promise<TStoreUser> {
  const [row] = await db
    .select(storeUserColumns)
    .from(bikeStoreUsers)
    .innerJoin(users, eq(users.id, bikeStoreUsers.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(and(eq(bikeStoreUsers.bikeStoreId, bikeStoreId), eq(bikeStoreUsers.userId, userId)));
  if (!row) throw notFound("Store user");
  return toStoreUser(row);
}

/** The store's users, newest binding first; 404 for no such store. */
export async function storeUserPage(db: Db, bikeStoreId: string, page: { page: number; limit: number }) {
  const [store] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.id, bikeStoreId));
  if (!store) throw notFound("Bike store");
  const where = eq(bikeStoreUsers.bikeStoreId, bikeStoreId);
  return readPage(page, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...storeUserColumns, total: countOver() })
        .from(bikeStoreUsers)
        .innerJoin(users, eq(users.id, bikeStoreUsers.userId))
        .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
        .where(where)
        .orderBy(desc(bikeStoreUsers.createdAt), desc(bikeStoreUsers.userId))
        .limit(limit)
        .offset(offset),
    items: (rows) => rows.map(({ total: _total, ...row }) => toStoreUser(row)),
    countPastEnd: async () => (await db.select({ n: count() }).from(bikeStoreUsers).where(where))[0]?.n ?? 0,
  });
}
