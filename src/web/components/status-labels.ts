import type {
  InvoiceStatus,
  OrderStatus,
  PaymentStatus,
  RequestStatusWithSigned,
} from "../../domain/enums.ts";
import type { StatusFamily } from "../../domain/status-tones.ts";

/**
 * The translation key of every status a badge can show, spelled out (not built at run time) so that
 * the type checker wants a label for each new status and the catalogue check sees every key in use.
 */
const ORDER: Record<OrderStatus, string> = {
  NOT_STARTED: "ds.status.order.NOT_STARTED",
  PENDING: "ds.status.order.PENDING",
  PACKAGE_PROVIDED: "ds.status.order.PACKAGE_PROVIDED",
  ALL_INFO_PROVIDED: "ds.status.order.ALL_INFO_PROVIDED",
  CONFIRMED: "ds.status.order.CONFIRMED",
  PROCESSED: "ds.status.order.PROCESSED",
  WAITING_FOR_INVOICE_MATCH: "ds.status.order.WAITING_FOR_INVOICE_MATCH",
  WAITING_FOR_DELIVERY_DATE: "ds.status.order.WAITING_FOR_DELIVERY_DATE",
  READY_FOR_BILLING: "ds.status.order.READY_FOR_BILLING",
  GRENKE_INVOICE_SENT: "ds.status.order.GRENKE_INVOICE_SENT",
  ACTIVE_LEASING: "ds.status.order.ACTIVE_LEASING",
  WAITING_FOR_CUSTOMER_COMMENT: "ds.status.order.WAITING_FOR_CUSTOMER_COMMENT",
  CANCELLED: "ds.status.order.CANCELLED",
  CASE_X: "ds.status.order.CASE_X",
  WIX: "ds.status.order.WIX",
  REFUNDED: "ds.status.order.REFUNDED",
};

const REQUEST: Record<RequestStatusWithSigned, string> = {
  PENDING: "ds.status.request.PENDING",
  ACCEPTED: "ds.status.request.ACCEPTED",
  REJECTED: "ds.status.request.REJECTED",
  SIGNED: "ds.status.request.SIGNED",
};

const PAYMENT: Record<PaymentStatus, string> = {
  COMPLETED: "ds.status.payment.COMPLETED",
  PENDING: "ds.status.payment.PENDING",
  PAID: "ds.status.payment.PAID",
  NOT_PAID: "ds.status.payment.NOT_PAID",
  CANCELLED: "ds.status.payment.CANCELLED",
};

const INVOICE: Record<InvoiceStatus, string> = {
  UNFINISHED: "ds.status.invoice.UNFINISHED",
  NOT_SENT: "ds.status.invoice.NOT_SENT",
  SENT: "ds.status.invoice.SENT",
  RECEIVED: "ds.status.invoice.RECEIVED",
  PAID: "ds.status.invoice.PAID",
  PAYMENT_DENIED: "ds.status.invoice.PAYMENT_DENIED",
  VERIFIED: "ds.status.invoice.VERIFIED",
  APPROVED: "ds.status.invoice.APPROVED",
  INVALIDATED: "ds.status.invoice.INVALIDATED",
  PAYMENT_QUEUED: "ds.status.invoice.PAYMENT_QUEUED",
  PARTLY_PAID: "ds.status.invoice.PARTLY_PAID",
  PAYMENT_SENT_TO_BANK: "ds.status.invoice.PAYMENT_SENT_TO_BANK",
  MARKED_PAID: "ds.status.invoice.MARKED_PAID",
  STARTED: "ds.status.invoice.STARTED",
  INVOICED: "ds.status.invoice.INVOICED",
  OVERRIDDEN: "ds.status.invoice.OVERRIDDEN",
  DELETED: "ds.status.invoice.DELETED",
  UNSAVED: "ds.status.invoice.UNSAVED",
  PAYMENT_TRANSACTION_REMOVED: "ds.status.invoice.PAYMENT_TRANSACTION_REMOVED",
};

export const STATUS_LABEL_KEYS: { readonly [F in StatusFamily]: Readonly<Record<string, string>> } = {
  order: ORDER,
  request: REQUEST,
  payment: PAYMENT,
  invoice: INVOICE,
};
