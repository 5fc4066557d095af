import { and, eq, gte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { testFileStore } from "../../../../tests/helpers/test-db.ts";
import { zMyOrders, zOrderDetails } from "../../../contract/orders.ts";
import { zPayrollReportResponse } from "../../../contract/reporting.ts";
import { addMonths, periodOf } from "../../../domain/payroll/period.ts";
import { bikeRedemptions, eventLog, outbox, userPayments } from "../../db/schema/index.ts";
import { EMPLOYEE, EMPLOYER, endingLease, HELPDESK, redemptionKit, today } from "./test-kit.ts";

/**
 * A lease's end as a whole (ADR 009, "The lease's end"): from the job's opening to completion as every
 * side sees it, an early end in payroll, and the employer demo's ended employment.
 */

const t = setupTestApp({}, { demoData: true });
const { call, db, lease, open, details, choose, pay } = redemptionKit(t);

describe("the whole term-end flow on the server", () => {
  it("the job opens, the employee redeems by invoice, pays, the helpdesk buys and completes; every side sees it", async () => {
    const { openRedemptionOffers } = await import("../../jobs/redemption-offers.ts");
    const l = await endingLease(db(), { email: EMPLOYEE });
    const before = new Date();
    const result = await openRedemptionOffers(db(), {
      now: new Date(),
      publicUrl: "https://pedaali.example",
      files: testFileStore(),
      log: { info: () => {}, error: () => {} },
    });
    expect(result.opened).toBeGreaterThan(0);
    // The offer's mail left through the message outbox right after the case's commit.
    const offers = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.recipient, EMPLOYEE),
          eq(outbox.template, "redemption-offer"),
          gte(outbox.createdAt, before),
        ),
      );
    expect(offers.length).toBeGreaterThan(0);
    const [opened] = await db().select().from(bikeRedemptions).where(eq(bikeRedemptions.orderId, l.orderId));
    const id = opened?.id as string;
    expect((await details(id, EMPLOYEE)).openedBy).toBe("SYSTEM");
    expect((await choose(id, { choice: "REDEEM", paymentMethod: "BATCH" })).statusCode).toBe(200);
    await pay(id);
    expect((await call("POST", `/api/bike-redemption/${id}/grenke-invoice`, HELPDESK)).statusCode).toBe(200);
    expect((await call("POST", `/api/bike-redemption/${id}/complete`, HELPDESK)).statusCode).toBe(200);
    for (const who of [HELPDESK, EMPLOYER]) {
      const order = zOrderDetails.parse((await call("GET", `/api/orders/${l.orderId}`, who)).json());
      expect(order.afterSales.redemption).toMatchObject({
        bikeRedemptionId: id,
        status: "COMPLETED",
        choice: "REDEEM",
      });
    }
    const mine = zMyOrders.parse((await call("GET", "/api/orders/my", EMPLOYEE)).json());
    expect(mine.items.find((o) => o.orderId === l.orderId)?.afterSales.redemption?.status).toBe("COMPLETED");
    const ended = await db()
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, l.agreementId), eq(eventLog.type, "LEASING_ENDED")));
    expect(ended).toHaveLength(1);
  });

  it("an early end stops the payroll deduction after the lease's last month", async () => {
    const l = await lease();
    const c = await open(l.orderId, EMPLOYER, {
      reason: "EMPLOYER_ENDED_EMPLOYMENT",
      lastWorkingDay: today(),
    });
    await choose(c.id, { choice: "REDEEM", paymentMethod: "PAYROLL" });
    await pay(c.id);
    await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK);
    const running = async (period: string) => {
      const res = await call(
        "GET",
        `/api/reporting/payroll?companyId=${l.companyId}&period=${period}`,
        EMPLOYER,
      );
      expect(res.statusCode, res.body).toBe(200);
      return zPayrollReportResponse
        .parse(res.json())
        .rows.filter((r) => r.leaseId === l.agreementId && r.leaseRunning);
    };
    expect(await running(periodOf(today()))).toHaveLength(1);
    expect(await running(addMonths(periodOf(today()), 1))).toHaveLength(0);
  });
});

describe("the employer demo's ended employment", () => {
  it("was redeemed by the rules: resigned, REDEEM through payroll, its payment in the ledger", async () => {
    const demoOy = await companyIdByName(db(), "Demo Oy");
    const rows = await db()
      .select()
      .from(bikeRedemptions)
      .where(and(eq(bikeRedemptions.companyId, demoOy), eq(bikeRedemptions.reason, "EMPLOYEE_RESIGNED")));
    const demo = rows.find((r) => r.note?.includes("viimeisestä palkasta"));
    expect(demo).toMatchObject({ choice: "REDEEM", paymentMethod: "PAYROLL", status: "PENDING" });
    const [payment] = await db()
      .select()
      .from(userPayments)
      .where(eq(userPayments.bikeRedemptionId, demo?.id as string));
    expect(payment).toMatchObject({ kind: "REDEMPTION", amountCents: demo?.redemptionPriceCents });
  });
});
