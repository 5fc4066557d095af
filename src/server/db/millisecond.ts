/**
 * The first instant after `at`'s millisecond. The database keeps microseconds and a JavaScript date
 * only milliseconds, so a row written earlier within the same millisecond as a JavaScript "now" reads
 * as later than that now. A comparison of a stored time with a JavaScript time therefore counts the
 * whole millisecond as passed: `stored < nextMillisecond(now)` for "by now", `stored >=
 * nextMillisecond(since)` for "after since".
 */
export function nextMillisecond(at: Date): Date {
  return new Date(at.getTime() + 1);
}
