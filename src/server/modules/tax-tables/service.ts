import { asc, count, desc, eq } from "drizzle-orm";
import type {
  TMunicipalRateImportConfirmQuery,
  TMunicipalRateImportQuery,
} from "../../../contract/municipal-rate-import.ts";
import type { TProvinceTaxTablesQuery, TTaxTablesQuery } from "../../../contract/tax-table-queries.ts";
import type {
  TProvinceTaxTableInput,
  TStateIncomeTaxTable,
  TStateIncomeTaxTableInput,
  TTaxpayerDeductionsTable,
  TTaxpayerDeductionsTableInput,
  TTaxTable,
  TTaxTableInput,
} from "../../../contract/tax-tables.ts";
import type { AppContext } from "../../context.ts";
import { countOver, readPage } from "../../db/paging.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  provinceTaxTables,
  stateIncomeTaxTables,
  taxpayerDeductionsTables,
  taxTables,
} from "../../db/schema/index.ts";
import { conflict, notFound } from "../../errors.ts";
import { invalidateCalculatorParameters } from "../calculator/parameters-cache.ts";
import { confirmMunicipalRateImport, previewMunicipalRateImport } from "./import-municipal-rates.ts";
import { listMunicipalRates, municipalRateYears, toProvince } from "./municipal-rate-queries.ts";
import { rateListRecords } from "./rate-list-upload.ts";

/**
 * The four tax tables' CRUD (docs/api-surface.md "Tax tables"). They are the operator's reference data, not a
 * tenant's: only the admin tier (tax-tables.manage) reaches them. The database's unique indexes decide
 * duplicates (a year's name, year, bracket or deduction type), answered 409; the contract has already
 * refused every value a CHECK constraint would.
 */

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function toTaxTable(row: typeof taxTables.$inferSelect): TTaxTable {
  return { ...row, taxTableId: row.id, ...stamps(row) };
}

function toStateIncomeTax(row: typeof stateIncomeTaxTables.$inferSelect): TStateIncomeTaxTable {
  return { ...row, stateIncomeTaxTableId: row.id, ...stamps(row) };
}

function toDeductions(row: typeof taxpayerDeductionsTables.$inferSelect): TTaxpayerDeductionsTable {
  return { ...row, taxDeductionsId: row.id, ...stamps(row) };
}

/** A write whose unique index refuses a duplicate answers 409 with `message`. */
async function unique<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("CONFLICT", message);
    throw error;
  }
}

/** The row a write returned, or 404 (named after the table) when the id matched none. */
function found<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw notFound(what);
  return row;
}

const deleted = (what: string) => ({ message: `${what} deleted` });

/** The columns of a province row as the body gives them (optional nullables stored as null). */
function provinceValues(input: TProvinceTaxTableInput) {
  return {
    ...input,
    provinceNameSv: input.provinceNameSv ?? null,
    municipalityCode: input.municipalityCode ?? null,
    churchTaxPercent: input.churchTaxPercent ?? null,
    orthodoxChurchTaxPercent: input.orthodoxChurchTaxPercent ?? null,
  };
}

function taxTableValues(input: TTaxTableInput) {
  return {
    ...input,
    olderEmployeePensionPercent: input.olderEmployeePensionPercent ?? null,
    olderPensionFromAge: input.olderPensionFromAge ?? null,
    olderPensionToAge: input.olderPensionToAge ?? null,
    bikeBenefitGrandfatheredUntil: input.bikeBenefitGrandfatheredUntil ?? null,
    averageMunicipalTaxPercent: input.averageMunicipalTaxPercent ?? null,
  };
}

function stateIncomeTaxValues(input: TStateIncomeTaxTableInput) {
  return { ...input, upperLimitCents: input.upperLimitCents ?? null };
}

function deductionsValues(input: TTaxpayerDeductionsTableInput) {
  return {
    ...input,
    description: input.description || null,
    phaseOutStartCents: input.phaseOutStartCents ?? null,
    phaseOutPercent: input.phaseOutPercent ?? null,
    phaseOutEndCents: input.phaseOutEndCents ?? null,
    secondPhaseOutPercent: input.secondPhaseOutPercent ?? null,
    seniorMaxDeductionCents: input.seniorMaxDeductionCents ?? null,
    seniorFromAge: input.seniorFromAge ?? null,
  };
}

const PROVINCE = "Province tax table";
const TAX_TABLE = "Tax table";
const STATE_INCOME_TAX = "State income tax table";
const DEDUCTIONS = "Taxpayer deductions table";

export function createTaxTablesService(ctx: AppContext) {
  const { db } = ctx.database;

  /** Every table here feeds the calculator: a write drops this process's copy of its figures after it. */
  async function edited<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      invalidateCalculatorParameters(db);
    }
  }

  return {
    // ---- Province (municipal) tax ---------------------------------------------------------------------
    listProvinces: (query: TProvinceTaxTablesQuery) => listMunicipalRates(db, query),

    municipalRateYears: () => municipalRateYears(db),

    async previewMunicipalRateImport(query: TMunicipalRateImportQuery, body: Buffer) {
      return previewMunicipalRateImport(db, query.year, await rateListRecords(body));
    },

    async importMunicipalRates(actorUserId: string, query: TMunicipalRateImportConfirmQuery, body: Buffer) {
      const records = await rateListRecords(body);
      return edited(() => confirmMunicipalRateImport(db, actorUserId, query, records));
    },

    async getProvince(id: string) {
      const rows = await db.select().from(provinceTaxTables).where(eq(provinceTaxTables.id, id));
      return toProvince(found(rows, PROVINCE));
    },

    async createProvince(input: TProvinceTaxTableInput) {
      return edited(async () => {
        const rows = await unique(
          () => db.insert(provinceTaxTables).values(provinceValues(input)).returning(),
          "The year already has a province tax table with this name or municipality code",
        );
        return toProvince(found(rows, PROVINCE));
      });
    },

    async updateProvince(id: string, input: TProvinceTaxTableInput) {
      return edited(async () => {
        const rows = await unique(
          () =>
            db
              .update(provinceTaxTables)
              .set(provinceValues(input))
              .where(eq(provinceTaxTables.id, id))
              .returning(),
          "The year already has a province tax table with this name or municipality code",
        );
        return toProvince(found(rows, PROVINCE));
      });
    },

    async deleteProvince(id: string) {
      return edited(async () => {
        const rows = await db
          .delete(provinceTaxTables)
          .where(eq(provinceTaxTables.id, id))
          .returning({ id: provinceTaxTables.id });
        found(rows, PROVINCE);
        return deleted(PROVINCE);
      });
    },

    // ---- Payroll parameters of a year ------------------------------------------------------------------
    async listTaxTables(query: TTaxTablesQuery) {
      const where = query.year !== undefined ? eq(taxTables.year, query.year) : undefined;
      return readPage(query, {
        rows: ({ limit, offset }) =>
          db
            .select({ row: taxTables, total: countOver() })
            .from(taxTables)
            .where(where)
            .orderBy(desc(taxTables.year))
            .limit(limit)
            .offset(offset),
        items: (rows) => rows.map((found) => toTaxTable(found.row)),
        countPastEnd: async () => (await db.select({ n: count() }).from(taxTables).where(where))[0]?.n ?? 0,
      });
    },

    async getTaxTable(id: string) {
      return toTaxTable(found(await db.select().from(taxTables).where(eq(taxTables.id, id)), TAX_TABLE));
    },

    async createTaxTable(input: TTaxTableInput) {
      return edited(async () => {
        const rows = await unique(
          () => db.insert(taxTables).values(taxTableValues(input)).returning(),
          "The year already has a tax table",
        );
        return toTaxTable(found(rows, TAX_TABLE));
      });
    },

    async updateTaxTable(id: string, input: TTaxTableInput) {
      return edited(async () => {
        const rows = await unique(
          () => db.update(taxTables).set(taxTableValues(input)).where(eq(taxTables.id, id)).returning(),
          "The year already has a tax table",
        );
        return toTaxTable(found(rows, TAX_TABLE));
      });
    },

    async deleteTaxTable(id: string) {
      return edited(async () => {
        const rows = await db.delete(taxTables).where(eq(taxTables.id, id)).returning({ id: taxTables.id });
        found(rows, TAX_TABLE);
        return deleted(TAX_TABLE);
      });
    },

    // ---- State income tax scale ------------------------------------------------------------------------
    async listStateIncomeTax(query: TTaxTablesQuery) {
      const where = query.year !== undefined ? eq(stateIncomeTaxTables.year, query.year) : undefined;
      return readPage(query, {
        rows: ({ limit, offset }) =>
          db
            .select({ row: stateIncomeTaxTables, total: countOver() })
            .from(stateIncomeTaxTables)
            .where(where)
            .orderBy(desc(stateIncomeTaxTables.year), asc(stateIncomeTaxTables.lowerLimitCents))
            .limit(limit)
            .offset(offset),
        items: (rows) => rows.map((found) => toStateIncomeTax(found.row)),
        countPastEnd: async () =>
          (await db.select({ n: count() }).from(stateIncomeTaxTables).where(where))[0]?.n ?? 0,
      });
    },

    async getStateIncomeTax(id: string) {
      const rows = await db.select().from(stateIncomeTaxTables).where(eq(stateIncomeTaxTables.id, id));
      return toStateIncomeTax(found(rows, STATE_INCOME_TAX));
    },

    async createStateIncomeTax(input: TStateIncomeTaxTableInput) {
      return edited(async () => {
        const rows = await unique(
          () => db.insert(stateIncomeTaxTables).values(stateIncomeTaxValues(input)).returning(),
          "The year already has a state income tax bracket with this lower limit",
        );
        return toStateIncomeTax(found(rows, STATE_INCOME_TAX));
      });
    },

    async updateStateIncomeTax(id: string, input: TStateIncomeTaxTableInput) {
      return edited(async () => {
        const rows = await unique(
          () =>
            db
              .update(stateIncomeTaxTables)
              .set(stateIncomeTaxValues(input))
              .where(eq(stateIncomeTaxTables.id, id))
              .returning(),
          "The year already has a state income tax bracket with this lower limit",
        );
        return toStateIncomeTax(found(rows, STATE_INCOME_TAX));
      });
    },

    async deleteStateIncomeTax(id: string) {
      return edited(async () => {
        const rows = await db
          .delete(stateIncomeTaxTables)
          .where(eq(stateIncomeTaxTables.id, id))
          .returning({ id: stateIncomeTaxTables.id });
        found(rows, STATE_INCOME_TAX);
        return deleted(STATE_INCOME_TAX);
      });
    },

    // ---- Taxpayer deductions ---------------------------------------------------------------------------
    async listDeductions(query: TTaxTablesQuery) {
      const where = query.year !== undefined ? eq(taxpayerDeductionsTables.year, query.year) : undefined;
      return readPage(query, {
        rows: ({ limit, offset }) =>
          db
            .select({ row: taxpayerDeductionsTables, total: countOver() })
            .from(taxpayerDeductionsTables)
            .where(where)
            .orderBy(desc(taxpayerDeductionsTables.year), asc(taxpayerDeductionsTables.deductionType))
            .limit(limit)
            .offset(offset),
        items: (rows) => rows.map((found) => toDeductions(found.row)),
        countPastEnd: async () =>
          (await db.select({ n: count() }).from(taxpayerDeductionsTables).where(where))[0]?.n ?? 0,
      });
    },

    async getDeductions(id: string) {
      const rows = await db
        .select()
        .from(taxpayerDeductionsTables)
        .where(eq(taxpayerDeductionsTables.id, id));
      return toDeductions(found(rows, DEDUCTIONS));
    },

    async createDeductions(input: TTaxpayerDeductionsTableInput) {
      return edited(async () => {
        const rows = await unique(
          () => db.insert(taxpayerDeductionsTables).values(deductionsValues(input)).returning(),
          "The year already has a deduction of this type",
        );
        return toDeductions(found(rows, DEDUCTIONS));
      });
    },

    async updateDeductions(id: string, input: TTaxpayerDeductionsTableInput) {
      return edited(async () => {
        const rows = await unique(
          () =>
            db
              .update(taxpayerDeductionsTables)
              .set(deductionsValues(input))
              .where(eq(taxpayerDeductionsTables.id, id))
              .returning(),
          "The year already has a deduction of this type",
        );
        return toDeductions(found(rows, DEDUCTIONS));
      });
    },

    async deleteDeductions(id: string) {
      return edited(async () => {
        const rows = await db
          .delete(taxpayerDeductionsTables)
          .where(eq(taxpayerDeductionsTables.id, id))
          .returning({ id: taxpayerDeductionsTables.id });
        found(rows, DEDUCTIONS);
        return deleted(DEDUCTIONS);
      });
    },
  };
}
