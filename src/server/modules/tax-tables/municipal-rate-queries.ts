import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { TProvinceTaxTablesQuery } from "../../../contract/tax-table-queries.ts";
import type {
  TMunicipalRateYears,
  TProvinceTaxTable,
  TProvinceTaxTableItem,
} from "../../../contract/tax-tables.ts";
import type { Db } from "../../db/client.ts";
import { countOver, likeContains, readPage } from "../../db/paging.ts";
import { provinceTaxTables as t } from "../../db/schema/index.ts";

/**
 * The helpdesk's list of municipal rates: two years of 308 municipalities, searched by the Finnish or
 * Swedish name or the code, narrowed to the rates that changed from the year before or are
 * unconfirmed, and paged in SQL. Each row comes with its rates of the year before: the nearest earlier
 * year that has rows, the municipality found there by its code (or, kept without one, its name). The
 * unique indexes (year, lower(name)) and (year, code) serve the year's order and the look-up of the year
 * before; a search scans a year's few hundred rows.
 */

export function toProvince(row: typeof t.$inferSelect): TProvinceTaxTable {
  return {
    id: row.id,
    year: row.year,
    provinceName: row.provinceName,
    provinceNameSv: row.provinceNameSv,
    municipalityCode: row.municipalityCode,
    municipalTaxPercent: row.municipalTaxPercent,
    churchTaxPercent: row.churchTaxPercent,
    orthodoxChurchTaxPercent: row.orthodoxChurchTaxPercent,
    aland: row.aland,
    source: row.source,
    confirmed: row.confirmed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The rows of the year before that are the listed row's municipality ("p"), best match first. */
const yearBeforeRows = sql`from province_tax_tables p
  where p.year = (select max(e.year) from province_tax_tables e where e.year < ${t.year})
    and (p.municipality_code = ${t.municipalityCode} or lower(p.province_name) = lower(${t.provinceName}))`;

/** The row's rates of the year before, as JSON, or null. */
const previous = sql<TProvinceTaxTableItem["previous"]>`(select json_build_object(
    'year', p.year,
    'municipalTaxPercent', p.municipal_tax_percent,
    'churchTaxPercent', p.church_tax_percent,
    'orthodoxChurchTaxPercent', p.orthodox_church_tax_percent)
  ${yearBeforeRows}
  order by (p.municipality_code = ${t.municipalityCode}) desc nulls last
  limit 1)`;

/** A new municipality, or one whose rates differ from the year before. */
const changedFromYearBefore = sql`not exists (select 1 ${yearBeforeRows}
  and p.municipal_tax_percent = ${t.municipalTaxPercent}
  and p.church_tax_percent is not distinct from ${t.churchTaxPercent}
  and p.orthodox_church_tax_percent is not distinct from ${t.orthodoxChurchTaxPercent})`;

function conditions(query: TProvinceTaxTablesQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.year !== undefined) where.push(eq(t.year, query.year));
  const search = query.search?.trim();
  if (search) {
    const pattern = likeContains(search);
    where.push(
      or(
        ilike(t.provinceName, pattern),
        ilike(t.provinceNameSv, pattern),
        // "91" finds Helsinki's "091" as a spreadsheet shows it; "09" finds every code starting so.
        /^\d{1,3}$/.test(search)
          ? or(ilike(t.municipalityCode, `${search}%`), eq(t.municipalityCode, search.padStart(3, "0")))
          : undefined,
      ),
    );
  }
  if (query.show === "changed") where.push(changedFromYearBefore);
  if (query.show === "unconfirmed") where.push(eq(t.confirmed, false));
  return and(...where);
}

export async function listMunicipalRates(db: Db, query: TProvinceTaxTablesQuery) {
  const where = conditions(query);
  return readPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ row: t, previous, total: countOver() })
        .from(t)
        .where(where)
        .orderBy(desc(t.year), asc(sql`lower(${t.provinceName})`), asc(t.id))
        .limit(limit)
        .offset(offset),
    items: (rows) =>
      rows.map(({ row, previous }): TProvinceTaxTableItem => ({ ...toProvince(row), previous })),
    countPastEnd: async () => (await db.select({ n: count() }).from(t).where(where))[0]?.n ?? 0,
  });
}

/** The years that have municipal rates, newest first, with how many there are and how many unconfirmed. */
export async function municipalRateYears(db: Db): Promise<TMunicipalRateYears> {
  const items = await db
    .select({
      year: t.year,
      municipalities: count(),
      unconfirmed: sql<number>`count(*) filter (where not ${t.confirmed})`.mapWith(Number),
    })
    .from(t)
    .groupBy(t.year)
    .orderBy(desc(t.year));
  return { items };
}
