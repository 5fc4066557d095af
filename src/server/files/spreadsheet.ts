import ExcelJS from "exceljs";
import { readCsv } from "../../domain/csv.ts";
import { fileRefused } from "./uploads.ts";
import { checkZipExpansion } from "./zip-expansion.ts";

/**
 * A spreadsheet as a person uploads it, read into rows of cells: a CSV (`;`, `,` or tab; UTF-8, with or
 * without its byte order mark, or Windows-1252 as Excel saves "CSV" on Windows in Finland) or an XLSX
 * workbook's first sheet that has rows. The type is told by the bytes, never by the name or the header:
 * an XLSX is a ZIP file, a CSV is text. An old .xls workbook, a PDF, an image or any other binary is
 * refused with 400 FILE_TYPE_NOT_ALLOWED. A workbook's formulas are read as the values Excel saved
 * with them, and its macros are never read: only cell values are.
 */

/** One row of cells and the row number the file shows it at (the first is 1). */
export type SpreadsheetRow = { row: number; cells: string[] };

const NOT_A_SPREADSHEET = "The file must be a CSV file or an XLSX workbook";

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** A worksheet cell as the text a CSV would hold; a cell formatted as a percent (0.053) reads 5.3. */
function cellText(value: ExcelJS.CellValue, numFmt: string | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    const shown = numFmt?.includes("%") ? value * 100 : value;
    return String(Number(shown.toFixed(6)));
  }
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("error" in value) return value.error;
  if ("hyperlink" in value) return value.text;
  // A formula: the value Excel saved with it, never the formula itself.
  return cellText(value.result ?? null, numFmt);
}

async function xlsxRows(body: Buffer, maxUnpackedBytes: number): Promise<SpreadsheetRow[]> {
  const zip = checkZipExpansion(body, maxUnpackedBytes);
  if (!zip.ok) throw fileRefused("FILE_TYPE_NOT_ALLOWED", `The XLSX workbook cannot be read: ${zip.reason}`);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw fileRefused("FILE_TYPE_NOT_ALLOWED", "The XLSX workbook cannot be read");
  }
  const sheet = workbook.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) return [];
  const rows: SpreadsheetRow[] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) {
      const cell = row.getCell(column);
      cells.push(cellText(cell.value, cell.numFmt));
    }
    if (cells.some((c) => c.trim() !== "")) rows.push({ row: row.number, cells });
  });
  // A row's trailing empty cells are not stored: every row is as wide as its header.
  const width = rows[0]?.cells.length ?? 0;
  return rows.map((r) =>
    r.cells.length < width ? { ...r, cells: [...r.cells, ...Array(width - r.cells.length).fill("")] } : r,
  );
}

function decodeText(body: Buffer): string {
  if (body.includes(0)) throw fileRefused("FILE_TYPE_NOT_ALLOWED", NOT_A_SPREADSHEET);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    // Not UTF-8: Excel's "CSV" on Windows writes the ANSI code page, Windows-1252 in Finland.
    return new TextDecoder("windows-1252").decode(body);
  }
}

/** The file's rows of cells, the header first, numbered as the file shows them. */
export async function readSpreadsheet(
  body: Buffer,
  { maxUnpackedBytes }: { maxUnpackedBytes: number },
): Promise<SpreadsheetRow[]> {
  if (body.length === 0) throw fileRefused("FILE_EMPTY");
  if (startsWith(body, [0x50, 0x4b, 0x03, 0x04])) return xlsxRows(body, maxUnpackedBytes);
  if (startsWith(body, [0xd0, 0xcf, 0x11, 0xe0])) {
    throw fileRefused("FILE_TYPE_NOT_ALLOWED", "An .xls workbook cannot be read: save it as XLSX or CSV");
  }
  if (startsWith(body, [0x25, 0x50, 0x44, 0x46]))
    throw fileRefused("FILE_TYPE_NOT_ALLOWED", NOT_A_SPREADSHEET);
  return readCsv(decodeText(body)).map(({ line, cells }) => ({ row: line, cells }));
}
