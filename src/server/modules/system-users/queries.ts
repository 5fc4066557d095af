import { and, asc, count, eq, exists, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { TSystemUserItem } from "../../../contract/system-users.ts";
import type { HeldRoleName } from "../../../domain/user-tiers.ts";
import type { Db } from "../../db/client.ts";
import { likeContains, totalOf } from "../../db/paging.ts";
import { fullNameOf } from "../../db/person-search.ts";
import { companies, roles, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";

/**
 * Queries shared by the system-user calls: which users a caller may see (tenancy), and the list item
 * of docs/data-model.md "System user" with its role names. Everything is filtered and paged in SQL.
 */

export type SystemUserViewer = Pick<CurrentUser, "id" | "scope">;

/**
 * The users an employer-side caller may see: home company (system_users.companyId) in their scope,
 * or a role held in one of their companies. Undefined (no limit) for the admin tier.
 */
export function usersInScopeWhere(db: Db, viewer: SystemUserViewer): SQL | undefined {
  const home = companyScopeWhere(viewer, systemUsers.companyId);
  const held = companyScopeWhere(viewer, userRoles.companyId);
  if (!home || !held) return undefined;
  return or(
    home,
    exists(
      db
        .select({ one: sql`1` })
        .from(userRoles)
        .where(and(eq(userRoles.userId, systemUsers.userId), held)),
    ),
  );
}

/** Users whose home company is `companyId` or who hold a role in it. */
export function usersOfCompanyWhere(db: Db, companyId: string): SQL | undefined {
  return or(
    eq(systemUsers.companyId, companyId),
    exists(
      db
        .select({ one: sql`1` })
        .from(userRoles)
        .where(and(eq(userRoles.userId, systemUsers.userId), eq(userRoles.companyId, companyId))),
    ),
  );
}

/** Role names of the row's user; an employer-side viewer sees only the roles held in their companies. */
function roleNamesOf(viewer: SystemUserViewer): SQL<string[] | null> {
  const scoped = companyScopeWhere(viewer, userRoles.companyId);
  return sql<string[] | null>`(select array_agg(distinct ${roles.name} order by ${roles.name})
    from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id}${scoped ? sql` and ${scoped}` : sql``})`;
}

function itemColumns(viewer: SystemUserViewer) {
  return {
    userId: users.id,
    firstName: systemUsers.firstName,
    lastName: systemUsers.lastName,
    workEmail: users.email,
    personalEmail: systemUsers.personalEmail,
    phoneNumber: users.phoneNumber,
    companyId: systemUsers.companyId,
    companyName: companies.name,
    roles: roleNamesOf(viewer),
    deactivated: users.deactivated,
    lastLoginAt: users.lastLoginAt,
  };
}

type ItemRow = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  workEmail: string;
  personalEmail: string | null;
  phoneNumber: string | null;
  companyId: string | null;
  companyName: string | null;
  roles: string[] | null;
  deactivated: boolean;
  lastLoginAt: Date | string | null;
};

export function toItem(row: ItemRow): TSystemUserItem {
  return {
    userId: row.userId,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    workEmail: row.workEmail,
    personalEmail: row.personalEmail,
    phoneNumber: row.phoneNumber,
    companyId: row.companyId,
    companyName: row.companyName,
    roles: Array.isArray(row.roles) ? row.roles : [],
    deactivated: row.deactivated,
    lastLoginAt: row.lastLoginAt ? new Date(row.lastLoginAt).toISOString() : null,
  };
}

/**
 * How many users the given conditions find (scope included by the caller), counted over the profiles
 * as the page reads them; the users' table is joined only when a condition reads it.
 */
function countedUsers(db: Db, where: SQL | undefined) {
  return db
    .select({ n: count() })
    .from(systemUsers)
    .leftJoin(users, eq(users.id, systemUsers.userId))
    .where(where);
}

export async function countUsers(db: Db, where: SQL | undefined): Promise<number> {
  const [totalRow] = await countedUsers(db, where);
  return totalRow?.n ?? 0;
}

/** One page of list items for the given conditions (scope included by the caller). */
async function selectUserItems(
  db: Db,
  viewer: SystemUserViewer,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<TSystemUserItem[]> {
  return (await userItemRows(db, viewer, where, page)).map(toItem);
}

/**
 * One page of list items, each with how many users the conditions match (readPage's total): counted
 * by a statement of its own beside the page, as there may be 100,000 users (decision 012).
 */
export async function userItemRows(
  db: Db,
  viewer: SystemUserViewer,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  // Page the ids first and compute the row details (the role names' subquery) for those only:
  // computed for every skipped row, deep pages of thousands of users took over a second.
  // The page is read from the profiles (every user has one, written with the user), in the order of
  // system_users_last_name_idx: a page of 100,000 users reads its rows, not all of them sorted.
  const order = [
    asc(sql`lower(${systemUsers.lastName})`),
    asc(sql`lower(${systemUsers.firstName})`),
    asc(users.email),
    asc(users.id),
  ];
  const pageIds = db
    .select({ id: users.id, total: totalOf(countedUsers(db, where).getSQL()).as("total") })
    .from(systemUsers)
    .innerJoin(users, eq(users.id, systemUsers.userId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as("page_ids");
  return db
    .select({ ...itemColumns(viewer), total: pageIds.total })
    .from(pageIds)
    .innerJoin(users, eq(users.id, pageIds.id))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .leftJoin(companies, eq(companies.id, systemUsers.companyId))
    .orderBy(...order);
}

/** One user as a list item, if the viewer may see them. */
export async function findUserItem(
  db: Db,
  viewer: SystemUserViewer,
  userId: string,
): Promise<TSystemUserItem | null> {
  const items = await selectUserItems(db, viewer, and(eq(users.id, userId), usersInScopeWhere(db, viewer)), {
    limit: 1,
    offset: 0,
  });
  return items[0] ?? null;
}

/** Whether the user exists and the viewer's scope reaches them. */
export async function isUserInScope(db: Db, viewer: SystemUserViewer, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(and(eq(users.id, userId), usersInScopeWhere(db, viewer)));
  return !!row;
}

/** The roles a user holds, each with its company (null: held over every company). */
export async function heldRolesOf(db: Db, userId: string): Promise<HeldRoleName[]> {
  return db
    .select({ name: roles.name, companyId: userRoles.companyId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
}

/** Whether the user holds a role of the given name (any company). */
export async function holdsRole(db: Db, userId: string, roleName: string): Promise<boolean> {
  return (await heldRolesOf(db, userId)).some((role) => role.name === roleName);
}

/** The conditions of the list filters: trimmed, case-insensitive "contains" matches. */
export function userFilterWhere(filters: {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phoneNumber?: string | undefined;
}): SQL[] {
  const conditions: SQL[] = [];
  // "First Last" contains either name: its trigram index finds the few candidates, the name decides.
  // Handed on as an array, the candidates are looked up by user and sorted; as a plain condition,
  // PostgreSQL walked the name order through half the users to fill a page of "mäki".
  const nameContains = (name: AnyPgColumn, text: string) =>
    sql`${systemUsers.userId} = any(array(select ${systemUsers.userId} from ${systemUsers}
      where ${fullNameOf(systemUsers)} ilike ${likeContains(text)} and ${name} ilike ${likeContains(text)}))`;
  if (filters.firstName) conditions.push(nameContains(systemUsers.firstName, filters.firstName));
  if (filters.lastName) conditions.push(nameContains(systemUsers.lastName, filters.lastName));
  if (filters.email) {
    const pattern = likeContains(filters.email);
    conditions.push(or(ilike(users.email, pattern), ilike(systemUsers.personalEmail, pattern)) as SQL);
  }
  const phone = filters.phoneNumber?.replace(/\s+/g, "");
  if (phone) {
    // A number is stored as typed (+358... or 0...): search both ways of writing a Finnish number.
    const variants = new Set([phone]);
    if (phone.startsWith("0")) variants.add(`+358${phone.slice(1)}`);
    if (phone.startsWith("+358")) variants.add(`0${phone.slice(4)}`);
    conditions.push(or(...[...variants].map((v) => ilike(users.phoneNumber, likeContains(v)))) as SQL);
  }
  return conditions;
}

/** The user whose login e-mail this is, without regard to case (another user than `exceptUserId`). */
export async function emailOwnerId(db: Db, email: string, exceptUserId?: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
