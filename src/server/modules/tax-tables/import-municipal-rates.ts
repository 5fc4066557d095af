import { randomUUID } from "node:crypto";
import { count, eq, lt, max, sql } from "drizzle-orm";
import {
  MAX_LISTED_PROBLEMS,
  type TMunicipalRateImportConfirmQuery,
  type TMunicipalRateImportPreview,
  type TMunicipalRateImportResult,
  type TRateListProblem,
} from "../../../contract/municipal-rate-import.ts";
import { compareMunicipalRateLists } from "../../../domain/tax/municipal-rates/rate-list-changes.ts";
import {
  type RateListReading,
  type RateListRecord,
  readMunicipalRateRecords,
} from "../../../domain/tax/municipal-rates/rate-list-file.ts";
import type { MunicipalRate } from "../../../domain/tax/tax-year.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { provinceTaxTables } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { rateListInvalid, taxYearHasRates } from "./errors.ts";
import { loadMunicipalRates, provinceRowOf } from "./tax-year-rows.ts";

/**
 * A year's municipal and parish rates imported from the Tax Administration's list (docs/api-surface.md "Tax
 * tables"): the preview reads the file against the year before and writes nothing; the confirm reads it
 * again in a transaction that holds the year, refuses a file with problems (400 RATE_LIST_INVALID) and
 * a year that has rows unless told to replace them (409 TAX_YEAR_HAS_RATES), and otherwise writes the
 * year's rows with one event. A refusal leaves the year as it was.
 */

/** What a list is read against: the nearest earlier year that has rows, and the year's own rows now. */
type Against = { comparedWith: number | null; yearBefore: MunicipalRate[]; existingRowCount: number };

async function against(db: Db, year: number): Promise<Against> {
  const [earlier] = await db
    .select({ year: max(provinceTaxTables.year) })
    .from(provinceTaxTables)
    .where(lt(provinceTaxTables.year, year));
  const comparedWith = earlier?.year ?? null;
  const yearBefore = comparedWith === null ? [] : await loadMunicipalRates(db, comparedWith);
  const [existing] = await db
    .select({ n: count() })
    .from(provinceTaxTables)
    .where(eq(provinceTaxTables.year, year));
  return { comparedWith, yearBefore, existingRowCount: existing?.n ?? 0 };
}

const listed = (problems: readonly TRateListProblem[]) => problems.slice(0, MAX_LISTED_PROBLEMS);

function read(records: readonly RateListRecord[], year: number, base: Against): RateListReading {
  return readMunicipalRateRecords(records, { year, yearBefore: base.yearBefore });
}

export async function previewMunicipalRateImport(
  db: Db,
  year: number,
  records: readonly RateListRecord[],
): Promise<TMunicipalRateImportPreview> {
  const base = await against(db, year);
  const reading = read(records, year, base);
  const common = { year, comparedWith: base.comparedWith, existingRowCount: base.existingRowCount };
  if (!reading.ok) {
    return {
      ...common,
      rowCount: 0,
      problems: listed(reading.problems),
      problemCount: reading.problems.length,
      changes: null,
    };
  }
  return {
    ...common,
    rowCount: reading.rows.length,
    problems: [],
    problemCount: 0,
    changes: compareMunicipalRateLists(base.yearBefore, reading.rows),
  };
}

export async function confirmMunicipalRateImport(
  db: Db,
  actorUserId: string,
  query: TMunicipalRateImportConfirmQuery,
  records: readonly RateListRecord[],
): Promise<TMunicipalRateImportResult> {
  const { year } = query;
  return write(db, { actor: { userId: actorUserId } }, async (ctx) => {
    // One import of a year at a time: a second waits, then meets the rows the first wrote.
    await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext('province_tax_tables_import'), ${year})`);
    const base = await against(ctx.tx, year);
    const reading = read(records, year, base);
    if (!reading.ok) throw rateListInvalid(reading.problems);
    if (base.existingRowCount > 0 && !query.replace) {
      throw taxYearHasRates(year, base.existingRowCount);
    }
    if (base.existingRowCount > 0) {
      await ctx.tx.delete(provinceTaxTables).where(eq(provinceTaxTables.year, year));
    }
    const sourced = { source: query.source, confirmed: query.confirmed };
    await ctx.tx.insert(provinceTaxTables).values(
      reading.rows.map((rate) => ({
        ...provinceRowOf(rate, sourced),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })),
    );
    const changes = compareMunicipalRateLists(base.yearBefore, reading.rows);
    const result = {
      year,
      written: reading.rows.length,
      replaced: base.existingRowCount,
      added: changes.added.length,
      changed: changes.changed.length,
      removed: changes.removed.length,
    };
    await recordEvent(ctx, {
      type: "MUNICIPAL_TAX_RATES_IMPORTED",
      // The import is the object: its id ties the event to nothing else, the year and counts say what it did.
      entity: { type: "municipalTaxRates", id: randomUUID() },
      companyId: null,
      data: {
        ...result,
        comparedWith: base.comparedWith,
        fileName: query.fileName,
        confirmed: query.confirmed,
      },
    });
    return result;
  });
}
