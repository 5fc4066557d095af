import { AppError } from "../../errors.ts";

/** The invoices module's errors: one factory per code, with the messages the API answers. */

/** 409: the invoice's status (or kind) does not allow the change (src/domain/invoice-status.ts). */
export const invoiceStatusNotAllowed = (message: string) =>
  new AppError(409, "INVOICE_STATUS_NOT_ALLOWED", message);

/** 409: a store's purchase invoice matches its order only with the order's total. */
export const invoiceTotalMismatch = (invoiceTotalCents: number, orderTotalCents: number) =>
  new AppError(
    409,
    "INVOICE_TOTAL_MISMATCH",
    `The invoice's total ${invoiceTotalCents} is not the order's total ${orderTotalCents}`,
  );
