import type { SQL } from "drizzle-orm";
import { eq } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { beneficiaryEmployees, companies } from "../../db/schema/index.ts";
import { companyScopeWhere, employeeRecordScope, ensureCompanyInScope, isCompanyInScope } from "./tenancy.ts";

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

  it("adds no condition for admins, an IN list of exactly their companies for employers, and false for an empty scope", () => {
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

  it("reaches an employee's records: all for admins, the companies' with a permission, one's own as the employee", () => {
    const render = (where: SQL | undefined) => {
      if (!where) return undefined;
      // The clients' casing, as the queries run: userId is user_id.
      const { sql, params } = new PgDialect({ casing: "snake_case" }).sqlToQuery(where);
      return { sql, params };
    };
    const reach = {
      companyColumn: companies.id,
      companyPermissions: ["orders.read"],
      own: eq(beneficiaryEmployees.userId, "u1"),
    };
    const as = (
      permissions: string[],
      scope: { kind: "companies"; companyIds: readonly string[] } = employer.scope,
    ) => ({ scope, permissions });
    expect(employeeRecordScope({ ...admin, permissions: [] }, reach)).toBeUndefined();
    expect(render(employeeRecordScope(as(["orders.read"]), reach))).toEqual({
      sql: '"companies"."id" in ($1, $2)',
      params: ["c1", "c2"],
    });
    expect(render(employeeRecordScope(as(["own-order.manage"], nobody.scope), reach))).toEqual({
      sql: '"beneficiary_employees"."user_id" = $1',
      params: ["u1"],
    });
    expect(render(employeeRecordScope(as(["orders.read", "own-order.manage"]), reach))?.sql).toBe(
      '("companies"."id" in ($1, $2) or "beneficiary_employees"."user_id" = $3)',
    );
    // Neither a company permission nor the employee's: nothing.
    expect(render(employeeRecordScope(as(["reports.read"]), reach))).toEqual({ sql: "false", params: [] });
  });
});
