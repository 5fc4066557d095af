import type { MunicipalRate } from "../tax-year.ts";
import { readMunicipalRateCsv } from "./rate-list-file.ts";

/**
 * Reads a list this repository keeps (rates-<year>.csv.ts, the Tax Administration's yearly decision as
 * CSV, the seed of the tax tables) with the import's reader (rate-list-file.ts). A list that does not read stops the seed
 * with its first problem and row: a wrong rate must never reach a figure.
 */

export class MunicipalRateListError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = "MunicipalRateListError";
  }
}

export function parseMunicipalRateList(csv: string, year: number): MunicipalRate[] {
  const reading = readMunicipalRateCsv(csv, { year, yearBefore: [] });
  if (reading.ok) return reading.rows;
  const [first] = reading.problems;
  throw new MunicipalRateListError(first?.row ?? 1, first?.message ?? "the list does not read");
}
