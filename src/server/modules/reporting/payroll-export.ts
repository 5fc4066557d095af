import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { CSV_BOM, type CsvCell, csvCents, csvLine } from "../../../domain/csv.ts";
import { formatHelsinkiDate } from "../../../domain/dates.ts";
import type { Language } from "../../../domain/enums.ts";
import type { PayrollRow, PayrollTotals } from "../../../domain/payroll/types.ts";
import { changedFieldName, PAYROLL_WORDS, type PayrollColumn, type PayrollWords } from "./payroll-texts.ts";

/**
 * The payroll report as a file for payroll: CSV for Finnish Excel or XLSX (a sheet of rows with a
 * totals row, and a summary sheet per Incomes Register income type). A month's report is one
 * company's rows, so it is built in memory; the money columns are numbers in euros.
 */

const MONEY_COLUMNS = [
  "monthlyPaymentCents",
  "grossDeductionCents",
  "deferredCents",
  "catchUpCents",
  "taxFreeCents",
  "taxableCents",
  "ownPaymentCents",
  "netDeductionCents",
] as const satisfies readonly PayrollColumn[];
type MoneyColumn = (typeof MONEY_COLUMNS)[number];
const isMoney = (column: PayrollColumn): column is MoneyColumn =>
  (MONEY_COLUMNS as readonly string[]).includes(column);

const COLUMNS = Object.keys(PAYROLL_WORDS.fi.columns) as PayrollColumn[];

function absenceText(words: PayrollWords, row: PayrollRow): string | null {
  if (!row.absence) return null;
  const { reason, reasonOther, startDate, endDate } = row.absence;
  const what =
    reason === "OTHER" && reasonOther
      ? `${words.absenceReason.OTHER}: ${reasonOther}`
      : words.absenceReason[reason];
  return `${what} ${formatHelsinkiDate(startDate)}–${endDate ? formatHelsinkiDate(endDate) : ""}`;
}

function oneOffsText(words: PayrollWords, row: PayrollRow): string | null {
  if (row.oneOffs.length === 0) return null;
  return row.oneOffs
    .map((item) => `${item.description ?? words.oneOffKind[item.kind]} ${csvCents(item.amountCents)} €`)
    .join("; ");
}

/** The cell of a column: money in cents (the caller formats), texts in the reader's words. */
function cell(words: PayrollWords, row: PayrollRow, column: PayrollColumn): string | number | null {
  if (isMoney(column)) return row[column];
  switch (column) {
    case "regime":
      return row.regime ? words.regime[row.regime] : null;
    case "taxFreeUntil":
      return row.taxFreeUntil ? formatHelsinkiDate(row.taxFreeUntil) : null;
    case "employmentEndsOn":
      return row.employmentEndsOn ? formatHelsinkiDate(row.employmentEndsOn) : null;
    case "oneOffs":
      return oneOffsText(words, row);
    case "absence":
      return absenceText(words, row);
    case "change":
      return row.change ? words.change[row.change] : null;
    case "changedFields":
      return row.changedFields.length > 0
        ? row.changedFields.map((f) => changedFieldName(words, f)).join(", ")
        : null;
    default:
      return row[column];
  }
}

function totalCell(
  words: PayrollWords,
  totals: PayrollTotals,
  column: PayrollColumn,
): string | number | null {
  if (column === "lastName") return words.total;
  return isMoney(column) ? totals[column] : null;
}

export type PayrollFile = { fileName: string; contentType: string; body: string | Readable };

/**
 * The CSV sent line by line as it is written: a 60,000-employee company's month is some 20,000 rows,
 * and the answer starts at once instead of after one string of them all.
 */
export function payrollCsv(rows: readonly PayrollRow[], totals: PayrollTotals, lang: Language): Readable {
  const words = PAYROLL_WORDS[lang];
  const money = (column: PayrollColumn, value: string | number | null): CsvCell =>
    isMoney(column) && typeof value === "number" ? csvCents(value) : value;
  function* lines() {
    yield `${CSV_BOM}${csvLine(COLUMNS.map((column) => words.columns[column]))}`;
    for (const row of rows) yield csvLine(COLUMNS.map((column) => money(column, cell(words, row, column))));
    yield csvLine(COLUMNS.map((column) => money(column, totalCell(words, totals, column))));
  }
  return Readable.from(lines());
}

export function payrollXlsx(
  rows: readonly PayrollRow[],
  totals: PayrollTotals,
  lang: Language,
  onError: (error: unknown) => void,
): Readable {
  const words = PAYROLL_WORDS[lang];
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(words.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({
    header: words.columns[column],
    key: column,
    width: Math.min(40, Math.max(12, words.columns[column].length + 2)),
    ...(isMoney(column) ? { style: { numFmt: "#,##0.00" } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const euros = (column: PayrollColumn, value: string | number | null) =>
    isMoney(column) && typeof value === "number" ? value / 100 : value;
  const values = (get: (column: PayrollColumn) => string | number | null) =>
    Object.fromEntries(COLUMNS.map((column) => [column, euros(column, get(column))]));
  void (async () => {
    try {
      for (const row of rows) sheet.addRow(values((column) => cell(words, row, column))).commit();
      const total = sheet.addRow(values((column) => totalCell(words, totals, column)));
      total.font = { bold: true };
      total.commit();
      sheet.commit();
      const summary = workbook.addWorksheet(words.summarySheetName);
      summary.columns = [
        { header: words.incomeTypeHeader, key: "type", width: 12 },
        { header: words.descriptionHeader, key: "name", width: 48 },
        { header: "€", key: "amount", width: 14, style: { numFmt: "#,##0.00" } },
      ];
      summary.getRow(1).font = { bold: true };
      for (const { incomeType, amountCents } of totals.incomeTypes) {
        summary
          .addRow({ type: incomeType, name: words.incomeType[incomeType], amount: amountCents / 100 })
          .commit();
      }
      summary
        .addRow({
          name: words.columns.grossDeductionCents.replace(/ \(€\)$/, ""),
          amount: totals.grossDeductionCents / 100,
        })
        .commit();
      summary
        .addRow({
          name: words.columns.netDeductionCents.replace(/ \(€\)$/, ""),
          amount: totals.netDeductionCents / 100,
        })
        .commit();
      summary.commit();
      await workbook.commit();
    } catch (error) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}

/** "palkkaraportti_demo-oy_2026-11.csv": the report, the company and the month, safe as a file name. */
export function payrollFileName(lang: Language, companyName: string, period: string, format: "csv" | "xlsx") {
  const company = companyName
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${PAYROLL_WORDS[lang].fileName}_${company}_${period}.${format}`;
}
