import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zInsuranceClaim, zInsuranceClaimPage } from "../../../contract/insurance-claims.ts";
import { eventLog, insuranceClaims, orders } from "../../db/schema/index.ts";
import {
  COLLEAGUE,
  claimKit,
  EMPLOYEE,
  EMPLOYER,
  EMPLOYER_ROLES,
  HELPDESK,
  MISSING,
  OTHER_TENANT,
} from "./test-kit.ts";

/**
 * Reading insurance claims (ADR 009, "Insurance claims"): the demo's claims, the list and one claim by side,
 * and what the caller may do with a claim.
 */

const t = setupTestApp({}, { demoData: true });
const { call, employee, reportTheft, reportDamage, step, paymentMode, setOutcome } = claimKit(t);

describe("the demo", () => {
  it("holds an open theft claim with its photo and a repaired damage claim closed with its deductible", async () => {
    const open = zInsuranceClaimPage.parse(
      (await call("GET", "/api/insurance-claims?searchTerm=helmi.makela&type=THEFT", HELPDESK)).json(),
    );
    const theft = zInsuranceClaim.parse(
      (await call("GET", `/api/insurance-claims/${open.items[0]?.insuranceId}`, HELPDESK)).json(),
    );
    expect(theft).toMatchObject({ status: "PENDING", policeReportNumber: expect.any(String) });
    expect(theft.files.map((f) => f.mimeType)).toEqual(["image/png"]);
    const closed = zInsuranceClaimPage.parse(
      (
        await call("GET", "/api/insurance-claims?searchTerm=patrik.nystrom&status=COMPLETED", HELPDESK)
      ).json(),
    );
    const damage = zInsuranceClaim.parse(
      (await call("GET", `/api/insurance-claims/${closed.items[0]?.insuranceId}`, HELPDESK)).json(),
    );
    expect(damage).toMatchObject({
      type: "DAMAGE",
      outcome: "REPAIR",
      userPayment: { amountCents: 24_000 },
    });
    const free = zInsuranceClaimPage.parse(
      (await call("GET", "/api/insurance-claims?searchTerm=sara.jarvinen", HELPDESK)).json(),
    );
    expect(free.total, "the e2e's employee has no claim").toBe(0);
  });
});

describe("GET /api/insurance-claims", () => {
  it("answers items and a numeric total, searched by police report number, order number and name", async () => {
    const { claim, orderId } = await reportTheft();
    const police = claim.policeReportNumber as string;
    const byPolice = zInsuranceClaimPage.parse(
      (await call("GET", `/api/insurance-claims?searchTerm=${encodeURIComponent(police)}`, HELPDESK)).json(),
    );
    expect(byPolice).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(byPolice.items[0]).toMatchObject({
      insuranceId: claim.insuranceId,
      employee: { email: EMPLOYEE },
      company: { name: "Demo Oy" },
    });
    const [order] = await t.database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    const byOrder = zInsuranceClaimPage.parse(
      (await call("GET", `/api/insurance-claims?searchTerm=${order?.orderNumber}`, HELPDESK)).json(),
    );
    expect(byOrder.items.map((c) => c.insuranceId)).toEqual([claim.insuranceId]);
    const byName = zInsuranceClaimPage.parse(
      (
        await call(
          "GET",
          "/api/insurance-claims?searchTerm=demo.test&type=THEFT&status=PENDING&limit=100",
          HELPDESK,
        )
      ).json(),
    );
    expect(byName.items.map((c) => c.insuranceId)).toContain(claim.insuranceId);
    expect(byName.items.every((c) => c.type === "THEFT" && c.status === "PENDING")).toBe(true);
  });

  it("keeps the police report number sealed, and finds the whole number whatever its case and spaces", async () => {
    const { claim } = await reportTheft();
    const police = claim.policeReportNumber as string;
    const [stored] = await t.database.db
      .select({ number: insuranceClaims.policeReportNumber, hash: insuranceClaims.policeReportNumberHash })
      .from(insuranceClaims)
      .where(eq(insuranceClaims.id, claim.insuranceId));
    expect(stored?.number).toMatch(/^v2\.test\./);
    expect(stored?.number).not.toContain(police);
    expect(stored?.hash).toMatch(/^test:[0-9a-f]{64}$/);
    const found = async (term: string) =>
      zInsuranceClaimPage
        .parse(
          (
            await call("GET", `/api/insurance-claims?searchTerm=${encodeURIComponent(term)}`, HELPDESK)
          ).json(),
        )
        .items.map((c) => c.insuranceId);
    expect(await found(` ${police.toLowerCase().replace("/r/", "/ r /")} `)).toEqual([claim.insuranceId]);
    expect(await found(police.slice(0, -2))).not.toContain(claim.insuranceId);
    // Changed by its employee: sealed afresh, found by the new number only, and the event names one field.
    const changed = `${police}-B`;
    const res = await call("PUT", `/api/insurance-claims/${claim.insuranceId}`, EMPLOYEE, {
      policeReportNumber: changed,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zInsuranceClaim.parse(res.json()).policeReportNumber).toBe(changed);
    expect(await found(changed)).toEqual([claim.insuranceId]);
    expect(await found(police)).not.toContain(claim.insuranceId);
    const [event] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, claim.insuranceId), eq(eventLog.type, "INSURANCE_CLAIM_UPDATED")));
    expect(event?.data).toEqual({ fields: ["policeReportNumber"] });
    // The same number again changes nothing.
    expect(
      (
        await call("PUT", `/api/insurance-claims/${claim.insuranceId}`, EMPLOYEE, {
          policeReportNumber: changed,
        })
      ).statusCode,
    ).toBe(200);
    const events = await t.database.db
      .select({ id: eventLog.id })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, claim.insuranceId), eq(eventLog.type, "INSURANCE_CLAIM_UPDATED")));
    expect(events).toHaveLength(1);
  });

  it("pages newest first, 10 by default", async () => {
    const first = await reportDamage();
    const second = await reportDamage();
    const page = zInsuranceClaimPage.parse((await call("GET", "/api/insurance-claims", HELPDESK)).json());
    expect(page.limit).toBe(10);
    expect(page.items.length).toBeLessThanOrEqual(10);
    const ids = page.items.map((c) => c.insuranceId);
    expect(ids.indexOf(second.claim.insuranceId)).toBeLessThan(ids.indexOf(first.claim.insuranceId));
    const two = zInsuranceClaimPage.parse(
      (await call("GET", "/api/insurance-claims?page=2&limit=1", HELPDESK)).json(),
    );
    expect(two.items).toHaveLength(1);
    expect(two.total).toBe(page.total);
  });

  it("scopes the list: the employer their companies', the employee their own, the other tenant none of Demo Oy's", async () => {
    const { claim } = await reportTheft();
    const search = `?searchTerm=${encodeURIComponent(claim.policeReportNumber as string)}`;
    for (const who of EMPLOYER_ROLES) {
      const page = zInsuranceClaimPage.parse(
        (await call("GET", `/api/insurance-claims${search}`, who)).json(),
      );
      expect(page.total, who).toBe(1);
    }
    const other = zInsuranceClaimPage.parse(
      (await call("GET", `/api/insurance-claims${search}`, OTHER_TENANT)).json(),
    );
    expect(other).toMatchObject({ total: 0, items: [] });
    const colleagues = zInsuranceClaimPage.parse(
      (await call("GET", `/api/insurance-claims${search}`, COLLEAGUE)).json(),
    );
    expect(colleagues.total).toBe(0);
    const own = zInsuranceClaimPage.parse(
      (await call("GET", "/api/insurance-claims?limit=100", EMPLOYEE)).json(),
    );
    expect(own.items.every((c) => c.beneficiaryEmployeeId === employee.id)).toBe(true);
    expect(own.items.map((c) => c.insuranceId)).toContain(claim.insuranceId);
  });

  it("refuses a bad query and an anonymous caller", async () => {
    for (const query of ["limit=101", "limit=0", "page=0", "status=OPEN", "type=FIRE", "searchTerm=%00"]) {
      expectError(await call("GET", `/api/insurance-claims?${query}`, HELPDESK), 400);
    }
    expectError(await call("GET", "/api/insurance-claims", null), 401);
  });
});

describe("GET /api/insurance-claims/{id}", () => {
  it("shows the claim to the helpdesk, the employer and its employee, not to others", async () => {
    const { claim } = await reportTheft();
    const path = `/api/insurance-claims/${claim.insuranceId}`;
    const helpdesk = zInsuranceClaim.parse((await call("GET", path, HELPDESK)).json());
    expect(helpdesk.events[0]?.actorName).toEqual(expect.any(String));
    const own = zInsuranceClaim.parse((await call("GET", path, EMPLOYEE)).json());
    expect(own.events[0]?.actorName).toBeNull();
    for (const who of EMPLOYER_ROLES) expect((await call("GET", path, who)).statusCode, who).toBe(200);
    expectError(await call("GET", path, OTHER_TENANT), 404);
    expectError(await call("GET", path, COLLEAGUE), 404);
    expectError(await call("GET", `/api/insurance-claims/${MISSING}`, HELPDESK), 404);
    expectError(await call("GET", "/api/insurance-claims/not-an-id", HELPDESK), 400);
    expectError(await call("GET", path, null), 401);
  });
});

describe("what the caller may do with a claim (allowedActions)", () => {
  /** The actions the claim answers each caller with now. */
  async function actionsOf(id: string) {
    const path = `/api/insurance-claims/${id}`;
    const read = async (who: string) =>
      zInsuranceClaim.parse((await call("GET", path, who)).json()).allowedActions;
    return { helpdesk: await read(HELPDESK), employee: await read(EMPLOYEE), employer: await read(EMPLOYER) };
  }

  it("follows the claim's status and steps, and whether the caller is the helpdesk, its employee or a reader", async () => {
    await paymentMode("PAYROLL");
    const { claim } = await reportTheft();
    const id = claim.insuranceId;
    // Reported: the helpdesk may set the outcome, the employee may still change their text and withdraw it.
    expect(claim.allowedActions, "the reporting employee's answer").toEqual(["UPDATE", "ADD_FILE", "DELETE"]);
    expect(await actionsOf(id)).toEqual({
      helpdesk: ["UPDATE", "SET_OUTCOME", "ADD_FILE", "DELETE"],
      employee: ["UPDATE", "ADD_FILE", "DELETE"],
      employer: [],
    });

    // The outcome set: its first step may be taken, and the outcome still changed.
    await setOutcome(id, { outcome: "NEW_BIKE" });
    expect(await actionsOf(id)).toEqual({
      helpdesk: ["UPDATE", "SET_OUTCOME", "TAKE_STEP", "ADD_FILE", "DELETE"],
      employee: ["UPDATE", "ADD_FILE", "DELETE"],
      employer: [],
    });

    // A step taken: the outcome is fixed and the employee can no longer withdraw the claim.
    expect((await step(id, "INSURANCE_NEW_BIKE_CASE_SUBMITTED")).statusCode).toBe(200);
    expect(await actionsOf(id)).toEqual({
      helpdesk: ["UPDATE", "TAKE_STEP", "ADD_FILE", "DELETE"],
      employee: ["UPDATE", "ADD_FILE"],
      employer: [],
    });

    // Completed: nothing changes any more but the helpdesk's files.
    for (const name of ["INSURANCE_GRENKE_INVOICE_SENT", "INSURANCE_CASE_COMPLETED"]) {
      expect((await step(id, name)).statusCode).toBe(200);
    }
    expect(await actionsOf(id)).toEqual({ helpdesk: ["ADD_FILE"], employee: [], employer: [] });
  });

  it("offers the helpdesk no step before the outcome and the employee none of the helpdesk's actions", async () => {
    const { claim } = await reportDamage(HELPDESK);
    expect(claim.allowedActions, "the helpdesk's answer").toEqual([
      "UPDATE",
      "SET_OUTCOME",
      "ADD_FILE",
      "DELETE",
    ]);
    const own = zInsuranceClaim.parse(
      (await call("GET", `/api/insurance-claims/${claim.insuranceId}`, EMPLOYEE)).json(),
    );
    expect(own.allowedActions).toEqual(["UPDATE", "ADD_FILE", "DELETE"]);
    for (const who of EMPLOYER_ROLES) {
      const seen = zInsuranceClaim.parse(
        (await call("GET", `/api/insurance-claims/${claim.insuranceId}`, who)).json(),
      );
      expect(seen.allowedActions, who).toEqual([]);
    }
  });
});
