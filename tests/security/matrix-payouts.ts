import { toHelsinkiDateString } from "../../src/domain/dates.ts";
import type { PayoutBatchStatus } from "../../src/domain/enums.ts";
import { ibanCheckDigits } from "../../src/domain/validation/bank-account.ts";
import {
  bikeStores,
  invoices,
  orders,
  payoutBatches,
  storePayables,
} from "../../src/server/db/schema/index.ts";
import { approvalDigestOf } from "../../src/server/modules/store-payouts/approval.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Paying bike stores: what is owed to them, the payout batches, the bank file and the reconciliation.
 * Rows read as those of access-matrix.ts (see its header); only types come from there.
 *
 * Every operation is the admin tier's (store-payouts.manage), which no employer role holds, so the
 * employer roles and the other tenant get 403. Each case acts on a throw-away store with its own order,
 * purchase invoice and payable; a batch to approve or pay was made by the demo employee's user, so
 * either admin may approve it (four eyes).
 */
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

let serial = 0;

/** A fresh store with a bank account and one payable of a fresh Demo Oy order, in `status`. */
async function freshPayable(
  f: Fixtures,
  payoutBatchId: string | null = null,
  status: "OPEN" | "IN_BATCH" | "PAID" = "OPEN",
) {
  serial += 1;
  const bban = `405500${String(900_000 + serial).padStart(8, "0")}`;
  const [store] = await f.db
    .insert(bikeStores)
    .values({
      storeName: f.uniqueName("Matriisin pyöräliike"),
      iban: `FI${ibanCheckDigits("FI", bban)}${bban}`,
    })
    .returning({ id: bikeStores.id });
  const bikeStoreId = store?.id as string;
  const [order] = await f.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      bikeStoreId,
      orderStatus: "WAITING_FOR_DELIVERY_DATE",
      totalPriceCents: 125_000,
    })
    .returning({ id: orders.id });
  const [invoice] = await f.db
    .insert(invoices)
    .values({
      invoiceNumber: "MATRIISI-TILITYS",
      status: "VERIFIED",
      payerType: "PEDAALI",
      companyId: f.demoCompanyId,
      orderId: order?.id,
      bikeStoreId,
      amountCents: 100_000,
      vatCents: 25_000,
      totalCents: 125_000,
    })
    .returning({ id: invoices.id });
  await f.db.insert(storePayables).values({
    bikeStoreId,
    orderId: order?.id as string,
    purchaseInvoiceId: invoice?.id as string,
    grossCents: 125_000,
    vatCents: 25_000,
    commissionBase: "VAT_EXCLUDED",
    commissionCents: 0,
    netCents: 125_000,
    status,
    payoutBatchId,
  });
  return bikeStoreId;
}

/** A fresh batch in `status` with one payable, made by the demo employee's user (not an admin). */
async function freshBatch(f: Fixtures, status: PayoutBatchStatus): Promise<string> {
  const now = new Date();
  const approved = status !== "CREATED";
  const [batch] = await f.db
    .insert(payoutBatches)
    .values({
      status,
      createdByUserId: f.employeeUserId,
      approvedByUserId: approved ? await f.freshUser() : null,
      approvedAt: approved ? now : null,
      executionDate: approved ? toHelsinkiDateString(now) : null,
      paidDate: status === "PAID" ? toHelsinkiDateString(now) : null,
      paidAt: status === "PAID" ? now : null,
    })
    .returning({ id: payoutBatches.id });
  const id = batch?.id as string;
  await freshPayable(f, id, status === "PAID" ? "PAID" : "IN_BATCH");
  return id;
}

export const PAYOUT_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/store-payouts/payables",
    call: () => ({ query: { status: "OPEN", limit: "5" } }),
    expect: adminsOnly,
  },
  { operation: "GET /api/store-payouts/open", call: () => ({}), expect: adminsOnly },
  {
    operation: "GET /api/store-payouts/batches",
    call: () => ({ query: { status: "PAID", limit: "5" } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/store-payouts/batches",
    ok: 201,
    call: async (f) => ({ body: { bikeStoreId: await freshPayable(f) } }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/store-payouts/batches/{id}",
    call: async (f) => ({ params: { id: await freshBatch(f, "CREATED") } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/store-payouts/batches/{id}/approve",
    call: async (f) => {
      const id = await freshBatch(f, "CREATED");
      return { params: { id }, body: { approvalDigest: await approvalDigestOf(f.db, id) } };
    },
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/store-payouts/batches/{id}",
    call: async (f) => ({ params: { id: await freshBatch(f, "CREATED") } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/store-payouts/batches/{id}/paid",
    call: async (f) => ({
      params: { id: await freshBatch(f, "APPROVED") },
      body: { paidDate: toHelsinkiDateString(new Date()) },
    }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/store-payouts/batches/{id}/pain001",
    call: async (f) => ({ params: { id: await freshBatch(f, "APPROVED") } }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/store-payouts/reconciliation",
    call: async (f) => ({ query: { batchId: await freshBatch(f, "PAID") } }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/bike-stores/{id}/payouts",
    call: async (f) => ({ params: { id: await freshPayable(f) } }),
    expect: adminsOnly,
  },
];
