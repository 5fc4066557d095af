import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zInsuranceClaim } from "../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { invoiceDueDate } from "../../../domain/invoice-status.ts";
import { lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { eventLog, outbox, userPayments } from "../../db/schema/index.ts";
import {
  agreementEndDate,
  COLLEAGUE,
  claimKit,
  EMPLOYEE,
  EMPLOYER_ROLES,
  HELPDESK,
  MISSING,
  OTHER_TENANT,
} from "./test-kit.ts";

/**
 * Handling an insurance claim (ADR 009, "Insurance claims"): the helpdesk's outcome and the employee's
 * changes, the helpdesk's steps to its close, and deleting it.
 */

const t = setupTestApp({}, { demoData: true });
const { call, employee, reportTheft, reportDamage, claimEvents, step, paymentMode, setOutcome } = claimKit(t);

describe("PUT /api/insurance-claims/{id}", () => {
  it("lets the helpdesk set the outcome and costs, logging what changed", async () => {
    const { claim } = await reportDamage();
    const updated = await setOutcome(claim.insuranceId, {
      outcome: "REPAIR",
      repairCostCents: 18_000,
      deductibleCents: 24_000,
    });
    expect(updated).toMatchObject({
      outcome: "REPAIR",
      repairCostCents: 18_000,
      deductibleOwedCents: 18_000,
      nextSteps: ["INSURANCE_REPAIR_BIKE_SUBMITTED"],
    });
    const events = await claimEvents(claim.insuranceId);
    expect(events.find((e) => e.type === "INSURANCE_CLAIM_UPDATED")?.data).toEqual({
      fields: ["outcome", "repairCostCents"],
    });
  });

  it("never repairs a theft, and fixes the outcome once its first step is taken", async () => {
    const { claim } = await reportTheft();
    const path = `/api/insurance-claims/${claim.insuranceId}`;
    const refused = expectError(await call("PUT", path, HELPDESK, { outcome: "REPAIR" }), 400);
    expect(refused.details?.[0]?.field).toBe("body.outcome");
    await setOutcome(claim.insuranceId, { outcome: "NEW_BIKE" });
    expect((await step(claim.insuranceId, "INSURANCE_NEW_BIKE_CASE_SUBMITTED")).statusCode).toBe(200);
    expectError(
      await call("PUT", path, HELPDESK, { outcome: "END_OF_LEASING" }),
      409,
      "INSURANCE_STEP_NOT_ALLOWED",
    );
  });

  it("lets the employee change their own claim's text only, and keeps a theft's police report number", async () => {
    const { claim } = await reportTheft();
    const path = `/api/insurance-claims/${claim.insuranceId}`;
    const res = await call("PUT", path, EMPLOYEE, {
      description: "Lukko oli katkaistu.",
      policeReportNumber: "5500/R/1",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zInsuranceClaim.parse(res.json())).toMatchObject({
      description: "Lukko oli katkaistu.",
      policeReportNumber: "5500/R/1",
    });
    expectError(await call("PUT", path, EMPLOYEE, { outcome: "NEW_BIKE" }), 403);
    expectError(await call("PUT", path, EMPLOYEE, { deductibleCents: 0 }), 403);
    expectError(
      await call("PUT", path, EMPLOYEE, { policeReportNumber: null }),
      400,
      "POLICE_REPORT_REQUIRED",
    );
    expectError(await call("PUT", path, COLLEAGUE, { description: "Ei minun" }), 404);
    for (const who of [...EMPLOYER_ROLES, OTHER_TENANT]) {
      expectError(await call("PUT", path, who, { description: "Työnantaja" }), 403);
    }
    expectError(await call("PUT", path, null, { description: "x" }), 401);
    for (const bad of [
      { repairCostCents: -1 },
      { deductibleCents: 1.5 },
      { outcome: "LOST" },
      { description: 7 },
    ]) {
      expectError(await call("PUT", path, HELPDESK, bad), 400);
    }
  });
});

describe("POST /api/insurance-claims/{id}/steps", () => {
  it("repairs a damaged bike step by step, then closes the claim with the deductible as a payroll payment", async () => {
    await paymentMode("PAYROLL");
    const { claim } = await reportDamage();
    const id = claim.insuranceId;
    expectError(await step(id, "INSURANCE_REPAIR_BIKE_SUBMITTED"), 409, "INSURANCE_STEP_NOT_ALLOWED");
    await setOutcome(id, { outcome: "REPAIR", repairCostCents: 46_500 });
    expectError(await step(id, "INSURANCE_CASE_COMPLETED"), 409, "INSURANCE_STEP_NOT_ALLOWED");
    for (const name of ["INSURANCE_REPAIR_BIKE_SUBMITTED", "INSURANCE_REPAIR_INVOICE_SENT"]) {
      expect((await step(id, name)).statusCode).toBe(200);
    }
    const res = await step(id, "INSURANCE_CASE_COMPLETED");
    expect(res.statusCode, res.body).toBe(200);
    const done = zInsuranceClaim.parse(res.json());
    expect(done).toMatchObject({
      status: "COMPLETED",
      completedAt: expect.any(String),
      nextSteps: [],
      canWithdraw: false,
      userPayment: { amountCents: 24_000, paymentMethod: "PAYROLL", paymentStatus: "PENDING" },
    });
    expect(done.events.map((e) => e.type)).toEqual([
      "INSURANCE_CASE_STARTED",
      "INSURANCE_CLAIM_UPDATED",
      "INSURANCE_REPAIR_BIKE_SUBMITTED",
      "INSURANCE_REPAIR_INVOICE_SENT",
      "INSURANCE_CASE_COMPLETED",
    ]);
    const [payment] = await t.database.db
      .select()
      .from(userPayments)
      .where(eq(userPayments.insuranceClaimId, id));
    expect(payment).toMatchObject({
      kind: "DEDUCTIBLE",
      description: null,
      beneficiaryEmployeeId: employee.id,
      sentAt: expect.any(Date),
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, EMPLOYEE), eq(outbox.template, "insurance-claim-completed")))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail?.bodyText).toContain("nettopalkastasi");
    const [queued] = await outboxRowsOf(t.database, "CLAIM_SETTLED", { claimId: id });
    expect(queued).toMatchObject({
      recipient: EMPLOYEE,
      params: { outcome: "REPAIR", paymentMethod: "PAYROLL" },
    });
    expectError(await step(id, "INSURANCE_CASE_COMPLETED"), 409, "INSURANCE_CLAIM_CLOSED");
    expectError(
      await call("PUT", `/api/insurance-claims/${id}`, HELPDESK, { description: "x" }),
      409,
      "INSURANCE_CLAIM_CLOSED",
    );
  });

  it("ends the lease when a stolen bike is not replaced; the deductible is an invoice where the company allows it", async () => {
    await paymentMode("ALL");
    const { claim, orderId } = await reportTheft();
    const id = claim.insuranceId;
    await setOutcome(id, { outcome: "END_OF_LEASING" });
    expect((await step(id, "INSURANCE_GRENKE_INVOICE_SENT")).statusCode).toBe(200);
    const res = await step(id, "INSURANCE_END_OF_LEASING_COMPLETED");
    expect(res.statusCode, res.body).toBe(200);
    expect(zInsuranceClaim.parse(res.json())).toMatchObject({
      status: "COMPLETED",
      userPayment: {
        amountCents: 24_000,
        paymentMethod: "BATCH",
        dueDate: invoiceDueDate(toHelsinkiDateString(new Date())),
      },
    });
    expect(await agreementEndDate(t.database.db, orderId)).toBe(
      lastDayOf(periodOf(toHelsinkiDateString(new Date()))),
    );
    const [ended] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, "LEASING_ENDED"), eq(eventLog.companyId, employee.companyId)))
      .orderBy(desc(eventLog.createdAt))
      .limit(1);
    expect(ended?.data).toMatchObject({ orderId, insuranceClaimId: id, reason: "INSURANCE_END_OF_LEASING" });
  });

  it("is the helpdesk's, with a known step", async () => {
    const { claim } = await reportTheft();
    await setOutcome(claim.insuranceId, { outcome: "NEW_BIKE" });
    for (const who of [EMPLOYEE, ...EMPLOYER_ROLES, OTHER_TENANT]) {
      expectError(await step(claim.insuranceId, "INSURANCE_NEW_BIKE_CASE_SUBMITTED", who), 403);
    }
    expectError(await step(claim.insuranceId, "INSURANCE_NEW_BIKE_CASE_SUBMITTED", null), 401);
    expectError(await step(claim.insuranceId, "INSURANCE_CASE_STARTED"), 400);
    expectError(await step(MISSING, "INSURANCE_NEW_BIKE_CASE_SUBMITTED"), 404);
    expect((await claimEvents(claim.insuranceId)).map((e) => e.type)).not.toContain(
      "INSURANCE_NEW_BIKE_CASE_SUBMITTED",
    );
  });
});

describe("DELETE /api/insurance-claims/delete/{id}", () => {
  it("lets the employee withdraw an untouched claim, leaving its deletion in the log", async () => {
    const { claim } = await reportDamage();
    const res = await call("DELETE", `/api/insurance-claims/delete/${claim.insuranceId}`, EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Insurance claim deleted successfully" });
    expectError(await call("GET", `/api/insurance-claims/${claim.insuranceId}`, HELPDESK), 404);
    expect((await claimEvents(claim.insuranceId)).map((e) => e.type)).toContain("INSURANCE_CLAIM_DELETED");
  });

  it("keeps a claim the helpdesk works on from the employee, and a completed one from everyone", async () => {
    const { claim } = await reportTheft();
    const path = `/api/insurance-claims/delete/${claim.insuranceId}`;
    await setOutcome(claim.insuranceId, { outcome: "NEW_BIKE" });
    await step(claim.insuranceId, "INSURANCE_NEW_BIKE_CASE_SUBMITTED");
    expectError(await call("DELETE", path, EMPLOYEE), 409, "INSURANCE_STEP_NOT_ALLOWED");
    await step(claim.insuranceId, "INSURANCE_GRENKE_INVOICE_SENT");
    await step(claim.insuranceId, "INSURANCE_CASE_COMPLETED");
    expectError(await call("DELETE", path, HELPDESK), 409, "INSURANCE_CLAIM_CLOSED");
    // An open claim made by mistake: the helpdesk deletes it whatever its steps.
    const mistake = await reportTheft();
    await setOutcome(mistake.claim.insuranceId, { outcome: "NEW_BIKE" });
    await step(mistake.claim.insuranceId, "INSURANCE_NEW_BIKE_CASE_SUBMITTED");
    const res = await call("DELETE", `/api/insurance-claims/delete/${mistake.claim.insuranceId}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("refuses others", async () => {
    const { claim } = await reportDamage();
    const path = `/api/insurance-claims/delete/${claim.insuranceId}`;
    expectError(await call("DELETE", path, COLLEAGUE), 404);
    for (const who of [...EMPLOYER_ROLES, OTHER_TENANT]) expectError(await call("DELETE", path, who), 403);
    expectError(await call("DELETE", path, null), 401);
    expectError(await call("DELETE", "/api/insurance-claims/delete/nope", HELPDESK), 400);
    expectError(await call("DELETE", `/api/insurance-claims/delete/${MISSING}`, HELPDESK), 404);
    expect((await call("GET", `/api/insurance-claims/${claim.insuranceId}`, EMPLOYEE)).statusCode).toBe(200);
  });
});
