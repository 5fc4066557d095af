import { and, eq, gte } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { pdfTextOf } from "../../../../tests/helpers/pdf-text.ts";
import { elevenMegabytes, RENAMED_EXE, realPdf, SAMPLE_PNG } from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { testFileStore } from "../../../../tests/helpers/test-db.ts";
import {
  zBikeRedemptionDetails,
  zBikeRedemptionList,
  zBikeRedemptionSaved,
  zRedemptionOfferSaved,
} from "../../../contract/bike-redemptions.ts";
import { zMyOrders, zOrderDetails } from "../../../contract/orders.ts";
import { zRedemptionPaymentList, zRedemptionPaymentSaved } from "../../../contract/redemption-payments.ts";
import { zPayrollReportResponse } from "../../../contract/reporting.ts";
import { formatHelsinkiDate, toHelsinkiDateString } from "../../../domain/dates.ts";
import {
  EARLY_END_DAY_RULE,
  EARLY_END_MAX_MONTHS_AHEAD,
  isMonthEnd,
  redemptionPriceCents,
  sameDayMonthsLater,
} from "../../../domain/lease-end.ts";
import { addMonths, firstDayOf, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { PLAUSIBLE_DATE_RULE } from "../../../domain/plausible-dates.ts";
import {
  bikeBrokerages,
  bikeRedemptions,
  companies,
  eventLog,
  files,
  invoices,
  leasingAgreements,
  notifications,
  outbox,
  redemptionPayments,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { markUserPaymentPaid } from "../user-payments/ledger.ts";
import { activeLease, endingLease, type LeaseOptions } from "./test-kit.ts";

/** Lease-end cases (ADR 009, "The lease's end"): opening, reading, choosing, the helpdesk's steps, payments. */

const t = setupTestApp({}, { demoData: true });
const { call, as } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";
const COLLEAGUE = "aino.koivula@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const LOGISTICS_EMPLOYEE = "jari.lindholm@demo.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";

const db = () => t.database.db;
const today = () => toHelsinkiDateString(new Date());
const monthEnd = (offset = 0) => lastDayOf(addMonths(periodOf(today()), offset));
const addDaysTo = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // Demo Oy lets its employees pay by payroll or by invoice (the demo seed sets it so too).
  await db().update(companies).set({ paymentMode: "ALL" }).where(eq(companies.name, "Demo Oy"));
});

const lease = (options: Partial<LeaseOptions> = {}) => activeLease(db(), { email: EMPLOYEE, ...options });

async function open(orderId: string, who = HELPDESK, extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/bike-redemption", who, {
    orderId,
    reason: "LEASE_TERM_ENDS",
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return zBikeRedemptionSaved.parse(res.json()).bikeRedemption;
}

async function details(id: string, who = HELPDESK) {
  const res = await call("GET", `/api/bike-redemption/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zBikeRedemptionDetails.parse(res.json());
}

async function choose(id: string, body: Record<string, unknown>, who = EMPLOYEE) {
  return call("POST", `/api/bike-redemption/${id}/choice`, who, body);
}

/** The helpdesk marks the case's user payment paid through the ledger. */
async function pay(caseId: string) {
  const [payment] = await db()
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(and(eq(userPayments.bikeRedemptionId, caseId), eq(userPayments.paymentStatus, "PENDING")));
  await write(db(), { actor: { userId: null } }, (ctx) => markUserPaymentPaid(ctx, payment?.id as string));
}

async function caseRow(id: string) {
  const [row] = await db().select().from(bikeRedemptions).where(eq(bikeRedemptions.id, id));
  return row as typeof bikeRedemptions.$inferSelect;
}

describe("POST /api/bike-redemption", () => {
  it("opens a term-end case at the residual, with its offer PDF, the employee's mail and the employer's bell", async () => {
    const l = await endingLease(db(), { email: EMPLOYEE });
    const before = await db().select({ id: notifications.id }).from(notifications);
    const res = await call("POST", "/api/bike-redemption", HELPDESK, {
      orderId: l.orderId,
      reason: "LEASE_TERM_ENDS",
      note: "  Sopimuskausi päättyy  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = zBikeRedemptionSaved.parse(res.json());
    expect(saved.message).toBe("Bike redemption created successfully");
    const c = saved.bikeRedemption;
    expect(c).toMatchObject({
      status: "PENDING",
      reason: "LEASE_TERM_ENDS",
      choice: null,
      redemptionPriceCents: 15_000,
      leaseEndsOn: monthEnd(),
      openedBy: "HELPDESK",
      early: false,
      note: "Sopimuskausi päättyy",
      returnFeeCents: null,
      order: { orderId: l.orderId, orderNumber: l.orderNumber },
      agreement: { id: l.agreementId, residualValueCents: 15_000, monthsPaid: 24, rulePriceCents: 15_000 },
    });
    expect(c.decisionDeadline && c.decisionDeadline >= today()).toBe(true);
    expect(c.bikeName).toBe("Tunturi eMAX 28");
    expect(c.order.items.map((i) => i.name)).toEqual(["Tunturi eMAX 28", "Runkolukko Abus"]);
    expect(c.priceTable).toHaveLength(24);
    expect(c.priceTable.at(-1)).toMatchObject({
      monthsPaid: 24,
      leaseEndsOn: monthEnd(),
      priceCents: 15_000,
    });
    expect(c.options.filter((o) => o.available).map((o) => o.choice)).toEqual([
      "REDEEM",
      "RETURN",
      "BROKERAGE",
    ]);
    expect(c.offers).toHaveLength(1);
    expect(c.offers[0]).toMatchObject({
      offerPriceCents: 15_000,
      validUntil: c.decisionDeadline,
      file: { mimeType: "application/pdf" },
    });
    expect(c.events.map((e) => e.type)).toEqual(["BIKE_REDEMPTION_STARTED", "BIKE_REDEMPTION_OFFER_ADDED"]);
    expect(c.allowedActions).toEqual(
      expect.arrayContaining(["CHOOSE", "UPDATE", "CANCEL", "UPLOAD_OFFER", "SEND_LEASING_COMPANY_INVOICE"]),
    );
    expect(c.allowedActions).not.toContain("COMPLETE");
    const file = await call("GET", c.offers[0]?.fileUrl as string, EMPLOYEE);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const offers = await db()
      .select({ text: outbox.bodyText })
      .from(outbox)
      .where(and(eq(outbox.recipient, EMPLOYEE), eq(outbox.template, "redemption-offer")));
    const mail = offers.find((m) => m.text?.includes(`tilaus ${l.orderNumber}`));
    expect(mail?.text).toContain("150,00");
    // Queued with the case for the employee's account, naming the case only.
    const [queued] = await outboxRowsOf(t.database, "REDEMPTION_OFFERED", { caseId: c.id });
    expect(queued).toMatchObject({
      userId: await userIdByEmail(db(), EMPLOYEE),
      channel: "EMAIL",
      recipient: EMPLOYEE,
      language: "fi",
    });
    expect(queued?.params).toEqual({ caseId: c.id });
    const bells = await db().select().from(notifications).where(eq(notifications.entityId, c.id));
    expect(bells.length).toBeGreaterThan(0);
    expect(bells.length + before.length).toBeGreaterThan(before.length);
  });

  it("writes an English employee's offer PDF in English", async () => {
    await db().update(users).set({ language: "en" }).where(eq(users.email, EMPLOYEE));
    try {
      const l = await endingLease(db(), { email: EMPLOYEE });
      const c = await open(l.orderId);
      const file = await call("GET", c.offers[0]?.fileUrl as string, EMPLOYEE);
      expect(file.statusCode).toBe(200);
      const text = pdfTextOf(file.rawPayload);
      expect(text).toContain("Redemption offer");
      expect(text).toContain(`Order number ${l.orderNumber} · dated ${formatHelsinkiDate(new Date())}`);
      expect(text).toContain("Redemption price (incl. VAT)");
      expect(text).toContain("€150.00");
      expect(text.join("\n")).not.toMatch(/Lunastustarjous|Lunastushinta/);
    } finally {
      await db().update(users).set({ language: "fi" }).where(eq(users.email, EMPLOYEE));
    }
  });

  it("prices an early end by the balance still owed: the employer ends the employment, the employer pays a return", async () => {
    const l = await lease({ billingTable: false, deliveryCity: "Helsinki" });
    const c = await open(l.orderId, EMPLOYER, {
      reason: "EMPLOYER_ENDED_EMPLOYMENT",
      lastWorkingDay: today(),
    });
    // 12 months before this one, 36 in all, 0 %: after 13 paid months 150 + 2 850 · 23/36.
    expect(c).toMatchObject({
      early: true,
      openedBy: "EMPLOYER",
      leaseEndsOn: monthEnd(),
      returnFeeCents: 0,
    });
    expect(c.redemptionPriceCents).toBe(15_000 + Math.round((285_000 * 23) / 36));
    const ret = c.options.find((o) => o.choice === "RETURN");
    expect(ret).toMatchObject({ available: true, costCents: { min: 0, max: 0 }, employerCostCents: 28_500 });
    expect(c.options.filter((o) => o.available).map((o) => o.choice)).toEqual([
      "REDEEM",
      "RETURN",
      "BROKERAGE",
      "TRANSFER",
    ]);
  });

  it("lets the employee open their own case when they resign (a return then not offered) or are long absent", async () => {
    const resigned = await open((await lease()).orderId, EMPLOYEE, { reason: "EMPLOYEE_RESIGNED" });
    expect(resigned.openedBy).toBe("EMPLOYEE");
    // Demo Oy is in Espoo: 260 € and the capital area's 25 € delivery.
    expect(resigned.returnFeeCents).toBe(28_500);
    expect(resigned.options.find((o) => o.choice === "RETURN")?.unavailableReason).toBe(
      "RESIGNED_MUST_REDEEM",
    );
    const absent = await open((await lease()).orderId, EMPLOYEE, {
      reason: "LONG_ABSENCE",
      absenceStartDate: today(),
      employerInitiated: true,
    });
    // The employee cannot say the employer caused it: 30 covered days, not 90.
    const covered = new Date(Date.parse(`${today()}T00:00:00Z`) + 29 * 86_400_000).toISOString().slice(0, 10);
    expect(absent).toMatchObject({ coveredUntil: covered, decisionDeadline: covered, expectedReturn: null });
    expect(absent.options.find((o) => o.choice === "CONTINUE")?.available).toBe(true);
  });

  it("refuses the reasons a side may not give (403), a lease that has not started (409) and a second open case", async () => {
    const l = await lease();
    expectError(
      await call("POST", "/api/bike-redemption", EMPLOYER, { orderId: l.orderId, reason: "LEASE_TERM_ENDS" }),
      403,
      "FORBIDDEN",
    );
    expectError(
      await call("POST", "/api/bike-redemption", EMPLOYEE, {
        orderId: l.orderId,
        reason: "EMPLOYER_ENDED_EMPLOYMENT",
      }),
      403,
      "FORBIDDEN",
    );
    const future = await lease({ startedMonthsAgo: -2 });
    expectError(
      await call("POST", "/api/bike-redemption", HELPDESK, {
        orderId: future.orderId,
        reason: "LEASE_TERM_ENDS",
      }),
      409,
      "NO_ACTIVE_LEASE",
    );
    const first = await open(l.orderId);
    expectError(
      await call("POST", "/api/bike-redemption", HELPDESK, { orderId: l.orderId, reason: "LEASE_TERM_ENDS" }),
      409,
      "REDEMPTION_ALREADY_OPEN",
    );
    // Once the bike is redeemed it is no longer in use: no second case.
    await db()
      .update(bikeRedemptions)
      .set({ status: "COMPLETED", choice: "REDEEM" })
      .where(eq(bikeRedemptions.id, first.id));
    expectError(
      await call("POST", "/api/bike-redemption", HELPDESK, { orderId: l.orderId, reason: "LEASE_TERM_ENDS" }),
      409,
      "NO_ACTIVE_LEASE",
    );
  });

  it("opens one case of two at the same time: the other is 409 REDEMPTION_ALREADY_OPEN", async () => {
    const l = await lease();
    const both = await Promise.all(
      [HELPDESK, EMPLOYER].map((who) =>
        call("POST", "/api/bike-redemption", who, { orderId: l.orderId, reason: "EMPLOYEE_RESIGNED" }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = both.find((r) => r.statusCode === 409);
    if (loser) expectError(loser, 409, "REDEMPTION_ALREADY_OPEN");
    const rows = await db().select().from(bikeRedemptions).where(eq(bikeRedemptions.orderId, l.orderId));
    expect(rows).toHaveLength(1);
  });

  it("answers bad input 400 with nothing stored, wrong roles 403, anonymous 401, other tenants and employees 404", async () => {
    const l = await lease();
    for (const body of [
      { orderId: "not-a-uuid", reason: "LEASE_TERM_ENDS" },
      { orderId: l.orderId, reason: "BORED" },
      { orderId: l.orderId, reason: "EMPLOYEE_RESIGNED", note: "a\u0000b" },
      { orderId: l.orderId, reason: "EMPLOYEE_RESIGNED", lastWorkingDay: "2026-02-30" },
    ])
      expectError(await call("POST", "/api/bike-redemption", HELPDESK, body), 400);
    // A long absence with no recorded absence and no first day: 400 at absenceStartDate.
    const noAbsence = await activeLease(db(), { email: COLLEAGUE });
    const body = expectError(
      await call("POST", "/api/bike-redemption", HELPDESK, {
        orderId: noAbsence.orderId,
        reason: "LONG_ABSENCE",
      }),
      400,
    );
    expect(body.details?.[0]?.field).toBe("body.absenceStartDate");
    expect(await db().select().from(bikeRedemptions).where(eq(bikeRedemptions.orderId, l.orderId))).toEqual(
      [],
    );
    const valid = { orderId: l.orderId, reason: "EMPLOYEE_RESIGNED" };
    expectError(await call("POST", "/api/bike-redemption", REPORTING, valid), 403, "FORBIDDEN");
    expectError(await call("POST", "/api/bike-redemption", null, valid), 401);
    expectError(await call("POST", "/api/bike-redemption", OTHER_TENANT, valid), 404, "NOT_FOUND");
    expectError(await call("POST", "/api/bike-redemption", COLLEAGUE, valid), 404, "NOT_FOUND");
    expectError(await call("POST", "/api/bike-redemption", HELPDESK, { ...valid, orderId: MISSING }), 404);
  });
});

describe("POST /api/bike-redemption: the day an early end is opened from", () => {
  it("refuses a last working day before the lease or past it (1900-01-01, 2999-12-31): 400 at the field, nothing stored", async () => {
    const l = await lease();
    // Started on the first of the month 12 months ago, 36 months: six months ahead is the limit.
    const range = {
      min: firstDayOf(addMonths(periodOf(today()), -12)),
      max: sameDayMonthsLater(today(), EARLY_END_MAX_MONTHS_AHEAD),
    };
    // 1900 and 2999 are no plausible last working day at all: the contract refuses them, with its span.
    for (const lastWorkingDay of ["1900-01-01", "2999-12-31"]) {
      const body = expectError(
        await call("POST", "/api/bike-redemption", EMPLOYEE, {
          orderId: l.orderId,
          reason: "EMPLOYEE_RESIGNED",
          lastWorkingDay,
        }),
        400,
        "VALIDATION_ERROR",
      );
      expect(body.details?.map((d) => [d.field, d.issue?.params?.rule])).toEqual([
        ["body.lastWorkingDay", PLAUSIBLE_DATE_RULE],
      ]);
    }
    const outside = [addDaysTo(range.min, -1), addDaysTo(range.max, 1)];
    for (const [who, lastWorkingDay] of outside.flatMap((day) => [
      [EMPLOYEE, day] as const,
      [HELPDESK, day] as const,
    ])) {
      const body = expectError(
        await call("POST", "/api/bike-redemption", who, {
          orderId: l.orderId,
          reason: "EMPLOYEE_RESIGNED",
          lastWorkingDay,
        }),
        400,
        "BAD_REQUEST",
      );
      expect(body.details, lastWorkingDay).toEqual([
        {
          field: "body.lastWorkingDay",
          message: `Between ${range.min} and ${range.max}`,
          issue: { code: "custom", params: { rule: EARLY_END_DAY_RULE, ...range } },
        },
      ]);
    }
    expectError(
      await call("POST", "/api/bike-redemption", EMPLOYER, {
        orderId: l.orderId,
        reason: "EMPLOYER_ENDED_EMPLOYMENT",
        lastWorkingDay: "2999-12-31",
      }),
      400,
    );
    // A long absence's first day has the same bounds.
    for (const absenceStartDate of ["1900-01-01", "2999-12-31"]) {
      const body = expectError(
        await call("POST", "/api/bike-redemption", EMPLOYEE, {
          orderId: l.orderId,
          reason: "LONG_ABSENCE",
          absenceStartDate,
        }),
        400,
      );
      expect(body.details?.map((d) => d.field)).toEqual(["body.absenceStartDate"]);
    }
    expect(await db().select().from(bikeRedemptions).where(eq(bikeRedemptions.orderId, l.orderId))).toEqual(
      [],
    );
    const events = await db().select().from(eventLog).where(eq(eventLog.type, "BIKE_REDEMPTION_STARTED"));
    expect(events.filter((e) => (e.data as { orderId?: string })?.orderId === l.orderId)).toEqual([]);
  });

  it("opens with a day within: the lease ends on that month's last day, priced at it, the bounds included", async () => {
    const latest = sameDayMonthsLater(today(), EARLY_END_MAX_MONTHS_AHEAD);
    const c = await open((await lease()).orderId, EMPLOYEE, {
      reason: "EMPLOYEE_RESIGNED",
      lastWorkingDay: latest,
    });
    expect(c.leaseEndsOn).toBe(lastDayOf(periodOf(latest)));
    expect(isMonthEnd(c.leaseEndsOn as string)).toBe(true);
    // 12 months before this one and 6 ahead: 19 months paid of 36, not the residual.
    expect(c.agreement?.monthsPaid).toBe(19);
    expect(c.redemptionPriceCents).toBeGreaterThan(c.agreement?.residualValueCents ?? 0);
    const first = await open((await lease()).orderId, EMPLOYEE, {
      reason: "EMPLOYEE_RESIGNED",
      lastWorkingDay: firstDayOf(addMonths(periodOf(today()), -12)),
    });
    expect(first.leaseEndsOn).toBe(lastDayOf(addMonths(periodOf(today()), -12)));
    const absent = await open((await lease()).orderId, EMPLOYEE, {
      reason: "LONG_ABSENCE",
      absenceStartDate: latest,
    });
    expect(isMonthEnd(absent.leaseEndsOn as string)).toBe(true);
  });

  it("ends an agreement dated from the 8th to the 8th on a month's last day the helpdesk's change also takes", async () => {
    // A 15-month lease from 12 months ago, its dates moved to the 8th (as agreements written by other
    // means may be): its last month is the one before the end date's.
    const l = await lease({ months: 15 });
    const start = `${addMonths(periodOf(today()), -12)}-08`;
    const end = `${addMonths(periodOf(today()), 3)}-08`;
    await db()
      .update(leasingAgreements)
      .set({ startDate: start, endDate: end })
      .where(eq(leasingAgreements.id, l.agreementId));
    const c = await open(l.orderId, EMPLOYEE, { reason: "EMPLOYEE_RESIGNED", lastWorkingDay: end });
    const lastMonthEnd = lastDayOf(addMonths(periodOf(today()), 2));
    expect(c.leaseEndsOn).toBe(lastMonthEnd);
    expect(c.redemptionPriceCents).toBe(c.agreement?.residualValueCents);
    const put = await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, { leaseEndsOn: lastMonthEnd });
    expect(put.statusCode, put.body).toBe(200);
    const past = expectError(
      await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, {
        leaseEndsOn: lastDayOf(addMonths(periodOf(today()), 3)),
      }),
      400,
    );
    expect(past.details?.[0]).toMatchObject({
      field: "body.leaseEndsOn",
      message: `Between ${lastDayOf(periodOf(start))} and ${lastMonthEnd}`,
    });
  });
});

describe("GET /api/bike-redemption", () => {
  it("lists the caller's reach, newest first, searched and filtered in SQL, with the page asked for", async () => {
    const mine = await open((await lease()).orderId, HELPDESK, { reason: "EMPLOYEE_RESIGNED" });
    const colleague = await open((await activeLease(db(), { email: COLLEAGUE })).orderId, HELPDESK, {
      reason: "EMPLOYEE_RESIGNED",
    });
    const page = async (who: string, query = "&limit=100") => {
      const res = await call("GET", `/api/bike-redemption?page=1${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return zBikeRedemptionList.parse(res.json());
    };
    const all = await page(HELPDESK);
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([mine.id, colleague.id]));
    expect(all.page).toBe(1);
    expect(all.limit).toBe(100);
    const own = await page(EMPLOYEE);
    expect(own.items.map((i) => i.id)).toContain(mine.id);
    expect(own.items.map((i) => i.id)).not.toContain(colleague.id);
    expect((await page(REPORTING)).items.map((i) => i.id)).toContain(colleague.id);
    expect((await page(OTHER_TENANT)).items.map((i) => i.company.name)).not.toContain("Demo Oy");
    const found = await page(HELPDESK, `&search=${mine.order.orderNumber}&limit=100`);
    expect(found.items.map((i) => i.id)).toEqual([mine.id]);
    expect(found.totalCount).toBe(1);
    expect(
      (await page(HELPDESK, "&search=koivula&reason=EMPLOYEE_RESIGNED&limit=100")).items.map((i) => i.id),
    ).toContain(colleague.id);
    expect(
      (await page(HELPDESK, "&status=CANCELLED&paymentMethod=BATCH&limit=100")).items.map((i) => i.id),
    ).not.toContain(mine.id);
    const first = await page(HELPDESK, "&limit=1");
    expect(first.items).toHaveLength(1);
    expect(first.totalCount).toBe(all.totalCount);
  });

  it("answers 400 to a bad filter and 401 to the anonymous", async () => {
    expectError(await call("GET", "/api/bike-redemption?status=OPEN", HELPDESK), 400);
    expectError(await call("GET", "/api/bike-redemption?limit=1000", HELPDESK), 400);
    expectError(await call("GET", "/api/bike-redemption", null), 401);
  });
});

describe("GET /api/bike-redemption/{id}", () => {
  it("shows the case to its employee, their employer and the helpdesk; names and ledger by side", async () => {
    const c = await open((await lease()).orderId);
    const helpdesk = await details(c.id);
    expect(helpdesk.events[0]?.actorName).toBe("Mikko Heikkinen");
    const employee = await details(c.id, EMPLOYEE);
    expect(employee.events[0]?.actorName).toBeNull();
    expect(employee.allowedActions).toEqual(["CHOOSE"]);
    expect((await details(c.id, REPORTING)).allowedActions).toEqual([]);
    expect((await details(c.id, EDITOR)).allowedActions).toEqual(["CHOOSE"]);
    expectError(await call("GET", `/api/bike-redemption/${c.id}`, OTHER_TENANT), 404, "NOT_FOUND");
    expectError(await call("GET", `/api/bike-redemption/${c.id}`, COLLEAGUE), 404, "NOT_FOUND");
    expectError(await call("GET", `/api/bike-redemption/${c.id}`, null), 401);
    expectError(await call("GET", "/api/bike-redemption/nope", HELPDESK), 400);
    expectError(await call("GET", `/api/bike-redemption/${MISSING}`, HELPDESK), 404);
    const offer = c.offers[0]?.id as string;
    expectError(await call("GET", `/api/redemption-offers/${offer}/file`, COLLEAGUE), 404);
    expectError(await call("GET", `/api/redemption-offers/${offer}/file`, OTHER_TENANT), 404);
  });
});

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

describe("PUT and DELETE /api/bike-redemption/{id}", () => {
  it("changes the figures, recomputes the price from a new last day and remakes an open payment", async () => {
    const l = await lease({ billingTable: false });
    const c = await open(l.orderId, HELPDESK, { reason: "EMPLOYEE_RESIGNED" });
    await choose(c.id, { choice: "REDEEM", paymentMethod: "PAYROLL" });
    const newEnd = monthEnd(2);
    const res = await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, {
      leaseEndsOn: newEnd,
      note: "Sovittu",
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = zBikeRedemptionSaved.parse(res.json());
    expect(saved.message).toBe("Bike redemption updated successfully");
    const price = redemptionPriceCents(
      { packageCents: 300_000, residualCents: 15_000, leaseTimeMonths: 36, annualInterestPercent: 0 },
      15,
    );
    expect(saved.bikeRedemption).toMatchObject({
      leaseEndsOn: newEnd,
      redemptionPriceCents: price,
      note: "Sovittu",
    });
    expect(saved.bikeRedemption.userPayment).toMatchObject({ amountCents: price, paymentStatus: "PENDING" });
    const cancelled = await db()
      .select()
      .from(userPayments)
      .where(and(eq(userPayments.bikeRedemptionId, c.id), eq(userPayments.paymentStatus, "CANCELLED")));
    expect(cancelled).toHaveLength(1);
    const priced = zBikeRedemptionSaved.parse(
      (await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, { redemptionPriceCents: 100_000 })).json(),
    );
    expect(priced.bikeRedemption.redemptionPriceCents).toBe(100_000);
    expect(priced.bikeRedemption.agreement?.rulePriceCents).toBe(price);
    await pay(c.id);
    expectError(
      await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, { redemptionPriceCents: 1 }),
      409,
      "REDEMPTION_CLOSED",
    );
    expectError(await call("DELETE", `/api/bike-redemption/${c.id}`, HELPDESK), 409, "REDEMPTION_CLOSED");
  });

  it("answers 400 to bad figures, 403 to every other side, 404 to a missing case", async () => {
    const c = await open((await lease()).orderId);
    for (const body of [
      {},
      { leaseEndsOn: "2026-02-15" },
      { redemptionPriceCents: -1 },
      { redemptionPriceCents: 1.5 },
      { leaseEndsOn: "2000-01-31" },
    ])
      expectError(await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, body), 400);
    expect((await caseRow(c.id)).redemptionPriceCents).toBe(c.redemptionPriceCents);
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT, REPORTING])
      expectError(await call("PUT", `/api/bike-redemption/${c.id}`, who, { note: "x" }), 403);
    expectError(await call("PUT", `/api/bike-redemption/${c.id}`, null, { note: "x" }), 401);
    expectError(await call("PUT", `/api/bike-redemption/${MISSING}`, HELPDESK, { note: "x" }), 404);
    expectError(await call("DELETE", `/api/bike-redemption/${c.id}`, EMPLOYER), 403);
  });

  it("cancels a case, kept for history, its open payment cancelled; a closed case is 409", async () => {
    const c = await open((await lease()).orderId);
    await choose(c.id, { choice: "REDEEM", paymentMethod: "BATCH" });
    const res = await call("DELETE", `/api/bike-redemption/${c.id}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Bike redemption deleted successfully" });
    const row = await caseRow(c.id);
    expect(row.status).toBe("CANCELLED");
    const [payment] = await db().select().from(userPayments).where(eq(userPayments.bikeRedemptionId, c.id));
    expect(payment?.paymentStatus).toBe("CANCELLED");
    expectError(await call("DELETE", `/api/bike-redemption/${c.id}`, HELPDESK), 409, "REDEMPTION_CLOSED");
    expectError(await choose(c.id, { choice: "RETURN" }), 409, "REDEMPTION_CLOSED");
    // Its order may have a new case.
    expect(
      (
        await call("POST", "/api/bike-redemption", HELPDESK, {
          orderId: row.orderId,
          reason: "LEASE_TERM_ENDS",
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe("the helpdesk's steps: the leasing company's invoice and completion", () => {
  it("buys the bike from the leasing company once, then completes a paid redemption and ends the lease", async () => {
    const l = await endingLease(db(), { email: EMPLOYEE });
    const c = await open(l.orderId);
    expectError(await call("POST", `/api/bike-redemption/${c.id}/grenke-invoice`, EMPLOYER), 403);
    const invoiced = await call("POST", `/api/bike-redemption/${c.id}/grenke-invoice`, HELPDESK);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const after = zBikeRedemptionDetails.parse(invoiced.json());
    expect(after.leasingCompanyInvoiceSentAt).not.toBeNull();
    expect(after.leasingCompanyInvoice).toMatchObject({
      totalCents: 15_000,
      invoiceNumber: `PED-R-${l.orderNumber}`,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bikeRedemptionId, c.id));
    expect(invoice).toMatchObject({
      payerType: "PEDAALI",
      amountCents: 11_952,
      vatCents: 3_048,
      totalCents: 15_000,
      status: "SENT",
    });
    expect(after.redemptionPayments).toMatchObject([
      { payerType: "PEDAALI", amountCents: 15_000, status: "PENDING" },
    ]);
    expect((await details(c.id, EMPLOYER)).leasingCompanyInvoice).toBeNull();
    expectError(await call("POST", `/api/bike-redemption/${c.id}/grenke-invoice`, HELPDESK), 409, "CONFLICT");

    expectError(
      await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK),
      409,
      "LEASE_END_CHOICE_NOT_ALLOWED",
    );
    await choose(c.id, { choice: "REDEEM", paymentMethod: "BATCH" });
    expectError(
      await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK),
      409,
      "REDEMPTION_NOT_PAID",
    );
    await pay(c.id);
    expectError(await call("POST", `/api/bike-redemption/${c.id}/complete`, EMPLOYEE), 403);
    const done = await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK);
    expect(done.statusCode, done.body).toBe(200);
    const completed = zBikeRedemptionDetails.parse(done.json());
    expect(completed).toMatchObject({ status: "COMPLETED", allowedActions: ["RECORD_PAYMENT"] });
    expect(completed.events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "BIKE_REDEMPTION_USER_PAYMENT_PAID",
        "BIKE_REDEMPTION_COMPLETED",
        "LEASING_ENDED",
      ]),
    );
    expectError(
      await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK),
      409,
      "REDEMPTION_CLOSED",
    );
    const mails = await db()
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.recipient, EMPLOYEE), eq(outbox.template, "redemption-completed")));
    expect(mails.map((m) => m.subject).some((subject) => subject?.includes(String(l.orderNumber)))).toBe(
      true,
    );
    const [queued] = await outboxRowsOf(t.database, "REDEMPTION_COMPLETED", { caseId: c.id });
    expect(queued?.params).toEqual({ caseId: c.id });
    expect(queued).toMatchObject({ recipient: EMPLOYEE, status: "SENT" });
  });

  it("completes a return: the lease ends early and the bike waits in the brokerage, not listed yet", async () => {
    const l = await lease();
    const c = await open(l.orderId, EMPLOYER, {
      reason: "EMPLOYER_ENDED_EMPLOYMENT",
      lastWorkingDay: today(),
    });
    await choose(c.id, { choice: "RETURN" }, EMPLOYER);
    const done = zBikeRedemptionDetails.parse(
      (await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK)).json(),
    );
    expect(done.brokerage).toMatchObject({ status: "PENDING", listedAt: null });
    const [agreement] = await db()
      .select()
      .from(leasingAgreements)
      .where(eq(leasingAgreements.id, l.agreementId));
    expect(agreement?.endDate).toBe(monthEnd());
    const [brokerage] = await db()
      .select()
      .from(bikeBrokerages)
      .where(eq(bikeBrokerages.bikeRedemptionId, c.id));
    expect(brokerage).toMatchObject({
      orderId: l.orderId,
      contactName: "Pedaali asiakaspalvelu",
      brand: "Tunturi",
    });
  });
});

describe("POST /api/bike-redemption/{id}/offer and POST /api/redemptionOffer", () => {
  it("makes the offer again after a price change, and takes an uploaded PDF or image", async () => {
    const c = await open((await lease()).orderId);
    await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, { redemptionPriceCents: 12_345 });
    const again = await call("POST", `/api/bike-redemption/${c.id}/offer`, HELPDESK);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      message: "Redemption offer created successfully",
      offer: { offerPriceCents: 12_345 },
    });
    expectError(await call("POST", `/api/bike-redemption/${c.id}/offer`, EMPLOYEE), 403);
    expect((await details(c.id)).offers).toHaveLength(2);
  });

  async function upload(
    caseId: string,
    body: Buffer,
    who: string | null = HELPDESK,
    fileName = "tarjous.pdf",
  ) {
    const session = who ? (await as(who)).headers() : {};
    return t.app.inject({
      method: "POST",
      url: `/api/redemptionOffer?bikeRedemptionId=${caseId}&fileName=${encodeURIComponent(fileName)}`,
      headers: { ...session, "content-type": "application/octet-stream" },
      payload: body,
    });
  }

  const storedFiles = async () => (await db().select({ id: files.id }).from(files)).length;

  it("stores an uploaded PDF or image as an offer at the case's price and deadline", async () => {
    const c = await open((await lease()).orderId);
    const res = await upload(
      c.id,
      await realPdf("Lunastustarjous 150,00 €"),
      HELPDESK,
      "../Tarjous\u202e.pdf",
    );
    expect(res.statusCode, res.body).toBe(201);
    const saved = zRedemptionOfferSaved.parse(res.json());
    expect(saved).toMatchObject({
      message: "Redemption offer uploaded successfully",
      offer: {
        bikeRedemptionId: c.id,
        offerPriceCents: c.redemptionPriceCents,
        validUntil: c.decisionDeadline,
      },
    });
    expect(saved.offer.file.fileName).not.toContain("/");
    const png = zRedemptionOfferSaved.parse((await upload(c.id, SAMPLE_PNG, HELPDESK, "kuva.png")).json());
    expect(png.offer.file.mimeType).toBe("image/png");
    const file = await call("GET", png.offer.fileUrl, EMPLOYEE);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    const after = await details(c.id);
    expect(after.offers).toHaveLength(3);
    expect(after.events.filter((e) => e.type === "BIKE_REDEMPTION_OFFER_ADDED")).toHaveLength(3);
  });

  it("refuses a renamed executable, 11 MB and an empty body with 400 and stores nothing", async () => {
    const c = await open((await lease()).orderId);
    const before = await storedFiles();
    expectError(await upload(c.id, RENAMED_EXE, HELPDESK, "kuitti.pdf"), 400, "FILE_TYPE_NOT_ALLOWED");
    expectError(await upload(c.id, elevenMegabytes()), 400, "FILE_TOO_LARGE");
    expectError(await upload(c.id, Buffer.alloc(0)), 400, "FILE_EMPTY");
    expect(await storedFiles()).toBe(before);
    expect((await details(c.id)).offers).toHaveLength(1);
  });

  it("is the helpdesk's: 403 for the other sides, 401 anonymous, 404 for no case, 409 on a closed case", async () => {
    const c = await open((await lease()).orderId);
    const pdf = await realPdf();
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) expectError(await upload(c.id, pdf, who), 403);
    expectError(await upload(c.id, pdf, null), 401);
    expectError(await upload(MISSING, pdf), 404);
    const bad = await t.app.inject({
      method: "POST",
      url: `/api/redemptionOffer?bikeRedemptionId=${c.id}`,
      headers: { ...(await as(HELPDESK)).headers(), "content-type": "application/octet-stream" },
      payload: pdf,
    });
    expectError(bad, 400);
    await call("DELETE", `/api/bike-redemption/${c.id}`, HELPDESK);
    expectError(await upload(c.id, pdf), 409, "REDEMPTION_CLOSED");
    expectError(await call("POST", `/api/bike-redemption/${c.id}/offer`, HELPDESK), 409, "REDEMPTION_CLOSED");
  });
});

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

describe("the whole term-end flow on the server", () => {
  it("the job opens, the employee redeems by invoice, pays, the helpdesk buys and completes; every side sees it", async () => {
    const { openLeaseEndOffers } = await import("../../jobs/lease-end-offers.ts");
    const l = await endingLease(db(), { email: EMPLOYEE });
    const before = new Date();
    const result = await openLeaseEndOffers(db(), {
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
