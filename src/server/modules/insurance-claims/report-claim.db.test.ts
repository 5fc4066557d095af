import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zInsuranceClaim } from "../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { bikeRedemptions, leasingAgreements, notifications, orders, outbox } from "../../db/schema/index.ts";
import {
  bikeInUse,
  claimKit,
  daysAgo,
  EMPLOYEE,
  EMPLOYER,
  EMPLOYER_ROLES,
  employmentOf,
  freshEmployment,
  HELPDESK,
  NO_BIKE,
  OTHER_TENANT,
} from "./test-kit.ts";

/**
 * Reporting an insurance claim (ADR 009, "Insurance claims"): the employee's theft or damage report of a bike
 * in use, the helpdesk's on their behalf, and the refusals.
 */

const t = setupTestApp({}, { demoData: true });
const { call, employee, colleague, reportTheft, claimCount, claimEvents } = claimKit(t);

describe("POST /api/insurance-claims", () => {
  it("takes the employee's theft report: started, the deductible and insured value, the employer told, a mail", async () => {
    const { orderId, claim } = await reportTheft();
    expect(claim).toMatchObject({
      type: "THEFT",
      status: "PENDING",
      outcome: null,
      beneficiaryEmployeeId: employee.id,
      order: { orderId },
      incidentDate: daysAgo(2),
      reportedLate: false,
      deductibleCents: 24_000,
      deductibleOwedCents: 24_000,
      reportDeadline: expect.any(String),
      nextSteps: [],
      outcomes: ["NEW_BIKE", "END_OF_LEASING"],
      canWithdraw: true,
      userPayment: null,
    });
    // 3 000 € less 1 % for each full month since 1.6.2025.
    const months = Math.round((1 - claim.insuredValueCents / 300_000) * 100);
    expect(months).toBeGreaterThanOrEqual(17);
    expect(claim.bike).toMatchObject({ totalPriceCents: 300_000, leaseStartDate: "2025-06-01" });
    expect(claim.events.map((e) => e.type)).toEqual(["INSURANCE_CASE_STARTED"]);
    const [started] = await claimEvents(claim.insuranceId);
    expect(started?.data).toMatchObject({
      type: "THEFT",
      orderId,
      reportedBy: "EMPLOYEE",
      reportedLate: false,
    });

    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, claim.insuranceId));
    expect(bell.map((n) => n.userId)).toContain(await userIdByEmail(t.database.db, EMPLOYER));
    expect(bell[0]?.title).toBe("Työsuhdepyörä on varastettu");
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, EMPLOYEE), eq(outbox.template, "insurance-claim-received")))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail?.subject).toContain("Vahinkoilmoituksesi");
    expect(mail?.bodyText).toContain("240,00");
    // Queued with the claim for the employee's account, with the figures as reported.
    const [queued] = await outboxRowsOf(t.database, "CLAIM_REPORTED", { claimId: claim.insuranceId });
    expect(queued).toMatchObject({
      userId: await userIdByEmail(t.database.db, EMPLOYEE),
      channel: "EMAIL",
      recipient: EMPLOYEE,
      language: "fi",
    });
    expect(Object.keys(queued?.params ?? {}).sort()).toEqual([
      "claimId",
      "deductibleCents",
      "incidentDate",
      "insuredValueCents",
      "name",
      "orderNumber",
      "reportedLate",
      "type",
    ]);
  });

  it("takes the only bike in use when the order is not named, and flags a late report", async () => {
    const newcomer = await freshEmployment(t.database.db, employee.companyId);
    const orderId = await bikeInUse(t.database.db, newcomer);
    const res = await call("POST", "/api/insurance-claims", HELPDESK, {
      beneficiaryEmployeeId: newcomer.id,
      type: "DAMAGE",
      incidentDate: daysAgo(20),
    });
    expect(res.statusCode, res.body).toBe(201);
    const claim = zInsuranceClaim.parse(res.json());
    expect(claim.order?.orderId).toBe(orderId);
    expect(claim.reportedLate).toBe(true);
    expect(claim.description).toBeNull();
  });

  it("asks which bike when several are in use, and refuses a theft without the police report number", async () => {
    const before = await claimCount();
    const several = expectError(
      await call("POST", "/api/insurance-claims", EMPLOYEE, {
        beneficiaryEmployeeId: employee.id,
        type: "DAMAGE",
      }),
      400,
    );
    expect(several.details?.[0]?.field).toBe("body.orderId");
    const orderId = await bikeInUse(t.database.db, employee);
    for (const policeReportNumber of [undefined, null, "   "]) {
      const refused = expectError(
        await call("POST", "/api/insurance-claims", EMPLOYEE, {
          beneficiaryEmployeeId: employee.id,
          type: "THEFT",
          orderId,
          policeReportNumber,
        }),
        400,
        "POLICE_REPORT_REQUIRED",
      );
      expect(refused.details?.[0]?.field).toBe("body.policeReportNumber");
    }
    expect(await claimCount()).toBe(before);
  });

  it("refuses an incident date in the future or before the lease, and bad input, storing nothing", async () => {
    const orderId = await bikeInUse(t.database.db, employee, { startDate: "2026-01-01" });
    const valid = { beneficiaryEmployeeId: employee.id, type: "DAMAGE", orderId };
    const before = await claimCount();
    for (const incidentDate of [toHelsinkiDateString(new Date(Date.now() + 3 * 86_400_000)), "2025-12-31"]) {
      const res = expectError(
        await call("POST", "/api/insurance-claims", EMPLOYEE, { ...valid, incidentDate }),
        400,
      );
      expect(res.details?.[0]?.field).toBe("body.incidentDate");
    }
    for (const bad of [
      { ...valid, type: "FIRE" },
      { ...valid, beneficiaryEmployeeId: "not-a-uuid" },
      { ...valid, orderId: 42 },
      { ...valid, incidentDate: "2026-02-30" },
      { ...valid, description: "x".repeat(4001) },
      { ...valid, description: "Rikki\u0000" },
      { ...valid, policeReportNumber: "12\n34" },
      { type: "DAMAGE" },
    ]) {
      expectError(await call("POST", "/api/insurance-claims", EMPLOYEE, bad), 400);
    }
    expect(await claimCount()).toBe(before);
  });

  it("needs a bike in use: 409 NO_ACTIVE_LEASE for an order on its way or an employee without one", async () => {
    const [onItsWay] = await t.database.db
      .insert(orders)
      .values({ beneficiaryEmployeeId: employee.id, companyId: employee.companyId, orderStatus: "PROCESSED" })
      .returning({ id: orders.id });
    expectError(
      await call("POST", "/api/insurance-claims", EMPLOYEE, {
        beneficiaryEmployeeId: employee.id,
        type: "DAMAGE",
        orderId: onItsWay?.id,
      }),
      409,
      "NO_ACTIVE_LEASE",
    );
    const waiting = await employmentOf(t.database.db, NO_BIKE);
    expectError(
      await call("POST", "/api/insurance-claims", HELPDESK, {
        beneficiaryEmployeeId: waiting.id,
        type: "DAMAGE",
      }),
      409,
      "NO_ACTIVE_LEASE",
    );
  });

  it("needs the bike's lease to run: a redeemed bike or one past its lease's end takes no claim", async () => {
    const db = t.database.db;
    const owner = await freshEmployment(db, employee.companyId);
    const redeemed = await bikeInUse(db, owner);
    await db.insert(bikeRedemptions).values({
      orderId: redeemed,
      beneficiaryEmployeeId: owner.id,
      companyId: owner.companyId,
      redemptionPriceCents: 15_000,
      status: "COMPLETED",
      choice: "REDEEM",
    });
    const ended = await bikeInUse(db, owner);
    await db
      .update(leasingAgreements)
      .set({ endDate: "2026-01-31" })
      .where(eq(leasingAgreements.orderId, ended));
    for (const orderId of [redeemed, ended]) {
      expectError(
        await call("POST", "/api/insurance-claims", HELPDESK, {
          beneficiaryEmployeeId: owner.id,
          type: "DAMAGE",
          orderId,
        }),
        409,
        "NO_ACTIVE_LEASE",
      );
    }
    // Without naming the bike: none of the employment's is in use.
    expectError(
      await call("POST", "/api/insurance-claims", HELPDESK, {
        beneficiaryEmployeeId: owner.id,
        type: "DAMAGE",
      }),
      409,
      "NO_ACTIVE_LEASE",
    );
  });

  it("lets the helpdesk report on the employee's behalf", async () => {
    const { claim } = await reportTheft(HELPDESK);
    const [started] = await claimEvents(claim.insuranceId);
    expect(started?.data).toMatchObject({ reportedBy: "HELPDESK" });
  });

  it("keeps the employee to their own employment and bikes, and the rest out", async () => {
    const before = await claimCount();
    const [colleaguesOrder] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.beneficiaryEmployeeId, colleague.id), eq(orders.orderStatus, "ACTIVE_LEASING")));
    const colleaguesBike = colleaguesOrder?.id as string;
    expectError(
      await call("POST", "/api/insurance-claims", EMPLOYEE, {
        beneficiaryEmployeeId: colleague.id,
        type: "DAMAGE",
      }),
      404,
    );
    const stranger = expectError(
      await call("POST", "/api/insurance-claims", EMPLOYEE, {
        beneficiaryEmployeeId: employee.id,
        type: "DAMAGE",
        orderId: colleaguesBike,
      }),
      400,
    );
    expect(stranger.details?.[0]?.field).toBe("body.orderId");
    const body = { beneficiaryEmployeeId: employee.id, type: "DAMAGE", orderId: colleaguesBike };
    for (const who of [...EMPLOYER_ROLES, OTHER_TENANT]) {
      expectError(await call("POST", "/api/insurance-claims", who, body), 403);
    }
    expectError(await call("POST", "/api/insurance-claims", null, body), 401);
    expect(await claimCount()).toBe(before);
  });
});
