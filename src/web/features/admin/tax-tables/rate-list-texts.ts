import type { TFunction } from "i18next";
import type { TRateListProblem } from "../../../../contract/municipal-rate-import.ts";
import type { ComparedField } from "../../../../domain/tax/municipal-rates/rate-list-changes.ts";
import type {
  RateListField,
  RateListProblemCode,
} from "../../../../domain/tax/municipal-rates/rate-list-file.ts";

/**
 * A municipal rate list's problems and changes in the reader's words: each problem code and column as
 * the import dialog says them, spelled out so that the catalogue check sees every key.
 */

const PROBLEM_KEYS: Record<RateListProblemCode, string> = {
  EMPTY_FILE: "adminTaxTables.import.problems.EMPTY_FILE",
  MISSING_COLUMN: "adminTaxTables.import.problems.MISSING_COLUMN",
  UNKNOWN_COLUMN: "adminTaxTables.import.problems.UNKNOWN_COLUMN",
  DUPLICATE_COLUMN: "adminTaxTables.import.problems.DUPLICATE_COLUMN",
  NO_MUNICIPALITIES: "adminTaxTables.import.problems.NO_MUNICIPALITIES",
  TOO_MANY_ROWS: "adminTaxTables.import.problems.TOO_MANY_ROWS",
  COLUMN_COUNT: "adminTaxTables.import.problems.COLUMN_COUNT",
  NAME_MISSING: "adminTaxTables.import.problems.NAME_MISSING",
  NAME_INVALID: "adminTaxTables.import.problems.NAME_INVALID",
  CODE_INVALID: "adminTaxTables.import.problems.CODE_INVALID",
  CODE_UNKNOWN: "adminTaxTables.import.problems.CODE_UNKNOWN",
  RATE_MISSING: "adminTaxTables.import.problems.RATE_MISSING",
  RATE_INVALID: "adminTaxTables.import.problems.RATE_INVALID",
  RATE_OUT_OF_RANGE: "adminTaxTables.import.problems.RATE_OUT_OF_RANGE",
  ALAND_INVALID: "adminTaxTables.import.problems.ALAND_INVALID",
  DUPLICATE_CODE: "adminTaxTables.import.problems.DUPLICATE_CODE",
  DUPLICATE_NAME: "adminTaxTables.import.problems.DUPLICATE_NAME",
};

/** A list's columns by the labels the municipal rate form gives the same fields. */
const FIELD_KEYS: Record<RateListField, string> = {
  code: "adminTaxTables.municipal.code",
  municipality: "adminTaxTables.municipal.name",
  municipalitySv: "adminTaxTables.municipal.nameSv",
  municipalPercent: "adminTaxTables.municipal.municipalTax",
  churchPercent: "adminTaxTables.municipal.churchTax",
  orthodoxPercent: "adminTaxTables.municipal.orthodoxTax",
  aland: "adminTaxTables.municipal.aland",
};

export function fieldLabel(t: TFunction, field: RateListField | ComparedField): string {
  return t(FIELD_KEYS[field]);
}

/** "Kunnallisvero 15,01 ei ole välillä 0–15 %." */
export function problemText(t: TFunction, problem: TRateListProblem): string {
  return t(PROBLEM_KEYS[problem.code], {
    column: problem.field ? fieldLabel(t, problem.field) : "",
    value: problem.value ?? "",
    limit: problem.limit ?? "",
    otherRow: problem.otherRow ?? "",
  });
}
