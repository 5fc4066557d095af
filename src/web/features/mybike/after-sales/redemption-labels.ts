import type { PaymentMethod, RedemptionChoice } from "../../../../domain/enums.ts";

/**
 * The employee's own words of the lease end, spelled out so that the catalogue check sees every key;
 * the options' words shared with the employer and the helpdesk are in features/redemption.
 */

export const METHOD_HELP: Record<PaymentMethod, string> = {
  PAYROLL: "myBikeRedemption.methodHelp.PAYROLL",
  BATCH: "myBikeRedemption.methodHelp.BATCH",
};

/** What follows a choice while the case is open; a redemption's words are its payment method's. */
const NEXT_TEXTS: Record<RedemptionChoice, string> = {
  REDEEM: "myBikeRedemption.next.REDEEM",
  RETURN: "myBikeRedemption.next.RETURN",
  BROKERAGE: "myBikeRedemption.next.BROKERAGE",
  TRANSFER: "myBikeRedemption.next.TRANSFER",
  CONTINUE: "myBikeRedemption.next.CONTINUE",
};

/** How the employee pays the redemption: by bank transfer with the details shown, or from net pay. */
const REDEEM_BY_METHOD: Record<PaymentMethod, string> = {
  BATCH: "myBikeRedemption.next.REDEEM_BATCH",
  PAYROLL: "myBikeRedemption.next.REDEEM_PAYROLL",
};

/**
 * What follows a choice. A redemption tells what to do by its payment method: pay by bank transfer,
 * or nothing at all when it is deducted from net pay; with no method yet, only what follows payment.
 */
export function nextText(choice: RedemptionChoice, method: PaymentMethod | null): string {
  return choice === "REDEEM" && method ? REDEEM_BY_METHOD[method] : NEXT_TEXTS[choice];
}

/** What happened, once the case is completed. */
export const DONE_TEXTS: Record<RedemptionChoice, string> = {
  REDEEM: "myBikeRedemption.done.REDEEM",
  RETURN: "myBikeRedemption.done.RETURN",
  BROKERAGE: "myBikeRedemption.done.BROKERAGE",
  TRANSFER: "myBikeRedemption.done.TRANSFER",
  CONTINUE: "myBikeRedemption.done.CONTINUE",
};
