import { and, asc, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { TCompanyUnit } from "../../../contract/companies.ts";
import { ACTIVE_LEASE_STATUSES } from "../../../domain/companies.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, companies, companyUnits, orders } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { ensureCompanyInScope } from "../auth/tenancy.ts";

/**
 * Reads the company files share: a live company in the caller's reach, the counts of its list row and
 * page (correlated subqueries on indexed columns, never tables loaded into memory), its units.
 */

export type Viewer = Pick<CurrentUser, "id" | "scope" | "companies" | "userRoles">;

/** A company that is not deleted and is in the viewer's scope; 404 otherwise (whichever it is). */
export async function liveCompanyInScope(db: Db, viewer: Viewer, companyId: string) {
  ensureCompanyInScope(viewer, companyId, "Company");
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!company) throw notFound("Company");
  return company;
}

/** Beneficiary employees of the row's company whose employment is ACCEPTED (index company, status). */
export const acceptedEmployeeCount = (companyId: SQL | typeof companies.id = companies.id) =>
  sql<number>`(select count(*)::int from ${beneficiaryEmployees}
    where ${beneficiaryEmployees.companyId} = ${companyId} and ${beneficiaryEmployees.status} = 'ACCEPTED')`;

/** Orders of the row's company in ACTIVE_LEASE_STATUSES (index company, status). */
export const activeLeaseCount = (companyId: SQL | typeof companies.id = companies.id) =>
  sql<number>`(select count(*)::int from ${orders}
    where ${orders.companyId} = ${companyId} and ${inArray(orders.orderStatus, [...ACTIVE_LEASE_STATUSES])})`;

/** The company's units by name, each with the number of employees in it. */
export async function unitsOf(db: Db, companyId: string): Promise<TCompanyUnit[]> {
  return (
    db
      .select({
        unitId: companyUnits.id,
        unitName: companyUnits.unitName,
        companyId: companyUnits.companyId,
        employeeCount: count(beneficiaryEmployees.id),
      })
      .from(companyUnits)
      // A join rather than a correlated subquery: in a single-table select Drizzle leaves column names
      // unqualified, so a subquery's "id" would bind to the inner table and count nothing.
      .leftJoin(beneficiaryEmployees, eq(beneficiaryEmployees.unitId, companyUnits.id))
      .where(eq(companyUnits.companyId, companyId))
      .groupBy(companyUnits.id)
      .orderBy(asc(sql`lower(${companyUnits.unitName})`), asc(companyUnits.id))
  );
}

/** Empty text means none: optional texts are stored as null. */
export function textOrNull(value: string | null | undefined): string | null {
  return value ? value : null;
}

/** A group admin of the group (the role held in one of its companies); the admin tier always. */
export function isGroupAdminOf(viewer: Viewer, groupCompanyId: string): boolean {
  if (viewer.scope.kind === "all") return true;
  const groupAdminIn = new Set(
    viewer.userRoles.filter((ur) => ur.role.name === "EMPLOYER_GROUP_ADMIN").map((ur) => ur.companyId),
  );
  return viewer.companies.some((c) => c.groupCompanyId === groupCompanyId && groupAdminIn.has(c.id));
}

/** An employer-side viewer sees a group only when one of their companies is in it. */
export function isGroupVisibleTo(viewer: Viewer, groupCompanyId: string): boolean {
  return viewer.scope.kind === "all" || viewer.companies.some((c) => c.groupCompanyId === groupCompanyId);
}
