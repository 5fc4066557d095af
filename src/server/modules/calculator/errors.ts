import type { CalculatorInputError } from "../../../domain/calculator/calculate.ts";
import { AppError } from "../../errors.ts";

/** The errors of the bike benefit calculator and of a company's lease terms (docs/api-surface.md "Calculator"). */

/** 400 at the field the calculator refused, with the calculator's own code and message. */
export const calculatorInputInvalid = (error: CalculatorInputError) =>
  new AppError(400, error.code, error.message, [{ field: `body.${error.field}`, message: error.message }]);
