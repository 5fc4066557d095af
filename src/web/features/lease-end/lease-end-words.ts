import type { LeaseEndChoice, LeaseEndReason, PaymentMethod } from "../../../domain/enums.ts";
import type {
  LeaseEndState,
  OptionOutcome,
  OptionTaxNote,
  OptionUnavailableReason,
} from "../../../domain/lease-end.ts";
import type { StatusTone } from "../../../domain/status-tones.ts";

/**
 * The lease end's words (i18n/lease-end/*.json), shared by the employee's /mybike, the employer's
 * lease ends and the helpdesk's redemptions, which each load them with their own texts. The employee
 * is spoken to ("the bike becomes yours"); the employer and the helpdesk read of the employee. Keys
 * are spelled out so that the catalogue check sees every one.
 */
export type LeaseEndAudience = "employee" | "staff";

/**
 * A lease end's state as every list and drawer shows it (leaseEndState of the domain): an open case past
 * its decision deadline is overdue, in red, not merely open.
 */
export const STATE_LABELS: Record<LeaseEndState, string> = {
  PENDING: "leaseEnd.states.PENDING",
  OVERDUE: "leaseEnd.states.OVERDUE",
  COMPLETED: "leaseEnd.states.COMPLETED",
  CANCELLED: "leaseEnd.states.CANCELLED",
};

/** An open case waits for someone; an overdue one is late; a completed one is done; a cancelled one closed. */
export const STATE_TONES: Record<LeaseEndState, StatusTone> = {
  PENDING: "warning",
  OVERDUE: "danger",
  COMPLETED: "success",
  CANCELLED: "neutral",
};

export const CHOICE_LABELS: Record<LeaseEndChoice, string> = {
  REDEEM: "leaseEnd.choices.REDEEM",
  RETURN: "leaseEnd.choices.RETURN",
  BROKERAGE: "leaseEnd.choices.BROKERAGE",
  TRANSFER: "leaseEnd.choices.TRANSFER",
  CONTINUE: "leaseEnd.choices.CONTINUE",
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  PAYROLL: "leaseEnd.methods.PAYROLL",
  BATCH: "leaseEnd.methods.BATCH",
};

export const REASON_LABELS: Record<LeaseEndAudience, Record<LeaseEndReason, string>> = {
  employee: {
    LEASE_TERM_ENDS: "leaseEnd.reasons.employee.LEASE_TERM_ENDS",
    EMPLOYEE_RESIGNED: "leaseEnd.reasons.employee.EMPLOYEE_RESIGNED",
    EMPLOYER_ENDED_EMPLOYMENT: "leaseEnd.reasons.employee.EMPLOYER_ENDED_EMPLOYMENT",
    LONG_ABSENCE: "leaseEnd.reasons.employee.LONG_ABSENCE",
  },
  staff: {
    LEASE_TERM_ENDS: "leaseEnd.reasons.staff.LEASE_TERM_ENDS",
    EMPLOYEE_RESIGNED: "leaseEnd.reasons.staff.EMPLOYEE_RESIGNED",
    EMPLOYER_ENDED_EMPLOYMENT: "leaseEnd.reasons.staff.EMPLOYER_ENDED_EMPLOYMENT",
    LONG_ABSENCE: "leaseEnd.reasons.staff.LONG_ABSENCE",
  },
};

export const OUTCOME_TEXTS: Record<LeaseEndAudience, Record<OptionOutcome, string>> = {
  employee: {
    BIKE_BECOMES_YOURS: "leaseEnd.outcomes.employee.BIKE_BECOMES_YOURS",
    PICKUP_ARRANGED: "leaseEnd.outcomes.employee.PICKUP_ARRANGED",
    PEDAALI_SELLS_BIKE: "leaseEnd.outcomes.employee.PEDAALI_SELLS_BIKE",
    COLLEAGUE_TAKES_OVER: "leaseEnd.outcomes.employee.COLLEAGUE_TAKES_OVER",
    KEEP_BIKE_AND_PAY: "leaseEnd.outcomes.employee.KEEP_BIKE_AND_PAY",
  },
  staff: {
    BIKE_BECOMES_YOURS: "leaseEnd.outcomes.staff.BIKE_BECOMES_YOURS",
    PICKUP_ARRANGED: "leaseEnd.outcomes.staff.PICKUP_ARRANGED",
    PEDAALI_SELLS_BIKE: "leaseEnd.outcomes.staff.PEDAALI_SELLS_BIKE",
    COLLEAGUE_TAKES_OVER: "leaseEnd.outcomes.staff.COLLEAGUE_TAKES_OVER",
    KEEP_BIKE_AND_PAY: "leaseEnd.outcomes.staff.KEEP_BIKE_AND_PAY",
  },
};

export const UNAVAILABLE_REASONS: Record<LeaseEndAudience, Record<OptionUnavailableReason, string>> = {
  employee: {
    EARLY_END_ONLY: "leaseEnd.unavailable.employee.EARLY_END_ONLY",
    LONG_ABSENCE_ONLY: "leaseEnd.unavailable.employee.LONG_ABSENCE_ONLY",
    RESIGNED_MUST_REDEEM: "leaseEnd.unavailable.employee.RESIGNED_MUST_REDEEM",
  },
  staff: {
    EARLY_END_ONLY: "leaseEnd.unavailable.staff.EARLY_END_ONLY",
    LONG_ABSENCE_ONLY: "leaseEnd.unavailable.staff.LONG_ABSENCE_ONLY",
    RESIGNED_MUST_REDEEM: "leaseEnd.unavailable.staff.RESIGNED_MUST_REDEEM",
  },
};

export const TAX_NOTES: Record<LeaseEndAudience, Record<OptionTaxNote, string>> = {
  employee: {
    VERIFY_FAIR_VALUE: "leaseEnd.taxNotes.employee.VERIFY_FAIR_VALUE",
    NEW_CONTRACT_TAXABLE: "leaseEnd.taxNotes.employee.NEW_CONTRACT_TAXABLE",
  },
  staff: {
    VERIFY_FAIR_VALUE: "leaseEnd.taxNotes.staff.VERIFY_FAIR_VALUE",
    NEW_CONTRACT_TAXABLE: "leaseEnd.taxNotes.staff.NEW_CONTRACT_TAXABLE",
  },
};

/** Why a cost is a range: what it waits for. */
export const RANGE_NOTES: Partial<Record<LeaseEndChoice, string>> = {
  BROKERAGE: "leaseEnd.compare.rangeBrokerage",
  CONTINUE: "leaseEnd.compare.rangeContinue",
};

export const COMPARE_TITLES: Record<LeaseEndAudience, string> = {
  employee: "leaseEnd.compare.title.employee",
  staff: "leaseEnd.compare.title.staff",
};

export const THIS_CASE: Record<LeaseEndAudience, string> = {
  employee: "leaseEnd.priceTable.thisCase.employee",
  staff: "leaseEnd.priceTable.thisCase.staff",
};
