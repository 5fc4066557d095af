/**
 * A day as a date field shows and reads it. The form value is always the ISO day `YYYY-MM-DD` that the
 * API takes; the text is `DD.MM.YYYY`, the one display format of docs/product.md "Constants" in every interface language,
 * whatever the browser's own locale would show in a native date input.
 */

/** `2026-01-14` → `14.01.2026`; anything that is not an ISO day is shown as it is. */
export function isoToDateText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  return `${match[3]}.${match[2]}.${match[1]}`;
}

function isoDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  // 31.2. rolls over into March: a day that does not exist in the calendar is not a date.
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The ISO day of a typed date, or null when the text is not one. Day first as Finns write it, with or
 * without leading zeros ("14.1.2026", "14.01.2026"); a slash or a dash between the parts is read the
 * same (English day/month/year), and the full ISO form "2026-01-14" is accepted as pasted from elsewhere.
 * The year is always four digits, so "14.1.26" is not guessed into a century.
 */
export function dateTextToIso(text: string): string | null {
  const value = text.trim();
  // Two-digit month and day: typed digit by digit, "2026-03-3" is on its way to the 31st, not the 3rd.
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4})$/.exec(value);
  if (dayFirst) return isoDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  return null;
}
