import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type {
  TImportColumns,
  TImportQuery,
  TImportResult,
  TInviteBody,
} from "../../../contract/employee-import.ts";
import type { TUpdateEmployee } from "../../../contract/employees.ts";
import {
  type ColumnMap,
  headerKey,
  MAX_IMPORT_ROWS,
  mapColumns,
  type RememberedColumns,
} from "../../../domain/employee-import.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { employeeImportColumns, employeeImports, users } from "../../db/schema/index.ts";
import { type WriteContext, write } from "../../db/transaction.ts";
import { readSpreadsheet, type SpreadsheetRow } from "../../files/spreadsheet.ts";
import type { CurrentUser, SignedInActor } from "../auth/session-user.ts";
import { addEmployee, addNewPeople } from "../employees/add-employee.ts";
import { decideEmployee } from "../employees/decide-employee.ts";
import { queueDecision, queueInvitation } from "../employees/mails.ts";
import { updateEmployee } from "../employees/update-employee.ts";
import type { OfferOutput } from "../redemptions/add-offer.ts";
import {
  columnsMissing,
  columnsRepeated,
  columnsUnknown,
  importEmpty,
  importHasErrors,
  tooManyRows,
} from "./errors.ts";
import { inviteEmployees, joiningStatus } from "./invitations.ts";
import { type ImportPlan, type PlannedRow, planImport } from "./plan.ts";

/**
 * A company's staff file: previewed (what each row would do, every error), then written in one
 * transaction through the same writes as the employee form (addEmployee, updateEmployee, the
 * decision of a waiting joiner), each event row naming the import. The unknown headers the employer
 * mapped are remembered for the company's next file.
 */

/** What an XLSX of 20,000 rows may unpack to, with room for a sheet's styles. */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

export type ImportUpload = { bytes: Buffer; fileName: string; columns: TImportColumns | undefined };

async function rememberedColumns(db: Db, companyId: string): Promise<RememberedColumns> {
  const [row] = await db
    .select({ columns: employeeImportColumns.columns })
    .from(employeeImportColumns)
    .where(eq(employeeImportColumns.companyId, companyId));
  return (row?.columns ?? {}) as RememberedColumns;
}

/** The mapping the request gives, by header as compared. */
function givenColumns(columns: TImportColumns | undefined): RememberedColumns {
  return Object.fromEntries(
    Object.entries(columns ?? {}).map(([header, field]) => [headerKey(header), field]),
  );
}

function checkColumns(columns: ColumnMap): void {
  if (columns.unknown.length > 0) throw columnsUnknown(columns.unknown);
  if (columns.missing.length > 0) throw columnsMissing(columns.missing);
  if (columns.repeated.length > 0) throw columnsRepeated(columns.repeated);
}

function answer(plan: ImportPlan, columns: ColumnMap, importId: string | null): TImportResult {
  const count = (action: PlannedRow["action"]) => plan.rows.filter((r) => r.action === action).length;
  return {
    importId,
    dryRun: importId === null,
    counts: {
      created: count("NEW"),
      changed: count("CHANGED"),
      unchanged: count("UNCHANGED"),
      ending: count("ENDS"),
    },
    errors: plan.errors,
    rows: plan.rows.map((r) => ({
      row: r.row,
      action: r.action,
      employeeId: r.employeeId,
      name: r.name,
      email: r.email,
      fields: r.action === "CHANGED" ? r.fields : r.action === "ENDS" ? ["lastWorkingDayDate"] : [],
    })),
    columns: columns.fields,
  };
}

/** The employer's fields of a new row, as the decision of a waiting joiner takes them. */
function employerFieldsOf(row: Extract<PlannedRow, { action: "NEW" }>): TUpdateEmployee {
  const {
    companyId: _,
    firstName: _f,
    lastName: _l,
    workEmail: _e,
    phoneNumber: _p,
    language: _g,
    ...fields
  } = row.input;
  return fields;
}

async function writeRow(w: WriteContext<SignedInActor>, row: PlannedRow, output: OfferOutput): Promise<void> {
  switch (row.action) {
    case "NEW":
      if (row.employeeId === null) {
        // A person with an account who is not yet the company's own is invited, and told at once, as
        // the employee form tells them; a new account waits for the employer's invitations.
        const added = await addEmployee(w, row.input, "import");
        if (added.kind === "invitation") await queueInvitation(w.tx, added, row.input);
        return;
      }
      {
        // A person who joined through the registration link and waits: the file accepts them.
        const decision = { decision: "ACCEPTED" as const, ...employerFieldsOf(row) };
        const decided = await decideEmployee(w, row.employeeId, decision);
        await queueDecision(w.tx, decided, decision);
      }
      return;
    case "CHANGED":
      await updateEmployee(w, row.employeeId, row.changes, output);
      return;
    case "ENDS":
      await updateEmployee(w, row.employeeId, { lastWorkingDayDate: row.lastWorkingDayDate }, output);
      return;
    case "UNCHANGED":
      return;
  }
}

/**
 * The plan's rows written: the new people without an account in a few statements per 500 (a file of
 * thousands of new starters), everyone else one by one through the employees' own writes.
 */
async function writeRows(
  w: WriteContext<SignedInActor>,
  companyId: string,
  rows: readonly PlannedRow[],
  output: OfferOutput,
): Promise<void> {
  const starters = rows.flatMap((r) => (r.action === "NEW" && r.employeeId === null ? [r] : []));
  const emails = starters.map((r) => r.email);
  const accounts = new Set(
    emails.length === 0
      ? []
      : (
          await w.tx
            .select({ email: sql<string>`lower(${users.email})` })
            .from(users)
            .where(inArray(sql`lower(${users.email})`, emails))
        ).map((u) => u.email),
  );
  await addNewPeople(
    w,
    companyId,
    starters.filter((r) => !accounts.has(r.email)).map((r) => r.input),
    "import",
  );
  for (const row of rows) {
    const bulkAdded = row.action === "NEW" && row.employeeId === null && !accounts.has(row.email);
    if (!bulkAdded) await writeRow(w, row, output);
  }
}

export function createEmployeeImportService(ctx: AppContext) {
  const { db } = ctx.database;
  const output: OfferOutput = { publicUrl: ctx.config.publicUrl, files: ctx.files };

  async function readRows(bytes: Buffer): Promise<SpreadsheetRow[]> {
    const rows = await readSpreadsheet(bytes, { maxUnpackedBytes: MAX_UNPACKED_BYTES });
    if (rows.length - 1 > MAX_IMPORT_ROWS) throw tooManyRows();
    if (rows.length < 2) throw importEmpty();
    return rows;
  }

  return {
    joining: (companyId: string) => joiningStatus(db, companyId),

    invite: (user: CurrentUser, companyId: string, body: TInviteBody) =>
      write(db, { actor: { userId: user.id } }, (w) => inviteEmployees(w, companyId, body)),

    async run(
      user: CurrentUser,
      companyId: string,
      upload: ImportUpload,
      query: TImportQuery,
    ): Promise<TImportResult> {
      const [header, ...records] = await readRows(upload.bytes);
      const given = givenColumns(upload.columns);
      const columns = mapColumns(header?.cells ?? [], {
        ...(await rememberedColumns(db, companyId)),
        ...given,
      });
      checkColumns(columns);
      const now = new Date();
      const planOptions = { columns, leaversOn: query.leaversOn ?? null, reach: user.scope, now };
      const plan = await planImport(db, companyId, records, planOptions);
      if (query.dryRun) return answer(plan, columns, null);
      if (plan.errors.length > 0 && !query.validRowsOnly) {
        throw importHasErrors(new Set(plan.errors.map((e) => e.row)).size);
      }
      const importId = randomUUID();
      const actor: SignedInActor = { userId: user.id, user };
      const written = await write(db, { actor, now, importId }, async (w) => {
        // Read again in the transaction: what another change did since the preview counts.
        const fresh = await planImport(w.tx, companyId, records, planOptions);
        const counts = answer(fresh, columns, importId).counts;
        await w.tx.insert(employeeImports).values({
          id: importId,
          companyId,
          userId: user.id,
          fileName: upload.fileName.slice(0, 200),
          ...counts,
          skipped: new Set(fresh.errors.map((e) => e.row)).size,
          leaversOn: query.leaversOn ?? null,
          createdAt: now,
        });
        await writeRows(w, companyId, fresh.rows, output);
        if (Object.keys(given).length > 0) {
          await w.tx
            .insert(employeeImportColumns)
            .values({ companyId, columns: given, updatedAt: now })
            .onConflictDoUpdate({
              target: employeeImportColumns.companyId,
              set: { columns: sql`${employeeImportColumns.columns} || excluded.columns`, updatedAt: now },
            });
        }
        return fresh;
      });
      return answer(written, columns, importId);
    },
  };
}
