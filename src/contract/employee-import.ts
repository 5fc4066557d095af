import { z } from "zod";
import { IMPORT_FIELDS } from "../domain/employee-import.ts";
import { zCompanyIdParams } from "./employees.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zBooleanString } from "./system-users.ts";
import { zFileAnswer } from "./uploads.ts";
import { zPlausibleDate } from "./values.ts";

/**
 * An employer's staff imported from its HR system's file:
 * - POST /api/beneficiary-employee/companies/:id/import[?dryRun=true][&validRowsOnly=true][&leaversOn=YYYY-MM-DD]
 *   multipart: `file` (CSV or XLSX, told by its bytes) and optionally `columns` (JSON: an unknown
 *   header → the field it is, or "" to leave the column out; remembered for the company once written).
 *   Answers what each row does (NEW, CHANGED with its fields, UNCHANGED, ENDS for an employee missing
 *   from the file when `leaversOn` is given) and every error with its row (the file's own line, the
 *   header is row 1), column and code. With dryRun nothing is written; without it the rows are written
 *   in one transaction, unless a row has an error and validRowsOnly is not true (then 400
 *   IMPORT_HAS_ERRORS with the number of such rows, nothing written: the preview lists them). A file without the name and
 *   e-mail columns, with unknown headers to map or over its limits is 400; not CSV or XLSX 400
 *   FILE_TYPE_NOT_ALLOWED. The company's admins and the helpdesk only; another company 404.
 * - GET /api/beneficiary-employee/import-template?language=fi|en|sv&format=csv|xlsx: the empty file.
 * - GET /api/beneficiary-employee/companies/:id/joining: who of the company's employees has logged in,
 *   who was invited and who not yet (the first 500 not logged in, newest first).
 * - POST /api/beneficiary-employee/companies/:id/invite { employeeIds } or { all: true }: mails each
 *   (all: each not yet invited) who has not logged in their invitation with a personal link to a
 *   ready account; one reminder goes 7 days later to whoever still has not logged in. Employees' add
 *   permission in the company; another company 404.
 */

const IMPORT_ROW_ACTIONS = ["NEW", "CHANGED", "UNCHANGED", "ENDS"] as const;

/** What is wrong with a row's cell, for the web's words (the message says it in English). */
const IMPORT_ERROR_CODES = [
  "REQUIRED",
  "EMAIL_INVALID",
  "EMAIL_REPEATED",
  "EMAIL_TAKEN",
  "EMAIL_OF_ANOTHER_EMPLOYEE",
  "EMPLOYEE_NUMBER_REPEATED",
  "DATE_INVALID",
  "DATE_ORDER",
  "UNIT_UNKNOWN",
  "PRICE_INVALID",
  "PHONE_INVALID",
  "LANGUAGE_UNKNOWN",
  "TEXT_INVALID",
  "PERSON_SHARED",
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

const zImportField = lazy(() => z.enum(IMPORT_FIELDS));

const zImportQuery = lazy(() =>
  z.object({
    dryRun: zBooleanString.default(false),
    /** Write the rows without errors and leave the others. */
    validRowsOnly: zBooleanString.default(false),
    /** The last working day of the company's employees the file does not list (none: they are left as they are). */
    leaversOn: zPlausibleDate("LAST_WORKING_DAY").optional(),
  }),
);
export type TImportQuery = z.infer<typeof zImportQuery>;

/** The `columns` part: an unknown header → its field, or "" to leave the column out. */
export const zImportColumns = lazy(() =>
  z.record(z.string().max(200), z.union([zImportField, z.literal("")])),
);
export type TImportColumns = z.infer<typeof zImportColumns>;

const zImportRow = lazy(() =>
  z.object({
    /** The file's own line (the header is 1); null for an employee the file does not list (ENDS). */
    row: z.int().nullable(),
    action: z.enum(IMPORT_ROW_ACTIONS),
    employeeId: z.uuid().nullable(),
    name: z.string(),
    email: z.string(),
    /** The fields that change (CHANGED), or the last working day (ENDS). */
    fields: z.array(z.string()),
  }),
);
export type TImportRow = z.infer<typeof zImportRow>;

const zImportError = lazy(() =>
  z.object({
    row: z.int(),
    /** The field of the column, or null for the whole row. */
    column: zImportField.nullable(),
    code: z.enum(IMPORT_ERROR_CODES),
    message: z.string(),
  }),
);
export type TImportError = z.infer<typeof zImportError>;

export const zImportResult = lazy(() =>
  z.object({
    /** The written import's id, which its employees' events carry; null for a preview. */
    importId: z.uuid().nullable(),
    dryRun: z.boolean(),
    counts: z.object({
      created: z.int(),
      changed: z.int(),
      unchanged: z.int(),
      ending: z.int(),
    }),
    /** Rows with an error: not written. */
    errors: z.array(zImportError),
    rows: z.array(zImportRow),
    /** Each column's field, in the file's order (null: left out). */
    columns: z.array(zImportField.nullable()),
  }),
);
export type TImportResult = z.infer<typeof zImportResult>;

export const zImportTemplateQuery = lazy(() =>
  z.object({
    language: z.enum(["fi", "en", "sv"]).default("fi"),
    format: z.enum(["csv", "xlsx"]).default("xlsx"),
  }),
);

const MAX_INVITES = 20_000;

const zInviteBody = lazy(() =>
  z.union([
    z.object({ employeeIds: z.array(z.uuid()).min(1).max(MAX_INVITES) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ]),
);
export type TInviteBody = z.infer<typeof zInviteBody>;

const zInviteResult = lazy(() =>
  z.object({
    /** Mailed now. */
    invited: z.int(),
    /** Left out: they have logged in already (or are not the company's accepted employees). */
    skipped: z.int(),
  }),
);

const zJoiningPerson = lazy(() =>
  z.object({
    employeeId: z.uuid(),
    name: z.string(),
    email: z.string(),
    invitedAt: z.iso.datetime().nullable(),
    remindedAt: z.iso.datetime().nullable(),
  }),
);

const zJoiningStatus = lazy(() =>
  z.object({
    joined: z.int(),
    invited: z.int(),
    notInvited: z.int(),
    /** The first 500 who have not logged in, newest employees first. */
    waiting: z.array(zJoiningPerson),
  }),
);
export type TJoiningStatus = z.infer<typeof zJoiningStatus>;

/**
 * The staff file's import and the JSON calls of the staff's invitations. The import's body is the
 * multipart form the comment above describes, not JSON: the endpoint names its address, query and answer.
 * The template is a file the web downloads by its address.
 */
export const employeeImportApi = lazy(() => ({
  template: endpoint({
    method: "GET",
    path: "/beneficiary-employee/import-template",
    summary: "The staff file's template: its header row in the asked language, as CSV or XLSX",
    query: zImportTemplateQuery,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403],
  }),
  importFile: endpoint({
    method: "POST",
    path: "/beneficiary-employee/companies/:id/import",
    summary:
      "Previews (dryRun=true) or writes a staff file (CSV or XLSX, multipart field `file`): each row new, changed, unchanged or ending, and every error with its row and column; a write with errors writes nothing unless validRowsOnly=true",
    params: zCompanyIdParams,
    query: zImportQuery,
    response: zImportResult,
    errors: [400, 401, 403, 404],
  }),
  joining: endpoint({
    method: "GET",
    path: "/beneficiary-employee/companies/:id/joining",
    summary: "Who of the company's employees has logged in, who was invited and who not yet",
    params: zCompanyIdParams,
    response: zJoiningStatus,
    errors: [400, 401, 403, 404],
  }),
  invite: endpoint({
    method: "POST",
    path: "/beneficiary-employee/companies/:id/invite",
    summary:
      "Mails the chosen employees (or all not yet invited) who have not logged in their invitation with a personal link; one reminder follows in 7 days",
    params: zCompanyIdParams,
    body: zInviteBody,
    response: zInviteResult,
    errors: [400, 401, 403, 404],
  }),
}));
