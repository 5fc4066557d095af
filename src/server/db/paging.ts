/**
 * The list helpers every paged endpoint shares (DESIGN.md §5 Lists): the default envelope
 * `{ items, page, limit, total, totalPages, hasNext, hasPrevious }`, the SQL offset of a page, and a
 * "contains" pattern for ILIKE filters.
 */

export type PageArgs = { page: number; limit: number };

export function pageOffset({ page, limit }: PageArgs): number {
  return (page - 1) * limit;
}

export function pageEnvelope<T>(items: T[], total: number, { page, limit }: PageArgs) {
  const totalPages = Math.ceil(total / limit);
  return { items, page, limit, total, totalPages, hasNext: page < totalPages, hasPrevious: page > 1 };
}

/** `%`, `_` and `\` typed by a user match themselves in an ILIKE pattern. */
export function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, "\\$&")}%`;
}
