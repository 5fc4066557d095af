import type { InvoiceStatus, PayerType, PaymentStatus, UserPaymentKind } from "./enums.ts";

/**
 * Who refunds whom when an order is cancelled (ADR 009), in the payer types of docs/product.md "States". The
 * cancellation carries the suggestion made here from the order's money facts when it is asked for; the
 * helpdesk may change the amount and the two parties while it is open.
 *
 * 1. The employee has paid their own share (a PAID OWN_SHARE user payment of the order): PEDAALI refunds
 *    EMPLOYEE that amount. It comes first, because it is the employee's own money.
 * 2. Else Pedaali has paid the store's purchase invoice of the order (payer PEDAALI, from a bike store,
 *    PAID, MARKED_PAID or PAYMENT_SENT_TO_BANK): BIKE_STORE refunds PEDAALI the invoice's total.
 * 3. Else nothing moved: nothing to refund (null; the cancellation then carries 0 and no parties).
 *
 * Several payments or invoices of one kind add up. Amounts are cents.
 */

/** A user payment of the order, as far as the refund cares. */
export type RefundUserPayment = { kind: UserPaymentKind; paymentStatus: PaymentStatus; amountCents: number };

/** An invoice of the order, as far as the refund cares. */
export type RefundInvoice = {
  payerType: PayerType;
  bikeStoreId: string | null;
  status: InvoiceStatus;
  totalCents: number;
};

export type OrderMoneyFacts = {
  userPayments: readonly RefundUserPayment[];
  invoices: readonly RefundInvoice[];
};

export type Refund = { payerType: PayerType; refundToType: PayerType; refundAmountCents: number };

/** The statuses of an invoice whose money has left Pedaali. */
const PAID_INVOICE_STATUSES: readonly InvoiceStatus[] = ["PAID", "MARKED_PAID", "PAYMENT_SENT_TO_BANK"];

export function suggestRefund({ userPayments, invoices }: OrderMoneyFacts): Refund | null {
  const ownShare = userPayments
    .filter((p) => p.kind === "OWN_SHARE" && p.paymentStatus === "PAID")
    .reduce((sum, p) => sum + p.amountCents, 0);
  if (ownShare > 0) return { payerType: "PEDAALI", refundToType: "EMPLOYEE", refundAmountCents: ownShare };
  const storePaid = invoices
    .filter(
      (i) => i.payerType === "PEDAALI" && i.bikeStoreId !== null && PAID_INVOICE_STATUSES.includes(i.status),
    )
    .reduce((sum, i) => sum + i.totalCents, 0);
  if (storePaid > 0)
    return { payerType: "BIKE_STORE", refundToType: "PEDAALI", refundAmountCents: storePaid };
  return null;
}

/** A refund as a cancellation stores it: an amount and, when there is one, who pays it and to whom. */
export type StoredRefund = {
  refundAmountCents: number;
  payerType: PayerType | null;
  refundToType: PayerType | null;
};

/** The suggestion in the cancellation's columns: nothing to refund is 0 and no parties. */
export function storedRefund(refund: Refund | null): StoredRefund {
  return refund ?? { refundAmountCents: 0, payerType: null, refundToType: null };
}

export type RefundProblem = "payerTypeRequired" | "refundToTypeRequired" | "samePayerAndRecipient";

/**
 * What is wrong with a refund the helpdesk set, field by field: an amount needs both parties, and a
 * party does not refund itself. Parties without an amount are allowed (a refund agreed, amount unknown).
 */
export function refundProblems(refund: StoredRefund): Partial<Record<keyof StoredRefund, RefundProblem>> {
  const problems: Partial<Record<keyof StoredRefund, RefundProblem>> = {};
  if (refund.refundAmountCents > 0 && refund.payerType === null) problems.payerType = "payerTypeRequired";
  if (refund.refundAmountCents > 0 && refund.refundToType === null)
    problems.refundToType = "refundToTypeRequired";
  if (refund.payerType !== null && refund.payerType === refund.refundToType)
    problems.refundToType = "samePayerAndRecipient";
  return problems;
}
