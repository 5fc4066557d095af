import type { InvoiceStatus, OrderStatus, PaymentStatus, RequestStatusWithSigned } from "./enums.ts";

/**
 * The tones a status can take on screen. A tone says what the status means for the reader, not which
 * colour it is: neutral = not started or closed without fault, info = waiting for someone outside,
 * progress = moving through our process, success = done and good, warning = someone must act,
 * danger = refused or failed. The web app gives each tone one colour (StatusBadge).
 */
export const STATUS_TONES = ["neutral", "info", "progress", "success", "warning", "danger"] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

/** docs/product.md "States" order statuses along the lifecycle of docs/architecture.md. */
const ORDER_STATUS_TONES: Readonly<Record<OrderStatus, StatusTone>> = {
  NOT_STARTED: "neutral",
  PENDING: "info", // waits for the bike store's package
  PACKAGE_PROVIDED: "info", // waits for the employee to accept it
  ALL_INFO_PROVIDED: "progress",
  CONFIRMED: "progress",
  PROCESSED: "progress",
  WAITING_FOR_INVOICE_MATCH: "progress",
  WAITING_FOR_DELIVERY_DATE: "progress",
  READY_FOR_BILLING: "progress",
  GRENKE_INVOICE_SENT: "progress",
  ACTIVE_LEASING: "success",
  WAITING_FOR_CUSTOMER_COMMENT: "warning", // stopped until the customer answers
  CANCELLED: "neutral",
  CASE_X: "warning", // a manual exception someone has to resolve
  WIX: "neutral",
  REFUNDED: "neutral",
};

/** docs/product.md "States" request statuses, with the variant's SIGNED (leasing agreements). */
const REQUEST_STATUS_TONES: Readonly<Record<RequestStatusWithSigned, StatusTone>> = {
  PENDING: "warning", // the employer has a decision to make
  ACCEPTED: "success",
  REJECTED: "danger",
  SIGNED: "success",
};

const PAYMENT_STATUS_TONES: Readonly<Record<PaymentStatus, StatusTone>> = {
  COMPLETED: "success",
  PENDING: "info",
  PAID: "success",
  NOT_PAID: "warning",
  CANCELLED: "neutral",
};

const INVOICE_STATUS_TONES: Readonly<Record<InvoiceStatus, StatusTone>> = {
  UNFINISHED: "neutral",
  NOT_SENT: "neutral",
  SENT: "info",
  RECEIVED: "info",
  PAID: "success",
  PAYMENT_DENIED: "danger",
  VERIFIED: "progress",
  APPROVED: "progress",
  INVALIDATED: "danger",
  PAYMENT_QUEUED: "progress",
  PARTLY_PAID: "warning",
  PAYMENT_SENT_TO_BANK: "progress",
  MARKED_PAID: "success",
  STARTED: "progress",
  INVOICED: "info",
  OVERRIDDEN: "neutral",
  DELETED: "neutral",
  UNSAVED: "neutral",
  PAYMENT_TRANSACTION_REMOVED: "warning",
};

/** The status families of docs/product.md "States" that the UI shows as badges. */
export const STATUS_FAMILY_TONES = {
  order: ORDER_STATUS_TONES,
  request: REQUEST_STATUS_TONES,
  payment: PAYMENT_STATUS_TONES,
  invoice: INVOICE_STATUS_TONES,
} as const;
export type StatusFamily = keyof typeof STATUS_FAMILY_TONES;
export type StatusOf<F extends StatusFamily> = keyof (typeof STATUS_FAMILY_TONES)[F] & string;

export function statusTone<F extends StatusFamily>(family: F, status: StatusOf<F>): StatusTone {
  return (STATUS_FAMILY_TONES[family] as Record<string, StatusTone>)[status] ?? "neutral";
}
