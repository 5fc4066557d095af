import { desc, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import { rawRows } from "./raw.ts";

/**
 * The list helpers every paged endpoint shares (docs/architecture.md Lists): `readPage` (count and rows of one
 * page, in one statement) in the default envelope `{ items, page, limit, total, totalPages, hasNext, hasPrevious }`, the
 * SQL offset of a page, the page's ids found before a list's joins (`newestIdsOf`) and its rows read by
 * them (`amongPageIds`, `rowsOfPage`), and a "contains" pattern for ILIKE filters.
 */

export type PageArgs = { page: number; limit: number };

export function pageOffset({ page, limit }: PageArgs): number {
  return (page - 1) * limit;
}

export function pageEnvelope<T>(items: T[], total: number, { page, limit }: PageArgs) {
  const totalPages = Math.ceil(total / limit);
  return { items, page, limit, total, totalPages, hasNext: page < totalPages, hasPrevious: page > 1 };
}

/** The default list envelope (`zPage` of src/contract/common.ts). */
export type Page<T> = ReturnType<typeof pageEnvelope<T>>;

/** The SQL limit and offset of a page. */
export type PageSlice = { limit: number; offset: number };

/**
 * A list's total as a column of its page's statement: every row the statement's WHERE matches, counted
 * before its LIMIT and OFFSET, so one scan both counts and pages. For a list whose rows are few.
 */
export const countOver = () => sql<number>`(count(*) over ())::int`.mapWith(Number);

/**
 * A list's total as a column of its page's statement, from a statement of its own that answers one
 * number (a `count(*)` by the list's conditions, or the counts kept per company): PostgreSQL runs it
 * once, by its own plan, beside the page's. For a large list, where `count(*) over ()` would read
 * every matching row to page only a few (decision 012).
 */
export const totalOf = (counted: SQLWrapper) => sql<number>`(${counted})::int`.mapWith(Number);

/** The number a statement of one number answers (totalOf's): a list's count past its last page. */
export async function countOf(db: Db, counted: SQLWrapper): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, sql`select (${counted})::int as n`);
  return Number(row?.n ?? 0);
}

/**
 * One page of a list, the one way every paged endpoint reads it, in one statement: `rows` reads the
 * page's rows (given the SQL limit and offset), each with the list's `total` (countOver or totalOf),
 * and `items` makes the answer's items of them. A page past the end has no row to carry the total:
 * then, and only then, `countPastEnd` counts the list by the same conditions. Answered in the default
 * envelope; an endpoint whose answer the spec shapes otherwise (`totalCount`, `currentPage`, `data`)
 * renames the envelope's fields, it does not count or page again.
 */
export async function readPage<R extends { total: number }, T>(
  args: PageArgs,
  list: {
    rows: (slice: PageSlice) => Promise<R[]>;
    items: (rows: R[]) => T[] | Promise<T[]>;
    countPastEnd: () => Promise<number>;
  },
): Promise<Page<T>> {
  const slice = { limit: args.limit, offset: pageOffset(args) };
  const rows = await list.rows(slice);
  const total = rows[0]?.total ?? (slice.offset === 0 ? 0 : await list.countPastEnd());
  return pageEnvelope(await list.items(rows), total, args);
}

/** `%`, `_` and `\` typed by a user match themselves in an ILIKE pattern. */
export function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, "\\$&")}%`;
}

/** A listed table: its rows have an id and the time they were made, the order of its newest-first lists. */
export type NewestFirstRows = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn };

/**
 * The ids of one page of a newest-first list (newest `created_at`, ties by id) by `where`, in order,
 * each with the list's `total` (countOver, or totalOf when `where` narrows the statement to the page
 * itself, as newestFirstPage's does), read before the list's joins: from the listed table alone, or through `joins` when `where` names a
 * joined table's column. Read together with the joins, a search's page went wrong: PostgreSQL guessed
 * a few matches where a common surname has thousands and joined every one before sorting (the
 * helpdesk's orders by "salonen": 3,094 orders joined to their people, companies and stores, 63 of the
 * query's 66 ms).
 */
export async function newestIdsOf(
  db: Db,
  table: NewestFirstRows,
  where: SQL | undefined,
  slice: PageSlice,
  total: SQL<number>,
  joins: (query: PgSelect) => PgSelect = (query) => query,
): Promise<{ id: string; total: number }[]> {
  const rows = await joins(db.select({ id: table.id, total }).from(table).$dynamic())
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(slice.limit)
    .offset(slice.offset);
  return rows as { id: string; total: number }[];
}

/** A row's place in a newest-first list: its id and its `created_at` as the database writes it. */
export type NewestPosition = { id: string; createdAt: string };

/**
 * The total of a newest-first list narrowed by a search, read from `table` alone, and one page of its
 * rows' places, in one statement: it finds the rows the search matches once, then counts them and sorts
 * out the page. Counted, then paged, the search ran twice, and it is most of the list's cost: the
 * helpdesk's orders by "salonen" matched 5,389 people and their 3,094 orders in about 20 ms, each time.
 * Unsearched lists page down an index with their total beside the page (totalOf: a count or the kept counts).
 */
export async function searchedPositions(
  db: Db,
  table: NewestFirstRows,
  where: SQL | undefined,
  slice: { limit: number; offset: number },
): Promise<{ total: number; positions: NewestPosition[] }> {
  const [found] = await rawRows<{ total: number; positions: [string, string][] }>(
    db,
    sql`with found as materialized (
        select ${table.id} as id, ${table.createdAt} as created_at from ${table} where ${where ?? sql`true`})
      select (select count(*) from found)::int as total,
        to_json(array(select json_build_array(id, created_at::text) from (
          select id, created_at from found order by created_at desc, id desc
          limit ${slice.limit} offset ${slice.offset}) as page
          order by created_at desc, id desc)) as positions`,
  );
  return {
    total: found?.total ?? 0,
    positions: (found?.positions ?? []).map(([id, createdAt]) => ({ id, createdAt })),
  };
}

/** One page of a searched newest-first list (searchedPositions); `rowsOf` reads its rows by their ids. */
export async function readSearchedPage<T>(
  db: Db,
  table: NewestFirstRows,
  where: SQL | undefined,
  args: PageArgs,
  rowsOf: (ids: string[]) => Promise<T[]>,
): Promise<Page<T>> {
  const found = await searchedPositions(db, table, where, { limit: args.limit, offset: pageOffset(args) });
  return pageEnvelope(await rowsOf(found.positions.map((p) => p.id)), found.total, args);
}

/**
 * The WHERE of a list's statement that reads a page's rows by their ids (`rowsOfPage`), prepared once
 * per database handle (preparedPerDatabase). PostgreSQL then plans the list's joins once per
 * connection: planned for every page, they cost more than they took to run (the leasing agreements'
 * seven joins: 10 ms of planning, 0.8 ms of execution; the signed documents' 8 and 0.1; the orders'
 * 4.6 and 0.6). The ids are unnested into rows that each find theirs by its primary key, and the
 * statement has no ORDER BY (rowsOfPage orders the rows): as `id = any(array)` beside an ORDER BY, a
 * small table was walked whole along another index.
 */
export const amongPageIds = (id: AnyPgColumn) =>
  sql`${id} in (select unnest(${sql.placeholder("ids")}::uuid[]))`;

/**
 * A page's rows: `statement` (WHERE amongPageIds) run with the ids and any other placeholders'
 * `values`, its rows put in the order of the ids (`idOf` names a row's id); a row gone since its id was
 * read is left out. No ids, no statement.
 */
export async function rowsOfPage<T>(
  statement: { execute: (values: Record<string, unknown>) => Promise<T[]> },
  ids: readonly string[],
  idOf: (row: T) => string,
  values: Record<string, unknown> = {},
): Promise<T[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await statement.execute({ ...values, ids })).map((row) => [idOf(row), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}
