import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareIsoTimes,
  DEFAULT_LAST_WORKING_DAY,
  formatHelsinkiDate,
  formatHelsinkiDateTime,
  isTwentyYearsOrMoreInFuture,
  relativeTime,
  toHelsinkiDateString,
} from "./dates.ts";

describe("formatHelsinkiDateTime", () => {
  it("shows winter time as UTC+2", () => {
    expect(formatHelsinkiDateTime(new Date("2026-01-15T10:05:00Z"))).toBe("15.01.2026 12:05");
  });

  it("shows summer time as UTC+3", () => {
    expect(formatHelsinkiDateTime(new Date("2026-07-01T21:30:00Z"))).toBe("02.07.2026 00:30");
  });

  it("jumps from 03:00 to 04:00 when summer time starts on 29.03.2026", () => {
    expect(formatHelsinkiDateTime(new Date("2026-03-29T00:59:00Z"))).toBe("29.03.2026 02:59");
    expect(formatHelsinkiDateTime(new Date("2026-03-29T01:00:00Z"))).toBe("29.03.2026 04:00");
  });

  it("repeats the hour 03:00-04:00 when summer time ends on 25.10.2026", () => {
    expect(formatHelsinkiDateTime(new Date("2026-10-24T23:59:00Z"))).toBe("25.10.2026 02:59");
    expect(formatHelsinkiDateTime(new Date("2026-10-25T00:30:00Z"))).toBe("25.10.2026 03:30");
    expect(formatHelsinkiDateTime(new Date("2026-10-25T01:30:00Z"))).toBe("25.10.2026 03:30");
    expect(formatHelsinkiDateTime(new Date("2026-10-25T02:00:00Z"))).toBe("25.10.2026 04:00");
  });

  it("shows midnight as 00, not 24", () => {
    expect(formatHelsinkiDateTime(new Date("2026-01-14T22:00:00Z"))).toBe("15.01.2026 00:00");
  });

  it("accepts an ISO string", () => {
    expect(formatHelsinkiDateTime("2026-12-31T22:00:00.000Z")).toBe("01.01.2027 00:00");
  });

  it("throws for an invalid date", () => {
    expect(() => formatHelsinkiDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  // The clock change is computed by the EU's rule (no Intl date in a phone's first render): held to the
  // tz database Node's Intl carries, on any instant and around every change from 1990 to 2100.
  const byTzDatabase = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Helsinki",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const tzDatabaseText = (d: Date) => {
    const parts = byTzDatabase.formatToParts(d);
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    return `${part("day")}.${part("month")}.${part("year")} ${part("hour")}:${part("minute")}`;
  };

  it("agrees with the tz database on any instant", () => {
    const instant = fc.date({
      min: new Date("1970-01-01T00:00:00Z"),
      max: new Date("2999-12-31T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(fc.property(instant, (d) => formatHelsinkiDateTime(d) === tzDatabaseText(d)));
  });

  it("agrees with the tz database in the hours around each clock change", () => {
    for (let year = 1990; year <= 2100; year++) {
      for (const month of [2, 9]) {
        // Every half hour of March's and October's last seven days, where the last Sunday falls.
        const from = Date.UTC(year, month + 1, 0) - 6 * 24 * 3_600_000;
        for (let time = from; time < from + 7 * 24 * 3_600_000; time += 30 * 60_000) {
          const d = new Date(time);
          if (formatHelsinkiDateTime(d) !== tzDatabaseText(d)) {
            expect(formatHelsinkiDateTime(d), d.toISOString()).toBe(tzDatabaseText(d));
          }
        }
      }
    }
  });

  it("always has the DD.MM.YYYY HH:mm shape", () => {
    const instant = fc.date({
      min: new Date("1970-01-01T00:00:00Z"),
      max: new Date("2999-12-31T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, (d) =>
        /^\d{2}\.\d{2}\.\d{4} ([01]\d|2[0-3]):[0-5]\d$/.test(formatHelsinkiDateTime(d)),
      ),
    );
  });
});

describe("formatHelsinkiDate", () => {
  it("shows the default last working day as 01.01.2999", () => {
    expect(DEFAULT_LAST_WORKING_DAY).toBe("2999-01-01");
    expect(formatHelsinkiDate(DEFAULT_LAST_WORKING_DAY)).toBe("01.01.2999");
  });

  it("keeps a date-only string as the calendar date it names", () => {
    expect(formatHelsinkiDate("2026-03-29")).toBe("29.03.2026");
  });

  it("shows an instant as its Helsinki calendar date", () => {
    expect(formatHelsinkiDate(new Date("2026-10-24T21:30:00Z"))).toBe("25.10.2026");
    expect(formatHelsinkiDate(new Date("2026-10-24T20:59:00Z"))).toBe("24.10.2026");
  });
});

describe("isTwentyYearsOrMoreInFuture", () => {
  const now = new Date("2026-05-10T09:00:00Z");

  it("flags a date exactly 20 years ahead", () => {
    expect(isTwentyYearsOrMoreInFuture("2046-05-10", now)).toBe(true);
  });

  it("does not flag the day before", () => {
    expect(isTwentyYearsOrMoreInFuture("2046-05-09", now)).toBe(false);
  });

  it("flags the default last working day", () => {
    expect(isTwentyYearsOrMoreInFuture(DEFAULT_LAST_WORKING_DAY, now)).toBe(true);
  });

  it("does not flag past dates or dates in the near future", () => {
    expect(isTwentyYearsOrMoreInFuture("2020-01-01", now)).toBe(false);
    expect(isTwentyYearsOrMoreInFuture(new Date("2030-01-01T00:00:00Z"), now)).toBe(false);
  });

  it("counts today in Helsinki, not in UTC", () => {
    // 31.12.2025 22:30 UTC is already 01.01.2026 in Helsinki.
    const lateEvening = new Date("2025-12-31T22:30:00Z");
    expect(toHelsinkiDateString(lateEvening)).toBe("2026-01-01");
    expect(isTwentyYearsOrMoreInFuture("2046-01-01", lateEvening)).toBe(true);
    expect(isTwentyYearsOrMoreInFuture("2045-12-31", lateEvening)).toBe(false);
  });

  it("treats 29 February plus 20 years in a non-leap year as 1 March", () => {
    const leapDay = new Date("2080-02-29T12:00:00Z");
    expect(isTwentyYearsOrMoreInFuture("2100-02-28", leapDay)).toBe(false);
    expect(isTwentyYearsOrMoreInFuture("2100-03-01", leapDay)).toBe(true);
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-05-10T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;

  it.each([
    [0, { unit: "justNow", value: 0 }],
    [59_999, { unit: "justNow", value: 0 }],
    [MIN, { unit: "minutes", value: 1 }],
    [59 * MIN + 59_999, { unit: "minutes", value: 59 }],
    [60 * MIN, { unit: "hours", value: 1 }],
    [1439 * MIN, { unit: "hours", value: 23 }],
    [1440 * MIN, { unit: "days", value: 1 }],
    [10 * 1440 * MIN + 5, { unit: "days", value: 10 }],
  ] as const)("when %i ms have passed, gives %o", (ms, expected) => {
    expect(relativeTime(ago(ms), now)).toEqual(expected);
  });

  it("treats a time in the future as just now", () => {
    expect(relativeTime(new Date(now.getTime() + 5 * MIN), now)).toEqual({ unit: "justNow", value: 0 });
  });

  it("never goes back to a smaller value as time passes", () => {
    const scale = { justNow: 0, minutes: 1, hours: 60, days: 1440 } as const;
    const minutesShown = (ms: number) => {
      const r = relativeTime(ago(ms), now);
      return r.value * scale[r.unit];
    };
    fc.assert(
      fc.property(
        fc.nat(100 * 1440 * MIN),
        fc.nat(1440 * MIN),
        (a, extra) => minutesShown(a) <= minutesShown(a + extra),
      ),
    );
  });
});

describe("compareIsoTimes", () => {
  const instant = fc.date({
    min: new Date("1970-01-01T00:00:00Z"),
    max: new Date("2999-12-31T23:59:59Z"),
    noInvalidDate: true,
  });
  it("orders instants as their times", () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        expect(Math.sign(compareIsoTimes(a.toISOString(), b.toISOString()))).toBe(
          Math.sign(a.getTime() - b.getTime()),
        );
      }),
    );
  });
  it("orders dates as the calendar", () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const [x, y] = [a.toISOString().slice(0, 10), b.toISOString().slice(0, 10)];
        expect(Math.sign(compareIsoTimes(x, y))).toBe(Math.sign(Date.parse(x) - Date.parse(y)));
      }),
    );
  });
});
