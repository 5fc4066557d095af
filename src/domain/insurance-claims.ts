import { DAY_MS } from "./dates.ts";
import type { EventType, InsuranceClaimOutcome, InsuranceClaimType, SimpleState } from "./enums.ts";
import { addMonths, daysInMonth, monthsBetween, periodOf } from "./payroll/period.ts";

/**
 * Insurance claims (ADR 009): theft or damage of a leased bike, the employee's report and the
 * helpdesk's handling. The rules are ours (docs/product.md "Insurance claims"):
 *
 * - A theft needs the police report number.
 * - A claim is reported within 14 days of the incident (the deadline other providers give their
 *   dealers); a later report is still taken, flagged as late.
 * - What the employee bears is shown before they send the report: the deductible (omavastuu, 240 € by
 *   default, as Vapaus has it) and the insured value, the package price less 1 % for each full month
 *   since the lease started (GoByBike's rule), never below zero.
 * - The helpdesk takes the claim through the event types of docs/product.md "States", as the steps of the chosen outcome
 *   (CLAIM_STEPS below); the last step closes the claim (COMPLETED).
 */

/** The deductible (omavastuu) a new claim gets, in cents. */
export const DEFAULT_DEDUCTIBLE_CENTS = 24_000;

/** Days from the incident within which a claim counts as reported in time. */
const REPORT_DEADLINE_DAYS = 14;

/** Files (photos, documents) one claim may hold. */
export const MAX_CLAIM_FILES = 20;

/** The depreciation of the insured value: this many percent of the package price per full month. */
const INSURED_VALUE_DEPRECIATION_PERCENT_PER_MONTH = 1;

/** Why a lease ends when its claim ends it (endLease's reason). */
export const INSURANCE_LEASE_END_REASON = "INSURANCE_END_OF_LEASING";

/** The steps the helpdesk takes on a claim: the insurance event types of docs/product.md "States" after the case started. */
export const INSURANCE_CLAIM_STEPS = [
  "INSURANCE_REPAIR_BIKE_SUBMITTED",
  "INSURANCE_REPAIR_INVOICE_SENT",
  "INSURANCE_NEW_BIKE_CASE_SUBMITTED",
  "INSURANCE_GRENKE_INVOICE_SENT",
  "INSURANCE_CASE_COMPLETED",
  "INSURANCE_END_OF_LEASING_COMPLETED",
] as const satisfies readonly EventType[];
export type InsuranceClaimStep = (typeof INSURANCE_CLAIM_STEPS)[number];

/** Written when the claim is made; not a step the helpdesk takes. */
export const CLAIM_STARTED_EVENT = "INSURANCE_CASE_STARTED" satisfies EventType;

/**
 * THE STEP TABLE: for each outcome, the steps in the order they are taken; each step may follow only
 * the one before it, the first only once the outcome is set.
 * - REPAIR: the bike goes to the repair shop, the shop's invoice is sent on, the case is completed.
 * - NEW_BIKE (a stolen bike replaced, or a write-off): the new bike's case goes to the leasing company,
 *   its invoice is sent, the case is completed.
 * - END_OF_LEASING (not replaced): the leasing company's invoice is sent, and the lease ends.
 */
export const CLAIM_STEPS: Readonly<Record<InsuranceClaimOutcome, readonly InsuranceClaimStep[]>> = {
  REPAIR: ["INSURANCE_REPAIR_BIKE_SUBMITTED", "INSURANCE_REPAIR_INVOICE_SENT", "INSURANCE_CASE_COMPLETED"],
  NEW_BIKE: [
    "INSURANCE_NEW_BIKE_CASE_SUBMITTED",
    "INSURANCE_GRENKE_INVOICE_SENT",
    "INSURANCE_CASE_COMPLETED",
  ],
  END_OF_LEASING: ["INSURANCE_GRENKE_INVOICE_SENT", "INSURANCE_END_OF_LEASING_COMPLETED"],
};

/** The steps that close a claim. */
const COMPLETING_STEPS: readonly InsuranceClaimStep[] = [
  "INSURANCE_CASE_COMPLETED",
  "INSURANCE_END_OF_LEASING_COMPLETED",
];

export function isInsuranceClaimStep(type: string): type is InsuranceClaimStep {
  return (INSURANCE_CLAIM_STEPS as readonly string[]).includes(type);
}

export function isCompletingStep(step: InsuranceClaimStep): boolean {
  return COMPLETING_STEPS.includes(step);
}

/** The outcomes a claim of this type may have: a stolen bike cannot be repaired. */
export function claimOutcomesFor(type: InsuranceClaimType): readonly InsuranceClaimOutcome[] {
  return type === "THEFT" ? ["NEW_BIKE", "END_OF_LEASING"] : ["REPAIR", "NEW_BIKE", "END_OF_LEASING"];
}

/** A theft is reported with the police report number. */
export function needsPoliceReport(type: InsuranceClaimType): boolean {
  return type === "THEFT";
}

export type ClaimProgress = {
  status: SimpleState;
  type: InsuranceClaimType;
  outcome: InsuranceClaimOutcome | null;
  /** The steps taken so far, in the order taken. */
  stepsTaken: readonly InsuranceClaimStep[];
};

/** Whether the claim is still being handled (PENDING); a completed or cancelled one is closed. */
export function isClaimOpen(claim: Pick<ClaimProgress, "status">): boolean {
  return claim.status === "PENDING";
}

/**
 * The steps the helpdesk may take next (the buttons of the claim's page): none while the outcome is
 * unset or not one the type allows, none on a closed claim, none when the steps taken stray from the
 * outcome's road; otherwise the outcome's next step.
 */
export function nextClaimSteps(claim: ClaimProgress): InsuranceClaimStep[] {
  if (!isClaimOpen(claim) || claim.outcome === null) return [];
  if (!claimOutcomesFor(claim.type).includes(claim.outcome)) return [];
  const road = CLAIM_STEPS[claim.outcome];
  const onRoad = claim.stepsTaken.every((step, i) => road[i] === step);
  if (!onRoad) return [];
  const next = road[claim.stepsTaken.length];
  return next ? [next] : [];
}

export function canTakeClaimStep(claim: ClaimProgress, step: InsuranceClaimStep): boolean {
  return nextClaimSteps(claim).includes(step);
}

/** The outcome is fixed once its first step is taken; before that the helpdesk may change it. */
export function canChangeOutcome(claim: ClaimProgress): boolean {
  return isClaimOpen(claim) && claim.stepsTaken.length === 0;
}

/** The employee may withdraw their own claim while it is open and the helpdesk has taken no step. */
export function canEmployeeDeleteClaim(claim: Pick<ClaimProgress, "status" | "stepsTaken">): boolean {
  return isClaimOpen(claim) && claim.stepsTaken.length === 0;
}

/** The helpdesk may delete a claim made by mistake, but not a completed one: its payment and lease stand. */
export function canHelpdeskDeleteClaim(claim: Pick<ClaimProgress, "status">): boolean {
  return claim.status !== "COMPLETED";
}

/** What a caller may do with a claim they may read: each is checked again when it is done. */
export const INSURANCE_CLAIM_ACTIONS = ["UPDATE", "SET_OUTCOME", "TAKE_STEP", "ADD_FILE", "DELETE"] as const;
export type InsuranceClaimAction = (typeof INSURANCE_CLAIM_ACTIONS)[number];

/**
 * Who the caller is towards the claim: the helpdesk (insurance-claims.manage), the claim's own employee
 * (own-order.manage), or a reader only (an employer role, who sees the claim but does not handle it).
 */
export type ClaimCaller = "HELPDESK" | "EMPLOYEE" | "READER";

/**
 * The actions the caller may take on the claim now:
 * - the helpdesk: UPDATE (its fields) while open, SET_OUTCOME until the outcome's first step is taken,
 *   TAKE_STEP while the outcome has a next step, ADD_FILE always, DELETE unless completed;
 * - the employee: UPDATE (their own text) and ADD_FILE while open, DELETE (withdraw) until the helpdesk
 *   takes a step;
 * - a reader: none.
 */
export function insuranceClaimActions(claim: ClaimProgress, caller: ClaimCaller): InsuranceClaimAction[] {
  const actions: InsuranceClaimAction[] = [];
  if (caller === "HELPDESK") {
    if (isClaimOpen(claim)) actions.push("UPDATE");
    if (canChangeOutcome(claim)) actions.push("SET_OUTCOME");
    if (nextClaimSteps(claim).length > 0) actions.push("TAKE_STEP");
    actions.push("ADD_FILE");
    if (canHelpdeskDeleteClaim(claim)) actions.push("DELETE");
  } else if (caller === "EMPLOYEE") {
    if (isClaimOpen(claim)) actions.push("UPDATE", "ADD_FILE");
    if (canEmployeeDeleteClaim(claim)) actions.push("DELETE");
  }
  return actions;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last day (YYYY-MM-DD) a claim of an incident on `incidentDate` counts as reported in time. */
export function reportDeadline(incidentDate: string): string {
  return addDays(incidentDate, REPORT_DEADLINE_DAYS);
}

/** Reported after the deadline; unknown when the incident date is not given. */
export function isReportedLate(incidentDate: string | null, reportedOn: string): boolean {
  return incidentDate !== null && reportedOn > reportDeadline(incidentDate);
}

/** Why an incident date cannot be taken: in the future, or before the lease started; null when fine. */
export function incidentDateProblem(
  incidentDate: string,
  context: { today: string; leaseStartDate: string | null },
): "IN_FUTURE" | "BEFORE_LEASE" | null {
  if (incidentDate > context.today) return "IN_FUTURE";
  if (context.leaseStartDate !== null && incidentDate < context.leaseStartDate) return "BEFORE_LEASE";
  return null;
}

/**
 * Whole months from one date to another, as a calendar counts them: 15.1. → 14.3. is one, 15.1. → 15.3.
 * two; from the 31st a month is full on the last day of a shorter month. Zero when `to` is before `from`.
 */
export function fullMonthsBetween(from: string, to: string): number {
  if (to <= from) return 0;
  const months = monthsBetween(periodOf(from), periodOf(to));
  const targetPeriod = addMonths(periodOf(from), months);
  const day = Math.min(Number(from.slice(8, 10)), daysInMonth(targetPeriod));
  const anniversary = `${targetPeriod}-${String(day).padStart(2, "0")}`;
  return anniversary <= to ? months : months - 1;
}

/**
 * The insured value on a day: the package price less 1 % of it for each full month since the lease
 * started, rounded to the cent, never below zero. Before the lease has a start date the price itself.
 */
export function insuredValueCents(
  packagePriceCents: number,
  leaseStartDate: string | null,
  onDate: string,
): number {
  if (leaseStartDate === null) return packagePriceCents;
  const months = fullMonthsBetween(leaseStartDate, onDate);
  const percentLeft = Math.max(0, 100 - months * INSURED_VALUE_DEPRECIATION_PERCENT_PER_MONTH);
  return Math.round((packagePriceCents * percentLeft) / 100);
}

/**
 * The deductible the employee pays when the claim is settled: the claim's deductible, but never more
 * than the loss: the repair's cost for a repair (once known), the insured value otherwise.
 */
export function deductibleOwedCents(claim: {
  deductibleCents: number;
  outcome: InsuranceClaimOutcome | null;
  repairCostCents: number | null;
  insuredValueCents: number;
}): number {
  const loss =
    claim.outcome === "REPAIR" && claim.repairCostCents !== null
      ? claim.repairCostCents
      : claim.insuredValueCents;
  return Math.max(0, Math.min(claim.deductibleCents, loss));
}
