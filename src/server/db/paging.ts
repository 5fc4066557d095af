import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * The list helpers every paged endpoint shares (DESIGN.md §5 Lists): `readPage` (count and rows of one
 * page) in the default envelope `{ items, page, limit, total, totalPages, hasNext, hasPrevious }`, the
 * SQL offset of a page, the page's ids found before a list's joins (`newestPageIds`), and a "contains"
 * pattern for ILIKE filters.
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

/**
 * One page of a list, the one way every paged endpoint reads it: how many rows match (`count`) and the
 * page's rows (`rows`, given the SQL limit and offset), both filtered in SQL by the same conditions,
 * answered in the default envelope. An endpoint whose answer the spec shapes otherwise (`totalCount`,
 * `currentPage`, `data`) renames the envelope's fields; it does not count or page again.
 */
export async function readPage<T>(
  args: PageArgs,
  count: () => Promise<number>,
  rows: (slice: { limit: number; offset: number }) => Promise<T[]>,
): Promise<Page<T>> {
  const total = await count();
  const items = await rows({ limit: args.limit, offset: pageOffset(args) });
  return pageEnvelope(items, total, args);
}

/** `%`, `_` and `\` typed by a user match themselves in an ILIKE pattern. */
export function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, "\\$&")}%`;
}

/** A listed table: its rows have an id and the time they were made, the order of its newest-first lists. */
export type NewestFirstRows = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn };

/**
 * The condition that a row is on one page of a newest-first list (newest `created_at`, ties by id):
 * its id is among the page's ids, found in the listed table alone by `where`. The page query then
 * joins the page's rows only, without LIMIT or OFFSET of its own. Given the joins together with a
 * search, PostgreSQL guessed a few matches where a common surname has thousands and joined every one
 * before sorting (the helpdesk's orders by "salonen": 3,094 orders joined to their employees, people,
 * companies and stores, 63 of the query's 66 ms). Inside the subquery the table's name stands for its
 * own rows, so `where` applies to them.
 */
export function newestPageIds(
  table: NewestFirstRows,
  where: SQL | undefined,
  slice: { limit: number; offset: number },
): SQL {
  return sql`${table.id} in (
    select ${table.id} from ${table} ${where ? sql`where ${where}` : sql``}
    order by ${table.createdAt} desc, ${table.id} desc
    limit ${slice.limit} offset ${slice.offset})`;
}
