import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, percent, timestamps, timestamptz } from "../columns.ts";
import { commissionBase, payoutBatchStatus, storePayableStatus } from "./enums.ts";
import { invoices } from "./invoices.ts";
import { orders } from "./orders.ts";
import { bikeStores } from "./stores.ts";
import { users } from "./users.ts";

/**
 * A payout batch: the open payables the helpdesk gathered to pay in one bank file. Made by one person,
 * approved by another (four eyes; the check below holds it in the database too), then marked paid with
 * the day the money left. `batchNumber` names it to people and in the file's ids.
 */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: id(),
    batchNumber: integer().notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    status: payoutBatchStatus().notNull().default("CREATED"),
    /** The one store the batch was made for; null when it gathered every store's open payables. */
    bikeStoreId: uuid().references(() => bikeStores.id, { onDelete: "restrict" }),
    createdByUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    approvedByUserId: uuid().references(() => users.id, { onDelete: "restrict" }),
    approvedAt: timestamptz(),
    /** YYYY-MM-DD: the day the bank is asked to pay, set at approval. */
    executionDate: date({ mode: "string" }),
    paidByUserId: uuid().references(() => users.id, { onDelete: "restrict" }),
    /** YYYY-MM-DD: the day the money left Pedaali's account. */
    paidDate: date({ mode: "string" }),
    paidAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("payout_batches_number_unique").on(t.batchNumber),
    index("payout_batches_status_idx").on(t.status, t.createdAt),
    check("payout_batches_four_eyes_check", sql`${t.approvedByUserId} is distinct from ${t.createdByUserId}`),
    check(
      "payout_batches_approval_check",
      sql`(${t.status} = 'CREATED') = (${t.approvedByUserId} is null)
        and (${t.approvedByUserId} is null) = (${t.approvedAt} is null)
        and (${t.approvedAt} is null) = (${t.executionDate} is null)`,
    ),
    check(
      "payout_batches_paid_check",
      sql`(${t.status} = 'PAID') = (${t.paidDate} is not null)
        and (${t.paidDate} is null) = (${t.paidAt} is null)`,
    ),
  ],
);

/**
 * What Pedaali owes a bike store for one order: the purchase price of its matched purchase invoice
 * (with VAT, and its VAT), the store's commission of the price without VAT (decision 022; with VAT on
 * payables approved before it, `commissionBase`) and what is paid. Made in the transaction that
 * matches the invoice; OPEN
 * until a batch takes it (IN_BATCH, `payoutBatchId`), PAID when the batch is paid. One per order.
 * Cancelling the order voids it (VOID) while no approved batch has taken it.
 */
export const storePayables = pgTable(
  "store_payables",
  {
    id: id(),
    bikeStoreId: uuid()
      .notNull()
      .references(() => bikeStores.id, { onDelete: "restrict" }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    purchaseInvoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    grossCents: integer().notNull(),
    /** The VAT of the price as the store's purchase invoice printed it: paid on to the store in full. */
    vatCents: integer().notNull(),
    /** The price the commission was taken of: without VAT (grossCents - vatCents), or with it (grossCents). */
    commissionBase: commissionBase().notNull(),
    /** The store's commission percent the payable was made with; null when the store had agreed none. */
    commissionPercent: percent(),
    commissionCents: integer().notNull(),
    netCents: integer().notNull(),
    status: storePayableStatus().notNull().default("OPEN"),
    payoutBatchId: uuid().references(() => payoutBatches.id, { onDelete: "restrict" }),
    /**
     * The store's bank account as its batch was approved: the bank file pays this account, so a change
     * of the store's account after the second person's approval cannot redirect the money.
     */
    creditorIban: text(),
    creditorBic: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("store_payables_order_unique").on(t.orderId),
    index("store_payables_status_idx").on(t.status, t.bikeStoreId),
    index("store_payables_store_idx").on(t.bikeStoreId, t.createdAt),
    index("store_payables_batch_idx").on(t.payoutBatchId),
    index("store_payables_invoice_idx").on(t.purchaseInvoiceId),
    check(
      "store_payables_cents_check",
      sql`${t.grossCents} >= 0 and ${t.commissionCents} >= 0 and ${t.netCents} >= 0
        and ${t.netCents} = ${t.grossCents} - ${t.commissionCents}`,
    ),
    // The VAT is part of the price, and the commission never exceeds the price it was taken of.
    check(
      "store_payables_commission_base_check",
      sql`${t.vatCents} >= 0 and ${t.vatCents} <= ${t.grossCents}
        and ${t.commissionCents} <= case when ${t.commissionBase} = 'VAT_EXCLUDED'
          then ${t.grossCents} - ${t.vatCents} else ${t.grossCents} end`,
    ),
    // A payable waiting (OPEN) or voided (VOID) is in no batch; one in a batch or paid by one names it.
    check(
      "store_payables_batch_check",
      sql`(${t.status} in ('IN_BATCH', 'PAID')) = (${t.payoutBatchId} is not null)`,
    ),
  ],
);
