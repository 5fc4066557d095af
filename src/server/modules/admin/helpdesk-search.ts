import { and, asc, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { THelpdeskSearchResult } from "../../../contract/admin.ts";
import type { AppContext } from "../../context.ts";
import { likeContains } from "../../db/paging.ts";
import { employeeNameMatches, userMatches } from "../../db/person-search.ts";
import { beneficiaryEmployees, companies, orders, systemUsers, users } from "../../db/schema/index.ts";

/**
 * The helpdesk search (docs/product.md "Screens" admin area, for the helpdesk): one box across companies (name, business ID), users (first,
 * last or full name, e-mail) and orders (the order number exactly when the text is digits, otherwise
 * the employee's name). Up to 10 of each; `%` and `_` typed by the user match themselves. People are
 * found as every list finds them (db/person-search.ts): "First Last" or the e-mail through their
 * trigram indexes, so a common surname no longer reads every user (0.67 s for the helpdesk at
 * 100,000 employees).
 */

const LIMIT = 10;
const MAX_INT = 2_147_483_647;

const fullName = sql<string>`trim(coalesce(${systemUsers.firstName}, '') || ' ' || coalesce(${systemUsers.lastName}, ''))`;

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
        .where(userMatches(users.id, q))
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
        .where(
          orderNumber !== null
            ? eq(orders.orderNumber, orderNumber)
            : employeeNameMatches(orders.beneficiaryEmployeeId, q),
        )
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
