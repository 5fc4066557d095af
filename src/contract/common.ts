import { z } from "zod";
import { lazy } from "./lazy.ts";

/** Query parameters of a paginated list where the spec names no other shape (docs/architecture.md). */
export const zPageQuery = lazy(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
export type TPageQuery = z.infer<typeof zPageQuery>;

/** The default list envelope: `{ items, page, limit, total, totalPages, hasNext, hasPrevious }`. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.int(),
    limit: z.int(),
    total: z.int(),
    totalPages: z.int(),
    hasNext: z.boolean(),
    hasPrevious: z.boolean(),
  });
}

/** A plain `{ message }` success body, for calls whose spec answer is a sentence. */
export const zMessage = lazy(() => z.object({ message: z.string() }));

/** An optional field of a form: empty text or null means none. */
export const orNone = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.literal(""), z.null()]).optional();
