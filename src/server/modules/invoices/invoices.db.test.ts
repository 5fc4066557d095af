import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zInvoice, zInvoicePage } from "../../../contract/invoices.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { beneficiaryEmployees, bikeStores, invoices, orders, users } from "../../db/schema/index.ts";

/** Invoices: the store's purchase invoice of an order, reading, status moves. */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";

let demoOyId: string;
let employmentId: string;
let storeId: string;

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
    .values({ storeName: "Laskupyörä Oy" })
    .returning({ id: bikeStores.id });
  storeId = store?.id as string;
});

async function order(status: OrderStatus = "WAITING_FOR_INVOICE_MATCH", totalPriceCents = 125_500) {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      bikeStoreId: storeId,
      orderStatus: status,
      totalPriceCents,
    })
    .returning({ id: orders.id });
  return row?.id as string;
}

const body = (orderId: string) => ({
  orderId,
  invoiceNumber: " VP-2001 ",
  amountCents: 100_000,
  vatCents: 25_500,
  issueDate: "2026-02-02",
  dueDate: "2026-02-16",
  description: "Tunturi eSport ja lukko",
});

describe("POST /api/invoices", () => {
  it("records the store's purchase invoice of an order: RECEIVED, Pedaali pays, the order's store and company", async () => {
    const orderId = await order();
    const res = await call("POST", "/api/invoices", HELPDESK, body(orderId));
    expect(res.statusCode, res.body).toBe(201);
    const invoice = zInvoice.parse(res.json());
    expect(invoice).toMatchObject({
      invoiceNumber: "VP-2001",
      status: "RECEIVED",
      payerType: "PEDAALI",
      companyId: demoOyId,
      orderId,
      bikeStoreId: storeId,
      amountCents: 100_000,
      vatCents: 25_500,
      totalCents: 125_500,
      paidAmountCents: 0,
      referenceNumber: null,
      issueDate: "2026-02-02",
      dueDate: "2026-02-16",
    });
    expect(invoice.orderNumber).toEqual(expect.any(Number));
    const fetched = await call("GET", `/api/invoices/${invoice.id}`, HELPDESK);
    expect(zInvoice.parse(fetched.json())).toEqual(invoice);
  });

  it("refuses bad input and an unknown order as 400", async () => {
    const orderId = await order();
    const before = await t.database.db.$count(invoices);
    for (const bad of [
      { ...body(orderId), amountCents: -1 },
      { ...body(orderId), vatCents: 1.5 },
      { ...body(orderId), issueDate: "2026-02-30" },
      { ...body(orderId), dueDate: "2026-01-01" },
      { ...body(orderId), invoiceNumber: "" },
      { ...body(orderId), invoiceNumber: "VP\u00002001" },
      { ...body(orderId), amountCents: 2_147_483_000, vatCents: 1_000 },
      { ...body(orderId), orderId: "not-a-uuid" },
    ]) {
      expectError(await call("POST", "/api/invoices", HELPDESK, bad), 400);
    }
    const unknown = expectError(await call("POST", "/api/invoices", HELPDESK, body(MISSING)), 400);
    expect(unknown.details?.[0]?.field).toBe("body.orderId");
    expect(await t.database.db.$count(invoices)).toBe(before);
  });

  it("is the admin tier's", async () => {
    const orderId = await order();
    expectError(await call("POST", "/api/invoices", null, body(orderId)), 401);
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) {
      expectError(await call("POST", "/api/invoices", who, body(orderId)), 403);
    }
  });
});

describe("GET /api/invoices", () => {
  it("pages newest first and filters by order, status and payer type", async () => {
    const orderId = await order();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await call("POST", "/api/invoices", HELPDESK, { ...body(orderId), invoiceNumber: `L-${i}` })).json()
          .id,
      );
    }
    await call("PUT", `/api/invoices/${ids[0]}/status`, HELPDESK, { status: "INVALIDATED" });
    const page = zInvoicePage.parse(
      (await call("GET", `/api/invoices?orderId=${orderId}&limit=2&page=1`, HELPDESK)).json(),
    );
    expect(page).toMatchObject({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNext: true,
      hasPrevious: false,
    });
    expect(page.items.map((i) => i.invoiceNumber)).toEqual(["L-2", "L-1"]);
    const second = zInvoicePage.parse(
      (await call("GET", `/api/invoices?orderId=${orderId}&limit=2&page=2`, HELPDESK)).json(),
    );
    expect(second.items.map((i) => i.id)).toEqual([ids[0]]);
    const received = zInvoicePage.parse(
      (
        await call("GET", `/api/invoices?orderId=${orderId}&status=RECEIVED&payerType=PEDAALI`, HELPDESK)
      ).json(),
    );
    expect(received.total).toBe(2);
    const none = zInvoicePage.parse(
      (await call("GET", `/api/invoices?orderId=${orderId}&payerType=GRENKE`, HELPDESK)).json(),
    );
    expect(none.total).toBe(0);
  });

  it("refuses bad filters, other roles, and answers 404 for an unknown invoice", async () => {
    expectError(await call("GET", "/api/invoices?status=LOST", HELPDESK), 400);
    expectError(await call("GET", "/api/invoices?limit=101", HELPDESK), 400);
    expectError(await call("GET", "/api/invoices?orderId=x", HELPDESK), 400);
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) {
      expectError(await call("GET", "/api/invoices", who), 403);
      expectError(await call("GET", `/api/invoices/${MISSING}`, who), 403);
    }
    expectError(await call("GET", `/api/invoices/${MISSING}`, HELPDESK), 404);
    expectError(await call("GET", "/api/invoices/x", HELPDESK), 400);
  });
});

describe("POST /api/invoices/{id}/match", () => {
  it("matches equal totals, refuses a mismatch and an order that does not wait for its invoice", async () => {
    const waiting = await order("WAITING_FOR_INVOICE_MATCH", 125_500);
    const invoice = (await call("POST", "/api/invoices", HELPDESK, body(waiting))).json();
    await t.database.db.update(orders).set({ totalPriceCents: 125_501 }).where(eq(orders.id, waiting));
    expectError(
      await call("POST", `/api/invoices/${invoice.id}/match`, HELPDESK),
      409,
      "INVOICE_TOTAL_MISMATCH",
    );
    await t.database.db.update(orders).set({ totalPriceCents: 125_500 }).where(eq(orders.id, waiting));
    const matched = await call("POST", `/api/invoices/${invoice.id}/match`, HELPDESK);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().status).toBe("VERIFIED");
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, waiting));
    expect(row?.orderStatus).toBe("WAITING_FOR_DELIVERY_DATE");
    // Matched once.
    expectError(
      await call("POST", `/api/invoices/${invoice.id}/match`, HELPDESK),
      409,
      "INVOICE_STATUS_NOT_ALLOWED",
    );

    const early = await order("PROCESSED");
    const earlyInvoice = (await call("POST", "/api/invoices", HELPDESK, body(early))).json();
    expectError(
      await call("POST", `/api/invoices/${earlyInvoice.id}/match`, HELPDESK),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
    expect((await call("GET", `/api/invoices/${earlyInvoice.id}`, HELPDESK)).json().status).toBe("RECEIVED");
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) {
      expectError(await call("POST", `/api/invoices/${earlyInvoice.id}/match`, who), 403);
    }
    expectError(await call("POST", `/api/invoices/${MISSING}/match`, HELPDESK), 404);
  });
});

describe("PUT /api/invoices/{id}/status", () => {
  it("follows the invoice status table, marking payment", async () => {
    const orderId = await order();
    const { id } = (await call("POST", "/api/invoices", HELPDESK, body(orderId))).json();
    const to = async (status: string) => call("PUT", `/api/invoices/${id}/status`, HELPDESK, { status });
    expectError(await to("PAID"), 409, "INVOICE_STATUS_NOT_ALLOWED");
    for (const status of ["VERIFIED", "APPROVED", "PAYMENT_QUEUED", "PAYMENT_SENT_TO_BANK"]) {
      expect((await to(status)).json().status).toBe(status);
    }
    expectError(await to("INVALIDATED"), 409, "INVOICE_STATUS_NOT_ALLOWED");
    const paid = zInvoice.parse((await to("PAID")).json());
    expect(paid).toMatchObject({ status: "PAID", paidAmountCents: 125_500 });
    expect(paid.paidAt).not.toBeNull();
    expectError(await to("INVALIDATED"), 409, "INVOICE_STATUS_NOT_ALLOWED");
  });

  it("refuses bad input, other roles and unknown invoices", async () => {
    const orderId = await order();
    const { id } = (await call("POST", "/api/invoices", HELPDESK, body(orderId))).json();
    expectError(await call("PUT", `/api/invoices/${id}/status`, HELPDESK, { status: "LOST" }), 400);
    expectError(await call("PUT", `/api/invoices/${id}/status`, HELPDESK, {}), 400);
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) {
      expectError(await call("PUT", `/api/invoices/${id}/status`, who, { status: "VERIFIED" }), 403);
    }
    expectError(await call("PUT", `/api/invoices/${MISSING}/status`, HELPDESK, { status: "VERIFIED" }), 404);
    expect((await call("GET", `/api/invoices/${id}`, HELPDESK)).json().status).toBe("RECEIVED");
  });
});
