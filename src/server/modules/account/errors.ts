import { PREFERENCES_LIMIT_MESSAGE } from "../../../domain/preferences.ts";
import { AppError } from "../../errors.ts";

/** The errors of one's own account settings (docs/api-surface.md "Own details"). */

/** 400: the merged preferences would pass the limits that keep one user's document small. */
export const preferencesTooLarge = () =>
  new AppError(400, "VALIDATION_ERROR", "Request validation failed", [
    { field: "body.preferences", message: PREFERENCES_LIMIT_MESSAGE },
  ]);

/** 400 at the municipality code: no municipality of the year's municipal tax rates has it. */
export const unknownMunicipality = (code: string, year: number) => {
  const message = `No municipality has the code ${code} in the municipal tax rates of ${year}`;
  return new AppError(400, "UNKNOWN_MUNICIPALITY", message, [{ field: "body.municipalityCode", message }]);
};
