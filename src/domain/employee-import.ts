/**
 * An employer's staff file (CSV or XLSX from its HR or payroll system) read as employees: which column
 * is which field, told by its header, and each cell as the value the employee form would send. Shared
 * by the server, which reads and checks the file, and the web, which offers the mapping step and the
 * template.
 */

/** The fields a file may give, in the template's order. */
export const IMPORT_FIELDS = [
  "firstName",
  "lastName",
  "workEmail",
  "phoneNumber",
  "language",
  "employeeNumber",
  "costUnit",
  "unit",
  "payRollOther",
  "jobTrialPeriodEndDate",
  "lastWorkingDayDate",
  "maxPrice",
  "employerNote",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A file without these columns cannot make an employee. */
const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ["firstName", "lastName", "workEmail"];

/** The largest file and the most rows an import reads: well above a 5,000-person employer's file. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

/** Days after an invitation from the staff list when its one reminder goes to who has not logged in. */
export const INVITATION_REMINDER_DAYS = 7;

type Labels = { fi: readonly string[]; en: readonly string[]; sv: readonly string[] };

/**
 * Each field's header in the template (the first of each language, as the employer's form names the
 * field) and the other names HR systems' exports commonly give it.
 */
const IMPORT_FIELD_LABELS: Record<ImportField, Labels> = {
  firstName: { fi: ["Etunimi", "Etunimet"], en: ["First name", "Given name"], sv: ["Förnamn"] },
  lastName: { fi: ["Sukunimi"], en: ["Last name", "Surname", "Family name"], sv: ["Efternamn"] },
  workEmail: {
    fi: ["Työsähköposti", "Sähköposti", "Työsähköpostiosoite", "Sähköpostiosoite"],
    en: ["Work e-mail", "Work email", "E-mail", "Email"],
    sv: ["Arbetsmejl", "E-post", "Arbets-e-post"],
  },
  phoneNumber: {
    fi: ["Puhelinnumero", "Puhelin", "Matkapuhelin"],
    en: ["Phone number", "Phone", "Mobile"],
    sv: ["Telefonnummer", "Telefon", "Mobil"],
  },
  language: { fi: ["Kieli", "Asiointikieli"], en: ["Language"], sv: ["Språk"] },
  employeeNumber: {
    fi: ["Henkilönumero", "Työntekijänumero", "Henkilöstönumero"],
    en: ["Employee number", "Employee ID", "Personnel number"],
    sv: ["Personalnummer", "Anställningsnummer"],
  },
  costUnit: {
    fi: ["Kustannuspaikka"],
    en: ["Cost unit", "Cost centre", "Cost center"],
    sv: ["Kostnadsställe"],
  },
  unit: { fi: ["Toimipiste"], en: ["Unit", "Location"], sv: ["Verksamhetsställe", "Enhet"] },
  payRollOther: {
    fi: ["Palkanlaskennan ryhmä", "Palkkaryhmä"],
    en: ["Payroll group"],
    sv: ["Lönegrupp"],
  },
  jobTrialPeriodEndDate: {
    fi: ["Koeaika päättyy", "Koeajan päättyminen"],
    en: ["Trial period ends", "Trial period end"],
    sv: ["Prövotiden upphör", "Prövotidens slut"],
  },
  lastWorkingDayDate: {
    fi: ["Viimeinen työpäivä", "Työsuhde päättyy"],
    en: ["Last working day", "Employment ends"],
    sv: ["Sista arbetsdag", "Anställningen upphör"],
  },
  maxPrice: { fi: ["Enimmäishinta"], en: ["Maximum price", "Max price"], sv: ["Maxpris"] },
  employerNote: { fi: ["Muistiinpano"], en: ["Note"], sv: ["Anteckning"] },
};

/** A header as compared: case, spaces, dashes, underscores and dots do not matter. */
export function headerKey(header: string): string {
  return header
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s_\-.]+/g, "");
}

const FIELD_BY_HEADER = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => {
    const labels = IMPORT_FIELD_LABELS[field];
    return [field, ...labels.fi, ...labels.en, ...labels.sv].map((name) => [headerKey(name), field] as const);
  }),
);

/** What the company said an unknown header is: a field, or "" for a column to leave out. */
export type RememberedColumns = Readonly<Record<string, ImportField | "">>;

export type ColumnMap = {
  /** Each column's field, or null for a column left out. */
  fields: (ImportField | null)[];
  /** Headers neither a field's name nor remembered: the mapping step asks about these. */
  unknown: string[];
  /** Required fields no column gives. */
  missing: ImportField[];
  /** Fields two columns give. */
  repeated: ImportField[];
};

/**
 * The fields of a file's columns, by their headers: a field's API name or its label in fi, en or sv,
 * else what the company said the header is (`remembered`, by headerKey).
 */
export function mapColumns(headers: readonly string[], remembered: RememberedColumns = {}): ColumnMap {
  const fields: (ImportField | null)[] = [];
  const unknown: string[] = [];
  for (const header of headers) {
    const key = headerKey(header);
    const field = FIELD_BY_HEADER.get(key) ?? remembered[key];
    if (field === undefined) {
      fields.push(null);
      if (key !== "") unknown.push(header.trim());
    } else fields.push(field === "" ? null : field);
  }
  const given = fields.filter((f): f is ImportField => f !== null);
  return {
    fields,
    unknown,
    missing: REQUIRED_IMPORT_FIELDS.filter((f) => !given.includes(f)),
    repeated: [...new Set(given.filter((f, i) => given.indexOf(f) !== i))],
  };
}

/**
 * A date as a file gives it: 31.12.2026 (Finnish, also 1.2.2026), 2026-12-31 (ISO, as a spreadsheet's
 * date cell is read) or 31/12/2026; null when it is none of these or no such day.
 */
export function importDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const finnish = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : finnish
      ? [finnish[3], finnish[2], finnish[1]]
      : [];
  if (!year || !month || !day) return null;
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

const LANGUAGE_NAMES: Record<string, "fi" | "en" | "sv"> = {
  fi: "fi",
  suomi: "fi",
  finnish: "fi",
  finska: "fi",
  en: "en",
  englanti: "en",
  english: "en",
  engelska: "en",
  sv: "sv",
  ruotsi: "sv",
  swedish: "sv",
  svenska: "sv",
};

/** The language a cell names (a code, or its name in fi, en or sv); null when it names none. */
export function importLanguage(text: string): "fi" | "en" | "sv" | null {
  return LANGUAGE_NAMES[text.trim().toLowerCase()] ?? null;
}

/** The template's header row in a language. */
export function templateHeaders(language: "fi" | "en" | "sv"): string[] {
  return IMPORT_FIELDS.map((field) => IMPORT_FIELD_LABELS[field][language][0] as string);
}
