import { MAX_LISTED_PROBLEMS, type TRateListProblem } from "../../../contract/municipal-rate-import.ts";
import { AppError, conflict } from "../../errors.ts";

/** The errors of the tax tables' yearly import of municipal rates (docs/api-surface.md "Tax tables"). */

/** 400: the list has problems; each (up to MAX_LISTED_PROBLEMS) is a detail named by its row. */
export function rateListInvalid(problems: readonly TRateListProblem[]): AppError {
  const details = problems
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((p) => ({ field: `row ${p.row}`, message: p.message }));
  return new AppError(
    400,
    "RATE_LIST_INVALID",
    `The list has ${problems.length} problem(s): nothing was written`,
    details,
  );
}

/** 409: the year has municipal rates, and the import was not told to replace them. */
export const taxYearHasRates = (year: number, rows: number) =>
  conflict(
    "TAX_YEAR_HAS_RATES",
    `${year} has ${rows} municipal rates already: import with replace=true to replace them`,
  );
