import type { LeaseEndChoice, PaymentMethod } from "../../../../domain/enums.ts";

/**
 * The employee's own words of the lease end, spelled out so that the catalogue check sees every key;
 * the options' words shared with the employer and the helpdesk are in features/lease-end.
 */

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
