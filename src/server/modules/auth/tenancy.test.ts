import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { companies } from "../../db/schema/index.ts";
import { companyScopeWhere, ensureCompanyInScope, isCompanyInScope } from "./tenancy.ts";

const admin = { scope: { kind: "all" } as const };
const employer = { scope: { kind: "companies", companyIds: ["c1", "c2"] } as const };
const nobody = { scope: { kind: "companies", companyIds: [] } as const };

describe("tenancy", () => {
  it("lets the admin tier act in any company and an employer only in theirs", () => {
    expect(isCompanyInScope(admin, "c9")).toBe(true);
    expect(isCompanyInScope(employer, "c2")).toBe(true);
    expect(isCompanyInScope(employer, "c9")).toBe(false);
    expect(isCompanyInScope(employer, null)).toBe(false);
  });

  it("answers another tenant's object with 404 named after it", () => {
    expect(() => ensureCompanyInScope(employer, "c9", "Company")).toThrow("Company not found");
    expect(() => ensureCompanyInScope(employer, "c1", "Company")).not.toThrow();
  });

  it("defect 13: adds no condition for admins, an IN list of exactly their companies for employers, and false for an empty scope", () => {
    // Rendered to SQL, so a condition that matches too much (or nothing) fails, not only a missing one.
    const render = (where: SQL | undefined) => {
      if (!where) return undefined;
      const { sql, params } = new PgDialect().sqlToQuery(where);
      return { sql, params };
    };
    expect(companyScopeWhere(admin, companies.id)).toBeUndefined();
    expect(render(companyScopeWhere(employer, companies.id))).toEqual({
      sql: '"companies"."id" in ($1, $2)',
      params: ["c1", "c2"],
    });
    expect(render(companyScopeWhere(nobody, companies.id))).toEqual({ sql: "false", params: [] });
  });
});
