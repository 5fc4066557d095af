import { and, count, eq, ne, sql } from "drizzle-orm";
import type { TCompanyUnit } from "../../../contract/companies.ts";
import type { TCreateCompanyUnit } from "../../../contract/company-settings.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { beneficiaryEmployees, companies, companyUnits } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { isCompanyInScope } from "../auth/tenancy.ts";
import { unitInUse, unitNameTaken } from "./errors.ts";
import { liveCompanyInScope, unitsOf } from "./queries.ts";

/**
 * Company units (docs/api-surface.md "Company units", docs/product.md "Errors" COMPANY_UNIT_* codes): a unit name is unique within its
 * company whatever its case (409 UNIT_NAME_TAKEN), and a unit employees belong to is not deleted
 * (409 UNIT_IN_USE).
 */

/** Another unit of the company with the name in any case; the unique index decides races. */
async function ensureNameFree(db: Db, companyId: string, unitName: string, exceptUnitId?: string) {
  const [taken] = await db
    .select({ id: companyUnits.id })
    .from(companyUnits)
    .where(
      and(
        eq(companyUnits.companyId, companyId),
        sql`lower(${companyUnits.unitName}) = ${unitName.toLowerCase()}`,
        exceptUnitId ? ne(companyUnits.id, exceptUnitId) : undefined,
      ),
    );
  if (taken) throw unitNameTaken();
}

export function createUnitsService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The unit, of a live company in the caller's scope (404 otherwise). */
  async function unitInScope(viewer: CurrentUser, unitId: string) {
    const [unit] = await db
      .select({ id: companyUnits.id, companyId: companyUnits.companyId, deletedAt: companies.deletedAt })
      .from(companyUnits)
      .innerJoin(companies, eq(companies.id, companyUnits.companyId))
      .where(eq(companyUnits.id, unitId));
    if (!unit || unit.deletedAt || !isCompanyInScope(viewer, unit.companyId)) throw notFound("Company unit");
    return unit;
  }

  async function unitData(companyId: string, unitId: string): Promise<TCompanyUnit> {
    const unit = (await unitsOf(db, companyId)).find((u) => u.unitId === unitId);
    if (!unit) throw notFound("Company unit");
    return unit;
  }

  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw unitNameTaken();
      throw error;
    }
  }

  return {
    async create(actor: CurrentUser, input: TCreateCompanyUnit) {
      await liveCompanyInScope(db, actor, input.companyId);
      const unitName = input.unit.unitName;
      await ensureNameFree(db, input.companyId, unitName);
      const [unit] = await write(() =>
        db
          .insert(companyUnits)
          .values({ companyId: input.companyId, unitName })
          .returning({ id: companyUnits.id }),
      );
      const data = await unitData(input.companyId, unit?.id as string);
      return { code: "COMPANY_UNIT_CREATED", unit: { data } };
    },

    async rename(actor: CurrentUser, unitId: string, unitName: string) {
      const unit = await unitInScope(actor, unitId);
      await ensureNameFree(db, unit.companyId, unitName, unitId);
      await write(() => db.update(companyUnits).set({ unitName }).where(eq(companyUnits.id, unitId)));
      const data = await unitData(unit.companyId, unitId);
      return { code: "COMPANY_UNIT_UPDATED", unit: { data } };
    },

    async remove(actor: CurrentUser, unitId: string) {
      await unitInScope(actor, unitId);
      const [used] = await db
        .select({ n: count() })
        .from(beneficiaryEmployees)
        .where(eq(beneficiaryEmployees.unitId, unitId));
      const employees = used?.n ?? 0;
      if (employees > 0) {
        throw unitInUse(employees);
      }
      await db.delete(companyUnits).where(eq(companyUnits.id, unitId));
      return { code: "COMPANY_UNIT_DELETED", message: "Company unit deleted" };
    },
  };
}
