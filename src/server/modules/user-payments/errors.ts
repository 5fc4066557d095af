import { AppError } from "../../errors.ts";

/** The user payments' errors: one factory per code, with the message the helpdesk reads. */

/** 409: the money is in; the payment changes no more. */
export const userPaymentAlreadyPaid = () =>
  new AppError(409, "USER_PAYMENT_ALREADY_PAID", "The payment has already been marked paid");

/** 409: the payment is no longer owed. */
export const userPaymentCancelled = () =>
  new AppError(409, "USER_PAYMENT_CANCELLED", "The payment has been cancelled");

/** 409: the company's payment mode (payroll, invoice or both) does not offer this method. */
export const paymentMethodNotAllowed = (
  message = "The company's payment mode does not allow this payment method",
) => new AppError(409, "PAYMENT_METHOD_NOT_ALLOWED", message);
