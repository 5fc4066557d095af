/**
 * The admin report sections' CSV files, built in the browser from the report the page already has;
 * the format (Finnish Excel: `;`, BOM, CRLF, decimal comma) is src/domain/csv.ts.
 */
export { type CsvCell, csvEuros, toCsv } from "../../../../domain/csv.ts";

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
