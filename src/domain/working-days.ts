import { DAY_MS, toHelsinkiDateString } from "./dates.ts";

/**
 * Working days are Monday to Friday, counted on Helsinki's calendar. Public holidays count as working
 * days for now: a reminder a day early on a holiday asks nothing the person cannot do the next day.
 */

/** Whether a calendar date (YYYY-MM-DD) is a working day. */
export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addCalendarDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/**
 * How many working days have passed from `from` to `to` (YYYY-MM-DD): the working days after `from`
 * up to and including `to`. A wait that starts on a Friday has lasted one working day on Monday.
 */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) {
    if (isWorkingDay(day)) count++;
  }
  return count;
}

/** How many calendar days have passed from `from` to `to` (YYYY-MM-DD); never negative. */
export function calendarDaysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.max(0, Math.round(ms / DAY_MS));
}

/** How long something has waited, from the instant it began to now, in Helsinki's days. */
export function waitedDays(since: Date, now: Date, unit: "WORKING" | "CALENDAR"): number {
  const from = toHelsinkiDateString(since);
  const to = toHelsinkiDateString(now);
  return unit === "WORKING" ? workingDaysBetween(from, to) : calendarDaysBetween(from, to);
}
