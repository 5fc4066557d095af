import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { THelpdeskSearchResult } from "../../../contract/admin.ts";
import type { AppContext } from "../../context.ts";
import { likeContains } from "../../db/paging.ts";
import { beneficiaryEmployees, companies, orders, systemUsers, users } from "../../db/schema/index.ts";

/**
 * The helpdesk search (SPEC §2 admin area, for the helpdesk): one box across companies (name, business ID), users (first,
 * last or full name, e-mail) and orders (the order number exactly when the text is digits, otherwise
 * the employee's name). Up to 10 of each; `%` and `_` typed by the user match themselves.
 */

const LIMIT = 10;
const MAX_INT = 2_147_483_647;

const fullName = sql<string>`trim(coalesce(${systemUsers.firstName}, '') || ' ' || coalesce(${systemUsers.lastName}, ''))`;

function nameMatches(pattern: string): SQL | undefined {
  return or(
    ilike(systemUsers.firstName, pattern),
    ilike(systemUsers.lastName, pattern),
    ilike(sql`${systemUsers.firstName} || ' ' || ${systemUsers.lastName}`, pattern),
  );
}

export function createHelpdeskSearchService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async search(q: string): Promise<THelpdeskSearchResult> {
      const pattern = likeContains(q);
      const orderNumber = /^\d+$/.test(q) && Number(q) <= MAX_INT ? Number(q) : null;

      const companyRows = await db
        .select({ id: companies.id, name: companies.name, businessId: companies.businessId })
        .from(companies)
        .where(
          and(
            isNull(companies.deletedAt),
            or(ilike(companies.name, pattern), ilike(companies.businessId, pattern)),
          ),
        )
        .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
        .limit(LIMIT);

      const userRows = await db
        .select({ userId: users.id, name: fullName, email: users.email, companyName: companies.name })
        .from(users)
        .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
        .leftJoin(companies, eq(companies.id, systemUsers.companyId))
        .where(or(ilike(users.email, pattern), nameMatches(pattern)))
        .orderBy(
          asc(sql`lower(coalesce(${systemUsers.lastName}, ''))`),
          asc(sql`lower(coalesce(${systemUsers.firstName}, ''))`),
          asc(users.email),
        )
        .limit(LIMIT);

      const orderRows = await db
        .select({
          orderId: orders.id,
          orderNumber: orders.orderNumber,
          orderStatus: orders.orderStatus,
          employeeName: fullName,
          companyId: orders.companyId,
          companyName: companies.name,
        })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
        .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
        .where(orderNumber !== null ? eq(orders.orderNumber, orderNumber) : nameMatches(pattern))
        .orderBy(desc(orders.orderNumber))
        .limit(LIMIT);

      return {
        companies: companyRows,
        users: userRows.map((u) => ({ ...u, name: u.name || u.email })),
        orders: orderRows,
      };
    },
  };
}
