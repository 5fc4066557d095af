/**
 * The list helpers every paged endpoint shares (DESIGN.md §5 Lists): `readPage` (count and rows of one
 * page) in the default envelope `{ items, page, limit, total, totalPages, hasNext, hasPrevious }`, the
 * SQL offset of a page, and a "contains" pattern for ILIKE filters.
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
