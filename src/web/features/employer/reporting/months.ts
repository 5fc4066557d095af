import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import type { Language } from "../../../../domain/enums.ts";
import { addMonths, isPeriod, parsePeriod, periodRange } from "../../../../domain/payroll/period.ts";

/** Pay months ("YYYY-MM") as the page shows and picks them. */

/** The Helsinki month of now: the default pay month, as the server's. */
function currentPeriod(now: Date = new Date()): string {
  return toHelsinkiDateString(now).slice(0, 7);
}

/** The period of the address, or the current month when it is missing or malformed. */
export function periodOf(value: string | null, now: Date = new Date()): string {
  return value && isPeriod(value) ? value : currentPeriod(now);
}

/** "2026-11" → "11/2026": short, the same in every language (the file and the mail write it so). */
export function shortMonth(period: string): string {
  const { year, month } = parsePeriod(period);
  return `${String(month).padStart(2, "0")}/${year}`;
}

const LOCALES: Record<Language, string> = { fi: "fi-FI", en: "en-GB", sv: "sv-FI" };

/** "2026-11" → "marraskuu 2026" / "November 2026" / "november 2026". */
export function longMonth(period: string, language: Language): string {
  const { year, month } = parsePeriod(period);
  return new Intl.DateTimeFormat(LOCALES[language], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, 15)));
}

/** How far back and ahead the month picker reaches from the current month. */
const MONTHS_BACK = 36;
const MONTHS_AHEAD = 12;

/** The picker's months, newest first; the chosen one is always among them. */
export function monthChoices(selected: string, now: Date = new Date()): string[] {
  const current = currentPeriod(now);
  let from = addMonths(current, -MONTHS_BACK);
  let to = addMonths(current, MONTHS_AHEAD);
  if (selected < from) from = selected;
  if (selected > to) to = selected;
  return periodRange(from, to).reverse();
}

/** The first and last month the API takes (zPeriod: 2000–2999). */
export const FIRST_PERIOD = "2000-01";
export const LAST_PERIOD = "2999-12";
