import { z } from "zod";
import { zPageQuery } from "./common.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/** The queries of the helpdesk's tax table lists (tax-tables.ts has the tables and their calls). */

/** A tax year's rows fit one page: up to 500, 100 by default. */
export const zTaxTablesQuery = lazy(() =>
  zPageQuery.extend({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    year: z.coerce.number().int().min(2000).max(2100).optional(),
  }),
);
export type TTaxTablesQuery = z.infer<typeof zTaxTablesQuery>;

/** Which municipalities a list shows: all, those whose rates differ from the year before, or unconfirmed ones. */
export const PROVINCE_LIST_SHOWS = ["all", "changed", "unconfirmed"] as const;

export const zProvinceTaxTablesQuery = lazy(() =>
  zTaxTablesQuery.extend({
    /** Part of the municipality's Finnish or Swedish name, any case, or the start of its code. */
    search: zSingleLineText({ max: 100 }).optional(),
    show: z.enum(PROVINCE_LIST_SHOWS).default("all"),
  }),
);
export type TProvinceTaxTablesQuery = z.infer<typeof zProvinceTaxTablesQuery>;
