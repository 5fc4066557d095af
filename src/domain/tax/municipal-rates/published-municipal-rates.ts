import type { Sourced } from "../published-tax-years.ts";
import type { MunicipalRate } from "../tax-year.ts";
import { parseMunicipalRateList } from "./municipal-rate-list.ts";
import { MUNICIPAL_RATES_2025_CSV } from "./rates-2025.csv.ts";
import { MUNICIPAL_RATES_2026_CSV } from "./rates-2026.csv.ts";

/**
 * Every municipality's rates of 2025 and 2026 from the Tax Administration's yearly decision
 * "Kuntien ja seurakuntien tuloveroprosentit" (docs/tax-parameters.md "Municipal and parish rates" names
 * each decision and how its list was checked). They seed the province (municipal) tax table; at run time
 * the calculator reads the table.
 */

export type PublishedMunicipalRateList = {
  year: number;
  csv: string;
  /** The decision, as every row of the year cites it. */
  source: string;
};

const DECISION_URL = "https://www.vero.fi/syventavat-vero-ohjeet/paatokset/47465";

export const PUBLISHED_MUNICIPAL_RATE_LISTS: readonly PublishedMunicipalRateList[] = [
  {
    year: 2025,
    csv: MUNICIPAL_RATES_2025_CSV,
    source: `Verohallinto, Kuntien ja seurakuntien tuloveroprosentit vuonna 2025, VH/6816/00.01.00/2024, 20.11.2024, ${DECISION_URL}/kuntien-ja-seurakuntien-tuloveroprosentit-vuonna-2025/ (one transcription; its 2025→2026 changes agree with Kuntaliitto's count: 38 up, 5 down, 265 unchanged)`,
  },
  {
    year: 2026,
    csv: MUNICIPAL_RATES_2026_CSV,
    source: `Verohallinto, Kuntien ja seurakuntien tuloveroprosentit vuonna 2026, VH/6585/00.01.00/2025, 18.11.2025, ${DECISION_URL}/kuntien-ja-seurakuntien-tuloveroprosentit-vuonna-2026/ (two independent transcriptions agree on all 308 rows)`,
  },
];

/** Every row of both lists, each with its decision as its source. */
export const PUBLISHED_MUNICIPAL_RATES: readonly Sourced<MunicipalRate>[] =
  PUBLISHED_MUNICIPAL_RATE_LISTS.flatMap((list) =>
    parseMunicipalRateList(list.csv, list.year).map((rate) => ({
      ...rate,
      source: list.source,
      confirmed: true,
    })),
  );
