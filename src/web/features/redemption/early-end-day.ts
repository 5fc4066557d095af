import type { TFunction } from "i18next";
import type { TErrorDetail } from "../../../contract/errors.ts";
import { type DayRange, EARLY_END_DAY_RULE, isDayWithin } from "../../../domain/redemption.ts";
import { plausibleDateText } from "../../lib/contract-form.ts";
import { formatCalendarDate } from "../../lib/formatters.ts";

/**
 * The day an early end is opened from — the last working day, a long absence's first day — in the
 * forms of the employee, the employer and the helpdesk: the range of earlyEndDayRange
 * (src/domain/redemption.ts) that the server keeps too, said in the reader's dates, whether the form's
 * own check or the server's 400 found the day outside it.
 */

/** "Choose a day from … to …", with why. */
function dayRangeText(t: TFunction, range: DayRange): string {
  return t("redemption.dayRange", { min: formatCalendarDate(range.min), max: formatCalendarDate(range.max) });
}

/** The form's own check of a well-formed day: the range's text when outside it, else null. */
export function dayOutsideText(t: TFunction, value: string, range: DayRange | null): string | null {
  return range && !isDayWithin(value, range) ? dayRangeText(t, range) : null;
}

/** The range the server's refusal names at a day (its issue's params), or null for another refusal. */
function refusedDayRange(detail: TErrorDetail): DayRange | null {
  const params = detail.issue?.params;
  return params?.rule === EARLY_END_DAY_RULE &&
    typeof params.min === "string" &&
    typeof params.max === "string"
    ? { min: params.min, max: params.max }
    : null;
}

/** What a refused day says: the range it must fall in, or `otherwise` (a malformed day, none recorded). */
export function refusedDayText(t: TFunction, detail: TErrorDetail, otherwise: string): string {
  const range = refusedDayRange(detail);
  if (range) return dayRangeText(t, range);
  // A day outside every plausible one (1900, 2999) is refused by the contract before the lease is read.
  return plausibleDateText(detail.issue?.params, t) ?? otherwise;
}
