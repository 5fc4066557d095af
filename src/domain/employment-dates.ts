import { DEFAULT_LAST_WORKING_DAY } from "./dates.ts";

/**
 * How an employee's dates stand to each other, as an HR person reads them (docs/data-model.md "Beneficiary
 * employee"). Pedaali does not hold the employment's first day; what it knows is the day the person
 * joined the bike benefit (the join request, or the day the employer added them), and they were
 * employed on that day. So:
 * - the last working day is not before that day: someone who had left could not have joined;
 * - the trial period's end is not before it either: a trial that ended earlier is over and needs no
 *   date (the field is left empty);
 * - the last working day is not before the trial period's end: an employment ended during the trial
 *   ends the trial with it.
 * Dates are YYYY-MM-DD; the default last working day (01.01.2999) means the employment continues.
 */

export type EmploymentDates = {
  /** The day the person joined the benefit (Helsinki date); left out when not known (a body alone). */
  joinedOn?: string | null | undefined;
  jobTrialPeriodEndDate?: string | null | undefined;
  lastWorkingDayDate?: string | null | undefined;
};

export type EmploymentDateField = "jobTrialPeriodEndDate" | "lastWorkingDayDate";

const EMPLOYMENT_DATE_RULES = [
  "TRIAL_END_BEFORE_JOINED",
  "LAST_DAY_BEFORE_JOINED",
  "LAST_DAY_BEFORE_TRIAL_END",
] as const;
export type EmploymentDateRule = (typeof EMPLOYMENT_DATE_RULES)[number];

/** A date that breaks a rule: on `field`, which may not be before `limit`. */
export type EmploymentDateIssue = { field: EmploymentDateField; rule: EmploymentDateRule; limit: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const given = (value: string | null | undefined): value is string => !!value && DATE.test(value);

/** The rules each date breaks, at most one per field (the day joined is said first). */
export function employmentDateIssues(dates: EmploymentDates): EmploymentDateIssue[] {
  const { joinedOn, jobTrialPeriodEndDate: trialEnd } = dates;
  const lastDay = dates.lastWorkingDayDate === DEFAULT_LAST_WORKING_DAY ? null : dates.lastWorkingDayDate;
  const issues: EmploymentDateIssue[] = [];
  if (given(joinedOn) && given(trialEnd) && trialEnd < joinedOn) {
    issues.push({ field: "jobTrialPeriodEndDate", rule: "TRIAL_END_BEFORE_JOINED", limit: joinedOn });
  }
  if (given(lastDay)) {
    if (given(joinedOn) && lastDay < joinedOn) {
      issues.push({ field: "lastWorkingDayDate", rule: "LAST_DAY_BEFORE_JOINED", limit: joinedOn });
    } else if (given(trialEnd) && lastDay < trialEnd) {
      issues.push({ field: "lastWorkingDayDate", rule: "LAST_DAY_BEFORE_TRIAL_END", limit: trialEnd });
    }
  }
  return issues;
}

export function isEmploymentDateRule(value: unknown): value is EmploymentDateRule {
  return (EMPLOYMENT_DATE_RULES as readonly unknown[]).includes(value);
}
