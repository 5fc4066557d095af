import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zInsuranceClaim, zInsuranceClaimPage } from "../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { invoiceDueDate } from "../../../domain/invoice-status.ts";
import { lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import {
  bikeRedemptions,
  companies,
  eventLog,
  insuranceClaims,
  leasingAgreements,
  notifications,
  orders,
  outbox,
  userPayments,
} from "../../db/schema/index.ts";
import {
  agreementEndDate,
  bikeInUse,
  EMPLOYEE,
  EMPLOYER,
  employmentOf,
  freshEmployment,
  HELPDESK,
  MISSING,
  OTHER_TENANT,
} from "./test-kit.ts";

/** Insurance claims (ADR 009, "Insurance claims"): reporting, reading, the helpdesk's steps, deleting. */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

/** A Demo Oy employee with one bike in use and the demo password. */
const COLLEAGUE = "juho.nieminen@demo.test";
/** A Demo Oy employee whose order is still on its way (no bike in use). */
const NO_BIKE = "ville.hamalainen@demo.test";
const EMPLOYER_ROLES = [
  EMPLOYER,
  "employer.editor@demo.test",
  "group.admin@demo.test",
  "reporting@demo.test",
];

type Employment = Awaited<ReturnType<typeof employmentOf>>;
let employee: Employment;
let colleague: Employment;

const daysAgo = (n: number) => toHelsinkiDateString(new Date(Date.now() - n * 86_400_000));
let sequence = 0;
/** A police report number no other test uses, to find its claim by. */
const policeNumber = () => `5500/R/${Date.now().toString(36)}${++sequence}`;

beforeAll(async () => {
  employee = await employmentOf(t.database.db, EMPLOYEE);
  colleague = await employmentOf(t.database.db, COLLEAGUE);
});

async function reportTheft(who = EMPLOYEE, extra: Record<string, unknown> = {}) {
  const orderId = await bikeInUse(t.database.db, employee);
  const res = await call("POST", "/api/insurance-claims", who, {
    beneficiaryEmployeeId: employee.id,
    type: "THEFT",
    orderId,
    incidentDate: daysAgo(2),
    description: "Pyörä vietiin lukittuna Kampin pyöräparkista.",
    policeReportNumber: policeNumber(),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { orderId, claim: zInsuranceClaim.parse(res.json()) };
}

async function reportDamage(who = EMPLOYEE) {
  const orderId = await bikeInUse(t.database.db, employee);
  const res = await call("POST", "/api/insurance-claims", who, {
    beneficiaryEmployeeId: employee.id,
    type: "DAMAGE",
    orderId,
    incidentDate: daysAgo(1),
    description: "Kaatuminen liukkaalla, takavaihtaja ja kehä vääntyivät.",
  });
  expect(res.statusCode, res.body).toBe(201);
  return { orderId, claim: zInsuranceClaim.parse(res.json()) };
}

const claimCount = () => t.database.db.$count(insuranceClaims);

async function claimEvents(id: string) {
  const rows = await t.database.db
    .select({ type: eventLog.type, data: eventLog.data })
    .from(eventLog)
    .where(and(eq(eventLog.entityType, "insuranceClaim"), eq(eventLog.entityId, id)));
  return rows;
}

async function step(id: string, name: string, who: string | null = HELPDESK) {
  return call("POST", `/api/insurance-claims/${id}/steps`, who, { step: name });
}

/** Demo Oy's payment mode, which decides how a deductible is paid. */
async function paymentMode(mode: "PAYROLL" | "BATCH" | "ALL") {
  await t.database.db
    .update(companies)
    .set({ paymentMode: mode })
    .where(eq(companies.id, employee.companyId));
}

async function setOutcome(id: string, body: Record<string, unknown>) {
  const res = await call("PUT", `/api/insurance-claims/${id}`, HELPDESK, body);
  expect(res.statusCode, res.body).toBe(200);
  return zInsuranceClaim.parse(res.json());
}

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
