import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeRedemptionDetails } from "../../../contract/bike-redemptions.ts";
import { bikeRedemptions } from "../../db/schema/index.ts";
import {
  activeLease,
  COLLEAGUE,
  EMPLOYEE,
  EMPLOYER,
  endingLease,
  HELPDESK,
  LOGISTICS_EMPLOYEE,
  MISSING,
  OTHER_TENANT,
  REPORTING,
  redemptionKit,
  today,
} from "./test-kit.ts";

/** The employee's choice on a redemption case (ADR 009, "The lease's end"): redeem, return or transfer. */

const t = setupTestApp({}, { demoData: true });
const { call, db, lease, open, details, choose, pay, caseRow } = redemptionKit(t);

describe("POST /api/bike-redemption/{id}/choice", () => {
  it("REDEEM makes the redemption's user payment, sent at once, as the company's payment mode allows", async () => {
    const c = await open((await lease()).orderId, HELPDESK, { reason: "EMPLOYEE_RESIGNED" });
    const res = await choose(c.id, { choice: "REDEEM", paymentMethod: "BATCH" });
    expect(res.statusCode, res.body).toBe(200);
    const chosen = zBikeRedemptionDetails.parse(res.json());
    expect(chosen).toMatchObject({ choice: "REDEEM", paymentMethod: "BATCH" });
    expect(chosen.userPayment).toMatchObject({
      kind: "REDEMPTION",
      amountCents: c.redemptionPriceCents,
      paymentMethod: "BATCH",
      paymentStatus: "PENDING",
    });
    expect(chosen.userPayment?.sentAt).not.toBeNull();
    expect(chosen.userPaymentSentAt).not.toBeNull();
    expect(chosen.redemptionPayments).toEqual([]);
    expect((await details(c.id)).redemptionPayments).toMatchObject([
      { payerType: "EMPLOYEE", amountCents: c.redemptionPriceCents, madeByLedger: true },
    ]);
    // Changed to brokerage before paying: the payment is cancelled, the bike goes to the brokerage.
    const changed = zBikeRedemptionDetails.parse(
      (await choose(c.id, { choice: "BROKERAGE" }, EMPLOYER)).json(),
    );
    expect(changed.choice).toBe("BROKERAGE");
    expect(changed.userPayment).toBeNull();
    expect(changed.brokerage).toMatchObject({
      status: "PENDING",
      listedAt: null,
      askingPriceCents: c.redemptionPriceCents,
    });
    // And back to redeeming: the unlisted bike is withdrawn.
    const back = zBikeRedemptionDetails.parse(
      (await choose(c.id, { choice: "REDEEM", paymentMethod: "PAYROLL" })).json(),
    );
    expect(back.brokerage).toBeNull();
    expect(back.userPayment).toMatchObject({ paymentMethod: "PAYROLL", dueDate: back.leaseEndsOn });
    expect(back.events.filter((e) => e.type === "BIKE_REDEMPTION_CHOICE_MADE").map((e) => e.choice)).toEqual([
      "REDEEM",
      "BROKERAGE",
      "REDEEM",
    ]);
    // Paid: the choice stays.
    await pay(c.id);
    expectError(await choose(c.id, { choice: "BROKERAGE" }), 409, "LEASE_END_CHOICE_NOT_ALLOWED");
  });

  it("an early RETURN costs the employee its fee as a user payment; TRANSFER names the colleague", async () => {
    const absent = await open((await lease({ deliveryCity: "Espoo" })).orderId, HELPDESK, {
      reason: "LONG_ABSENCE",
      absenceStartDate: today(),
    });
    const returned = zBikeRedemptionDetails.parse((await choose(absent.id, { choice: "RETURN" })).json());
    expect(returned.userPayment).toMatchObject({
      kind: "RETURN_FEE",
      amountCents: 28_500,
      paymentMethod: "PAYROLL",
    });
    const transfer = zBikeRedemptionDetails.parse(
      (await choose(absent.id, { choice: "TRANSFER", transferToEmail: " Aino.Koivula@demo.test " })).json(),
    );
    expect(transfer).toMatchObject({
      choice: "TRANSFER",
      transferToEmail: "aino.koivula@demo.test",
      userPayment: null,
    });
  });

  it("refuses what is not open (409), a method the company does not allow, the deadline passed for all but the helpdesk", async () => {
    const term = await open((await endingLease(db(), { email: EMPLOYEE })).orderId);
    expectError(
      await choose(term.id, { choice: "TRANSFER", transferToEmail: "x@demo.test" }),
      409,
      "LEASE_END_CHOICE_NOT_ALLOWED",
    );
    expectError(await choose(term.id, { choice: "CONTINUE" }), 409, "LEASE_END_CHOICE_NOT_ALLOWED");
    const resigned = await open((await lease()).orderId, HELPDESK, { reason: "EMPLOYEE_RESIGNED" });
    expectError(await choose(resigned.id, { choice: "RETURN" }), 409, "LEASE_END_CHOICE_NOT_ALLOWED");
    // The helpdesk may still record a return the employer allowed.
    expect((await choose(resigned.id, { choice: "RETURN" }, HELPDESK)).statusCode).toBe(200);
    const logistics = await open(
      (await activeLease(db(), { email: LOGISTICS_EMPLOYEE, company: "Demo Logistiikka Oy" })).orderId,
      HELPDESK,
      { reason: "EMPLOYEE_RESIGNED" },
    );
    expectError(
      await choose(logistics.id, { choice: "REDEEM", paymentMethod: "BATCH" }, HELPDESK),
      409,
      "PAYMENT_METHOD_NOT_ALLOWED",
    );
    await db()
      .update(bikeRedemptions)
      .set({ decisionDeadline: "2020-01-01" })
      .where(eq(bikeRedemptions.id, term.id));
    expectError(
      await choose(term.id, { choice: "REDEEM", paymentMethod: "BATCH" }),
      409,
      "LEASE_END_DEADLINE_PASSED",
    );
    expectError(await choose(term.id, { choice: "RETURN" }, EMPLOYER), 409, "LEASE_END_DEADLINE_PASSED");
    expect((await choose(term.id, { choice: "RETURN" }, HELPDESK)).statusCode).toBe(200);
  });

  it("answers 400 to an incomplete choice, 403 to reporting, 404 to another tenant and another employee, 401", async () => {
    const c = await open((await lease()).orderId);
    expectError(await choose(c.id, { choice: "REDEEM" }), 400);
    expectError(await choose(c.id, { choice: "TRANSFER" }), 400);
    expectError(await choose(c.id, { choice: "SELL" }), 400);
    expect((await caseRow(c.id)).choice).toBeNull();
    expectError(await choose(c.id, { choice: "RETURN" }, REPORTING), 403);
    expectError(await choose(c.id, { choice: "RETURN" }, OTHER_TENANT), 404);
    expectError(await choose(c.id, { choice: "RETURN" }, COLLEAGUE), 404);
    expectError(await call("POST", `/api/bike-redemption/${c.id}/choice`, null, { choice: "RETURN" }), 401);
    expectError(await choose(MISSING, { choice: "RETURN" }, HELPDESK), 404);
  });
});
