import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zMyOrders, zOrderDetails } from "../../../contract/orders.ts";
import type { OrderStatus, RequestStatusWithSigned } from "../../../domain/enums.ts";
import {
  beneficiaryEmployees,
  leasingAgreements,
  leasingCompanies,
  orders,
  users,
} from "../../db/schema/index.ts";

/**
 * What the order's details say the caller may do now (allowedActions, allowedMoves): they follow the
 * order's status and its agreement, and differ for the helpdesk, the employer's deciders, a reporting
 * user and the employee.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";

let demoOyId: string;
let employmentId: string;
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
  const [grenke] = await db
    .select({ id: leasingCompanies.id })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.companyName, "Grenkeleasing Oy"));
  grenkeId = grenke?.id as string;
});

/** A Demo Oy order of employee@demo.test in `status`, with an agreement in `agreement` when given. */
async function order(
  status: OrderStatus,
  agreement: RequestStatusWithSigned | null | "none" = "none",
  extra: Partial<typeof orders.$inferInsert> = {},
  agreementExtra: Partial<typeof leasingAgreements.$inferInsert> = {},
): Promise<string> {
  const db = t.database.db;
  const [row] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderStatus: status,
      deliveryMethod: "PICKUP",
      totalPriceCents: 300_000,
      ...extra,
    })
    .returning({ id: orders.id });
  const orderId = row?.id as string;
  if (agreement !== "none") {
    await db.insert(leasingAgreements).values({
      orderId,
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      leasingCompanyId: grenkeId,
      status: agreement,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 9_500,
      totalPriceCents: 300_000,
      ...agreementExtra,
    });
  }
  return orderId;
}

async function details(orderId: string, who: string) {
  const res = await call("GET", `/api/orders/${orderId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const { allowedActions, allowedMoves } = zOrderDetails.parse(res.json());
  return { allowedActions, allowedMoves };
}

/** The employee reads their own orders through /api/orders/my. */
async function mine(orderId: string) {
  const res = await call("GET", "/api/orders/my", EMPLOYEE);
  expect(res.statusCode, res.body).toBe(200);
  const found = zMyOrders.parse(res.json()).items.find((o) => o.orderId === orderId);
  return { allowedActions: found?.allowedActions, allowedMoves: found?.allowedMoves };
}

describe("the helpdesk's actions follow the order's status and agreement", () => {
  it("offers each step of the main line as its own action, and the store's link while the store has a step", async () => {
    expect(await details(await order("PENDING"), HELPDESK)).toEqual({
      allowedActions: ["CANCEL", "PACKAGE_LINK"],
      allowedMoves: ["WAITING_FOR_CUSTOMER_COMMENT", "CANCELLED", "CASE_X"],
    });
    expect((await details(await order("CONFIRMED", "SIGNED"), HELPDESK)).allowedActions).toEqual([
      "CANCEL",
      "SEND_TO_LEASING_COMPANY",
    ]);
    expect((await details(await order("CONFIRMED", "PENDING"), HELPDESK)).allowedActions).toEqual([
      "CANCEL",
      "RECORD_LEASING_DECISION",
      "SYNC_LEASING_DECISIONS",
    ]);
    expect((await details(await order("CONFIRMED", "ACCEPTED"), HELPDESK)).allowedActions).toEqual([
      "CANCEL",
      "PROCESS",
    ]);
    expect(
      (await details(await order("WAITING_FOR_INVOICE_MATCH", "ACCEPTED"), HELPDESK)).allowedActions,
    ).toEqual(["CANCEL", "MATCH_INVOICE"]);
    expect(
      (await details(await order("WAITING_FOR_DELIVERY_DATE", "ACCEPTED"), HELPDESK)).allowedActions,
    ).toEqual(["CANCEL", "DELIVERY_LINK"]);
    // Past delivery nobody cancels through a cancellation any more.
    expect(await details(await order("READY_FOR_BILLING", "ACCEPTED"), HELPDESK)).toEqual({
      allowedActions: ["BILL"],
      allowedMoves: ["WAITING_FOR_CUSTOMER_COMMENT", "CANCELLED", "CASE_X"],
    });
    const delivered = { deliveryDate: "2026-02-10" };
    expect(
      (await details(await order("GRENKE_INVOICE_SENT", "ACCEPTED", delivered), HELPDESK)).allowedActions,
    ).toEqual(["START_LEASING"]);
    expect(await details(await order("ACTIVE_LEASING", "ACCEPTED", delivered), HELPDESK)).toEqual({
      allowedActions: [],
      allowedMoves: [],
    });
  });

  it("leaves out an action whose agreement or delivery date is not there yet", async () => {
    expect((await details(await order("CONFIRMED", null), HELPDESK)).allowedActions).toEqual(["CANCEL"]);
    expect((await details(await order("READY_FOR_BILLING", "PENDING"), HELPDESK)).allowedActions).toEqual([]);
    expect((await details(await order("GRENKE_INVOICE_SENT", "ACCEPTED"), HELPDESK)).allowedActions).toEqual(
      [],
    );
  });

  it("moves by name only where the transition table lets the helpdesk, back to where a pause began", async () => {
    const paused = await order("WAITING_FOR_CUSTOMER_COMMENT", "SIGNED", { previousStatus: "CONFIRMED" });
    expect((await details(paused, HELPDESK)).allowedMoves).toEqual(["CONFIRMED", "CANCELLED", "CASE_X"]);
    expect((await details(await order("CANCELLED"), HELPDESK)).allowedMoves).toEqual(["REFUNDED", "CASE_X"]);
    expect((await details(await order("CASE_X"), HELPDESK)).allowedMoves).toEqual([
      "NOT_STARTED",
      "PENDING",
      "PACKAGE_PROVIDED",
      "ALL_INFO_PROVIDED",
      "CONFIRMED",
      "PROCESSED",
      "WAITING_FOR_INVOICE_MATCH",
      "WAITING_FOR_DELIVERY_DATE",
      "READY_FOR_BILLING",
      "GRENKE_INVOICE_SENT",
      "ACTIVE_LEASING",
      "CANCELLED",
    ]);
    expect(await details(await order("REFUNDED"), HELPDESK)).toEqual({
      allowedActions: [],
      allowedMoves: [],
    });
  });
});

describe("the employer's actions follow their role", () => {
  it("lets the deciders approve an order waiting for them, and cancel before delivery; never the helpdesk's work", async () => {
    const waiting = await order("ALL_INFO_PROVIDED", "SIGNED", { employerApprovalRequired: true });
    for (const who of [EMPLOYER, EDITOR]) {
      expect(await details(waiting, who)).toEqual({
        allowedActions: ["EMPLOYER_DECISION", "CANCEL"],
        allowedMoves: [],
      });
    }
    const approved = await order("ALL_INFO_PROVIDED", null, {
      employerApprovalRequired: true,
      employerApprovedAt: new Date(),
    });
    expect((await details(approved, EMPLOYER)).allowedActions).toEqual(["CANCEL"]);
    expect((await details(await order("CONFIRMED", "ACCEPTED"), EMPLOYER)).allowedActions).toEqual([
      "REQUEST_CANCELLATION",
    ]);
    expect(await details(await order("READY_FOR_BILLING", "ACCEPTED"), EMPLOYER)).toEqual({
      allowedActions: [],
      allowedMoves: [],
    });
  });

  it("gives a reporting user nothing to do", async () => {
    const waiting = await order("ALL_INFO_PROVIDED", "SIGNED", { employerApprovalRequired: true });
    expect(await details(waiting, REPORTING)).toEqual({ allowedActions: [], allowedMoves: [] });
    expect(await details(await order("PENDING"), REPORTING)).toEqual({
      allowedActions: [],
      allowedMoves: [],
    });
  });
});

describe("the employee's actions on their own order", () => {
  it("accepts a provided package, signs an accepted one, and cancels before delivery", async () => {
    expect(await mine(await order("PACKAGE_PROVIDED"))).toEqual({
      allowedActions: ["ACCEPT_PACKAGE", "CANCEL"],
      allowedMoves: [],
    });
    expect((await mine(await order("ALL_INFO_PROVIDED", null))).allowedActions).toEqual(["SIGN", "CANCEL"]);
    // Signed, it waits for the employer: nothing for the employee to sign.
    const signed = await order("ALL_INFO_PROVIDED", "SIGNED", { employerApprovalRequired: true });
    expect((await mine(signed)).allowedActions).toEqual(["CANCEL"]);
    // Confirmed, the employee's cancellation is a request the helpdesk carries out.
    expect((await mine(await order("CONFIRMED", "ACCEPTED"))).allowedActions).toEqual([
      "REQUEST_CANCELLATION",
    ]);
    // Billed without the lease's dates: nothing to end yet.
    expect((await mine(await order("READY_FOR_BILLING", "ACCEPTED"))).allowedActions).toEqual([]);
  });

  it("opens an early end of a dated lease, billed or running, and of no other order", async () => {
    const dated = { startDate: "2026-01-01", endDate: "2028-12-31" };
    const billed = await order("READY_FOR_BILLING", "ACCEPTED", {}, dated);
    expect((await mine(billed)).allowedActions).toEqual(["OPEN_LEASE_END"]);
    const leasing = await order("ACTIVE_LEASING", "ACCEPTED", { deliveryDate: "2025-12-10" }, dated);
    expect((await mine(leasing)).allowedActions).toEqual(["OPEN_LEASE_END"]);
    // Not the employer's nor the helpdesk's button on the employee's page: they open cases their own way.
    expect((await details(leasing, EMPLOYER)).allowedActions).toEqual([]);
    // An agreement the leasing company has not accepted has no lease to end.
    expect((await mine(await order("ACTIVE_LEASING", "PENDING", {}, dated))).allowedActions).toEqual([]);
    // One case at a time: an open case is followed, not opened again.
    const res = await call("POST", "/api/bike-redemption", EMPLOYEE, {
      orderId: leasing,
      reason: "EMPLOYEE_RESIGNED",
      lastWorkingDay: "2026-06-30",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await mine(leasing)).allowedActions).toEqual([]);
  });

  it("asks for no second cancellation while one is open", async () => {
    const orderId = await order("CONFIRMED", "ACCEPTED");
    const res = await call("POST", "/api/order-cancellations", EMPLOYEE, {
      orderId,
      reason: "Muutan ulkomaille, en tarvitse pyörää",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await mine(orderId)).allowedActions).toEqual([]);
    // The request holds the order: the helpdesk settles it on the cancellation's page first.
    expect((await details(orderId, HELPDESK)).allowedActions).toEqual([]);
  });
});
