import { z } from "zod";
import { COMPARED_FIELDS } from "../domain/tax/municipal-rates/rate-list-changes.ts";
import { RATE_LIST_FIELDS, RATE_LIST_PROBLEM_CODES } from "../domain/tax/municipal-rates/rate-list-file.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zBooleanString } from "./system-users.ts";
import { zSingleLineText } from "./text.ts";
import { zUploadFileName } from "./uploads.ts";

/**
 * A year's municipal rates imported from the Tax Administration's list (CSV or XLSX as it is published,
 * or this repository's CSV shape), the file as the raw body (application/octet-stream, at most 1 MB), by
 * the admin tier (tax-tables.manage); their routes register by hand, as every upload's does:
 * - POST /api/province-tax-table/import/preview?year&fileName → 200 what the list would change against
 *   the year before (new, changed and removed municipalities, old → new), or its problems with row and
 *   reason; nothing is written;
 * - POST /api/province-tax-table/import?year&fileName&source&confirmed[&replace] → 201 the year's rows
 *   written in one transaction with an event; 400 RATE_LIST_INVALID (details: each problem, "row N"),
 *   409 TAX_YEAR_HAS_RATES when the year has rows and `replace` is not true. A refusal writes nothing.
 */

/** The largest list file taken: 308 municipalities are some 20 KB as CSV, 30 KB as XLSX. */
export const MAX_RATE_LIST_BYTES = 1024 * 1024;
/** The most problems an answer lists (their count is given in full). */
export const MAX_LISTED_PROBLEMS = 100;

export const zMunicipalRateImportQuery = lazy(() =>
  z.object({
    year: z.coerce.number().int().min(2000).max(2100),
    fileName: zUploadFileName,
  }),
);
export type TMunicipalRateImportQuery = z.infer<typeof zMunicipalRateImportQuery>;

export const zMunicipalRateImportConfirmQuery = lazy(() =>
  zMunicipalRateImportQuery.extend({
    /** Where the figures come from, as every row of the year will cite it. */
    source: zSingleLineText({ min: 1, max: 1000 }),
    /** Whether the rows are confirmed from an authoritative source (the Tax Administration's own list). */
    confirmed: zBooleanString,
    /** Replace the rows the year already has; without it such a year answers 409. */
    replace: zBooleanString.default(false),
  }),
);
export type TMunicipalRateImportConfirmQuery = z.infer<typeof zMunicipalRateImportConfirmQuery>;

const zRateListProblem = lazy(() =>
  z.object({
    /** The file's row, the header being row 1 (a worksheet's own row number). */
    row: z.int(),
    code: z.enum(RATE_LIST_PROBLEM_CODES),
    field: z.enum(RATE_LIST_FIELDS).optional(),
    value: z.string().optional(),
    otherRow: z.int().optional(),
    limit: z.number().optional(),
    message: z.string(),
  }),
);
export type TRateListProblem = z.infer<typeof zRateListProblem>;

/** A municipality's row as a list file gives it. */
const zMunicipalRate = lazy(() =>
  z.object({
    code: z.string().nullable(),
    municipality: z.string(),
    municipalitySv: z.string().nullable(),
    municipalPercent: z.number(),
    churchPercent: z.number().nullable(),
    orthodoxPercent: z.number().nullable(),
    aland: z.boolean(),
  }),
);
export type TMunicipalRate = z.infer<typeof zMunicipalRate>;

const zMunicipalRateChanges = lazy(() =>
  z.object({
    added: z.array(zMunicipalRate),
    removed: z.array(zMunicipalRate),
    changed: z.array(
      z.object({ before: zMunicipalRate, after: zMunicipalRate, fields: z.array(z.enum(COMPARED_FIELDS)) }),
    ),
    unchanged: z.int(),
    municipalRaised: z.int(),
    municipalLowered: z.int(),
  }),
);
export type TMunicipalRateChanges = z.infer<typeof zMunicipalRateChanges>;

export const zMunicipalRateImportPreview = lazy(() =>
  z.object({
    year: z.int(),
    /** The year the list is compared with: the nearest earlier one that has rows; null when none has. */
    comparedWith: z.int().nullable(),
    /** The municipalities the file lists (0 when it has problems). */
    rowCount: z.int(),
    /** The rows the year has now: a confirm replaces them only when asked to. */
    existingRowCount: z.int(),
    problems: z.array(zRateListProblem).max(MAX_LISTED_PROBLEMS),
    problemCount: z.int(),
    /** Null when the file has problems. */
    changes: zMunicipalRateChanges.nullable(),
  }),
);
export type TMunicipalRateImportPreview = z.infer<typeof zMunicipalRateImportPreview>;

export const zMunicipalRateImportResult = lazy(() =>
  z.object({
    year: z.int(),
    written: z.int(),
    /** The rows of the year that the import replaced (0 for a new year). */
    replaced: z.int(),
    added: z.int(),
    changed: z.int(),
    removed: z.int(),
  }),
);
export type TMunicipalRateImportResult = z.infer<typeof zMunicipalRateImportResult>;

/** The list file's two calls: the file's bytes as the body, its name in the query. */
export const municipalRateImportApi = lazy(() => ({
  preview: endpoint({
    method: "POST",
    path: "/province-tax-table/import/preview",
    summary:
      "Reads a year's municipal rate list (the Tax Administration's CSV or XLSX, or the repository's CSV shape) and answers what it changes against the year before, or its problems with row and reason; writes nothing",
    query: zMunicipalRateImportQuery,
    body: "file",
    response: zMunicipalRateImportPreview,
    errors: [400, 401, 403],
  }),
  write: endpoint({
    method: "POST",
    path: "/province-tax-table/import",
    summary:
      "Writes a year's municipal rates from its list file in one transaction (400 RATE_LIST_INVALID with each problem's row; 409 TAX_YEAR_HAS_RATES unless replace=true); a refusal writes nothing",
    query: zMunicipalRateImportConfirmQuery,
    body: "file",
    status: 201,
    response: zMunicipalRateImportResult,
    errors: [400, 401, 403, 409],
  }),
}));
