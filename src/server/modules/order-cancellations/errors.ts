import { AppError } from "../../errors.ts";

/** The order cancellations' errors: one factory per code, with the messages the API answers. */

/** 409: the order has been delivered or has ended (src/domain/order-cancellations.ts). */
export const orderNotCancellable = () =>
  new AppError(
    409,
    "ORDER_NOT_CANCELLABLE",
    "The order can no longer be cancelled: it has been delivered or has ended",
  );

export const cancellationOpen = () =>
  new AppError(409, "ORDER_CANCELLATION_OPEN", "The order already has an open cancellation");

export const cancellationClosed = () =>
  new AppError(409, "ORDER_CANCELLATION_CLOSED", "The cancellation has already been closed");

export const refundReceiptRequired = () =>
  new AppError(
    409,
    "REFUND_RECEIPT_REQUIRED",
    "Upload a refund receipt before completing a cancellation with a refund",
  );
