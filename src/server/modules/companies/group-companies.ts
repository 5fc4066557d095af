import { and, asc, count, eq, exists, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { TGroupCompaniesQuery, TGroupCompany, TGroupCompanyInput } from "../../../contract/companies.ts";
import { textOrNull } from "../../../domain/text.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { countOver, likeContains, readPage } from "../../db/paging.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { companies, groupCompanies } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { groupCompanyExists } from "./errors.ts";
import { type CompanyViewer, isGroupVisibleTo } from "./queries.ts";

/**
 * Group companies (konserni; docs/api-surface.md "Group companies"). Names are unique whatever their case (the
 * unique index on lower(name)): 409 GROUP_COMPANY_EXISTS_ERROR. An employer-side user sees a group
 * only when one of their companies is in it, and of its companies only those in their scope. Deleting
 * a group leaves its companies without one (the foreign key sets null).
 */

/** The live companies of the group the viewer sees (admin tier: all). */
function companiesInScope(viewer: CompanyViewer): SQL | undefined {
  return and(isNull(companies.deletedAt), companyScopeWhere(viewer, companies.id));
}

/** 409 GROUP_COMPANY_EXISTS_ERROR when another group has the name in any case. */
async function ensureGroupNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: groupCompanies.id })
    .from(groupCompanies)
    .where(
      and(
        sql`lower(${groupCompanies.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(groupCompanies.id, exceptId) : undefined,
      ),
    );
  if (taken) throw groupCompanyExists();
}

/** Inserts a group company; 409 GROUP_COMPANY_EXISTS_ERROR when the name is taken in any case. */
export async function insertGroupCompany(
  db: Db,
  input: { name: string; businessId?: string | null },
): Promise<string> {
  await ensureGroupNameFree(db, input.name);
  try {
    const [group] = await db
      .insert(groupCompanies)
      .values({ name: input.name, businessId: textOrNull(input.businessId) })
      .returning({ id: groupCompanies.id });
    return group?.id as string;
  } catch (error) {
    if (isUniqueViolation(error)) throw groupCompanyExists();
    throw error;
  }
}

export function createGroupCompaniesService(ctx: AppContext) {
  const { db } = ctx.database;

  /** A group the viewer sees (404 otherwise). */
  async function findGroup(viewer: CompanyViewer, groupCompanyId: string) {
    if (!isGroupVisibleTo(viewer, groupCompanyId)) throw notFound("Group company");
    const [group] = await db.select().from(groupCompanies).where(eq(groupCompanies.id, groupCompanyId));
    if (!group) throw notFound("Group company");
    return group;
  }

  async function withCompanies(
    viewer: CompanyViewer,
    groups: { id: string; name: string; businessId: string | null }[],
  ): Promise<TGroupCompany[]> {
    const ids = groups.map((g) => g.id);
    const members = ids.length
      ? await db
          .select({ id: companies.id, name: companies.name, groupCompanyId: companies.groupCompanyId })
          .from(companies)
          .where(and(inArray(companies.groupCompanyId, ids), companiesInScope(viewer)))
          .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
      : [];
    return groups.map((g) => ({
      groupCompanyId: g.id,
      name: g.name,
      businessId: g.businessId,
      companies: members.filter((m) => m.groupCompanyId === g.id).map(({ id, name }) => ({ id, name })),
    }));
  }

  return {
    async list(viewer: CurrentUser, query: TGroupCompaniesQuery) {
      const conditions: (SQL | undefined)[] = [];
      if (viewer.scope.kind !== "all") {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(companies)
              .where(and(eq(companies.groupCompanyId, groupCompanies.id), companiesInScope(viewer))),
          ),
        );
      }
      if (query.search) {
        const pattern = likeContains(query.search);
        conditions.push(or(ilike(groupCompanies.name, pattern), ilike(groupCompanies.businessId, pattern)));
      }
      const where = and(...conditions);
      return readPage(query, {
        rows: (page) =>
          db
            .select({
              id: groupCompanies.id,
              name: groupCompanies.name,
              businessId: groupCompanies.businessId,
              total: countOver(),
            })
            .from(groupCompanies)
            .where(where)
            .orderBy(asc(sql`lower(${groupCompanies.name})`), asc(groupCompanies.id))
            .limit(page.limit)
            .offset(page.offset),
        items: async (found) => {
          const rows = found.map(({ id, name, businessId }) => ({ id, name, businessId }));
          return query.forDropdown
            ? rows.map((g) => ({
                groupCompanyId: g.id,
                name: g.name,
                businessId: g.businessId,
                companies: [],
              }))
            : await withCompanies(viewer, rows);
        },
        countPastEnd: async () =>
          (await db.select({ n: count() }).from(groupCompanies).where(where))[0]?.n ?? 0,
      });
    },

    async get(viewer: CurrentUser, groupCompanyId: string): Promise<TGroupCompany> {
      const group = await findGroup(viewer, groupCompanyId);
      const [item] = await withCompanies(viewer, [group]);
      return item as TGroupCompany;
    },

    async create(viewer: CurrentUser, input: TGroupCompanyInput): Promise<TGroupCompany> {
      const id = await insertGroupCompany(db, input);
      const [item] = await withCompanies(viewer, [
        { id, name: input.name, businessId: textOrNull(input.businessId) },
      ]);
      return item as TGroupCompany;
    },

    async update(viewer: CurrentUser, groupCompanyId: string, input: TGroupCompanyInput) {
      await findGroup(viewer, groupCompanyId);
      await ensureGroupNameFree(db, input.name, groupCompanyId);
      try {
        await db
          .update(groupCompanies)
          .set({
            name: input.name,
            ...(input.businessId === undefined ? {} : { businessId: textOrNull(input.businessId) }),
          })
          .where(eq(groupCompanies.id, groupCompanyId));
      } catch (error) {
        if (isUniqueViolation(error)) throw groupCompanyExists();
        throw error;
      }
      return this.get(viewer, groupCompanyId);
    },

    async remove(viewer: CurrentUser, groupCompanyId: string) {
      await findGroup(viewer, groupCompanyId);
      await db.delete(groupCompanies).where(eq(groupCompanies.id, groupCompanyId));
      return {
        code: "GROUP_COMPANY_DELETED",
        message: "Group company deleted; its companies have no group now",
      };
    },
  };
}
