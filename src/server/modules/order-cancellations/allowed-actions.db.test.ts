import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { realPdf } from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderCancellationDetails } from "../../../contract/order-cancellations.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { beneficiaryEmployees, orders, userPayments, users } from "../../db/schema/index.ts";

/**
 * What a cancellation's details say the caller may do now (allowedActions): they follow the
 * cancellation's status, its order's, its refund's receipts, and the caller's side.
 */

const t = setupTestApp({}, { demoData: true });
const { as, call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";

const HELPDESK_WORK = ["UPDATE", "UPLOAD_RECEIPT", "DELETE_RECEIPT"];

let demoOyId: string;
let employmentId: string;
let pdf: Buffer;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = employment?.id as string;
  pdf = await realPdf();
});

/** A Demo Oy order of employee@demo.test in `status`; with a paid own share its cancellation refunds it. */
async function order(status: OrderStatus, paidOwnShare = false): Promise<string> {
  const db = t.database.db;
  const [row] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderStatus: status,
      deliveryMethod: "PICKUP",
      totalPriceCents: 342_000,
      userPaymentCents: paidOwnShare ? 42_000 : 0,
    })
    .returning({ id: orders.id });
  const orderId = row?.id as string;
  if (paidOwnShare) {
    await db.insert(userPayments).values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderId,
      kind: "OWN_SHARE",
      amountCents: 42_000,
      paymentMethod: "BATCH",
      paymentStatus: "PAID",
      isUserPaymentDone: true,
      dueDate: "2026-03-01",
    });
  }
  return orderId;
}

/** A cancellation of the order asked for by `who`; answers its id. */
async function cancel(orderId: string, who: string): Promise<string> {
  const res = await call("POST", "/api/order-cancellations", who, {
    orderId,
    reason: "Pyörän toimitus viivästyy, en tarvitse sitä enää",
  });
  expect(res.statusCode, res.body).toBe(201);
  return zOrderCancellationDetails.parse(res.json()).orderCancellationId;
}

async function actions(id: string, who: string) {
  const res = await call("GET", `/api/order-cancellations/get-details/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zOrderCancellationDetails.parse(res.json()).allowedActions;
}

async function uploadReceipt(id: string) {
  const session = await as(HELPDESK);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/refund/upload?${new URLSearchParams({ orderCancellationId: id, fileName: "kuitti.pdf" })}`,
    headers: { ...session.headers(), "content-type": "application/octet-stream" },
    payload: pdf,
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe("a cancellation's actions", () => {
  it("let the helpdesk complete a refund only with its receipt, and the requester's side withdraw", async () => {
    const id = await cancel(await order("CONFIRMED", true), EMPLOYEE);
    expect(await actions(id, HELPDESK)).toEqual([...HELPDESK_WORK, "WITHDRAW"]);
    expect(await actions(id, EMPLOYEE)).toEqual(["WITHDRAW"]);
    // The other side and a reporting user only read it.
    expect(await actions(id, EMPLOYER)).toEqual([]);
    expect(await actions(id, REPORTING)).toEqual([]);
    await uploadReceipt(id);
    expect(await actions(id, HELPDESK)).toEqual([...HELPDESK_WORK, "COMPLETE", "WITHDRAW"]);
  });

  it("let the employer withdraw their own request, not the employee", async () => {
    const id = await cancel(await order("CONFIRMED"), EMPLOYER);
    expect(await actions(id, EMPLOYER)).toEqual(["WITHDRAW"]);
    expect(await actions(id, EMPLOYEE)).toEqual([]);
    expect(await actions(id, HELPDESK)).toEqual([...HELPDESK_WORK, "COMPLETE", "WITHDRAW"]);
  });

  it("withdraw nothing the order has followed, and complete nothing delivered meanwhile", async () => {
    // The employee's cancellation before confirmation cancels the order at once.
    const atOnce = await cancel(await order("PENDING"), EMPLOYEE);
    expect(await actions(atOnce, HELPDESK)).toEqual([...HELPDESK_WORK, "COMPLETE"]);
    expect(await actions(atOnce, EMPLOYEE)).toEqual([]);

    const orderId = await order("WAITING_FOR_DELIVERY_DATE");
    const request = await cancel(orderId, EMPLOYEE);
    await t.database.db
      .update(orders)
      .set({ orderStatus: "READY_FOR_BILLING" })
      .where(eq(orders.id, orderId));
    expect(await actions(request, HELPDESK)).toEqual([...HELPDESK_WORK, "WITHDRAW"]);
  });

  it("end when the cancellation is completed or withdrawn", async () => {
    const completed = await cancel(await order("CONFIRMED"), EMPLOYEE);
    const done = await call("POST", `/api/order-cancellations/${completed}/complete`, HELPDESK);
    expect(done.statusCode, done.body).toBe(200);
    expect(zOrderCancellationDetails.parse(done.json()).allowedActions).toEqual([]);
    for (const who of [HELPDESK, EMPLOYEE]) expect(await actions(completed, who)).toEqual([]);

    const withdrawn = await cancel(await order("CONFIRMED"), EMPLOYEE);
    const res = await call("DELETE", `/api/order-cancellations/${withdrawn}`, EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    expect(await actions(withdrawn, HELPDESK)).toEqual([]);
  });
});
