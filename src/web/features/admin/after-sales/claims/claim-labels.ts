import type { InsuranceClaimOutcome, InsuranceClaimType, SimpleState } from "../../../../../domain/enums.ts";
import type { InsuranceClaimStep } from "../../../../../domain/insurance-claims.ts";
import type { StatusTone } from "../../../../../domain/status-tones.ts";

/** The label keys of the claims' words, spelled out so the catalogue check sees each in use. */

export const TYPE_LABELS: Record<InsuranceClaimType, string> = {
  THEFT: "adminClaims.types.THEFT",
  DAMAGE: "adminClaims.types.DAMAGE",
};

export const STATUS_LABELS: Record<SimpleState, string> = {
  PENDING: "adminClaims.statuses.PENDING",
  COMPLETED: "adminClaims.statuses.COMPLETED",
  CANCELLED: "adminClaims.statuses.CANCELLED",
};

/** An open claim waits for the helpdesk; a settled one is done. */
export const STATUS_TONES: Record<SimpleState, StatusTone> = {
  PENDING: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
};

export const OUTCOME_LABELS: Record<InsuranceClaimOutcome, string> = {
  REPAIR: "adminClaims.outcomes.REPAIR",
  NEW_BIKE: "adminClaims.outcomes.NEW_BIKE",
  END_OF_LEASING: "adminClaims.outcomes.END_OF_LEASING",
};

/** Each step's button, and the confirmation that asks before it. */
export const STEP_TEXTS: Record<InsuranceClaimStep, { button: string; confirm: string }> = {
  INSURANCE_REPAIR_BIKE_SUBMITTED: {
    button: "adminClaims.steps.INSURANCE_REPAIR_BIKE_SUBMITTED.button",
    confirm: "adminClaims.steps.INSURANCE_REPAIR_BIKE_SUBMITTED.confirm",
  },
  INSURANCE_REPAIR_INVOICE_SENT: {
    button: "adminClaims.steps.INSURANCE_REPAIR_INVOICE_SENT.button",
    confirm: "adminClaims.steps.INSURANCE_REPAIR_INVOICE_SENT.confirm",
  },
  INSURANCE_NEW_BIKE_CASE_SUBMITTED: {
    button: "adminClaims.steps.INSURANCE_NEW_BIKE_CASE_SUBMITTED.button",
    confirm: "adminClaims.steps.INSURANCE_NEW_BIKE_CASE_SUBMITTED.confirm",
  },
  INSURANCE_GRENKE_INVOICE_SENT: {
    button: "adminClaims.steps.INSURANCE_GRENKE_INVOICE_SENT.button",
    confirm: "adminClaims.steps.INSURANCE_GRENKE_INVOICE_SENT.confirm",
  },
  INSURANCE_CASE_COMPLETED: {
    button: "adminClaims.steps.INSURANCE_CASE_COMPLETED.button",
    confirm: "adminClaims.steps.INSURANCE_CASE_COMPLETED.confirm",
  },
  INSURANCE_END_OF_LEASING_COMPLETED: {
    button: "adminClaims.steps.INSURANCE_END_OF_LEASING_COMPLETED.button",
    confirm: "adminClaims.steps.INSURANCE_END_OF_LEASING_COMPLETED.confirm",
  },
};
