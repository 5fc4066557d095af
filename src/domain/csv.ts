/**
 * CSV files for Finnish Excel: `;` between fields (Excel in a Finnish locale reads `,` as the decimal
 * comma), a UTF-8 byte order mark (without it Excel reads ä and ö as Windows-1252), CRLF line ends
 * (RFC 4180) and euros with a decimal comma. Built in the browser (the admin's report sections) and on
 * the server (the employer's exports) alike; read back by `readCsv` (the tax tables' yearly import),
 * whichever of `;`, `,` or a tab the file separates with.
 */

export type CsvCell = string | number | null | undefined;

const CSV_SEPARATOR = ";";
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

/** One record of a read file: its cells and the line it starts on (1 for the first). */
export type CsvRecord = { line: number; cells: string[] };

const SEPARATORS = [";", ",", "\t"] as const;

/**
 * The separator of a file, told by its first line that is not blank: the one of `;`, `,` and tab that
 * occurs most often outside quotes (`;` on a tie, as Finnish Excel writes it).
 */
function csvSeparatorOf(firstLine: string): string {
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  let best: string = CSV_SEPARATOR;
  let most = 0;
  for (const separator of SEPARATORS) {
    const count = unquoted.split(separator).length - 1;
    if (count > most) {
      best = separator;
      most = count;
    }
  }
  return best;
}

/**
 * A CSV text as records (RFC 4180: quoted fields may hold the separator, doubled quotes and line
 * breaks), its byte order mark dropped and its separator told by its first line (csvSeparatorOf). Cells are kept as
 * written but for the quotes; blank lines are left out. The line numbers are the text's own, so a
 * problem in a record can be named by the line a spreadsheet or an editor shows.
 */
export function readCsv(text: string): CsvRecord[] {
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const separator = csvSeparatorOf(body.split(/\r?\n/).find((l) => l.trim() !== "") ?? "");
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) records.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && body[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else {
      cell += char;
    }
  }
  endRecord();
  return records;
}
