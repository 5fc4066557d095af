import { DAY_MS } from "../dates.ts";

/**
 * Pay periods for the payroll report: a period is a calendar month written "YYYY-MM"; dates are ISO
 * calendar dates "YYYY-MM-DD" with no time zone, so a date's period is its first seven characters and
 * periods and dates of the same form compare as strings. Pure arithmetic on year and month numbers.
 */

const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isPeriod(value: string): boolean {
  return PERIOD_PATTERN.test(value);
}

/**
 * What a function of a period gives, kept per period: a report reads the same few dozen months again for
 * each of its tens of thousands of leases (a fifth of the payroll report's time went to reading them,
 * and as much again to listing a year's months). Bounded, since a period may come from outside; a
 * kept value is frozen, so no caller can change what the next one gets.
 */
function keptPerPeriod<T extends object>(read: (period: string) => T): (period: string) => Readonly<T> {
  const kept = new Map<string, Readonly<T>>();
  const MAX_KEPT = 10_000;
  return (period) => {
    let value = kept.get(period);
    if (!value) {
      value = Object.freeze(read(period));
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(period, value);
    }
    return value;
  };
}

/** The year and month (1–12) of a period; a malformed period is a RangeError. */
export const parsePeriod = keptPerPeriod((period: string): { year: number; month: number } => {
  const match = PERIOD_PATTERN.exec(period);
  if (!match) throw new RangeError(`A pay period is YYYY-MM, got "${period}"`);
  return { year: Number(match[1]), month: Number(match[2]) };
});

function formatPeriod(year: number, month: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

/** The period a date falls in ("2026-03-15" → "2026-03"). */
export function periodOf(date: string): string {
  return date.slice(0, 7);
}

/** The period n months later (n may be negative). */
export function addMonths(period: string, n: number): string {
  const { year, month } = parsePeriod(period);
  const index = year * 12 + (month - 1) + n;
  return formatPeriod(Math.floor(index / 12), (index % 12) + 1);
}

/** How many months `to` is after `from` (negative when before): "2026-01" → "2026-03" is 2. */
export function monthsBetween(from: string, to: string): number {
  const a = parsePeriod(from);
  const b = parsePeriod(to);
  return (b.year - a.year) * 12 + (b.month - a.month);
}

export function daysInMonth(period: string): number {
  const { year, month } = parsePeriod(period);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function firstDayOf(period: string): string {
  parsePeriod(period);
  return `${period}-01`;
}

export function lastDayOf(period: string): string {
  return `${period}-${String(daysInMonth(period)).padStart(2, "0")}`;
}

/** The calendar day after a date ("2026-02-28" → "2026-03-01"). */
export function nextDay(date: string): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS);
  return next.toISOString().slice(0, 10);
}

/**
 * The periods of the period's calendar year from January up to and including the period
 * ("2026-03" → ["2026-01", "2026-02", "2026-03"]): the months whose tax-free parts use the year's limit.
 */
export const periodsOfYearUntil = keptPerPeriod((period: string): string[] => {
  const { year, month } = parsePeriod(period);
  return Array.from({ length: month }, (_, i) => formatPeriod(year, i + 1));
});

/** Every period from `from` to `to`, both included; empty when `to` is before `from`. */
export function periodRange(from: string, to: string): string[] {
  const count = monthsBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addMonths(from, i));
}
