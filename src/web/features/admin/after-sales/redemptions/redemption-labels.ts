import type { REDEMPTION_OPENERS } from "../../../../../contract/bike-redemptions.ts";
import type { LeaseEndChoice, LeaseEndReason, SimpleState } from "../../../../../domain/enums.ts";
import type {
  OptionOutcome,
  OptionTaxNote,
  OptionUnavailableReason,
} from "../../../../../domain/lease-end.ts";
import type { StatusTone } from "../../../../../domain/status-tones.ts";

/**
 * The lease end's words for the helpdesk, spelled out so that the catalogue check sees every key. How
 * a payment is made and what it is for are the user payments' words, who pays the cancellations'.
 */
export { PAYER_LABELS } from "../cancellations/cancellation-labels.ts";
export { KIND_LABELS, METHOD_LABELS } from "../payments/payment-labels.ts";

export const STATUS_LABELS: Record<SimpleState, string> = {
  PENDING: "adminRedemptions.status.PENDING",
  COMPLETED: "adminRedemptions.status.COMPLETED",
  CANCELLED: "adminRedemptions.status.CANCELLED",
};

/** An open case is work to do; a completed one is done; a cancelled one closed without fault. */
export const STATUS_TONES: Record<SimpleState, StatusTone> = {
  PENDING: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
};

export const REASON_LABELS: Record<LeaseEndReason, string> = {
  LEASE_TERM_ENDS: "adminRedemptions.reasons.LEASE_TERM_ENDS",
  EMPLOYEE_RESIGNED: "adminRedemptions.reasons.EMPLOYEE_RESIGNED",
  EMPLOYER_ENDED_EMPLOYMENT: "adminRedemptions.reasons.EMPLOYER_ENDED_EMPLOYMENT",
  LONG_ABSENCE: "adminRedemptions.reasons.LONG_ABSENCE",
};

export const CHOICE_LABELS: Record<LeaseEndChoice, string> = {
  REDEEM: "adminRedemptions.choices.REDEEM",
  RETURN: "adminRedemptions.choices.RETURN",
  BROKERAGE: "adminRedemptions.choices.BROKERAGE",
  TRANSFER: "adminRedemptions.choices.TRANSFER",
  CONTINUE: "adminRedemptions.choices.CONTINUE",
};

export const OUTCOME_TEXTS: Record<OptionOutcome, string> = {
  BIKE_BECOMES_YOURS: "adminRedemptions.outcomes.BIKE_BECOMES_YOURS",
  PICKUP_ARRANGED: "adminRedemptions.outcomes.PICKUP_ARRANGED",
  PEDAALI_SELLS_BIKE: "adminRedemptions.outcomes.PEDAALI_SELLS_BIKE",
  COLLEAGUE_TAKES_OVER: "adminRedemptions.outcomes.COLLEAGUE_TAKES_OVER",
  KEEP_BIKE_AND_PAY: "adminRedemptions.outcomes.KEEP_BIKE_AND_PAY",
};

export const TAX_NOTES: Record<OptionTaxNote, string> = {
  VERIFY_FAIR_VALUE: "adminRedemptions.taxNotes.VERIFY_FAIR_VALUE",
  NEW_CONTRACT_TAXABLE: "adminRedemptions.taxNotes.NEW_CONTRACT_TAXABLE",
};

export const UNAVAILABLE_REASONS: Record<OptionUnavailableReason, string> = {
  EARLY_END_ONLY: "adminRedemptions.unavailable.EARLY_END_ONLY",
  LONG_ABSENCE_ONLY: "adminRedemptions.unavailable.LONG_ABSENCE_ONLY",
  RESIGNED_MUST_REDEEM: "adminRedemptions.unavailable.RESIGNED_MUST_REDEEM",
};

export const OPENER_LABELS: Record<(typeof REDEMPTION_OPENERS)[number], string> = {
  SYSTEM: "adminRedemptions.openers.SYSTEM",
  HELPDESK: "adminRedemptions.openers.HELPDESK",
  EMPLOYER: "adminRedemptions.openers.EMPLOYER",
  EMPLOYEE: "adminRedemptions.openers.EMPLOYEE",
};
