import type { LeaseEndChoice, LeaseEndReason, PaymentMethod } from "../../../../domain/enums.ts";
import type { OptionOutcome, OptionTaxNote, OptionUnavailableReason } from "../../../../domain/lease-end.ts";

/** The lease end's words for the employee, spelled out so that the catalogue check sees every key. */

export const CHOICE_LABELS: Record<LeaseEndChoice, string> = {
  REDEEM: "myBikeLeaseEnd.choices.REDEEM",
  RETURN: "myBikeLeaseEnd.choices.RETURN",
  BROKERAGE: "myBikeLeaseEnd.choices.BROKERAGE",
  TRANSFER: "myBikeLeaseEnd.choices.TRANSFER",
  CONTINUE: "myBikeLeaseEnd.choices.CONTINUE",
};

export const OUTCOME_TEXTS: Record<OptionOutcome, string> = {
  BIKE_BECOMES_YOURS: "myBikeLeaseEnd.outcomes.BIKE_BECOMES_YOURS",
  PICKUP_ARRANGED: "myBikeLeaseEnd.outcomes.PICKUP_ARRANGED",
  PEDAALI_SELLS_BIKE: "myBikeLeaseEnd.outcomes.PEDAALI_SELLS_BIKE",
  COLLEAGUE_TAKES_OVER: "myBikeLeaseEnd.outcomes.COLLEAGUE_TAKES_OVER",
  KEEP_BIKE_AND_PAY: "myBikeLeaseEnd.outcomes.KEEP_BIKE_AND_PAY",
};

export const TAX_NOTES: Record<OptionTaxNote, string> = {
  VERIFY_FAIR_VALUE: "myBikeLeaseEnd.taxNotes.VERIFY_FAIR_VALUE",
  NEW_CONTRACT_TAXABLE: "myBikeLeaseEnd.taxNotes.NEW_CONTRACT_TAXABLE",
};

export const UNAVAILABLE_REASONS: Record<OptionUnavailableReason, string> = {
  EARLY_END_ONLY: "myBikeLeaseEnd.unavailable.EARLY_END_ONLY",
  LONG_ABSENCE_ONLY: "myBikeLeaseEnd.unavailable.LONG_ABSENCE_ONLY",
  RESIGNED_MUST_REDEEM: "myBikeLeaseEnd.unavailable.RESIGNED_MUST_REDEEM",
};

export const REASON_LABELS: Record<LeaseEndReason, string> = {
  LEASE_TERM_ENDS: "myBikeLeaseEnd.reasons.LEASE_TERM_ENDS",
  EMPLOYEE_RESIGNED: "myBikeLeaseEnd.reasons.EMPLOYEE_RESIGNED",
  EMPLOYER_ENDED_EMPLOYMENT: "myBikeLeaseEnd.reasons.EMPLOYER_ENDED_EMPLOYMENT",
  LONG_ABSENCE: "myBikeLeaseEnd.reasons.LONG_ABSENCE",
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  PAYROLL: "myBikeLeaseEnd.methods.PAYROLL",
  BATCH: "myBikeLeaseEnd.methods.BATCH",
};

export const METHOD_HELP: Record<PaymentMethod, string> = {
  PAYROLL: "myBikeLeaseEnd.methodHelp.PAYROLL",
  BATCH: "myBikeLeaseEnd.methodHelp.BATCH",
};

/** What follows a choice while the case is open. */
export const NEXT_TEXTS: Record<LeaseEndChoice, string> = {
  REDEEM: "myBikeLeaseEnd.next.REDEEM",
  RETURN: "myBikeLeaseEnd.next.RETURN",
  BROKERAGE: "myBikeLeaseEnd.next.BROKERAGE",
  TRANSFER: "myBikeLeaseEnd.next.TRANSFER",
  CONTINUE: "myBikeLeaseEnd.next.CONTINUE",
};

/** What happened, once the case is completed. */
export const DONE_TEXTS: Record<LeaseEndChoice, string> = {
  REDEEM: "myBikeLeaseEnd.done.REDEEM",
  RETURN: "myBikeLeaseEnd.done.RETURN",
  BROKERAGE: "myBikeLeaseEnd.done.BROKERAGE",
  TRANSFER: "myBikeLeaseEnd.done.TRANSFER",
  CONTINUE: "myBikeLeaseEnd.done.CONTINUE",
};
