import { and, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zInvoice } from "../../../contract/invoices.ts";
import { zLeasingAgreement } from "../../../contract/leasing-agreements.ts";
import { zBulkOrderStatusResult } from "../../../contract/order-processing.ts";
import { zOrderDetails } from "../../../contract/orders.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus, RequestStatusWithSigned } from "../../../domain/enums.ts";
import { invoiceDueDate } from "../../../domain/invoice-status.ts";
import { leaseEndDate, leaseStartDate } from "../../../domain/lease-dates.ts";
import { isValidReferenceNumber } from "../../../domain/reference-number.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  bikeStores,
  eventLog,
  invoices,
  leasingAgreements,
  leasingCompanies,
  orderItems,
  orders,
  outbox,
  users,
} from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { BY_BIKE_STORE, moveOrder } from "./lifecycle.ts";
import { processOrder } from "./process-order.ts";

/**
 * The helpdesk's processing: the agreement to the leasing company, its
 * decision through the sync, processing with the store's purchase order, the store's invoice and its
 * match, the bill to the leasing company and the lease's start; the moves by status name, one or many.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const SUPER = "admin@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const STORE_EMAIL = "ostot@prosessi-pyora.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";

let demoOyId: string;
let employmentId: string;
let storeId: string;
let grenkeId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = employment?.id as string;
  const [store] = await db
    .insert(bikeStores)
    .values({ storeName: "Prosessipyörä Oy", email: STORE_EMAIL })
    .returning({ id: bikeStores.id });
  storeId = store?.id as string;
  const [grenke] = await db
    .select({ id: leasingCompanies.id })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.companyName, "Grenkeleasing Oy"));
  grenkeId = grenke?.id as string;
});

const TOTAL = 300_000;

/** A Demo Oy order in `status` at the test store with two package lines, and its agreement. */
async function orderWithAgreement(
  status: OrderStatus,
  agreementStatus: RequestStatusWithSigned | null = "SIGNED",
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      bikeStoreId: storeId,
      orderStatus: status,
      isOrderConfirmed: true,
      deliveryMethod: "PICKUP",
      totalPriceCents: TOTAL,
      vatPercent: 25.5,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 9_500,
      ...extra,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = order?.id as string;
  await db.insert(orderItems).values([
    {
      orderId,
      itemType: "BIKE",
      name: "Tunturi eSport",
      brand: "Tunturi",
      model: "eSport 500",
      frameSize: "M",
      quantity: 1,
      unitPriceCents: 290_000,
      discountCents: 10_000,
      sortOrder: 0,
    },
    { orderId, itemType: "ACCESSORY", name: "Lukko", quantity: 2, unitPriceCents: 10_000, sortOrder: 1 },
  ]);
  const [agreement] = await db
    .insert(leasingAgreements)
    .values({
      orderId,
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      leasingCompanyId: grenkeId,
      status: agreementStatus,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 9_500,
      totalPriceCents: TOTAL,
      commitmentDate: "2026-01-15",
    })
    .returning({ id: leasingAgreements.id });
  return { orderId, orderNumber: order?.orderNumber as number, agreementId: agreement?.id as string };
}

async function agreementRow(id: string) {
  const [row] = await t.database.db.select().from(leasingAgreements).where(eq(leasingAgreements.id, id));
  return row;
}

async function statusOf(orderId: string) {
  const [row] = await t.database.db
    .select({ status: orders.orderStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status;
}

function daysAgo(days: number): string {
  return toHelsinkiDateString(new Date(Date.now() - days * 24 * 3600 * 1000));
}

describe("the whole chain from a confirmed order to an active lease", () => {
  it("sends, decides, syncs, processes, matches, bills and starts the lease", async () => {
    const { orderId, orderNumber, agreementId } = await orderWithAgreement("CONFIRMED");
    const api = (path: string, body?: unknown) => call("POST", path, HELPDESK, body);

    // To the leasing company: the agreement PENDING, the order's log ORDER_SENT.
    const sent = await api(`/api/orders/${orderId}/send-to-leasing-company`);
    expect(sent.statusCode, sent.body).toBe(200);
    const afterSend = zOrderDetails.parse(sent.json());
    expect(afterSend.orderStatus).toBe("CONFIRMED");
    expect(afterSend.events.map((e) => e.type)).toContain("ORDER_SENT");
    expect((await agreementRow(agreementId))?.status).toBe("PENDING");
    // Sent once only.
    expectError(await api(`/api/orders/${orderId}/send-to-leasing-company`), 409, "AGREEMENT_NOT_SIGNED");

    // Not processed before the leasing company accepts.
    expectError(await api(`/api/orders/${orderId}/process`), 409, "AGREEMENT_NOT_ACCEPTED");

    // The leasing company's answer, recorded for the default gateway, applied by the sync.
    const decided = await api(`/api/leasing-agreements/${agreementId}/decision`, {
      decision: "ACCEPTED",
      agreementNumber: `GL-${orderNumber}`,
    });
    expect(decided.statusCode, decided.body).toBe(202);
    expect(decided.json()).toEqual({ id: expect.any(String) });
    expect((await agreementRow(agreementId))?.status).toBe("PENDING");
    const synced = await api("/api/leasing-agreements/sync");
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().applied).toBeGreaterThanOrEqual(1);
    const accepted = await agreementRow(agreementId);
    expect(accepted).toMatchObject({ status: "ACCEPTED", agreementNumber: `GL-${orderNumber}` });
    expect(accepted?.acceptedAt).toBeInstanceOf(Date);
    // Accepting moves nothing by itself: the helpdesk processes.
    expect(await statusOf(orderId)).toBe("CONFIRMED");
    const fetched = (await call("GET", "/api/last-fetch-time", HELPDESK)).json();
    expect(Date.now() - Date.parse(fetched.lastFetchTime)).toBeLessThan(60_000);

    // Processing: CONFIRMED → PROCESSED → WAITING_FOR_INVOICE_MATCH, and the store's purchase order.
    const processed = zOrderDetails.parse((await api(`/api/orders/${orderId}/process`)).json());
    expect(processed.orderStatus).toBe("WAITING_FOR_INVOICE_MATCH");
    expect(processed.events.map((e) => [e.from, e.to, e.by])).toEqual(
      expect.arrayContaining([
        ["CONFIRMED", "PROCESSED", "user"],
        ["PROCESSED", "WAITING_FOR_INVOICE_MATCH", "system"],
      ]),
    );
    const [purchaseOrder] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, STORE_EMAIL), eq(outbox.template, "purchase-order")))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(purchaseOrder?.subject).toContain(String(orderNumber));
    expect(purchaseOrder?.bodyText).toContain("Tunturi eSport");
    expect(purchaseOrder?.bodyText).toContain("2 × Lukko");
    // Queued with the processing, to the store's e-mail in its language, naming the order only.
    const [queued] = await outboxRowsOf(t.database, "ORDER_PROCESSED", { orderId });
    expect(queued).toMatchObject({ userId: null, channel: "EMAIL", recipient: STORE_EMAIL, language: "fi" });
    expect(queued?.params).toEqual({ orderId });
    expect(queued?.status).toBe("SENT");

    // The store's invoice: a wrong total is refused, then invalidated; the right one matches.
    const wrong = zInvoice.parse(
      (
        await api("/api/invoices", {
          orderId,
          invoiceNumber: "VP-1001",
          amountCents: 200_000,
          vatCents: 51_000,
          issueDate: "2026-02-01",
        })
      ).json(),
    );
    expect(wrong).toMatchObject({ status: "RECEIVED", payerType: "PEDAALI", totalCents: 251_000 });
    expectError(await api(`/api/invoices/${wrong.id}/match`), 409, "INVOICE_TOTAL_MISMATCH");
    expect(await statusOf(orderId)).toBe("WAITING_FOR_INVOICE_MATCH");
    const invalidated = await call("PUT", `/api/invoices/${wrong.id}/status`, HELPDESK, {
      status: "INVALIDATED",
    });
    expect(invalidated.json().status).toBe("INVALIDATED");
    expectError(await api(`/api/invoices/${wrong.id}/match`), 409, "INVOICE_STATUS_NOT_ALLOWED");
    const right = zInvoice.parse(
      (
        await api("/api/invoices", {
          orderId,
          invoiceNumber: "VP-1002",
          amountCents: 239_044,
          vatCents: 60_956,
          issueDate: "2026-02-01",
          dueDate: "2026-02-15",
        })
      ).json(),
    );
    const matched = await api(`/api/invoices/${right.id}/match`);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().status).toBe("VERIFIED");
    expect(await statusOf(orderId)).toBe("WAITING_FOR_DELIVERY_DATE");
    // The store's delivery link went with the match; its token was minted as the mail left, never queued.
    const [deliveryLink] = await outboxRowsOf(t.database, "ORDER_DELIVERY_LINK", { orderId });
    expect(deliveryLink).toMatchObject({ userId: null, recipient: STORE_EMAIL, status: "SENT" });
    expect(deliveryLink?.params).toEqual({ orderId });

    // The store enters the serial number and the delivery date through its link (set here directly).
    const deliveryDate = daysAgo(40);
    await write(t.database.db, { actor: BY_BIKE_STORE }, async (ctx) => {
      await moveOrder(ctx, {
        orderId,
        to: "READY_FOR_BILLING",
        set: { frameSerialNumber: "WTU123456789", deliveryDate },
      });
    });

    // The bill to the leasing company.
    const billed = zOrderDetails.parse((await api(`/api/orders/${orderId}/bill`)).json());
    expect(billed.orderStatus).toBe("GRENKE_INVOICE_SENT");
    expect(billed.events.map((e) => e.type)).toContain("ORDER_GRENKE_INVOICE_SENT");
    const ours = zInvoice.parse(
      (await call("GET", `/api/invoices?orderId=${orderId}&payerType=GRENKE`, HELPDESK)).json().items[0],
    );
    const today = toHelsinkiDateString(new Date());
    expect(ours).toMatchObject({
      status: "SENT",
      payerType: "GRENKE",
      leasingCompanyId: grenkeId,
      totalCents: TOTAL,
      amountCents: 239_044,
      vatCents: 60_956,
      issueDate: today,
      dueDate: invoiceDueDate(today),
      invoiceNumber: `PED-L-${orderNumber}`,
    });
    expect(ours.sentAt).not.toBeNull();
    expect(isValidReferenceNumber(ours.referenceNumber ?? "")).toBe(true);

    // The lease starts the first of the month after delivery, for its 36 months.
    const started = zOrderDetails.parse((await api(`/api/orders/${orderId}/start-leasing`)).json());
    expect(started.orderStatus).toBe("ACTIVE_LEASING");
    const startDate = leaseStartDate(deliveryDate);
    const agreement = zLeasingAgreement.parse(
      (await call("GET", `/api/leasing-agreements/${agreementId}`, HELPDESK)).json(),
    );
    expect(agreement).toMatchObject({
      status: "ACCEPTED",
      phase: "ACTIVE",
      startDate,
      endDate: leaseEndDate(startDate, 36),
    });
    const started_ = await t.database.db
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, agreementId), eq(eventLog.type, "LEASING_STARTED")));
    expect(started_).toHaveLength(1);
    // Nothing follows an active lease here.
    expectError(await api(`/api/orders/${orderId}/start-leasing`), 409, "ORDER_TRANSITION_NOT_ALLOWED");
  });
});

describe("POST /api/orders/{orderId}/send-to-leasing-company", () => {
  it("needs a confirmed order with a signed agreement", async () => {
    const unsigned = await orderWithAgreement("CONFIRMED", null);
    expectError(
      await call("POST", `/api/orders/${unsigned.orderId}/send-to-leasing-company`, HELPDESK),
      409,
      "AGREEMENT_NOT_SIGNED",
    );
    const early = await orderWithAgreement("ALL_INFO_PROVIDED");
    expectError(
      await call("POST", `/api/orders/${early.orderId}/send-to-leasing-company`, HELPDESK),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
    expect((await agreementRow(early.agreementId))?.status).toBe("SIGNED");
  });

  it("is the admin tier's: 400, 401, 403 and 404 as usual", async () => {
    const { orderId, agreementId } = await orderWithAgreement("CONFIRMED");
    const path = `/api/orders/${orderId}/send-to-leasing-company`;
    expectError(await call("POST", "/api/orders/not-a-uuid/send-to-leasing-company", HELPDESK), 400);
    expectError(await call("POST", path, null), 401);
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) expectError(await call("POST", path, who), 403);
    expectError(await call("POST", `/api/orders/${MISSING}/send-to-leasing-company`, HELPDESK), 404);
    expect((await agreementRow(agreementId))?.status).toBe("SIGNED");
    expect((await call("POST", path, SUPER)).statusCode).toBe(200);
  });
});

describe("the leasing company's decision", () => {
  it("rejects through the sync: the agreement REJECTED with its reason and event, the order left for the helpdesk", async () => {
    const { orderId, agreementId } = await orderWithAgreement("CONFIRMED", "PENDING");
    const decided = await call("POST", `/api/leasing-agreements/${agreementId}/decision`, HELPDESK, {
      decision: "REJECTED",
      reason: "Luottotiedot eivät riitä.",
    });
    expect(decided.statusCode, decided.body).toBe(202);
    // One decision waits at a time.
    expectError(
      await call("POST", `/api/leasing-agreements/${agreementId}/decision`, HELPDESK, {
        decision: "ACCEPTED",
      }),
      409,
      "LEASING_DECISION_NOT_ALLOWED",
    );
    expect((await call("POST", "/api/leasing-agreements/sync", SUPER)).json().applied).toBeGreaterThanOrEqual(
      1,
    );
    const rejected = await agreementRow(agreementId);
    expect(rejected).toMatchObject({ status: "REJECTED", rejectionReason: "Luottotiedot eivät riitä." });
    expect(rejected?.rejectedAt).toBeInstanceOf(Date);
    const events = await t.database.db
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(eq(eventLog.entityId, agreementId));
    expect(events.map((e) => e.type)).toContain("LEASING_AGREEMENT_REJECTED");
    expect(await statusOf(orderId)).toBe("CONFIRMED");
    // Nothing waits any more; the agreement no longer waits for a decision.
    expect((await call("POST", "/api/leasing-agreements/sync", SUPER)).json()).toEqual({ applied: 0 });
    expectError(
      await call("POST", `/api/leasing-agreements/${agreementId}/decision`, HELPDESK, {
        decision: "ACCEPTED",
      }),
      409,
      "LEASING_DECISION_NOT_ALLOWED",
    );
    const agreement = zLeasingAgreement.parse(
      (await call("GET", `/api/leasing-agreements/${agreementId}`, HELPDESK)).json(),
    );
    expect(agreement.phase).toBe("REJECTED");
  });

  it("refuses an agreement number the leasing company has already, bad input, and other roles", async () => {
    const first = await orderWithAgreement("CONFIRMED", "ACCEPTED");
    await t.database.db
      .update(leasingAgreements)
      .set({ agreementNumber: "GL-TAKEN-1" })
      .where(eq(leasingAgreements.id, first.agreementId));
    const { agreementId } = await orderWithAgreement("CONFIRMED", "PENDING");
    const path = `/api/leasing-agreements/${agreementId}/decision`;
    expectError(
      await call("POST", path, HELPDESK, { decision: "ACCEPTED", agreementNumber: "GL-TAKEN-1" }),
      409,
      "AGREEMENT_NUMBER_TAKEN",
    );
    expectError(await call("POST", path, HELPDESK, { decision: "MAYBE" }), 400);
    expectError(await call("POST", path, HELPDESK, { decision: "REJECTED", reason: "a\u0000b" }), 400);
    expectError(await call("POST", path, HELPDESK, { decision: "ACCEPTED", agreementNumber: "" }), 400);
    expectError(
      await call("POST", `/api/leasing-agreements/${MISSING}/decision`, HELPDESK, { decision: "ACCEPTED" }),
      404,
    );
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) {
      expectError(await call("POST", path, who, { decision: "ACCEPTED" }), 403);
      expectError(await call("POST", "/api/leasing-agreements/sync", who), 403);
    }
    expectError(await call("POST", "/api/leasing-agreements/sync", null), 401);
  });
});

describe("POST /api/orders/{orderId}/process", () => {
  it("needs the order confirmed and is the admin tier's", async () => {
    const notYet = await orderWithAgreement("ALL_INFO_PROVIDED", "ACCEPTED");
    expectError(
      await call("POST", `/api/orders/${notYet.orderId}/process`, HELPDESK),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
    const rejected = await orderWithAgreement("CONFIRMED", "REJECTED");
    expectError(
      await call("POST", `/api/orders/${rejected.orderId}/process`, HELPDESK),
      409,
      "AGREEMENT_NOT_ACCEPTED",
    );
    const ok = await orderWithAgreement("CONFIRMED", "ACCEPTED");
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT])
      expectError(await call("POST", `/api/orders/${ok.orderId}/process`, who), 403);
    expectError(await call("POST", `/api/orders/${MISSING}/process`, HELPDESK), 404);
    expectError(await call("POST", "/api/orders/1/process", HELPDESK), 400);
    expect(await statusOf(ok.orderId)).toBe("CONFIRMED");
  });

  it("queues the store's purchase order with the processing, so a processing rolled back sends none", async () => {
    const { orderId } = await orderWithAgreement("CONFIRMED", "ACCEPTED");
    const helpdesk = {
      kind: "user" as const,
      userId: await userIdByEmail(t.database.db, HELPDESK),
      roleNames: ["INTERNAL_ADMIN" as const],
    };
    await expect(
      write(t.database.db, { actor: helpdesk }, async (ctx) => {
        await processOrder(ctx, orderId);
        throw new Error("the leasing company's answer could not be stored");
      }),
    ).rejects.toThrow("could not be stored");
    expect(await statusOf(orderId)).toBe("CONFIRMED");
    expect(await outboxRowsOf(t.database, "ORDER_PROCESSED", { orderId })).toEqual([]);
  });
});

describe("POST /api/orders/{orderId}/bill and /start-leasing", () => {
  it("bill needs READY_FOR_BILLING; start-leasing a delivery date and an accepted agreement", async () => {
    const early = await orderWithAgreement("WAITING_FOR_DELIVERY_DATE", "ACCEPTED");
    expectError(
      await call("POST", `/api/orders/${early.orderId}/bill`, HELPDESK),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
    expect(await t.database.db.$count(invoices, eq(invoices.orderId, early.orderId))).toBe(0);

    const undelivered = await orderWithAgreement("GRENKE_INVOICE_SENT", "ACCEPTED");
    expectError(
      await call("POST", `/api/orders/${undelivered.orderId}/start-leasing`, HELPDESK),
      409,
      "DELIVERY_DATE_MISSING",
    );
    const unaccepted = await orderWithAgreement("GRENKE_INVOICE_SENT", "PENDING", {
      deliveryDate: "2026-01-20",
    });
    expectError(
      await call("POST", `/api/orders/${unaccepted.orderId}/start-leasing`, HELPDESK),
      409,
      "AGREEMENT_NOT_ACCEPTED",
    );
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) {
      expectError(await call("POST", `/api/orders/${early.orderId}/bill`, who), 403);
      expectError(await call("POST", `/api/orders/${unaccepted.orderId}/start-leasing`, who), 403);
    }
    expectError(await call("POST", `/api/orders/${MISSING}/bill`, HELPDESK), 404);
    expectError(await call("POST", `/api/orders/${MISSING}/start-leasing`, HELPDESK), 404);
  });

  it("opens the redemption case of a lease that starts for an employment already ending", async () => {
    const db = t.database.db;
    const [leaver] = await db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(and(eq(users.email, "aino.koivula@demo.test"), eq(beneficiaryEmployees.companyId, demoOyId)));
    const lastWorkingDay = toHelsinkiDateString(new Date(Date.now() + 120 * 86_400_000));
    await db
      .update(beneficiaryEmployees)
      .set({ lastWorkingDayDate: lastWorkingDay })
      .where(eq(beneficiaryEmployees.id, leaver?.id as string));
    const { orderId } = await orderWithAgreement("GRENKE_INVOICE_SENT", "ACCEPTED", {
      beneficiaryEmployeeId: leaver?.id as string,
      deliveryDate: toHelsinkiDateString(new Date()),
    });
    const started = await call("POST", `/api/orders/${orderId}/start-leasing`, HELPDESK);
    expect(started.statusCode, started.body).toBe(200);
    const cases = await db
      .select({ id: bikeRedemptions.id, status: bikeRedemptions.status, reason: bikeRedemptions.reason })
      .from(bikeRedemptions)
      .where(eq(bikeRedemptions.orderId, orderId));
    expect(cases.map(({ status, reason }) => ({ status, reason }))).toEqual([
      { status: "PENDING", reason: "EMPLOYER_ENDED_EMPLOYMENT" },
    ]);
    // The employee hears of it as of any case opened for them.
    expect(
      await outboxRowsOf(t.database, "REDEMPTION_OFFERED", { caseId: cases[0]?.id as string }),
    ).toHaveLength(1);

    // A lease that runs out before the last working day needs no case.
    const { orderId: short } = await orderWithAgreement("GRENKE_INVOICE_SENT", "ACCEPTED", {
      beneficiaryEmployeeId: leaver?.id as string,
      deliveryDate: toHelsinkiDateString(new Date()),
    });
    await db
      .update(beneficiaryEmployees)
      .set({ lastWorkingDayDate: "2998-12-31" })
      .where(eq(beneficiaryEmployees.id, leaver?.id as string));
    expect((await call("POST", `/api/orders/${short}/start-leasing`, HELPDESK)).statusCode).toBe(200);
    expect(await db.$count(bikeRedemptions, eq(bikeRedemptions.orderId, short))).toBe(0);
  });

  it("bills the leasing company the financed amount, not the package above the cap", async () => {
    // A 3 000 € package against a 2 500 € max price: the lease finances 2 500 €, the employee pays 500 €.
    const { orderId } = await orderWithAgreement("READY_FOR_BILLING", "ACCEPTED", {
      userPaymentCents: 50_000,
    });
    await t.database.db
      .update(leasingAgreements)
      .set({ totalPriceCents: TOTAL - 50_000 })
      .where(eq(leasingAgreements.orderId, orderId));
    expect((await call("POST", `/api/orders/${orderId}/bill`, HELPDESK)).statusCode).toBe(200);
    const [bill] = await t.database.db
      .select({ total: invoices.totalCents, amount: invoices.amountCents, vat: invoices.vatCents })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    expect(bill?.total).toBe(250_000);
    expect((bill?.amount ?? 0) + (bill?.vat ?? 0)).toBe(250_000);
  });

  it("numbers a second bill of the same order after a CASE_X apart from the first", async () => {
    const { orderId, orderNumber } = await orderWithAgreement("READY_FOR_BILLING", "ACCEPTED");
    expect((await call("POST", `/api/orders/${orderId}/bill`, HELPDESK)).statusCode).toBe(200);
    await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to: "CASE_X", note: "Lasku väärin" });
    await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to: "READY_FOR_BILLING" });
    expect((await call("POST", `/api/orders/${orderId}/bill`, HELPDESK)).statusCode).toBe(200);
    const bills = await t.database.db
      .select({ number: invoices.invoiceNumber, reference: invoices.referenceNumber })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    expect(bills.map((b) => b.number).sort()).toEqual([`PED-L-${orderNumber}`, `PED-L-${orderNumber}-2`]);
    expect(new Set(bills.map((b) => b.reference)).size).toBe(2);
  });
});

describe("POST /api/orders/{orderId}/status", () => {
  it("makes the helpdesk's moves by name with the note in the event row, and refuses the milestones", async () => {
    const { orderId } = await orderWithAgreement("CONFIRMED", "ACCEPTED");
    const paused = await call("POST", `/api/orders/${orderId}/status`, HELPDESK, {
      to: "WAITING_FOR_CUSTOMER_COMMENT",
      note: "Väri puuttuu tilauksesta.",
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(zOrderDetails.parse(paused.json())).toMatchObject({
      orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
      previousStatus: "CONFIRMED",
    });
    const [row] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(eq(eventLog.entityId, orderId))
      .orderBy(desc(eventLog.createdAt))
      .limit(1);
    expect(row?.data).toMatchObject({
      note: "Väri puuttuu tilauksesta.",
      to: "WAITING_FOR_CUSTOMER_COMMENT",
    });
    // Back only where it came from.
    expectError(
      await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to: "PENDING" }),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
    expect(
      (await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to: "CONFIRMED" })).json().orderStatus,
    ).toBe("CONFIRMED");
    // A milestone has its own action.
    expectError(
      await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to: "PROCESSED" }),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
    expect(
      (await call("POST", `/api/orders/${orderId}/status`, SUPER, { to: "CANCELLED" })).json().orderStatus,
    ).toBe("CANCELLED");
  });

  it("refuses bad input, other roles and unknown orders", async () => {
    const { orderId } = await orderWithAgreement("PENDING", null);
    const path = `/api/orders/${orderId}/status`;
    expectError(await call("POST", path, HELPDESK, { to: "SOMEWHERE" }), 400);
    expectError(await call("POST", path, HELPDESK, { to: "CASE_X", note: "x".repeat(1001) }), 400);
    expectError(await call("POST", path, HELPDESK, {}), 400);
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT])
      expectError(await call("POST", path, who, { to: "CASE_X" }), 403);
    expectError(await call("POST", path, null, { to: "CASE_X" }), 401);
    expectError(await call("POST", `/api/orders/${MISSING}/status`, HELPDESK, { to: "CASE_X" }), 404);
    expect(await statusOf(orderId)).toBe("PENDING");
  });
});

describe("POST /api/orders/bulk-status", () => {
  it("moves each order on its own: the refused ones stay, the others move", async () => {
    const a = await orderWithAgreement("PROCESSED", "ACCEPTED");
    const b = await orderWithAgreement("ACTIVE_LEASING", "ACCEPTED");
    const c = await orderWithAgreement("READY_FOR_BILLING", "ACCEPTED");
    const res = await call("POST", "/api/orders/bulk-status", HELPDESK, {
      orderIds: [a.orderId, b.orderId, MISSING, c.orderId],
      to: "CASE_X",
      note: "Toimittajan konkurssi",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zBulkOrderStatusResult.parse(res.json()).results).toEqual([
      { orderId: a.orderId, ok: true },
      { orderId: b.orderId, ok: false, code: "ORDER_TRANSITION_NOT_ALLOWED" },
      { orderId: MISSING, ok: false, code: "NOT_FOUND" },
      { orderId: c.orderId, ok: true },
    ]);
    const rows = await t.database.db
      .select({ id: orders.id, status: orders.orderStatus })
      .from(orders)
      .where(inArray(orders.id, [a.orderId, b.orderId, c.orderId]));
    const byId = new Map(rows.map((r) => [r.id, r.status]));
    expect([byId.get(a.orderId), byId.get(b.orderId), byId.get(c.orderId)]).toEqual([
      "CASE_X",
      "ACTIVE_LEASING",
      "CASE_X",
    ]);
  });

  it("takes 1 to 100 unique order ids, and only from the admin tier", async () => {
    const { orderId } = await orderWithAgreement("PENDING", null);
    const path = "/api/orders/bulk-status";
    expectError(await call("POST", path, HELPDESK, { orderIds: [], to: "CASE_X" }), 400);
    expectError(await call("POST", path, HELPDESK, { orderIds: [orderId, orderId], to: "CASE_X" }), 400);
    const many = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    expectError(await call("POST", path, HELPDESK, { orderIds: many, to: "CASE_X" }), 400);
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT])
      expectError(await call("POST", path, who, { orderIds: [orderId], to: "CASE_X" }), 403);
    expect(await statusOf(orderId)).toBe("PENDING");
  });
});

describe("the order's invoices in its detail", () => {
  it("lists them for the admin tier and none for the employer", async () => {
    const { orderId } = await orderWithAgreement("READY_FOR_BILLING", "ACCEPTED");
    await call("POST", `/api/orders/${orderId}/bill`, HELPDESK);
    const admin = zOrderDetails.parse((await call("GET", `/api/orders/${orderId}`, HELPDESK)).json());
    expect(admin.invoices).toEqual([
      expect.objectContaining({ status: "SENT", payerType: "GRENKE", totalCents: TOTAL }),
    ]);
    const employer = zOrderDetails.parse((await call("GET", `/api/orders/${orderId}`, EMPLOYER)).json());
    expect(employer.invoices).toEqual([]);
  });
});
