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

/** 409: only our bill to a leasing company, not withdrawn and complete, goes out as an e-invoice. */
export const notAnEInvoice = (message: string) => new AppError(409, "NOT_AN_E_INVOICE", message);

/** 409: the recipient has no e-invoice address and operator ID to send the e-invoice to. */
export const eInvoiceAddressMissing = (recipient: string) =>
  new AppError(409, "E_INVOICE_ADDRESS_MISSING", `${recipient} has no e-invoice address and operator ID`);
