import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { realPdf } from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderCancellationDetails } from "../../../contract/order-cancellations.ts";
import { zBulkOrderStatusResult } from "../../../contract/order-processing.ts";
import { zPayoutBatchDetails } from "../../../contract/store-payouts.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { leaseInvoiceLines } from "../../../domain/lease-invoice.ts";
import { ibanCheckDigits } from "../../../domain/validation/bank-account.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  eventLog,
  invoices,
  leasingAgreements,
  leasingCompanies,
  notifications,
  orders,
  storePayables,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { loadPayrollSources } from "../reporting/payroll-input.ts";

/**
 * What entering CANCELLED, REFUNDED or CASE_X does to the order's money, by every way into the status:
 * the store's payable is void (or, in a special case, out of any batch and not taken by the next), the
 * own share not yet paid is cancelled, the lease leaves the payroll report and the lease invoice, and
 * the employer is notified. Each test makes its own store, order, payable, own share and lease.
 */

const t = setupTestApp({}, { demoData: true });
const { as, call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const ADMIN = "admin@pedaali.test";
const EMPLOYEE = "employee@demo.test";

let demoOyId: string;
let employmentId: string;
let leasingCompanyId: string;
let serial = 0;
const period = () => toHelsinkiDateString(new Date()).slice(0, 7);

/** The second person approves the batch as its read shows it to them now. */
async function approve(batchId: string) {
  const read = await call("GET", `/api/store-payouts/batches/${batchId}`, ADMIN);
  const { approvalDigest } = zPayoutBatchDetails.parse(read.json());
  return call("POST", `/api/store-payouts/batches/${batchId}/approve`, ADMIN, { approvalDigest });
}

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = employment?.id as string;
  const [leasing] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
  leasingCompanyId = leasing?.id as string;
});

type Fixture = {
  orderId: string;
  orderNumber: number;
  bikeStoreId: string;
  payableId: string;
  /** The own share through payroll, due this month, not paid: an amount no other fixture has. */
  ownShareId: string;
  ownShareCents: number;
};

/**
 * A matched order of the demo employee in `status`, its store (with a bank account) owed the price,
 * an own share through payroll due this month, and a lease running this month: all in the payroll
 * report and the lease invoice before the move.
 */
async function matchedOrder(status: OrderStatus = "WAITING_FOR_DELIVERY_DATE"): Promise<Fixture> {
  serial += 1;
  const db = t.database.db;
  const bban = `405500${String(800_000 + serial).padStart(8, "0")}`;
  const [store] = await db
    .insert(bikeStores)
    .values({
      storeName: `Tilan seurauspyörä ${serial} ${Math.random().toString(36).slice(2, 8)}`,
      iban: `FI${ibanCheckDigits("FI", bban)}${bban}`,
      bic: "HELSFIHH",
    })
    .returning({ id: bikeStores.id });
  const bikeStoreId = store?.id as string;
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      bikeStoreId,
      orderStatus: status,
      deliveryMethod: "PICKUP",
      totalPriceCents: 319_700,
      monthlyPaymentCents: 8_990,
      leaseTimeMonths: 36,
      vatPercent: 25.5,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = order?.id as string;
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNumber: `TILA-${order?.orderNumber}`,
      status: "VERIFIED",
      payerType: "PEDAALI",
      companyId: demoOyId,
      orderId,
      bikeStoreId,
      amountCents: 254_741,
      vatCents: 64_959,
      totalCents: 319_700,
    })
    .returning({ id: invoices.id });
  const [payable] = await db
    .insert(storePayables)
    .values({
      bikeStoreId,
      orderId,
      purchaseInvoiceId: invoice?.id as string,
      grossCents: 319_700,
      vatCents: 64_959,
      commissionBase: "VAT_EXCLUDED",
      commissionCents: 0,
      netCents: 319_700,
    })
    .returning({ id: storePayables.id });
  const ownShareCents = 10_000 + serial * 7;
  const [share] = await db
    .insert(userPayments)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderId,
      kind: "OWN_SHARE",
      amountCents: ownShareCents,
      paymentMethod: "PAYROLL",
      paymentStatus: "PENDING",
      dueDate: `${period()}-01`,
    })
    .returning({ id: userPayments.id });
  await db.insert(leasingAgreements).values({
    orderId,
    beneficiaryEmployeeId: employmentId,
    companyId: demoOyId,
    leasingCompanyId,
    status: "ACCEPTED",
    leaseTimeMonths: 36,
    monthlyPaymentCents: 8_990,
    totalPriceCents: 319_700,
    commitmentDate: `${period()}-01`,
    startDate: `${period()}-01`,
  });
  const fixture = {
    orderId,
    orderNumber: order?.orderNumber as number,
    bikeStoreId,
    payableId: payable?.id as string,
    ownShareId: share?.id as string,
    ownShareCents,
  };
  // Before the move, everything is owed and deducted (a cancelled order's lease never is): the checks
  // below are not empty by accident.
  const running = status !== "CANCELLED";
  expect(await payrollOf(fixture)).toEqual({ leased: running, deducted: true, invoiced: running });
  return fixture;
}

/** Whether the order's lease and own share are in this month's payroll report and lease invoice. */
async function payrollOf(f: Fixture) {
  const source = (await loadPayrollSources(t.database.db, demoOyId, period(), period())).of(period());
  const lines = leaseInvoiceLines({ ...source, period: period(), vatPercent: 25.5 });
  return {
    leased: source.leases.some((l) => l.orderId === f.orderId),
    deducted: source.oneOffs.some(
      (p) => p.beneficiaryEmployeeId === employmentId && p.amountCents === f.ownShareCents,
    ),
    invoiced: lines.some((l) => l.orderNumber === f.orderNumber),
  };
}

async function statusOf(orderId: string) {
  const [row] = await t.database.db
    .select({ status: orders.orderStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status;
}

async function payableOf(f: Fixture) {
  const [row] = await t.database.db
    .select({ status: storePayables.status, payoutBatchId: storePayables.payoutBatchId })
    .from(storePayables)
    .where(eq(storePayables.id, f.payableId));
  return row;
}

async function ownShareStatus(f: Fixture) {
  const [row] = await t.database.db
    .select({ status: userPayments.paymentStatus })
    .from(userPayments)
    .where(eq(userPayments.id, f.ownShareId));
  return row?.status;
}

async function employerToldOf(f: Fixture, status: OrderStatus) {
  const rows = await t.database.db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.entityId, f.orderId), eq(notifications.type, "ORDER_STATUS_CHANGE")));
  return rows.some((r) => r.data?.status === status);
}

/** The next batch of the order's store: none, since its one payable is not to be paid. */
async function expectNoBatchTakes(f: Fixture) {
  expectError(
    await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: f.bikeStoreId }),
    409,
    "NO_OPEN_PAYABLES",
  );
}

/** Everything a cancelled or refunded order owes no more, and the employer told. */
async function expectSettled(f: Fixture, status: "CANCELLED" | "REFUNDED") {
  expect(await statusOf(f.orderId)).toBe(status);
  expect(await payableOf(f)).toEqual({ status: "VOID", payoutBatchId: null });
  expect(await ownShareStatus(f)).toBe("CANCELLED");
  expect(await payrollOf(f)).toEqual({ leased: false, deducted: false, invoiced: false });
  expect(await employerToldOf(f, status)).toBe(true);
  await expectNoBatchTakes(f);
}

async function moveByName(orderId: string, to: OrderStatus) {
  const res = await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to });
  expect(res.statusCode, res.body).toBe(200);
}

async function batchOf(bikeStoreId: string) {
  const res = await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId });
  expect(res.statusCode, res.body).toBe(201);
  return zPayoutBatchDetails.parse(res.json());
}

describe("every way into CANCELLED", () => {
  it("by name: the helpdesk's POST /api/orders/{id}/status", async () => {
    const f = await matchedOrder();
    await moveByName(f.orderId, "CANCELLED");
    await expectSettled(f, "CANCELLED");
  });

  it("in bulk: POST /api/orders/bulk-status", async () => {
    const one = await matchedOrder();
    const other = await matchedOrder("READY_FOR_BILLING");
    const res = await call("POST", "/api/orders/bulk-status", HELPDESK, {
      orderIds: [one.orderId, other.orderId],
      to: "CANCELLED",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zBulkOrderStatusResult.parse(res.json()).results.every((r) => r.ok)).toBe(true);
    await expectSettled(one, "CANCELLED");
    await expectSettled(other, "CANCELLED");
  });

  it("by the helpdesk's cancellation, which cancels at once", async () => {
    const f = await matchedOrder();
    const res = await call("POST", "/api/order-cancellations", HELPDESK, {
      orderId: f.orderId,
      reason: "Asiakas perui tilauksen ennen toimitusta",
    });
    expect(res.statusCode, res.body).toBe(201);
    await expectSettled(f, "CANCELLED");
  });

  it("by the employee's request, completed by the helpdesk", async () => {
    const f = await matchedOrder();
    const asked = await call("POST", "/api/order-cancellations", EMPLOYEE, {
      orderId: f.orderId,
      reason: "En tarvitse pyörää enää",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { orderCancellationId } = zOrderCancellationDetails.parse(asked.json());
    expect(await statusOf(f.orderId)).toBe("WAITING_FOR_DELIVERY_DATE");
    const done = await call("POST", `/api/order-cancellations/${orderCancellationId}/complete`, HELPDESK);
    expect(done.statusCode, done.body).toBe(200);
    await expectSettled(f, "CANCELLED");
  });

  it("by settling a special case: CASE_X → CANCELLED", async () => {
    const f = await matchedOrder();
    await moveByName(f.orderId, "CASE_X");
    await moveByName(f.orderId, "CANCELLED");
    await expectSettled(f, "CANCELLED");
  });

  it("takes the payable out of a batch not yet approved, which is then approved without it", async () => {
    const f = await matchedOrder();
    const batch = await batchOf(f.bikeStoreId);
    await moveByName(f.orderId, "CANCELLED");
    await expectSettled(f, "CANCELLED");
    expectError(await approve(batch.id), 409, "NO_OPEN_PAYABLES");
  });
});

describe("every way into REFUNDED", () => {
  it("by name from CANCELLED: settles what the cancellation left owed", async () => {
    // An order cancelled before the cancellation voided its payable: the refund still settles it.
    const f = await matchedOrder("CANCELLED");
    await moveByName(f.orderId, "REFUNDED");
    await expectSettled(f, "REFUNDED");
    const [event] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, "USER_PAYMENT_CANCELLED"), eq(eventLog.entityId, f.ownShareId)));
    expect(event?.data).toEqual({ reason: "Order refunded" });
  });

  it("by completing a cancellation with a refund and its receipt", async () => {
    const f = await matchedOrder();
    // What the employee has paid already is refunded: the cancellation carries it.
    await t.database.db.insert(userPayments).values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderId: f.orderId,
      kind: "OWN_SHARE",
      amountCents: 42_000,
      paymentMethod: "BATCH",
      paymentStatus: "PAID",
      isUserPaymentDone: true,
      dueDate: `${period()}-01`,
    });
    const asked = await call("POST", "/api/order-cancellations", EMPLOYEE, {
      orderId: f.orderId,
      reason: "En tarvitse pyörää enää",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { orderCancellationId } = zOrderCancellationDetails.parse(asked.json());
    const session = await as(HELPDESK);
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/refund/upload?${new URLSearchParams({ orderCancellationId, fileName: "kuitti.pdf" })}`,
      headers: { ...session.headers(), "content-type": "application/octet-stream" },
      payload: await realPdf(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const done = await call("POST", `/api/order-cancellations/${orderCancellationId}/complete`, HELPDESK);
    expect(done.statusCode, done.body).toBe(200);
    await expectSettled(f, "REFUNDED");
  });
});

describe("entering CASE_X", () => {
  it("takes the payable out of a batch not yet approved, keeps it from every batch, and lets it be paid once settled", async () => {
    const f = await matchedOrder("READY_FOR_BILLING");
    const batch = await batchOf(f.bikeStoreId);
    await moveByName(f.orderId, "CASE_X");
    // Not void: the case may return to the main line.
    expect(await payableOf(f)).toEqual({ status: "OPEN", payoutBatchId: null });
    const [event] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, "STORE_PAYABLE_OPENED"), eq(eventLog.entityId, f.payableId)));
    expect(event?.data).toMatchObject({ orderId: f.orderId, takenOutOfPayoutBatchId: batch.id });
    expectError(await approve(batch.id), 409, "NO_OPEN_PAYABLES");
    await expectNoBatchTakes(f);
    // The own share and the lease stay: the case may still go on.
    expect(await ownShareStatus(f)).toBe("PENDING");

    await moveByName(f.orderId, "READY_FOR_BILLING");
    const next = await batchOf(f.bikeStoreId);
    expect(next.payableCount).toBe(1);
    expect(await payableOf(f)).toEqual({ status: "IN_BATCH", payoutBatchId: next.id });
  });
});
