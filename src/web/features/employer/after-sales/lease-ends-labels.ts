import type { LeaseEndChoice, LeaseEndReason, PaymentMethod, SimpleState } from "../../../../domain/enums.ts";
import type { OptionOutcome, OptionTaxNote, OptionUnavailableReason } from "../../../../domain/lease-end.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";

/** The lease end's words for the employer, spelled out so that the catalogue check sees every key. */

export const STATUS_LABELS: Record<SimpleState, string> = {
  PENDING: "employerLeaseEnds.status.PENDING",
  COMPLETED: "employerLeaseEnds.status.COMPLETED",
  CANCELLED: "employerLeaseEnds.status.CANCELLED",
};

/** An open case waits for someone; a completed one is done; a cancelled one closed without fault. */
export const STATUS_TONES: Record<SimpleState, StatusTone> = {
  PENDING: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
};

export const REASON_LABELS: Record<LeaseEndReason, string> = {
  LEASE_TERM_ENDS: "employerLeaseEnds.reasons.LEASE_TERM_ENDS",
  EMPLOYEE_RESIGNED: "employerLeaseEnds.reasons.EMPLOYEE_RESIGNED",
  EMPLOYER_ENDED_EMPLOYMENT: "employerLeaseEnds.reasons.EMPLOYER_ENDED_EMPLOYMENT",
  LONG_ABSENCE: "employerLeaseEnds.reasons.LONG_ABSENCE",
};

export const CHOICE_LABELS: Record<LeaseEndChoice, string> = {
  REDEEM: "employerLeaseEnds.choices.REDEEM",
  RETURN: "employerLeaseEnds.choices.RETURN",
  BROKERAGE: "employerLeaseEnds.choices.BROKERAGE",
  TRANSFER: "employerLeaseEnds.choices.TRANSFER",
  CONTINUE: "employerLeaseEnds.choices.CONTINUE",
};

export const OUTCOME_TEXTS: Record<OptionOutcome, string> = {
  BIKE_BECOMES_YOURS: "employerLeaseEnds.outcomes.BIKE_BECOMES_YOURS",
  PICKUP_ARRANGED: "employerLeaseEnds.outcomes.PICKUP_ARRANGED",
  PEDAALI_SELLS_BIKE: "employerLeaseEnds.outcomes.PEDAALI_SELLS_BIKE",
  COLLEAGUE_TAKES_OVER: "employerLeaseEnds.outcomes.COLLEAGUE_TAKES_OVER",
  KEEP_BIKE_AND_PAY: "employerLeaseEnds.outcomes.KEEP_BIKE_AND_PAY",
};

export const TAX_NOTES: Record<OptionTaxNote, string> = {
  VERIFY_FAIR_VALUE: "employerLeaseEnds.taxNotes.VERIFY_FAIR_VALUE",
  NEW_CONTRACT_TAXABLE: "employerLeaseEnds.taxNotes.NEW_CONTRACT_TAXABLE",
};

export const UNAVAILABLE_REASONS: Record<OptionUnavailableReason, string> = {
  EARLY_END_ONLY: "employerLeaseEnds.unavailable.EARLY_END_ONLY",
  LONG_ABSENCE_ONLY: "employerLeaseEnds.unavailable.LONG_ABSENCE_ONLY",
  RESIGNED_MUST_REDEEM: "employerLeaseEnds.unavailable.RESIGNED_MUST_REDEEM",
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  PAYROLL: "employerLeaseEnds.methods.PAYROLL",
  BATCH: "employerLeaseEnds.methods.BATCH",
};
