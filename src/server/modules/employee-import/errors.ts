import { MAX_IMPORT_ROWS } from "../../../domain/employee-import.ts";
import { AppError } from "../../errors.ts";

/** The answers of a staff file the import cannot read as employees; all 400, nothing written. */

/** Each unknown header in the details, so the web asks which field each is. */
export const columnsUnknown = (headers: readonly string[]) =>
  new AppError(
    400,
    "IMPORT_COLUMNS_UNKNOWN",
    "The file has columns whose headers are not known: say which field each is, or leave it out",
    headers.map((header) => ({ field: "columns", message: header })),
  );

export const columnsMissing = (fields: readonly string[]) =>
  new AppError(
    400,
    "IMPORT_COLUMNS_MISSING",
    "The file lacks a column every employee needs",
    fields.map((field) => ({ field: "columns", message: field })),
  );

export const columnsRepeated = (fields: readonly string[]) =>
  new AppError(
    400,
    "IMPORT_COLUMNS_REPEATED",
    "Two columns of the file give the same field",
    fields.map((field) => ({ field: "columns", message: field })),
  );

export const tooManyRows = () =>
  new AppError(
    400,
    "IMPORT_TOO_MANY_ROWS",
    `The file has more than ${MAX_IMPORT_ROWS} rows: split it into smaller files`,
    [{ field: "file", message: `At most ${MAX_IMPORT_ROWS} rows` }],
  );

export const importEmpty = () =>
  new AppError(400, "IMPORT_EMPTY", "The file has no employees below its header row", [
    { field: "file", message: "No rows below the header" },
  ]);

export const importHasErrors = (rows: number) =>
  new AppError(400, "IMPORT_HAS_ERRORS", `${rows} rows have errors: nothing was written`, [
    { field: "file", message: `${rows} rows have errors` },
  ]);
