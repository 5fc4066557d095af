import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zRedemptionPaymentList, zRedemptionPaymentSaved } from "../../../contract/redemption-payments.ts";
import { eventLog, redemptionPayments } from "../../db/schema/index.ts";
import { EMPLOYEE, EMPLOYER, HELPDESK, MISSING, OTHER_TENANT, REPORTING, redemptionKit } from "./test-kit.ts";

/** A redemption case's redemption payments (ADR 009, "The lease's end"): the helpdesk's and the employee's. */

const t = setupTestApp({}, { demoData: true });
const { call, db, lease, open, choose } = redemptionKit(t);

describe("redemption payments", () => {
  it("records, reads, changes and deletes the helpdesk's payments; the employee's follows their user payment", async () => {
    const c = await open((await lease()).orderId);
    const res = await call("POST", "/api/redemption-payment", HELPDESK, {
      bikeRedemptionId: c.id,
      payerType: "GRENKE",
      amountCents: 5_000,
      status: "PENDING",
      dueDate: "2026-12-31",
      referenceNumber: " 12345 67890 7 ",
      note: "Hyvitys",
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = zRedemptionPaymentSaved.parse(res.json());
    expect(saved.message).toBe("Redemption payment created successfully");
    expect(saved.redemptionPayment).toMatchObject({
      payerType: "GRENKE",
      referenceNumber: "12345 67890 7",
      madeByLedger: false,
      paidAt: null,
    });
    const id = saved.redemptionPayment.id;
    const paid = await call("PUT", `/api/redemption-payment/${id}`, HELPDESK, {
      payerType: "GRENKE",
      amountCents: 5_000,
      status: "PAID",
    });
    expect(zRedemptionPaymentSaved.parse(paid.json()).redemptionPayment.paidAt).not.toBeNull();
    const got = await call("GET", `/api/redemption-payment/${id}`, HELPDESK);
    expect(got.json()).toMatchObject({ id, status: "PAID" });
    const list = async (who: string) =>
      zRedemptionPaymentList.parse(
        (await call("GET", `/api/redemption-payment?bikeRedemptionId=${c.id}`, who)).json(),
      );
    expect((await list(HELPDESK)).items.map((p) => p.id)).toEqual([id]);
    expect((await list(REPORTING)).totalCount).toBe(1);
    expect((await list(OTHER_TENANT)).totalCount).toBe(0);
    expect((await call("DELETE", `/api/redemption-payment/${id}`, HELPDESK)).json()).toEqual({
      message: "Redemption payment deleted successfully",
    });
    const events = await db()
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(and(eq(eventLog.entityType, "bikeRedemption"), eq(eventLog.entityId, c.id)));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "REDEMPTION_PAYMENT_RECORDED",
        "REDEMPTION_PAYMENT_UPDATED",
        "REDEMPTION_PAYMENT_DELETED",
      ]),
    );
    await choose(c.id, { choice: "REDEEM", paymentMethod: "BATCH" });
    const [employees] = await db()
      .select()
      .from(redemptionPayments)
      .where(eq(redemptionPayments.bikeRedemptionId, c.id));
    expectError(
      await call("PUT", `/api/redemption-payment/${employees?.id}`, HELPDESK, {
        payerType: "GRENKE",
        amountCents: 1,
        status: "PAID",
      }),
      409,
      "CONFLICT",
    );
    expectError(await call("DELETE", `/api/redemption-payment/${employees?.id}`, HELPDESK), 409, "CONFLICT");
  });

  it("answers 400 to bad payments with nothing stored, 403 to other roles, 404 outside, 401", async () => {
    const c = await open((await lease()).orderId);
    for (const body of [
      { bikeRedemptionId: c.id, payerType: "EMPLOYEE", amountCents: 100, status: "PAID" },
      { bikeRedemptionId: c.id, payerType: "GRENKE", amountCents: -5, status: "PAID" },
      { bikeRedemptionId: c.id, payerType: "GRENKE", amountCents: 100, status: "DONE" },
      { bikeRedemptionId: c.id, payerType: "GRENKE", amountCents: 100_000_001, status: "PAID" },
    ])
      expectError(await call("POST", "/api/redemption-payment", HELPDESK, body), 400);
    expect(
      await db().select().from(redemptionPayments).where(eq(redemptionPayments.bikeRedemptionId, c.id)),
    ).toEqual([]);
    const valid = { bikeRedemptionId: c.id, payerType: "OTHER", amountCents: 100, status: "PENDING" };
    for (const who of [EMPLOYER, EMPLOYEE, REPORTING, OTHER_TENANT])
      expectError(await call("POST", "/api/redemption-payment", who, valid), 403);
    expectError(await call("POST", "/api/redemption-payment", null, valid), 401);
    expectError(
      await call("POST", "/api/redemption-payment", HELPDESK, { ...valid, bikeRedemptionId: MISSING }),
      404,
    );
    expectError(await call("GET", "/api/redemption-payment", EMPLOYEE), 403);
    expectError(await call("GET", `/api/redemption-payment/${MISSING}`, HELPDESK), 404);
    expectError(await call("GET", `/api/redemption-payment/${MISSING}`, EMPLOYER), 403);
  });
});
