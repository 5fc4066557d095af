import type { TErrorDetail } from "../../../contract/errors.ts";
import { AppError } from "../../errors.ts";

/** The store payouts' errors: one factory per code, with the messages the API answers. */

/** 409: a batch needs at least one open payable of a store that can be paid (has a bank account). */
export const noOpenPayables = () =>
  new AppError(409, "NO_OPEN_PAYABLES", "There are no open payables of a store with a bank account");

/** 409: the store has not given the IBAN to pay it to. */
export const storeBankAccountMissing = () =>
  new AppError(409, "STORE_BANK_ACCOUNT_MISSING", "The bike store has no bank account (IBAN) to pay to");

/** 409: the batch's status does not allow the change (approved or paid already, not yet approved). */
export const payoutBatchStatusNotAllowed = (message: string) =>
  new AppError(409, "PAYOUT_BATCH_STATUS_NOT_ALLOWED", message);

/** 409: four eyes: the person who made a batch does not approve it. */
export const payoutSameApprover = () =>
  new AppError(409, "PAYOUT_SAME_APPROVER", "A payout batch is approved by someone other than its maker");

/**
 * 409: the batch no longer pays what its approver was shown (a store's account changed, an order left
 * it since the approver read it); `details` say what changed since the batch was made.
 */
export const payoutBatchChanged = (details: TErrorDetail[]) =>
  new AppError(
    409,
    "PAYOUT_BATCH_CHANGED",
    "The payout batch has changed since it was read: read it again and check it before approving",
    details,
  );

/**
 * 409: the batch holds orders whose store is not to be paid now (cancelled, refunded, a special case),
 * named by their numbers; the batch is discarded and made again without them.
 */
export const payoutOrderNotPayable = (orders: readonly { orderNumber: number; orderStatus: string }[]) =>
  new AppError(
    409,
    "PAYOUT_ORDER_NOT_PAYABLE",
    `The batch holds orders whose bike store is not to be paid now: ${orders.map((o) => o.orderNumber).join(", ")}`,
    orders.map((o) => ({ field: "orders", message: `Order ${o.orderNumber} is ${o.orderStatus}` })),
  );
