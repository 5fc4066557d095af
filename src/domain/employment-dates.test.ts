import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LAST_WORKING_DAY } from "./dates.ts";
import { employmentDateIssues } from "./employment-dates.ts";

const day = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2060-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("employmentDateIssues", () => {
  const joinedOn = "2026-10-15";

  it("refuses a trial end and a last working day long before the person joined", () => {
    expect(
      employmentDateIssues({
        joinedOn,
        jobTrialPeriodEndDate: "2020-03-01",
        lastWorkingDayDate: "2019-12-31",
      }),
    ).toEqual([
      { field: "jobTrialPeriodEndDate", rule: "TRIAL_END_BEFORE_JOINED", limit: joinedOn },
      { field: "lastWorkingDayDate", rule: "LAST_DAY_BEFORE_JOINED", limit: joinedOn },
    ]);
  });

  it("refuses a last working day before the trial period ends, also without the day joined", () => {
    expect(
      employmentDateIssues({ jobTrialPeriodEndDate: "2027-03-31", lastWorkingDayDate: "2027-01-31" }),
    ).toEqual([{ field: "lastWorkingDayDate", rule: "LAST_DAY_BEFORE_TRIAL_END", limit: "2027-03-31" }]);
  });

  it("takes the same day as the limit, empty fields and the default last working day as fine", () => {
    expect(
      employmentDateIssues({ joinedOn, jobTrialPeriodEndDate: joinedOn, lastWorkingDayDate: joinedOn }),
    ).toEqual([]);
    expect(employmentDateIssues({ joinedOn, jobTrialPeriodEndDate: null, lastWorkingDayDate: "" })).toEqual(
      [],
    );
    expect(
      employmentDateIssues({
        joinedOn,
        jobTrialPeriodEndDate: "2027-03-31",
        lastWorkingDayDate: DEFAULT_LAST_WORKING_DAY,
      }),
    ).toEqual([]);
  });

  it("leaves a half-typed date to the date check", () => {
    expect(employmentDateIssues({ joinedOn, lastWorkingDayDate: "2019-1" })).toEqual([]);
  });

  it("finds an issue exactly when a date lies before the one it may not precede", () => {
    fc.assert(
      fc.property(day, fc.option(day), fc.option(day), (joined, trial, last) => {
        const issues = employmentDateIssues({
          joinedOn: joined,
          jobTrialPeriodEndDate: trial,
          lastWorkingDayDate: last,
        });
        const ordered =
          (trial === null || trial >= joined) &&
          (last === null || (last >= joined && (trial === null || last >= trial)));
        expect(issues.length === 0).toBe(ordered);
        for (const issue of issues) {
          const value = issue.field === "lastWorkingDayDate" ? last : trial;
          expect(value !== null && value < issue.limit).toBe(true);
        }
      }),
    );
  });
});
