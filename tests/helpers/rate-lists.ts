import ExcelJS from "exceljs";
import { PUBLISHED_MUNICIPAL_RATE_LISTS } from "../../src/domain/tax/municipal-rates/published-municipal-rates.ts";

/**
 * Municipal rate lists for the import's tests, made from the 2026 list the repository keeps: the next
 * year's list as the helpdesk would get it, with a few rates changed and one municipality gone (as in a
 * merger), in this repository's CSV shape, in the Tax Administration's published shape (Finnish column
 * names, `;`, decimal commas, no codes), or as an XLSX workbook.
 */

const HEADER_2026 =
  "municipality_code,municipality,municipality_sv,municipal_rate_percent,evangelical_lutheran_percent,orthodox_percent,aland";

/** 2026's list as this repository keeps it, header first, without its blank first line. */
function list2026Lines(): string[] {
  const csv = PUBLISHED_MUNICIPAL_RATE_LISTS.find((l) => l.year === 2026)?.csv ?? "";
  const lines = csv.split("\n").filter((line) => line.trim() !== "");
  if (lines[0] !== HEADER_2026 || lines.length !== 309) throw new Error("2026's list is not as expected");
  return lines;
}

/**
 * What the 2027 list of the tests changes against 2026: Helsinki raises its municipal rate 5.30 → 5.50,
 * Espoo's Lutheran parish 1.00 → 1.10, and Luhanka is gone (merged into a neighbour).
 */
export const NEXT_YEAR_CHANGES = {
  raised: { code: "091", name: "Helsinki", from: 5.3, to: 5.5 },
  parish: { code: "049", name: "Espoo", from: 1, to: 1.1 },
  removed: { code: "435", name: "Luhanka" },
} as const;

/** The 2027 list in this repository's CSV shape (307 municipalities). */
export function nextYearCsv(edit: (lines: string[]) => string[] = (lines) => lines): string {
  const lines = list2026Lines()
    .filter((line) => !line.startsWith(`${NEXT_YEAR_CHANGES.removed.code},`))
    .map((line) => {
      if (line.startsWith("091,Helsinki,")) return line.replace(",5.30,1.00,", ",5.50,1.00,");
      if (line.startsWith("049,Espoo,")) return line.replace(",5.30,1.00,", ",5.30,1.10,");
      return line;
    });
  return `${edit(lines).join("\n")}\n`;
}

/** The rows of a repository-shaped CSV as cells. */
function cellsOf(csv: string): string[][] {
  return csv
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => line.split(","));
}

/** The same list as the Tax Administration publishes it: name and three rates, `;`, decimal commas. */
export function publishedShape(csv: string): string {
  const [, ...rows] = cellsOf(csv);
  const header =
    "Kunta;Tuloveroprosentti;Evankelis-luterilaisen seurakunnan tuloveroprosentti;Ortodoksisen seurakunnan tuloveroprosentti";
  const comma = (value: string) => value.replace(".", ",");
  return `\uFEFF${[header, ...rows.map(([, name, , m, l, o]) => [name, comma(m ?? ""), comma(l ?? ""), comma(o ?? "")].join(";"))].join("\r\n")}\r\n`;
}

/**
 * The same list as an XLSX workbook as a spreadsheet saves it: codes as numbers (without their leading
 * zeros) and the rates as percent-formatted numbers (5.3 % kept as 0.053).
 */
export async function xlsxOf(csv: string): Promise<Buffer> {
  const [header = [], ...rows] = cellsOf(csv);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Veroprosentit");
  sheet.addRow(header.slice(0, 6));
  for (const [code, name, sv, m, l, o] of rows) {
    const row = sheet.addRow([Number(code), name, sv, Number(m) / 100, Number(l) / 100, Number(o) / 100]);
    for (const column of [4, 5, 6]) row.getCell(column).numFmt = "0.00%";
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
