import { inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "./session-user.ts";

/**
 * Tenancy in one place (DESIGN.md §5): an employer-side user sees only the companies of their scope
 * (where they hold a role; a group admin the whole group); the admin tier sees all. Every employer
 * query filters with `companyScopeWhere`, and every fetch by id goes through `ensureCompanyInScope`,
 * so another tenant's object answers 404 and its existence is not revealed.
 */

/** A WHERE condition limiting `column` (a companyId column) to the user's companies; undefined for admins. */
export function companyScopeWhere(user: Pick<CurrentUser, "scope">, column: AnyPgColumn): SQL | undefined {
  if (user.scope.kind === "all") return undefined;
  if (user.scope.companyIds.length === 0) return sql`false`;
  return inArray(column, [...user.scope.companyIds]);
}

export function isCompanyInScope(
  user: Pick<CurrentUser, "scope">,
  companyId: string | null | undefined,
): boolean {
  if (!companyId) return user.scope.kind === "all";
  return user.scope.kind === "all" || user.scope.companyIds.includes(companyId);
}

/** Throws 404 (named after the thing looked for) when the company is outside the user's scope. */
export function ensureCompanyInScope(
  user: Pick<CurrentUser, "scope">,
  companyId: string | null | undefined,
  what = "Resource",
): void {
  if (!isCompanyInScope(user, companyId)) throw notFound(what);
}
