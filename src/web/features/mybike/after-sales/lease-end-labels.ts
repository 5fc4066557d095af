import type { LeaseEndChoice, PaymentMethod } from "../../../../domain/enums.ts";

/**
 * The employee's own words of the lease end, spelled out so that the catalogue check sees every key;
 * the options' words shared with the employer and the helpdesk are in features/lease-end.
 */

export const METHOD_HELP: Record<PaymentMethod, string> = {
  PAYROLL: "myBikeLeaseEnd.methodHelp.PAYROLL",
  BATCH: "myBikeLeaseEnd.methodHelp.BATCH",
};

/** What follows a choice while the case is open; a redemption's words are its payment method's. */
const NEXT_TEXTS: Record<LeaseEndChoice, string> = {
  REDEEM: "myBikeLeaseEnd.next.REDEEM",
  RETURN: "myBikeLeaseEnd.next.RETURN",
  BROKERAGE: "myBikeLeaseEnd.next.BROKERAGE",
  TRANSFER: "myBikeLeaseEnd.next.TRANSFER",
  CONTINUE: "myBikeLeaseEnd.next.CONTINUE",
};

/** How the employee pays the redemption: by bank transfer with the details shown, or from net pay. */
const REDEEM_BY_METHOD: Record<PaymentMethod, string> = {
  BATCH: "myBikeLeaseEnd.next.REDEEM_BATCH",
  PAYROLL: "myBikeLeaseEnd.next.REDEEM_PAYROLL",
};

/**
 * What follows a choice. A redemption tells what to do by its payment method: pay by bank transfer,
 * or nothing at all when it is deducted from net pay; with no method yet, only what follows payment.
 */
export function nextText(choice: LeaseEndChoice, method: PaymentMethod | null): string {
  return choice === "REDEEM" && method ? REDEEM_BY_METHOD[method] : NEXT_TEXTS[choice];
}

/** What happened, once the case is completed. */
export const DONE_TEXTS: Record<LeaseEndChoice, string> = {
  REDEEM: "myBikeLeaseEnd.done.REDEEM",
  RETURN: "myBikeLeaseEnd.done.RETURN",
  BROKERAGE: "myBikeLeaseEnd.done.BROKERAGE",
  TRANSFER: "myBikeLeaseEnd.done.TRANSFER",
  CONTINUE: "myBikeLeaseEnd.done.CONTINUE",
};
