import type { PaymentMethod, RedemptionChoice, RedemptionReason } from "../../../domain/enums.ts";
import type {
  OptionOutcome,
  OptionTaxNote,
  OptionUnavailableReason,
  RedemptionState,
} from "../../../domain/redemption.ts";
import type { StatusTone } from "../../../domain/status-tones.ts";

/**
 * The lease end's words (i18n/redemption/*.json), shared by the employee's /mybike, the employer's
 * lease ends and the helpdesk's redemptions, which each load them with their own texts. The employee
 * is spoken to ("the bike becomes yours"); the employer and the helpdesk read of the employee. Keys
 * are spelled out so that the catalogue check sees every one.
 */
export type RedemptionAudience = "employee" | "staff";

/**
 * A lease end's state as every list and drawer shows it (redemptionState of the domain): an open case past
 * its decision deadline is overdue, in red, not merely open.
 */
export const STATE_LABELS: Record<RedemptionState, string> = {
  PENDING: "redemption.states.PENDING",
  OVERDUE: "redemption.states.OVERDUE",
  COMPLETED: "redemption.states.COMPLETED",
  CANCELLED: "redemption.states.CANCELLED",
};

/** An open case waits for someone; an overdue one is late; a completed one is done; a cancelled one closed. */
export const STATE_TONES: Record<RedemptionState, StatusTone> = {
  PENDING: "warning",
  OVERDUE: "danger",
  COMPLETED: "success",
  CANCELLED: "neutral",
};

export const CHOICE_LABELS: Record<RedemptionChoice, string> = {
  REDEEM: "redemption.choices.REDEEM",
  RETURN: "redemption.choices.RETURN",
  BROKERAGE: "redemption.choices.BROKERAGE",
  TRANSFER: "redemption.choices.TRANSFER",
  CONTINUE: "redemption.choices.CONTINUE",
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  PAYROLL: "redemption.methods.PAYROLL",
  BATCH: "redemption.methods.BATCH",
};

export const REASON_LABELS: Record<RedemptionAudience, Record<RedemptionReason, string>> = {
  employee: {
    LEASE_TERM_ENDS: "redemption.reasons.employee.LEASE_TERM_ENDS",
    EMPLOYEE_RESIGNED: "redemption.reasons.employee.EMPLOYEE_RESIGNED",
    EMPLOYER_ENDED_EMPLOYMENT: "redemption.reasons.employee.EMPLOYER_ENDED_EMPLOYMENT",
    LONG_ABSENCE: "redemption.reasons.employee.LONG_ABSENCE",
  },
  staff: {
    LEASE_TERM_ENDS: "redemption.reasons.staff.LEASE_TERM_ENDS",
    EMPLOYEE_RESIGNED: "redemption.reasons.staff.EMPLOYEE_RESIGNED",
    EMPLOYER_ENDED_EMPLOYMENT: "redemption.reasons.staff.EMPLOYER_ENDED_EMPLOYMENT",
    LONG_ABSENCE: "redemption.reasons.staff.LONG_ABSENCE",
  },
};

export const OUTCOME_TEXTS: Record<RedemptionAudience, Record<OptionOutcome, string>> = {
  employee: {
    BIKE_BECOMES_YOURS: "redemption.outcomes.employee.BIKE_BECOMES_YOURS",
    PICKUP_ARRANGED: "redemption.outcomes.employee.PICKUP_ARRANGED",
    PEDAALI_SELLS_BIKE: "redemption.outcomes.employee.PEDAALI_SELLS_BIKE",
    COLLEAGUE_TAKES_OVER: "redemption.outcomes.employee.COLLEAGUE_TAKES_OVER",
    KEEP_BIKE_AND_PAY: "redemption.outcomes.employee.KEEP_BIKE_AND_PAY",
  },
  staff: {
    BIKE_BECOMES_YOURS: "redemption.outcomes.staff.BIKE_BECOMES_YOURS",
    PICKUP_ARRANGED: "redemption.outcomes.staff.PICKUP_ARRANGED",
    PEDAALI_SELLS_BIKE: "redemption.outcomes.staff.PEDAALI_SELLS_BIKE",
    COLLEAGUE_TAKES_OVER: "redemption.outcomes.staff.COLLEAGUE_TAKES_OVER",
    KEEP_BIKE_AND_PAY: "redemption.outcomes.staff.KEEP_BIKE_AND_PAY",
  },
};

export const UNAVAILABLE_REASONS: Record<RedemptionAudience, Record<OptionUnavailableReason, string>> = {
  employee: {
    EARLY_END_ONLY: "redemption.unavailable.employee.EARLY_END_ONLY",
    LONG_ABSENCE_ONLY: "redemption.unavailable.employee.LONG_ABSENCE_ONLY",
    RESIGNED_MUST_REDEEM: "redemption.unavailable.employee.RESIGNED_MUST_REDEEM",
  },
  staff: {
    EARLY_END_ONLY: "redemption.unavailable.staff.EARLY_END_ONLY",
    LONG_ABSENCE_ONLY: "redemption.unavailable.staff.LONG_ABSENCE_ONLY",
    RESIGNED_MUST_REDEEM: "redemption.unavailable.staff.RESIGNED_MUST_REDEEM",
  },
};

export const TAX_NOTES: Record<RedemptionAudience, Record<OptionTaxNote, string>> = {
  employee: {
    VERIFY_FAIR_VALUE: "redemption.taxNotes.employee.VERIFY_FAIR_VALUE",
    NEW_CONTRACT_TAXABLE: "redemption.taxNotes.employee.NEW_CONTRACT_TAXABLE",
  },
  staff: {
    VERIFY_FAIR_VALUE: "redemption.taxNotes.staff.VERIFY_FAIR_VALUE",
    NEW_CONTRACT_TAXABLE: "redemption.taxNotes.staff.NEW_CONTRACT_TAXABLE",
  },
};

/** Why a cost is a range: what it waits for. */
export const RANGE_NOTES: Partial<Record<RedemptionChoice, string>> = {
  BROKERAGE: "redemption.compare.rangeBrokerage",
  CONTINUE: "redemption.compare.rangeContinue",
};

export const COMPARE_TITLES: Record<RedemptionAudience, string> = {
  employee: "redemption.compare.title.employee",
  staff: "redemption.compare.title.staff",
};

export const THIS_CASE: Record<RedemptionAudience, string> = {
  employee: "redemption.priceTable.thisCase.employee",
  staff: "redemption.priceTable.thisCase.staff",
};
