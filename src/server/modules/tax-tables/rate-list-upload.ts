import ExcelJS from "exceljs";
import { MAX_RATE_LIST_BYTES } from "../../../contract/municipal-rate-import.ts";
import { readCsv } from "../../../domain/csv.ts";
import type { RateListRecord } from "../../../domain/tax/municipal-rates/rate-list-file.ts";
import { fileRefused, type UploadBodies } from "../../files/uploads.ts";
import { checkZipExpansion } from "../../files/zip-expansion.ts";

/**
 * A municipal rate list's file as the helpdesk uploads it, read into rows of cells: a CSV (UTF-8, with
 * or without its byte order mark, or Windows-1252 as older Excel saves it) or an XLSX workbook's first
 * sheet that has rows. The type is told by the bytes, never by the name or the header: an XLSX is a ZIP
 * file, a CSV is text. An old .xls workbook, a PDF or any other binary is refused with 400
 * FILE_TYPE_NOT_ALLOWED.
 */

/** The bodies the import's routes read: any type a browser may give a CSV or XLSX, up to 1 MB. */
export const RATE_LIST_BODIES: UploadBodies = {
  contentTypes: [
    "application/octet-stream",
    "text/csv",
    "text/plain",
    "application/vnd.ms-excel",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
  maxBytes: MAX_RATE_LIST_BYTES,
};

/** What an XLSX of a rate list may unpack to: 308 rows are well under 1 MB unpacked. */
const MAX_XLSX_UNPACKED_BYTES = 20 * 1024 * 1024;

const NOT_A_LIST = "The file must be a CSV file or an XLSX workbook";

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
  return cellText(value.result ?? null, numFmt);
}

async function xlsxRecords(body: Buffer): Promise<RateListRecord[]> {
  const zip = checkZipExpansion(body, MAX_XLSX_UNPACKED_BYTES);
  if (!zip.ok) throw fileRefused("FILE_TYPE_NOT_ALLOWED", `The XLSX workbook cannot be read: ${zip.reason}`);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw fileRefused("FILE_TYPE_NOT_ALLOWED", "The XLSX workbook cannot be read");
  }
  const sheet = workbook.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) return [];
  const records: RateListRecord[] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) {
      const cell = row.getCell(column);
      cells.push(cellText(cell.value, cell.numFmt));
    }
    if (cells.some((c) => c.trim() !== "")) records.push({ row: row.number, cells });
  });
  // A row's trailing empty cells are not stored: every row is as wide as its header.
  const width = records[0]?.cells.length ?? 0;
  return records.map((r) =>
    r.cells.length < width ? { ...r, cells: [...r.cells, ...Array(width - r.cells.length).fill("")] } : r,
  );
}

function decodeText(body: Buffer): string {
  if (body.includes(0)) throw fileRefused("FILE_TYPE_NOT_ALLOWED", NOT_A_LIST);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    // Not UTF-8: Excel's "CSV" on Windows writes the ANSI code page, Windows-1252 in Finland.
    return new TextDecoder("windows-1252").decode(body);
  }
}

/** The file's rows of cells, the header first, numbered as the file shows them. */
export async function rateListRecords(body: Buffer): Promise<RateListRecord[]> {
  if (body.length === 0) throw fileRefused("FILE_EMPTY");
  if (startsWith(body, [0x50, 0x4b, 0x03, 0x04])) return xlsxRecords(body);
  if (startsWith(body, [0xd0, 0xcf, 0x11, 0xe0])) {
    throw fileRefused("FILE_TYPE_NOT_ALLOWED", "An .xls workbook cannot be read: save it as XLSX or CSV");
  }
  if (startsWith(body, [0x25, 0x50, 0x44, 0x46])) throw fileRefused("FILE_TYPE_NOT_ALLOWED", NOT_A_LIST);
  return readCsv(decodeText(body)).map(({ line, cells }) => ({ row: line, cells }));
}
