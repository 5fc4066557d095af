import {
  AMOUNT_KINDS,
  type AmountKind,
  type DateFormat,
  type DecimalSeparator,
  type FieldSeparator,
  type FileEncoding,
  INCOME_TYPE_OF_KIND,
  isMoneyField,
  MONEY_FIELD_OF_KIND,
  type MoneyField,
  type PayrollTemplate,
  type TemplateField,
} from "./export-template.ts";
import { firstDayOf } from "./period.ts";
import type { PayrollRow } from "./types.ts";

/**
 * The payroll file as the company's template writes it: the report's rows become lines of cells,
 * the lines text with the template's separators, the text bytes in its encoding. Pure, so the
 * preview on the settings page and the delivered file are the same function.
 */

const MONEY_OF_ROW: Record<MoneyField, keyof PayrollRow> = {
  monthlyPayment: "monthlyPaymentCents",
  grossDeduction: "grossDeductionCents",
  taxFree: "taxFreeCents",
  taxable: "taxableCents",
  ownPayment: "ownPaymentCents",
  netDeduction: "netDeductionCents",
  deferred: "deferredCents",
  catchUp: "catchUpCents",
};

/** Cents as a plain decimal number: two decimals, the chosen separator, no thousands grouping. */
export function formatAmount(cents: number, decimalSeparator: DecimalSeparator): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return decimalSeparator === "." ? text : text.replace(".", ",");
}

/** A formatted amount read back to cents (what payroll's import does), or null when it is not one. */
export function parseAmount(text: string, decimalSeparator: DecimalSeparator): number | null {
  const match = new RegExp(`^(-?)(\\d+)\\${decimalSeparator}(\\d{2})$`).exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

/** "YYYY-MM-DD" in the template's date format. */
export function formatDate(date: string, format: DateFormat): string {
  const [y = "", m = "", d = ""] = date.split("-");
  if (format === "YYYY-MM-DD") return `${y}-${m}-${d}`;
  if (format === "DD.MM.YYYY") return `${d}.${m}.${y}`;
  return `${Number(d)}.${Number(m)}.${y}`;
}

type Cell = string;

function rowCell(row: PayrollRow, field: TemplateField, template: PayrollTemplate, period: string): Cell {
  const date = (value: string | null) => (value ? formatDate(value, template.dateFormat) : "");
  if (isMoneyField(field)) {
    return formatAmount(row[MONEY_OF_ROW[field]] as number, template.decimalSeparator);
  }
  switch (field) {
    case "period":
      return date(firstDayOf(period));
    case "taxFreeUntil":
      return date(row.taxFreeUntil);
    case "employmentEndsOn":
      return date(row.employmentEndsOn);
    case "orderNumber":
      return row.orderNumber === null ? "" : String(row.orderNumber);
    case "change":
      // Codes, not words: payroll's import matches them whatever the reader's language.
      return row.change ?? "";
    case "employeeNumber":
    case "lastName":
    case "firstName":
    case "costUnit":
    case "payRollOther":
    case "unitName":
      return row[field] ?? "";
    default:
      return "";
  }
}

/** The amount of a kind on a row. */
export const amountOfKind = (row: PayrollRow, kind: AmountKind): number =>
  row[MONEY_OF_ROW[MONEY_FIELD_OF_KIND[kind]]] as number;

/**
 * The lines of cells, header first when the template has one. ROW: a line per row. PER_KIND: a line
 * per row and chosen kind whose amount is not zero, except that a row marked ENDED keeps one zero line
 * per kind, so that payroll's import sees the deduction stop.
 */
export function templateLines(
  rows: readonly PayrollRow[],
  template: PayrollTemplate,
  period: string,
): Cell[][] {
  const lines: Cell[][] = [];
  if (template.includeHeader) lines.push(template.columns.map((column) => column.header));
  const kinds = template.kinds.filter((k) => (AMOUNT_KINDS as readonly string[]).includes(k.kind));
  for (const row of rows) {
    if (template.layout === "ROW") {
      lines.push(template.columns.map((column) => rowCell(row, column.field, template, period)));
      continue;
    }
    for (const { kind, wageCode } of kinds) {
      const amount = amountOfKind(row, kind);
      if (amount === 0 && row.change !== "ENDED") continue;
      lines.push(
        template.columns.map((column) => {
          switch (column.field) {
            case "kind":
              return kind;
            case "incomeType":
              return String(INCOME_TYPE_OF_KIND[kind] ?? "");
            case "wageCode":
              return wageCode;
            case "amount":
              return formatAmount(amount, template.decimalSeparator);
            default:
              return rowCell(row, column.field, template, period);
          }
        }),
      );
    }
  }
  return lines;
}

/**
 * A field quoted when it holds the separator, a quote, a line break or edge spaces, quotes doubled.
 * A text starting = + - @ would make a spreadsheet run it as a formula (CSV injection): it is led by a
 * tab inside quotes, as the other exports do.
 */
export function delimitedField(value: string, separator: FieldSeparator, isText = true): string {
  const safe = isText && /^[=+\-@]/.test(value) ? `\t${value}` : value;
  const needsQuotes = safe.includes(separator) || /["\r\n\t]/.test(safe) || /^\s|\s$/.test(safe);
  return needsQuotes ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Whether a column's cells are the report's texts (guarded against formulas) or our own numbers. */
function isTextColumn(field: TemplateField): boolean {
  return !isMoneyField(field) && field !== "amount";
}

/** The file's text: the lines joined by the separator, CRLF after each (RFC 4180). */
export function payrollText(rows: readonly PayrollRow[], template: PayrollTemplate, period: string): string {
  const lines = templateLines(rows, template, period);
  const header = template.includeHeader ? 1 : 0;
  return lines
    .map(
      (line, i) =>
        `${line
          .map((cell, c) => {
            const field = template.columns[c]?.field;
            const text = i < header || (field !== undefined && isTextColumn(field));
            return delimitedField(cell, template.fieldSeparator, text);
          })
          .join(template.fieldSeparator)}\r\n`,
    )
    .join("");
}

/** Windows-1252's characters at 0x80–0x9F; the rest of 0xA0–0xFF is Latin-1 as is. */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

/** Text as Windows-1252 bytes; a character it cannot write becomes "?". */
export function encodeWindows1252(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  let n = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    const high = CP1252_HIGH.indexOf(char);
    out[n++] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : high >= 0 ? 0x80 + high : 63;
  }
  return out.subarray(0, n);
}

/** Windows-1252 bytes back to text (for the tests and a preview). */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes)
    text += byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return text;
}

function encodeText(text: string, encoding: FileEncoding): Uint8Array {
  if (encoding === "WINDOWS_1252") return encodeWindows1252(text);
  return new TextEncoder().encode(encoding === "UTF8_BOM" ? `\uFEFF${text}` : text);
}

/** The delivered file's bytes. */
export function payrollFileBytes(
  rows: readonly PayrollRow[],
  template: PayrollTemplate,
  period: string,
): Uint8Array {
  return encodeText(payrollText(rows, template, period), template.encoding);
}

/** The rows a change-only report carries: new, changed and ended ones. */
export const changedRowsOnly = (rows: readonly PayrollRow[]): PayrollRow[] =>
  rows.filter((row) => row.change !== null && row.change !== "UNCHANGED");

/** Delimited text back to its lines of cells (RFC 4180 with the given separator): the inverse of payrollText. */
export function parseDelimited(text: string, separator: FieldSeparator): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      line.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      line.push(cell);
      lines.push(line);
      line = [];
      cell = "";
      i++;
    } else cell += char;
  }
  if (cell !== "" || line.length > 0) lines.push([...line, cell]);
  return lines;
}
