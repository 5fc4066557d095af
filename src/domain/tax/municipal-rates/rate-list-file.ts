import { type CsvRecord, readCsv } from "../../csv.ts";
import type { MunicipalRate } from "../tax-year.ts";

/**
 * Reads a year's list of municipal and parish income tax rates as the helpdesk imports it: the Tax
 * Administration's published table (Finnish column names such as "Kunta", "Tuloveroprosentti",
 * "Ev.lut. seurakunnan tuloveroprosentti", decimal commas, `;` between fields, usually without
 * municipality codes) or this repository's CSV shape (rates-<year>.csv.ts: code, Finnish
 * and Swedish name, the three rates with a decimal point, the Åland flag). Columns are told by their
 * names, in any order. What the file leaves out is taken from the year before: a municipality's code
 * by its name, its Swedish name and its Åland flag by its code.
 *
 * The answer is every row, or every problem with the row it is on: a wrong rate must never reach a
 * figure, and the helpdesk fixes the file once, not one refusal at a time.
 */

/** The columns a list may have; the name and the three rates are required, the rest can be looked up. */
export const RATE_LIST_FIELDS = [
  "code",
  "municipality",
  "municipalitySv",
  "municipalPercent",
  "churchPercent",
  "orthodoxPercent",
  "aland",
] as const;
export type RateListField = (typeof RATE_LIST_FIELDS)[number];

const REQUIRED_FIELDS: readonly RateListField[] = [
  "municipality",
  "municipalPercent",
  "churchPercent",
  "orthodoxPercent",
];

export const RATE_LIST_PROBLEM_CODES = [
  "EMPTY_FILE",
  "MISSING_COLUMN",
  "UNKNOWN_COLUMN",
  "DUPLICATE_COLUMN",
  "NO_MUNICIPALITIES",
  "TOO_MANY_ROWS",
  "COLUMN_COUNT",
  "NAME_MISSING",
  "NAME_INVALID",
  "CODE_INVALID",
  "CODE_UNKNOWN",
  "RATE_MISSING",
  "RATE_INVALID",
  "RATE_OUT_OF_RANGE",
  "ALAND_INVALID",
  "DUPLICATE_CODE",
  "DUPLICATE_NAME",
] as const;
export type RateListProblemCode = (typeof RATE_LIST_PROBLEM_CODES)[number];

/** What is wrong, where: the file's row (the header is row 1), the column and the value it holds. */
type RateListProblem = {
  row: number;
  code: RateListProblemCode;
  field?: RateListField;
  /** The cell or header as the file has it (a municipality's name for CODE_UNKNOWN). */
  value?: string;
  /** The row a duplicate repeats; the limit a range or a count was held to. */
  otherRow?: number;
  limit?: number;
  /** The same in English, for the API's users and the logs. */
  message: string;
};

/** A rate of the mainland or a parish: well above any rate ever set (2026: 4.70–10.90 %, parishes ≤ 2.25 %). */
const MAX_RATE_PERCENT = 15;
/**
 * Åland's municipalities levy 17.00–19.70 % (2025–2026): their own bound keeps a mainland rate typed
 * ten times too high from passing as an Åland one.
 */
const MAX_ALAND_MUNICIPAL_PERCENT = 25;
/** Finland has 308 municipalities (2025); a list much longer is not a list of them. */
const MAX_RATE_LIST_ROWS = 1000;
const MAX_NAME_LENGTH = 100;

/** Statistics Finland's codes of Åland's 16 municipalities, for a municipality new to the list. */
const ALAND_MUNICIPALITY_CODES: ReadonlySet<string> = new Set([
  "035",
  "043",
  "060",
  "062",
  "065",
  "076",
  "170",
  "295",
  "318",
  "417",
  "438",
  "478",
  "736",
  "766",
  "771",
  "941",
]);

/**
 * How a column's name tells its field, tried in this order (the parish columns first: their names hold
 * "tuloveroprosentti" too). Names are compared in lower case with spaces collapsed.
 */
const HEADER_RULES: readonly (readonly [RateListField, RegExp])[] = [
  ["orthodoxPercent", /ortodoks|orthodox/],
  ["churchPercent", /evank|luterilai|lutheran|^ev\.?\s*-?\s*lut/],
  ["aland", /^aland$|^åland$|ahvenanmaa/],
  ["code", /^municipality_code$|^code$|kuntanumero|kuntakoodi|^kunnan (numero|koodi)$|^(koodi|numero|nro)$/],
  ["municipalitySv", /^municipality_sv$|ruotsiksi|ruotsinkielinen|^kommun$|^namn$/],
  ["municipalPercent", /^municipal_rate_percent$|tulovero|kunnallisvero|kuntavero|veroprosentti/],
  ["municipality", /^municipality$|^kunta$|^kunnan nimi$|^nimi$|^kunta suomeksi$/],
];

export function rateListFieldOf(header: string): RateListField | null {
  const name = header.normalize("NFC").trim().toLocaleLowerCase("fi").replace(/\s+/g, " ");
  return HEADER_RULES.find(([, pattern]) => pattern.test(name))?.[0] ?? null;
}

const FIELD_NAMES: Record<RateListField, string> = {
  code: "municipality code",
  municipality: "municipality",
  municipalitySv: "Swedish name",
  municipalPercent: "municipal rate",
  churchPercent: "Evangelical Lutheran parish rate",
  orthodoxPercent: "Orthodox parish rate",
  aland: "Åland flag",
};

/** A row of the file as read: its number and its cells (a CSV record, a worksheet's row). */
export type RateListRecord = { row: number; cells: readonly string[] };

export type RateListReading =
  | { ok: true; rows: MunicipalRate[] }
  | { ok: false; problems: RateListProblem[] };

export type RateListContext = {
  year: number;
  /** The rows of the year before (or of the nearest earlier year that has any): codes, names, flags. */
  yearBefore: readonly MunicipalRate[];
};

const nameKey = (name: string) => name.toLocaleLowerCase("fi");

/** A name as it is kept: one line, spaces collapsed. */
function cleanName(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

// Control characters, and the bidi overrides and invisible characters that make two names look alike.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

type HeaderReading = { columns: Map<RateListField, number>; problems: RateListProblem[] };

function readHeader(header: RateListRecord): HeaderReading {
  const columns = new Map<RateListField, number>();
  const problems: RateListProblem[] = [];
  header.cells.forEach((text, index) => {
    const value = text.trim();
    if (value === "") return;
    const field = rateListFieldOf(value);
    if (field === null) {
      problems.push({
        row: header.row,
        code: "UNKNOWN_COLUMN",
        value,
        message: `Column "${value}" is not one of the list's columns`,
      });
    } else if (columns.has(field)) {
      problems.push({
        row: header.row,
        code: "DUPLICATE_COLUMN",
        field,
        value,
        message: `Column "${value}" is a second ${FIELD_NAMES[field]} column`,
      });
    } else {
      columns.set(field, index);
    }
  });
  for (const field of REQUIRED_FIELDS) {
    if (!columns.has(field)) {
      problems.push({
        row: header.row,
        code: "MISSING_COLUMN",
        field,
        message: `The ${FIELD_NAMES[field]} column is missing`,
      });
    }
  }
  return { columns, problems };
}

/** "5,30", "5.3", "5,30 %" → 5.3; a cell that is no percent with at most two decimals → null. */
export function percentOf(text: string): number | null {
  const plain = text.trim().replace(/\s*%$/, "").replace(",", ".");
  if (!/^-?\d{1,3}(\.\d{1,2})?$/.test(plain)) return null;
  return Number(plain);
}

const ALAND_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  kyllä: true,
  ei: false,
  yes: true,
  no: false,
  "1": true,
  "0": false,
};

/** Reads one row against the header's columns; its problems are added to `problems`. */
function readRow(
  record: RateListRecord,
  columns: Map<RateListField, number>,
  context: RateListContext,
  lookups: { byCode: Map<string, MunicipalRate>; byName: Map<string, MunicipalRate> },
  problems: RateListProblem[],
): MunicipalRate | null {
  const { row } = record;
  const before = problems.length;
  const problem = (p: Omit<RateListProblem, "row">) => problems.push({ row, ...p });
  const cell = (field: RateListField) => {
    const index = columns.get(field);
    return index === undefined ? "" : (record.cells[index] ?? "").trim();
  };

  // Empty cells after the last column (a trailing separator) are no extra column.
  const width = Math.max(...columns.values()) + 1;
  let used = record.cells.length;
  while (used > width && (record.cells[used - 1] ?? "").trim() === "") used--;
  if (used !== width) {
    problem({
      code: "COLUMN_COUNT",
      value: String(used),
      limit: width,
      message: `${used} columns, not ${width}`,
    });
    return null;
  }

  const name = cleanName(cell("municipality"));
  if (name === "")
    problem({ code: "NAME_MISSING", field: "municipality", message: "The municipality has no name" });
  for (const [field, text] of [
    ["municipality", name],
    ["municipalitySv", cleanName(cell("municipalitySv"))],
  ] as const) {
    if (text.length > MAX_NAME_LENGTH || UNSAFE_IN_NAME.test(text)) {
      problem({
        code: "NAME_INVALID",
        field,
        value: text.slice(0, MAX_NAME_LENGTH),
        limit: MAX_NAME_LENGTH,
        message: `The ${FIELD_NAMES[field]} is longer than ${MAX_NAME_LENGTH} characters or holds control characters`,
      });
    }
  }

  // Spreadsheets drop a code's leading zeros ("91" for Helsinki's "091"): they are put back.
  const codeText = cell("code");
  let code: string | null = null;
  if (codeText !== "") {
    if (/^\d{1,3}$/.test(codeText)) code = codeText.padStart(3, "0");
    else {
      problem({
        code: "CODE_INVALID",
        field: "code",
        value: codeText,
        message: `Code "${codeText}" is not a municipality code of up to three digits`,
      });
    }
  } else if (name !== "") {
    code = lookups.byName.get(nameKey(name))?.code ?? null;
    if (code === null) {
      problem({
        code: "CODE_UNKNOWN",
        field: "code",
        value: name,
        message: `${name} is not in the year before's list: give its municipality code in a code column`,
      });
    }
  }
  const earlier = code === null ? undefined : lookups.byCode.get(code);

  const alandText = cell("aland").toLocaleLowerCase("fi");
  let aland = earlier?.aland ?? (code !== null && ALAND_MUNICIPALITY_CODES.has(code));
  if (alandText !== "") {
    const flag = ALAND_WORDS[alandText];
    if (flag === undefined) {
      problem({
        code: "ALAND_INVALID",
        field: "aland",
        value: cell("aland"),
        message: `Åland flag "${cell("aland")}" is neither true nor false`,
      });
    } else aland = flag;
  }

  const rate = (field: "municipalPercent" | "churchPercent" | "orthodoxPercent"): number | null => {
    const text = cell(field);
    if (text === "") {
      problem({ code: "RATE_MISSING", field, message: `The ${FIELD_NAMES[field]} is missing` });
      return null;
    }
    const value = percentOf(text);
    if (value === null) {
      problem({
        code: "RATE_INVALID",
        field,
        value: text,
        message: `The ${FIELD_NAMES[field]} "${text}" is not a percent with at most two decimals`,
      });
      return null;
    }
    const max = field === "municipalPercent" && aland ? MAX_ALAND_MUNICIPAL_PERCENT : MAX_RATE_PERCENT;
    if (value < 0 || value > max) {
      problem({
        code: "RATE_OUT_OF_RANGE",
        field,
        value: text,
        limit: max,
        message: `The ${FIELD_NAMES[field]} ${text} is outside 0–${max} %`,
      });
      return null;
    }
    return value;
  };
  const municipalPercent = rate("municipalPercent");
  const churchPercent = rate("churchPercent");
  const orthodoxPercent = rate("orthodoxPercent");

  if (problems.length > before || municipalPercent === null) return null;
  const nameSv = cleanName(cell("municipalitySv"));
  return {
    year: context.year,
    municipality: name,
    municipalitySv: nameSv || earlier?.municipalitySv || name,
    code,
    municipalPercent,
    churchPercent,
    orthodoxPercent,
    aland,
  };
}

/** A list's records, the header first, read into the year's rows or every problem found. */
export function readMunicipalRateRecords(
  records: readonly RateListRecord[],
  context: RateListContext,
): RateListReading {
  const [header, ...body] = records;
  if (!header) {
    return { ok: false, problems: [{ row: 1, code: "EMPTY_FILE", message: "The file is empty" }] };
  }
  const { columns, problems } = readHeader(header);
  if (problems.length > 0) return { ok: false, problems };
  if (body.length === 0) {
    return {
      ok: false,
      problems: [{ row: header.row, code: "NO_MUNICIPALITIES", message: "The file has no municipalities" }],
    };
  }
  if (body.length > MAX_RATE_LIST_ROWS) {
    return {
      ok: false,
      problems: [
        {
          row: body[MAX_RATE_LIST_ROWS]?.row ?? header.row,
          code: "TOO_MANY_ROWS",
          limit: MAX_RATE_LIST_ROWS,
          message: `The file has more than ${MAX_RATE_LIST_ROWS} municipalities`,
        },
      ],
    };
  }

  const lookups = {
    byCode: new Map(context.yearBefore.flatMap((r) => (r.code ? [[r.code, r] as const] : []))),
    byName: new Map(context.yearBefore.map((r) => [nameKey(r.municipality), r] as const)),
  };
  const rows: MunicipalRate[] = [];
  const rowOfCode = new Map<string, number>();
  const rowOfName = new Map<string, number>();
  for (const record of body) {
    const rate = readRow(record, columns, context, lookups, problems);
    if (!rate) continue;
    const firstOfCode = rate.code === null ? undefined : rowOfCode.get(rate.code);
    const firstOfName = rowOfName.get(nameKey(rate.municipality));
    if (firstOfCode !== undefined) {
      problems.push({
        row: record.row,
        code: "DUPLICATE_CODE",
        field: "code",
        value: rate.code ?? "",
        otherRow: firstOfCode,
        message: `Code ${rate.code} is on row ${firstOfCode} too`,
      });
    } else if (firstOfName !== undefined) {
      problems.push({
        row: record.row,
        code: "DUPLICATE_NAME",
        field: "municipality",
        value: rate.municipality,
        otherRow: firstOfName,
        message: `${rate.municipality} is on row ${firstOfName} too`,
      });
    } else {
      if (rate.code !== null) rowOfCode.set(rate.code, record.row);
      rowOfName.set(nameKey(rate.municipality), record.row);
      rows.push(rate);
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows };
}

/** A list as CSV text: `readCsv`'s records, numbered by their lines. */
export function readMunicipalRateCsv(text: string, context: RateListContext): RateListReading {
  const records = readCsv(text).map(({ line, cells }: CsvRecord) => ({ row: line, cells }));
  return readMunicipalRateRecords(records, context);
}
