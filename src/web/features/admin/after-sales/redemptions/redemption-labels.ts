import type { REDEMPTION_OPENERS } from "../../../../../contract/bike-redemptions.ts";

/**
 * The lease end's words for the helpdesk, spelled out so that the catalogue check sees every key. How
 * a payment is made and what it is for are the user payments' words, who pays the cancellations'; the
 * options' words shared with /mybike and the employer are in features/redemption.
 */
export { PAYER_LABELS } from "../cancellations/cancellation-labels.ts";
export { KIND_LABELS, METHOD_LABELS } from "../payments/payment-labels.ts";

export const OPENER_LABELS: Record<(typeof REDEMPTION_OPENERS)[number], string> = {
  SYSTEM: "adminRedemptions.openers.SYSTEM",
  HELPDESK: "adminRedemptions.openers.HELPDESK",
  EMPLOYER: "adminRedemptions.openers.EMPLOYER",
  EMPLOYEE: "adminRedemptions.openers.EMPLOYEE",
};
