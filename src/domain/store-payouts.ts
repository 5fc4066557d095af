import type { OrderStatus, PayoutBatchStatus } from "./enums.ts";
import { CUSTOMER_COMMENT_STATUS } from "./order-state-machine.ts";
import { PEDAALI_BANK_ACCOUNT } from "./payment-instructions.ts";
import { PEDAALI_COMPANY } from "./pedaali-company.ts";

/**
 * What Pedaali owes bike stores and how it pays them. An order's purchase price (the store's purchase
 * invoice, VAT included) becomes payable when the helpdesk matches the invoice to the order; a store
 * may have agreed a commission of the price without VAT, which Pedaali keeps from the payout
 * (store-commission.ts). Payables are paid in payout
 * batches: one person makes a batch, another approves it (four eyes: the bank pays what the file
 * says), the approved batch's credit transfer file goes to the bank, and the batch is marked paid when
 * the money has left.
 */

/** Pedaali as the payer of the stores' payouts: the company and its account (the debtor of the file). */
export const PEDAALI_PAYER = {
  name: PEDAALI_BANK_ACCOUNT.recipient,
  businessId: PEDAALI_COMPANY.businessId,
  iban: PEDAALI_BANK_ACCOUNT.iban,
  bic: PEDAALI_BANK_ACCOUNT.bic,
} as const;

/** The largest commission a store may have agreed, in percent. */
export const MAX_COMMISSION_PERCENT = 50;

/**
 * The statuses in which an order's store may be paid its purchase price: the helpdesk has matched the
 * store's purchase invoice to the order (which moves it to WAITING_FOR_DELIVERY_DATE) and the order goes
 * on along the main line. A cancelled or refunded order owes its store nothing, and an order in CASE_X
 * waits for its case to be settled: the store is paid when it is back on the main line, not before.
 */
const STORE_PAYABLE_ORDER_STATUSES: readonly OrderStatus[] = [
  "WAITING_FOR_DELIVERY_DATE",
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
];

/**
 * Whether the order's status lets its store be paid now: one of the statuses above, or paused for the
 * customer's comment in one of them (the pause is the customer's, the store has delivered its part).
 */
export function orderLetsStoreBePaid(order: {
  orderStatus: OrderStatus;
  previousStatus: OrderStatus | null;
}): boolean {
  if (order.orderStatus === CUSTOMER_COMMENT_STATUS)
    return order.previousStatus !== null && STORE_PAYABLE_ORDER_STATUSES.includes(order.previousStatus);
  return STORE_PAYABLE_ORDER_STATUSES.includes(order.orderStatus);
}

export type PayoutBatchAction = "APPROVE" | "DOWNLOAD_FILE" | "MARK_PAID" | "DISCARD";

/** Why an action on a batch is refused: a wrong status, or the approver is the person who made it. */
export type PayoutBatchRefusal = "STATUS" | "SAME_PERSON";

/**
 * Whether `userId` may take `action` on a batch now: approve a made batch (not its maker), download
 * the file of an approved or paid one, mark an approved one paid, discard one not yet approved (its
 * maker too: no money has moved and no file has been made).
 */
export function payoutBatchRefusal(
  batch: { status: PayoutBatchStatus; createdByUserId: string },
  action: PayoutBatchAction,
  userId: string,
): PayoutBatchRefusal | null {
  switch (action) {
    case "APPROVE":
      if (batch.status !== "CREATED") return "STATUS";
      return batch.createdByUserId === userId ? "SAME_PERSON" : null;
    case "DOWNLOAD_FILE":
      return batch.status === "CREATED" ? "STATUS" : null;
    case "MARK_PAID":
      return batch.status === "APPROVED" ? null : "STATUS";
    case "DISCARD":
      return batch.status === "CREATED" ? null : "STATUS";
  }
}

/** The actions the caller may take on a batch, for the page to offer (it never re-checks the rules). */
export function payoutBatchActions(
  batch: { status: PayoutBatchStatus; createdByUserId: string },
  userId: string,
): PayoutBatchAction[] {
  const actions: PayoutBatchAction[] = ["APPROVE", "DOWNLOAD_FILE", "MARK_PAID", "DISCARD"];
  return actions.filter((action) => payoutBatchRefusal(batch, action, userId) === null);
}

/** The longest unstructured remittance text a SEPA credit transfer carries. */
export const REMITTANCE_MAX_LENGTH = 140;

/**
 * What the store reads on its bank statement: the batch and the order numbers it pays. When they do
 * not fit in 140 characters, as many as fit and how many more (the reconciliation file lists them all).
 */
export function remittanceText(batchNumber: number, orderNumbers: readonly number[]): string {
  const head = `Pedaali tilitys ${batchNumber}, tilaukset `;
  const sorted = [...orderNumbers].sort((a, b) => a - b);
  let text = `${head}${sorted.join(", ")}`;
  if (text.length <= REMITTANCE_MAX_LENGTH) return text;
  for (let shown = sorted.length - 1; shown >= 0; shown--) {
    const more = ` (+${sorted.length - shown})`;
    text = `${head}${sorted.slice(0, shown).join(", ")}${more}`;
    if (text.length <= REMITTANCE_MAX_LENGTH) return text;
  }
  return text.slice(0, REMITTANCE_MAX_LENGTH);
}

/** The file's message id and payment id, unique per batch (at most 35 characters, as ISO 20022 allows). */
export function payoutMessageId(batchNumber: number): string {
  return `PEDAALI-TILITYS-${batchNumber}`;
}

/** One transfer's end-to-end id: the batch and the store's place in it; the bank returns it on the statement. */
export function payoutEndToEndId(batchNumber: number, index: number): string {
  return `PEDAALI-${batchNumber}-${index + 1}`;
}

/**
 * One payment of a batch as its approver sees it and as approval will pay it: the payable, its order
 * and store, the store's account (IBAN and BIC, which approval copies into the payable) and the amount.
 */
export type PayoutApprovalRow = {
  payableId: string;
  orderId: string;
  bikeStoreId: string;
  iban: string | null;
  bic: string | null;
  netCents: number;
};

/**
 * The canonical text of what approving a batch pays: its rows sorted by payable, each account as the
 * machines read it (no spaces, upper case). The server hashes it into the batch's approval digest,
 * so an approval names the exact payees, accounts and amounts the approver was shown: a store saving
 * another account, or an order leaving the batch, changes it; the order of the rows does not.
 */
export function payoutApprovalCanonical(rows: readonly PayoutApprovalRow[]): string {
  const compact = (value: string | null) => (value ? value.replace(/\s/g, "").toUpperCase() : "");
  const lines = rows
    .map((r) => [r.payableId, r.orderId, r.bikeStoreId, compact(r.iban), compact(r.bic), String(r.netCents)])
    .sort((a, b) => (a[0] as string).localeCompare(b[0] as string) || a.join("|").localeCompare(b.join("|")));
  return JSON.stringify(["pedaali-payout-approval-v1", lines]);
}

/** A store's account: where Pedaali pays it. */
export type StoreAccount = { iban: string | null; bic: string | null };

/** Whether saving `next` changes where the store is paid (spaces, case and empty text are no change). */
export function storeAccountChanges(before: StoreAccount, next: StoreAccount): boolean {
  const compact = (value: string | null | undefined) =>
    value ? value.replace(/\s/g, "").toUpperCase() : null;
  return compact(before.iban) !== compact(next.iban) || compact(before.bic) !== compact(next.bic);
}
