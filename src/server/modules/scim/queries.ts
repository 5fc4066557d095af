import { and, asc, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { TScimTokenState } from "../../../contract/scim.ts";
import { OPEN_INVITATION_STATUSES } from "../../../domain/employment-invitations.ts";
import type { ScimUserFilter } from "../../../domain/scim.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import {
  beneficiaryEmployees,
  companies,
  companyScimTokens,
  employmentInvitations,
  systemUsers,
  users,
} from "../../db/schema/index.ts";

/** What the SCIM module reads: a company's token, and its employees as SCIM users. */

const be = beneficiaryEmployees;
const inv = employmentInvitations;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's SCIM address and its token in use, if any (never the hash). */
export async function scimTokenState(db: Db, companyId: string, publicUrl: string): Promise<TScimTokenState> {
  const [row] = await db
    .select({
      createdAt: companyScimTokens.createdAt,
      lastUsedAt: companyScimTokens.lastUsedAt,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
    })
    .from(companyScimTokens)
    .leftJoin(users, eq(users.id, companyScimTokens.createdByUserId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(and(eq(companyScimTokens.companyId, companyId), isNull(companyScimTokens.revokedAt)));
  const createdBy = row
    ? [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || row.email || null
    : null;
  return {
    baseUrl: `${publicUrl}/scim/v2`,
    token: row
      ? {
          createdAt: row.createdAt.toISOString(),
          createdBy,
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The token in use with this hash, of a company not deleted; undefined otherwise. */
export async function activeTokenByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: companyScimTokens.id,
      companyId: companyScimTokens.companyId,
      tokenHash: companyScimTokens.tokenHash,
      lastUsedAt: companyScimTokens.lastUsedAt,
    })
    .from(companyScimTokens)
    .innerJoin(companies, eq(companies.id, companyScimTokens.companyId))
    .where(
      and(
        eq(companyScimTokens.tokenHash, tokenHash),
        isNull(companyScimTokens.revokedAt),
        isNull(companies.deletedAt),
      ),
    );
  return row;
}

/** An employee as the SCIM resource is made of. */
export type ScimUserRow = {
  id: string;
  companyId: string;
  userId: string;
  email: string;
  language: "fi" | "en" | "sv";
  firstName: string | null;
  lastName: string | null;
  employeeNumber: string | null;
  scimExternalId: string | null;
  scimDeactivatedAt: Date | null;
  lastWorkingDayDate: string;
  createdAt: Date;
  updatedAt: Date;
};

const userColumns = {
  id: be.id,
  companyId: be.companyId,
  userId: be.userId,
  email: users.email,
  language: users.language,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  employeeNumber: be.employeeNumber,
  scimExternalId: be.scimExternalId,
  scimDeactivatedAt: be.scimDeactivatedAt,
  lastWorkingDayDate: be.lastWorkingDayDate,
  createdAt: be.createdAt,
  updatedAt: be.updatedAt,
};

function filterWhere(companyId: string, filter: ScimUserFilter): SQL | undefined {
  const company = eq(be.companyId, companyId);
  if (filter.kind === "userName")
    return and(company, sql`lower(${users.email}) = ${filter.value.toLowerCase()}`);
  if (filter.kind === "externalId") return and(company, eq(be.scimExternalId, filter.value));
  return company;
}

/**
 * One page of the company's employees, oldest first (a stable order, so the provider's pages neither
 * skip nor repeat anyone), then its open invitations, oldest first; and how many match in all.
 */
export async function scimUsersPage(
  db: Db,
  companyId: string,
  filter: ScimUserFilter,
  page: { offset: number; count: number },
): Promise<{ total: number; rows: ScimResourceRow[] }> {
  const where = filterWhere(companyId, filter);
  const invitationsWhere = invitationFilterWhere(companyId, filter);
  const [counted] = await db
    .select({ n: count() })
    .from(be)
    .innerJoin(users, eq(users.id, be.userId))
    .where(where);
  const [invited] = await db.select({ n: count() }).from(inv).where(invitationsWhere);
  const employees = counted?.n ?? 0;
  const total = employees + (invited?.n ?? 0);
  const rows: ScimResourceRow[] =
    page.count === 0 || page.offset >= employees
      ? []
      : (
          await db
            .select(userColumns)
            .from(be)
            .innerJoin(users, eq(users.id, be.userId))
            .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
            .where(where)
            .orderBy(asc(be.createdAt), asc(be.id))
            .limit(page.count)
            .offset(page.offset)
        ).map((row) => ({ kind: "employee" as const, ...row }));
  const left = page.count - rows.length;
  if (left > 0 && page.offset + rows.length < total) {
    const invitations = await db
      .select()
      .from(inv)
      .where(invitationsWhere)
      .orderBy(asc(inv.createdAt), asc(inv.id))
      .limit(left)
      .offset(Math.max(0, page.offset - employees));
    rows.push(...invitations.map((row) => ({ kind: "invitation" as const, ...row })));
  }
  return { total, rows };
}

export type ScimInvitationRow = typeof inv.$inferSelect;
/** A SCIM user resource's source: an employee, or an invitation the person has not accepted yet. */
export type ScimResourceRow =
  | ({ kind: "employee" } & ScimUserRow)
  | ({ kind: "invitation" } & ScimInvitationRow);

/** The company's invitations the provider still sees: waiting or declined (withdrawn ones are deleted). */
function invitationFilterWhere(companyId: string, filter: ScimUserFilter): SQL | undefined {
  const open = and(eq(inv.companyId, companyId), inArray(inv.status, [...OPEN_INVITATION_STATUSES]));
  if (filter.kind === "userName") return and(open, eq(inv.email, filter.value.toLowerCase()));
  if (filter.kind === "externalId") return and(open, eq(inv.scimExternalId, filter.value));
  return open;
}

/** The company's open invitation with this id, as the provider's resource; undefined otherwise. */
export async function scimInvitationOfCompany(
  db: Db,
  companyId: string,
  id: string,
  lock = false,
): Promise<ScimInvitationRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select()
    .from(inv)
    .where(and(eq(inv.id, id), invitationFilterWhere(companyId, { kind: "all" })));
  const [row] = lock ? await lockRows(db, "invitation", query.for("update")) : await query;
  return row;
}

/**
 * The company's employee with this id; undefined for an id that is not one (not a uuid, another
 * company's employee, nobody): the token's company is the only one a SCIM call reaches.
 */
export async function scimUserOfCompany(
  db: Db,
  companyId: string,
  id: string,
  lock = false,
): Promise<ScimUserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select(userColumns)
    .from(be)
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .where(and(eq(be.id, id), eq(be.companyId, companyId)));
  const [row] = lock ? await lockRows(db, "employee", query.for("update", { of: be })) : await query;
  return row;
}
