import { z } from "zod";
import {
  COMMISSION_BASES,
  LANGUAGES,
  PAYOUT_BATCH_STATUSES,
  STORE_PAYABLE_STATUSES,
} from "../domain/enums.ts";
import { zMessage, zPage, zPageQuery } from "./common.ts";
import { zIdParams } from "./companies.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zFileAnswer } from "./uploads.ts";
import { zDateOnly } from "./values.ts";

/**
 * What Pedaali owes bike stores and the payout batches that pay it (src/domain/store-payouts.ts), the
 * admin tier's (store-payouts.manage):
 *
 * - GET /api/store-payouts/payables `zStorePayablesQuery` → the default page of `zStorePayable`, newest
 *   first, by status and store;
 * - GET /api/store-payouts/open → `zOpenPayables`: the open payables summed per store, with whether the
 *   store has a bank account to pay to;
 * - GET /api/store-payouts/batches `zPayoutBatchesQuery` → the default page of `zPayoutBatch`, newest first;
 * - POST /api/store-payouts/batches `zCreatePayoutBatch` → 201 `zPayoutBatchDetails`: every open payable
 *   of the stores with a bank account (or of one store) into a new batch, leaving out those of orders
 *   whose store is not to be paid now; 409 NO_OPEN_PAYABLES when there is none, STORE_BANK_ACCOUNT_MISSING when the one store has no IBAN;
 * - GET /api/store-payouts/batches/{id} → `zPayoutBatchDetails`: per store totals and orders, and the
 *   actions the caller may take (`allowedActions`);
 * - POST /api/store-payouts/batches/{id}/approve `zApprovePayoutBatch` → the batch: a second person
 *   approves it (409 PAYOUT_SAME_APPROVER for its maker) with the day the bank is to pay (today by
 *   default, never in the past) and the `approvalDigest` of what they were shown: 409
 *   PAYOUT_BATCH_CHANGED, with the stores whose account changed and the orders that left, when the
 *   batch no longer pays that; 409 PAYOUT_ORDER_NOT_PAYABLE, naming the orders, while it holds an
 *   order whose store is not to be paid now (cancelled, refunded, a special case);
 * - DELETE /api/store-payouts/batches/{id} → `{ message }`: a batch not yet approved is discarded (by
 *   its maker or another admin) and its payables are open again; 409 PAYOUT_BATCH_STATUS_NOT_ALLOWED
 *   once approved;
 * - POST /api/store-payouts/batches/{id}/paid `zMarkPayoutBatchPaid` → the batch and its payables PAID
 *   on the day the money left (not after today); 409 PAYOUT_BATCH_STATUS_NOT_ALLOWED for a batch not
 *   approved, or approved or paid already;
 * - GET /api/store-payouts/batches/{id}/pain001 → the approved batch's ISO 20022 pain.001.001.09 credit
 *   transfer file (XML, a download), and GET /api/store-payouts/reconciliation `zReconciliationQuery` →
 *   the reconciliation CSV of a batch or of the batches paid in a period: both answer files, so their
 *   routes keep their own registrations;
 * - GET /api/bike-stores/{id}/payouts `zPageQuery` → `zStorePayouts`: one store's payables (paged) and
 *   the payouts that paid it, what a store sees of its money.
 *
 * Approving and marking paid move money: both take an `Idempotency-Key` (src/contract/idempotency.ts).
 */

const zPayoutPerson = lazy(() => z.object({ userId: z.uuid(), name: z.string() }));

/**
 * How one order's commission was reckoned (src/domain/store-commission.ts, decision 022): the VAT of the
 * price (paid on to the store), the price the commission was taken of (without VAT; with it only on
 * payables approved before the decision) and the percent, so every page can say "5 % of 1 612,90 €
 * (price without VAT)".
 */
const zPayableCommission = lazy(() => ({
  vatCents: z.int(),
  commissionBase: z.enum(COMMISSION_BASES),
  commissionBaseCents: z.int(),
  /** The store's percent the payable was made with; null when none was agreed (or, on an old payable, unknown). */
  commissionPercent: z.number().nullable(),
}));

const zStorePayable = lazy(() =>
  z.object({
    id: z.uuid(),
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    orderId: z.uuid(),
    orderNumber: z.int(),
    /** The order's employer: how a store knows the order. */
    companyName: z.string(),
    purchaseInvoiceId: z.uuid(),
    invoiceNumber: z.string().nullable(),
    grossCents: z.int(),
    commissionCents: z.int(),
    netCents: z.int(),
    ...zPayableCommission,
    status: z.enum(STORE_PAYABLE_STATUSES),
    payoutBatchId: z.uuid().nullable(),
    batchNumber: z.int().nullable(),
    /** When the order became payable (its purchase invoice was matched). */
    createdAt: z.iso.datetime(),
  }),
);
export type TStorePayable = z.infer<typeof zStorePayable>;

const zStorePayablesQuery = lazy(() =>
  zPageQuery.extend({
    status: z.enum(STORE_PAYABLE_STATUSES).optional(),
    bikeStoreId: z.uuid().optional(),
  }),
);
export type TStorePayablesQuery = z.infer<typeof zStorePayablesQuery>;
export const zStorePayablePage = lazy(() => zPage(zStorePayable));
export type TStorePayablePage = z.infer<typeof zStorePayablePage>;

const zSums = lazy(() => ({
  grossCents: z.int(),
  commissionCents: z.int(),
  netCents: z.int(),
}));

const zOpenStoreTotal = lazy(() =>
  z.object({
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    businessId: z.string().nullable(),
    /** As printed, in groups of four; null until the store gives its account. */
    iban: z.string().nullable(),
    payableCount: z.int(),
    /** When the oldest of them became payable: how long the store has waited. */
    oldestAt: z.iso.datetime(),
    ...zSums,
  }),
);
export type TOpenStoreTotal = z.infer<typeof zOpenStoreTotal>;

export const zOpenPayables = lazy(() =>
  z.object({
    stores: z.array(zOpenStoreTotal),
    /** The stores' sums together, and of those that can be paid now (with a bank account). */
    total: z.object({ payableCount: z.int(), ...zSums }),
    payableNow: z.object({ payableCount: z.int(), ...zSums }),
  }),
);
export type TOpenPayables = z.infer<typeof zOpenPayables>;

const zPayoutBatch = lazy(() =>
  z.object({
    id: z.uuid(),
    batchNumber: z.int(),
    status: z.enum(PAYOUT_BATCH_STATUSES),
    /** The one store it was made for, or null for all stores. */
    bikeStoreId: z.uuid().nullable(),
    storeCount: z.int(),
    payableCount: z.int(),
    ...zSums,
    createdBy: zPayoutPerson,
    createdAt: z.iso.datetime(),
    approvedBy: zPayoutPerson.nullable(),
    approvedAt: z.iso.datetime().nullable(),
    executionDate: z.string().nullable(),
    paidBy: zPayoutPerson.nullable(),
    paidDate: z.string().nullable(),
  }),
);
export type TPayoutBatch = z.infer<typeof zPayoutBatch>;

const zPayoutBatchesQuery = lazy(() =>
  zPageQuery.extend({ status: z.enum(PAYOUT_BATCH_STATUSES).optional() }),
);
export type TPayoutBatchesQuery = z.infer<typeof zPayoutBatchesQuery>;
export const zPayoutBatchPage = lazy(() => zPage(zPayoutBatch));
export type TPayoutBatchPage = z.infer<typeof zPayoutBatchPage>;

const PAYOUT_BATCH_ACTIONS = ["APPROVE", "DOWNLOAD_FILE", "MARK_PAID", "DISCARD"] as const;

const zPayoutBatchStore = lazy(() =>
  z.object({
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    businessId: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    ...zSums,
    payables: z.array(
      z.object({
        id: z.uuid(),
        orderId: z.uuid(),
        orderNumber: z.int(),
        invoiceNumber: z.string().nullable(),
        ...zSums,
        ...zPayableCommission,
      }),
    ),
  }),
);
export type TPayoutBatchStore = z.infer<typeof zPayoutBatchStore>;

/** A store that changed its bank account after the batch was made, while the batch waits for approval. */
const zPayoutAccountChange = lazy(() =>
  z.object({
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    changedAt: z.iso.datetime(),
    /** The store's own user, or the helpdesk. */
    changedBy: z.enum(["STORE", "HELPDESK"]),
  }),
);
export type TPayoutAccountChange = z.infer<typeof zPayoutAccountChange>;

/** The SHA-256 (hex) of what an approval pays, as the batch's read answers it. */
const zApprovalDigest = lazy(() => z.string().regex(/^[0-9a-f]{64}$/, "A SHA-256 in hex"));

export const zPayoutBatchDetails = lazy(() =>
  zPayoutBatch.extend({
    stores: z.array(zPayoutBatchStore),
    /**
     * What approving the batch now would pay (each payable, its order and store, the store's account
     * and the amount), hashed: the approval sends it back, and is refused when the batch is no longer so.
     */
    approvalDigest: zApprovalDigest,
    /** While it waits for approval: its stores whose bank account changed after it was made, and when. */
    accountChanges: z.array(zPayoutAccountChange),
    /** What the caller may do with it now: the page offers these and no others. */
    allowedActions: z.array(z.enum(PAYOUT_BATCH_ACTIONS)),
  }),
);
export type TPayoutBatchDetails = z.infer<typeof zPayoutBatchDetails>;

const zCreatePayoutBatch = lazy(() =>
  z.object({
    /** Only this store's open payables; all stores' when left out. */
    bikeStoreId: z.uuid().optional(),
  }),
);
export type TCreatePayoutBatch = z.infer<typeof zCreatePayoutBatch>;

const zApprovePayoutBatch = lazy(() =>
  z.object({
    /** The day the bank is to pay; today when left out. */
    executionDate: zDateOnly.optional(),
    /** The `approvalDigest` of the batch as the approver was shown it. */
    approvalDigest: zApprovalDigest,
  }),
);
export type TApprovePayoutBatch = z.infer<typeof zApprovePayoutBatch>;

const zMarkPayoutBatchPaid = lazy(() => z.object({ paidDate: zDateOnly }));
export type TMarkPayoutBatchPaid = z.infer<typeof zMarkPayoutBatchPaid>;

/** A batch, or the batches paid in a period (both days inclusive). */
export const zReconciliationQuery = lazy(() =>
  z
    .object({
      batchId: z.uuid().optional(),
      paidFrom: zDateOnly.optional(),
      paidTo: zDateOnly.optional(),
      /** The language of the column names; Finnish by default. */
      language: z.enum(LANGUAGES).optional(),
    })
    .superRefine((query, issues) => {
      if (query.batchId) return;
      if (!query.paidFrom || !query.paidTo)
        issues.addIssue({ code: "custom", path: ["paidFrom"], message: "Give a batch or a period" });
      else if (query.paidFrom > query.paidTo)
        issues.addIssue({ code: "custom", path: ["paidTo"], message: "Must not be before paidFrom" });
    }),
);
export type TReconciliationQuery = z.infer<typeof zReconciliationQuery>;

const zStorePayout = lazy(() =>
  z.object({
    payoutBatchId: z.uuid(),
    batchNumber: z.int(),
    status: z.enum(PAYOUT_BATCH_STATUSES),
    executionDate: z.string().nullable(),
    paidDate: z.string().nullable(),
    ...zSums,
    orderNumbers: z.array(z.int()),
  }),
);
export type TStorePayout = z.infer<typeof zStorePayout>;

export const zStorePayouts = lazy(() =>
  z.object({
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    open: z.object({ payableCount: z.int(), ...zSums }),
    payables: zStorePayablePage,
    /** The batches that pay the store, newest first, with the store's own part of each. */
    payouts: z.array(zStorePayout),
  }),
);
export type TStorePayouts = z.infer<typeof zStorePayouts>;

export const storePayoutsApi = lazy(() => ({
  paymentFile: endpoint({
    method: "GET",
    path: "/store-payouts/batches/:id/pain001",
    summary: "The approved payout batch's ISO 20022 pain.001.001.09 credit transfer file",
    params: zIdParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404, 409],
  }),
  reconciliation: endpoint({
    method: "GET",
    path: "/store-payouts/reconciliation",
    summary: "The reconciliation CSV of a payout batch or of the batches paid in a period",
    query: zReconciliationQuery,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  payables: endpoint({
    method: "GET",
    path: "/store-payouts/payables",
    summary: "What is owed to bike stores per order, newest first, by status and store",
    query: zStorePayablesQuery,
    response: zStorePayablePage,
    errors: [400, 401, 403],
  }),
  open: endpoint({
    method: "GET",
    path: "/store-payouts/open",
    summary: "The open payables summed per bike store, with whether each can be paid now",
    response: zOpenPayables,
    errors: [400, 401, 403],
  }),
  batches: endpoint({
    method: "GET",
    path: "/store-payouts/batches",
    summary: "Payout batches, newest first",
    query: zPayoutBatchesQuery,
    response: zPayoutBatchPage,
    errors: [400, 401, 403],
  }),
  createBatch: endpoint({
    method: "POST",
    path: "/store-payouts/batches",
    summary: "Gather the open payables (of every store with a bank account, or of one) into a payout batch",
    body: zCreatePayoutBatch,
    status: 201,
    response: zPayoutBatchDetails,
    errors: [400, 401, 403, 409],
  }),
  batch: endpoint({
    method: "GET",
    path: "/store-payouts/batches/:id",
    summary: "A payout batch with its stores' totals and orders",
    params: zIdParams,
    response: zPayoutBatchDetails,
    errors: [400, 401, 403, 404],
  }),
  approve: endpoint({
    method: "POST",
    path: "/store-payouts/batches/:id/approve",
    summary: "Approve a payout batch (a second person: never its maker)",
    params: zIdParams,
    body: zApprovePayoutBatch,
    response: zPayoutBatchDetails,
    errors: [400, 401, 403, 404, 409, 422],
    idempotent: true,
  }),
  discard: endpoint({
    method: "DELETE",
    path: "/store-payouts/batches/:id",
    summary: "Discard a payout batch not yet approved: its payables are open again",
    params: zIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  markPaid: endpoint({
    method: "POST",
    path: "/store-payouts/batches/:id/paid",
    summary: "Mark an approved payout batch and its payables paid",
    params: zIdParams,
    body: zMarkPayoutBatchPaid,
    response: zPayoutBatchDetails,
    errors: [400, 401, 403, 404, 409, 422],
    idempotent: true,
  }),
  ofStore: endpoint({
    method: "GET",
    path: "/bike-stores/:id/payouts",
    summary: "A bike store's payables and the payouts that paid them",
    params: zIdParams,
    query: zPageQuery,
    response: zStorePayouts,
    errors: [400, 401, 403, 404],
  }),
}));
