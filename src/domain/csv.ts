/**
 * CSV files for Finnish Excel: `;` between fields (Excel in a Finnish locale reads `,` as the decimal
 * comma), a UTF-8 byte order mark (without it Excel reads ä and ö as Windows-1252), CRLF line ends
 * (RFC 4180) and euros with a decimal comma. Built in the browser (the admin's report sections) and on
 * the server (the employer's exports) alike.
 */

export type CsvCell = string | number | null | undefined;

export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\uFEFF";

/** A field quoted when it holds the separator, a quote, a line break or edge spaces; quotes doubled. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // A leading = + - @ would make Excel run the cell as a formula (CSV injection); a tab keeps it text.
  const safe = /^[=+\-@]/.test(text) && typeof value === "string" ? `\t${text}` : text;
  return /[";\r\n\t]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row: fields joined by `;`, ended by CRLF. */
export function csvLine(row: readonly CsvCell[]): string {
  return `${row.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}

/** The whole file: BOM, then each row. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${CSV_BOM}${rows.map(csvLine).join("")}`;
}

/** Euros as Excel in Finland reads a number: two decimals, a decimal comma, no thousands separator. */
export function csvEuros(euros: number): string {
  return euros.toFixed(2).replace(".", ",");
}

/** Cents as csvEuros. */
export function csvCents(cents: number): string {
  return csvEuros(cents / 100);
}
