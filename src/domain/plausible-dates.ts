import { toHelsinkiDateString } from "./dates.ts";

/**
 * Plausible dates (docs/decisions/019-plausible-dates.md): a date a person types is held to the span in
 * which such a date can really fall, counted from today in Helsinki, so that a slip of the keyboard
 * (1900, 2999, 2062 for 2026) is refused where it is typed and by the server alike, in the same words.
 * The calendar's own bounds (zDateOnly: 1900–2999) only keep the database's date type whole.
 */

/** The kinds of date the product asks people to type, each with its own span. */
export const PLAUSIBLE_DATE_KINDS = [
  "ABSENCE",
  "LAST_WORKING_DAY",
  "TRIAL_PERIOD_END",
  "COMMITMENT",
  "DELIVERY",
  "LEASE",
] as const;
export type PlausibleDateKind = (typeof PLAUSIBLE_DATE_KINDS)[number];

/**
 * The first day of the tax-free bike benefit (Finlex 1205/2020 in force 1.1.2021): no bike benefit
 * contract could be committed to before it.
 */
export const BIKE_BENEFIT_FIRST_DAY = "2021-01-01";

/** How far back and ahead of today each kind may fall, in whole years (see the decision for why). */
const PLAUSIBLE_DATE_YEARS: Record<
  Exclude<PlausibleDateKind, "COMMITMENT">,
  { back: number; ahead: number }
> = {
  /** An absence is recorded a few years late at most; a parental leave lasts until the child is three. */
  ABSENCE: { back: 5, ahead: 5 },
  /** An ended employment recorded late, or a fixed-term one ending within the longest lease and more. */
  LAST_WORKING_DAY: { back: 10, ahead: 10 },
  /** A trial period lasts at most six months, longer only by absences; an old one may still be stored. */
  TRIAL_PERIOD_END: { back: 10, ahead: 2 },
  /** A store hands a bike over within months of the order, and records it soon after. */
  DELIVERY: { back: 1, ahead: 1 },
  /** A lease lasts at most a few years: its signing and its end fall within ten years of today. */
  LEASE: { back: 10, ahead: 10 },
};

/** The rule a custom schema issue names when a date falls outside its span (with `from` and `to`). */
export const PLAUSIBLE_DATE_RULE = "DATE_OUT_OF_RANGE";

/** A span of calendar dates, both ends included, as YYYY-MM-DD. */
export type DateSpan = { from: string; to: string };

/** The date `years` whole years after (or before) `date`; 29 February falls on 28 February. */
export function shiftYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const monthDay = date.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, "0")}-${monthDay === "02-29" && !leap ? "02-28" : monthDay}`;
}

/** The span in which a date of this kind is plausible, on the Helsinki calendar day of `now`. */
export function plausibleDateSpan(kind: PlausibleDateKind, now: Date = new Date()): DateSpan {
  const today = toHelsinkiDateString(now);
  if (kind === "COMMITMENT") {
    // The tax parameters are published for this year and, late in the year, the next one.
    return { from: BIKE_BENEFIT_FIRST_DAY, to: `${Number(today.slice(0, 4)) + 1}-12-31` };
  }
  const { back, ahead } = PLAUSIBLE_DATE_YEARS[kind];
  return { from: shiftYears(today, -back), to: shiftYears(today, ahead) };
}

/** The span the date falls outside of, or null when it is plausible (or not a YYYY-MM-DD date at all). */
export function implausibleDate(
  kind: PlausibleDateKind,
  value: string,
  now: Date = new Date(),
): DateSpan | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const span = plausibleDateSpan(kind, now);
  return value < span.from || value > span.to ? span : null;
}

/** What the server says about an implausible date (the forms say it in the reader's language). */
export function implausibleDateMessage(span: DateSpan): string {
  return `Must be a date from ${span.from} to ${span.to}`;
}

/** True when a schema issue's params name the plausibility rule with its span. */
export function isPlausibleDateIssue(
  params: Record<string, unknown> | undefined,
): params is { rule: typeof PLAUSIBLE_DATE_RULE; from: string; to: string } {
  return (
    params?.rule === PLAUSIBLE_DATE_RULE && typeof params.from === "string" && typeof params.to === "string"
  );
}
