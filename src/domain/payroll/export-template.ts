import {
  INCOME_TYPE_COMPENSATION,
  INCOME_TYPE_TAX_FREE,
  INCOME_TYPE_TAXABLE,
  type IncomeType,
} from "./types.ts";

/**
 * A company's payroll export template: which columns payroll's import reads, in which order, under
 * which headers, with which separators, date format and encoding. The template is the company's own
 * (one per company, stored as JSON and checked by the contract's schema); the presets are where an
 * admin starts.
 *
 * Two layouts. ROW: one line per report row, each money figure in its own column (what a person reads
 * in Excel). PER_KIND: one line per row and kind of amount (tax-free benefit, taxable benefit, own
 * payment, gross and net deduction), with the kind's Incomes Register income type and the company's own
 * wage type code (what a payroll system imports).
 */

export const TEMPLATE_FIELD_SEPARATORS = [";", ",", "\t"] as const;
export type FieldSeparator = (typeof TEMPLATE_FIELD_SEPARATORS)[number];
export const TEMPLATE_DECIMAL_SEPARATORS = [",", "."] as const;
export type DecimalSeparator = (typeof TEMPLATE_DECIMAL_SEPARATORS)[number];
export const TEMPLATE_DATE_FORMATS = ["DD.MM.YYYY", "YYYY-MM-DD", "D.M.YYYY"] as const;
export type DateFormat = (typeof TEMPLATE_DATE_FORMATS)[number];
export const TEMPLATE_ENCODINGS = ["UTF8", "UTF8_BOM", "WINDOWS_1252"] as const;
export type FileEncoding = (typeof TEMPLATE_ENCODINGS)[number];
export const TEMPLATE_LAYOUTS = ["ROW", "PER_KIND"] as const;
export type TemplateLayout = (typeof TEMPLATE_LAYOUTS)[number];
export const TEMPLATE_PRESETS = ["GENERIC_CSV", "EXCEL"] as const;
export type TemplatePreset = (typeof TEMPLATE_PRESETS)[number];

/** Fields of the person and the row, in either layout. */
const ROW_FIELDS = [
  "employeeNumber",
  "lastName",
  "firstName",
  "costUnit",
  "payRollOther",
  "unitName",
  "orderNumber",
  "period",
  "taxFreeUntil",
  "employmentEndsOn",
  "change",
] as const;
/** The money columns of the ROW layout. */
const MONEY_FIELDS = [
  "monthlyPayment",
  "grossDeduction",
  "taxFree",
  "taxable",
  "ownPayment",
  "netDeduction",
  "deferred",
  "catchUp",
] as const;
/** The columns of the PER_KIND layout's line: its kind, codes and amount. */
const KIND_FIELDS = ["kind", "incomeType", "wageCode", "amount"] as const;
export const TEMPLATE_FIELDS = [...ROW_FIELDS, ...MONEY_FIELDS, ...KIND_FIELDS] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type MoneyField = (typeof MONEY_FIELDS)[number];

export const isMoneyField = (field: TemplateField): field is MoneyField =>
  (MONEY_FIELDS as readonly string[]).includes(field);

/** The kinds of amount a PER_KIND line carries. */
export const AMOUNT_KINDS = [
  "TAX_FREE",
  "TAXABLE",
  "OWN_PAYMENT",
  "GROSS_DEDUCTION",
  "NET_DEDUCTION",
] as const;
export type AmountKind = (typeof AMOUNT_KINDS)[number];

/**
 * The Incomes Register income type of each kind, as the Tax Administration gives them (docs/tax-parameters.md "Reporting"):
 * 363 the benefit's tax-free part, 364 its part counted as wage, 420 the compensation collected from
 * the employee. The gross-salary deduction is the salary exchange itself and the net deduction the
 * employee's own payments from net pay: neither is an income type of its own, so the company's wage
 * type code alone names them. Fixed here, never the company's choice: a wrong code is a wrong report.
 */
export const INCOME_TYPE_OF_KIND: Record<AmountKind, IncomeType | null> = {
  TAX_FREE: INCOME_TYPE_TAX_FREE,
  TAXABLE: INCOME_TYPE_TAXABLE,
  OWN_PAYMENT: INCOME_TYPE_COMPENSATION,
  GROSS_DEDUCTION: null,
  NET_DEDUCTION: null,
};

/** The money column of a row that gives each kind's amount. */
export const MONEY_FIELD_OF_KIND: Record<AmountKind, MoneyField> = {
  TAX_FREE: "taxFree",
  TAXABLE: "taxable",
  OWN_PAYMENT: "ownPayment",
  GROSS_DEDUCTION: "grossDeduction",
  NET_DEDUCTION: "netDeduction",
};

type TemplateColumn = { field: TemplateField; header: string };
/** A kind the PER_KIND layout writes lines of, with the company's wage type code for it. */
type TemplateKind = { kind: AmountKind; wageCode: string };

export type PayrollTemplate = {
  preset: TemplatePreset | null;
  layout: TemplateLayout;
  columns: TemplateColumn[];
  includeHeader: boolean;
  fieldSeparator: FieldSeparator;
  decimalSeparator: DecimalSeparator;
  dateFormat: DateFormat;
  encoding: FileEncoding;
  /** PER_KIND: the kinds written, in this order within a row; ignored by ROW. */
  kinds: TemplateKind[];
};

/** The default header of each field, in Finnish as payroll in Finland reads its files. */
export const DEFAULT_HEADERS: Record<TemplateField, string> = {
  employeeNumber: "Henkilönumero",
  lastName: "Sukunimi",
  firstName: "Etunimi",
  costUnit: "Kustannuspaikka",
  payRollOther: "Palkanlaskennan ryhmä",
  unitName: "Toimipiste",
  orderNumber: "Tilaus",
  period: "Kausi",
  taxFreeUntil: "Verovapaa asti",
  employmentEndsOn: "Työsuhde päättyy",
  change: "Muutos",
  monthlyPayment: "Kuukausierä",
  grossDeduction: "Bruttopalkan vähennys",
  taxFree: "363 Verovapaa osuus",
  taxable: "364 Palkaksi katsottu osuus",
  ownPayment: "420 Peritty korvaus",
  netDeduction: "Nettopalkan vähennys",
  deferred: "Siirtyy myöhemmäksi",
  catchUp: "Peritään siirtyneitä",
  kind: "Laji",
  incomeType: "Tulolaji",
  wageCode: "Palkkalaji",
  amount: "Summa",
};

const columnsOf = (fields: readonly TemplateField[]): TemplateColumn[] =>
  fields.map((field) => ({ field, header: DEFAULT_HEADERS[field] }));

const ALL_KINDS: TemplateKind[] = AMOUNT_KINDS.map((kind) => ({
  kind,
  wageCode: String(INCOME_TYPE_OF_KIND[kind] ?? ""),
}));

/** "Yleinen CSV": a line per kind of amount for a payroll system's import, ISO dates, decimal point. */
const GENERIC_CSV: PayrollTemplate = {
  preset: "GENERIC_CSV",
  layout: "PER_KIND",
  columns: columnsOf([
    "employeeNumber",
    "lastName",
    "firstName",
    "costUnit",
    "period",
    "incomeType",
    "wageCode",
    "amount",
    "change",
  ]),
  includeHeader: true,
  fieldSeparator: ";",
  decimalSeparator: ".",
  dateFormat: "YYYY-MM-DD",
  encoding: "UTF8",
  kinds: ALL_KINDS,
};

/** "Excel": a row per lease as Finnish Excel opens it: `;`, decimal comma, Finnish dates, a BOM. */
const EXCEL: PayrollTemplate = {
  preset: "EXCEL",
  layout: "ROW",
  columns: columnsOf([
    "lastName",
    "firstName",
    "employeeNumber",
    "costUnit",
    "unitName",
    "orderNumber",
    "monthlyPayment",
    "grossDeduction",
    "taxFree",
    "taxable",
    "ownPayment",
    "netDeduction",
    "change",
  ]),
  includeHeader: true,
  fieldSeparator: ";",
  decimalSeparator: ",",
  dateFormat: "DD.MM.YYYY",
  encoding: "UTF8_BOM",
  kinds: ALL_KINDS,
};

const TEMPLATE_PRESET_VALUES: Record<TemplatePreset, PayrollTemplate> = { GENERIC_CSV, EXCEL };

/** A fresh copy of a preset, for the company to change. */
export function presetTemplate(preset: TemplatePreset): PayrollTemplate {
  return structuredClone(TEMPLATE_PRESET_VALUES[preset]);
}

/** The fields a layout may show: the money columns belong to ROW, the kind's columns to PER_KIND. */
export function fieldsOfLayout(layout: TemplateLayout): TemplateField[] {
  return layout === "ROW" ? [...ROW_FIELDS, ...MONEY_FIELDS] : [...ROW_FIELDS, ...KIND_FIELDS];
}

/** The first column a template may not have in its layout, or null when all fit. */
export function misplacedField(template: Pick<PayrollTemplate, "layout" | "columns">): TemplateField | null {
  const allowed = new Set(fieldsOfLayout(template.layout));
  return template.columns.find((column) => !allowed.has(column.field))?.field ?? null;
}

/** The delivered file's name from the company's pattern: {yyyy}, {mm} and {kind} (full / delta). */
export function deliveryFileName(pattern: string, period: string, kind: "FULL" | "DELTA"): string {
  const [yyyy = "", mm = ""] = period.split("-");
  return pattern
    .replaceAll("{yyyy}", yyyy)
    .replaceAll("{mm}", mm)
    .replaceAll("{kind}", kind === "FULL" ? "full" : "delta");
}

export const DEFAULT_FILE_NAME_PATTERN = "pedaali-{yyyy}-{mm}.csv";
/** The day of the month a month's report is cut off and delivered on, unless the company sets another. */
export const DEFAULT_CUTOFF_DAY = 15;
export const MAX_CUTOFF_DAY = 28;
