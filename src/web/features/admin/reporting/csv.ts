/**
 * CSV files for Finnish Excel, built in the browser from the report the page already has: `;` between
 * fields (Excel in a Finnish locale reads `,` as the decimal comma), a UTF-8 byte order mark (without
 * it Excel reads ä and ö as Windows-1252), CRLF line ends (RFC 4180) and euros with a decimal comma.
 */

export type CsvCell = string | number | null | undefined;

export const CSV_SEPARATOR = ";";
const BOM = "\uFEFF";

/** A field quoted when it holds the separator, a quote, a line break or edge spaces; quotes doubled. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // A leading = + - @ would make Excel run the cell as a formula (CSV injection); a tab keeps it text.
  const safe = /^[=+\-@]/.test(text) && typeof value === "string" ? `\t${text}` : text;
  return /[";\r\n\t]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole file: BOM, then each row's fields joined by `;`, rows ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  const lines = rows.map((row) => `${row.map(csvField).join(CSV_SEPARATOR)}\r\n`);
  return `${BOM}${lines.join("")}`;
}

/** Euros as Excel in Finland reads a number: two decimals, a decimal comma, no thousands separator. */
export function csvEuros(euros: number): string {
  return euros.toFixed(2).replace(".", ",");
}

/** "raportti_2025-11-01_2026-11-22.csv": the section and the date range, safe as a file name. */
export function csvFileName(section: string, from: string, to: string): string {
  return `${section}_${from}_${to}.csv`.replace(/[^\w.-]+/g, "-");
}

/** Saves the file through a temporary link (no server round trip). */
export function downloadCsv(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
