import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { pdfTextOf } from "../../../../tests/helpers/pdf-text.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeRedemptionSaved } from "../../../contract/bike-redemptions.ts";
import { formatHelsinkiDate } from "../../../domain/dates.ts";
import { addMonths, firstDayOf, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { PLAUSIBLE_DATE_RULE } from "../../../domain/plausible-dates.ts";
import {
  EARLY_END_DAY_RULE,
  EARLY_END_MAX_MONTHS_AHEAD,
  isMonthEnd,
  sameDayMonthsLater,
} from "../../../domain/redemption.ts";
import {
  bikeRedemptions,
  eventLog,
  leasingAgreements,
  notifications,
  outbox,
  users,
} from "../../db/schema/index.ts";
import {
  activeLease,
  addDaysTo,
  COLLEAGUE,
  EMPLOYEE,
  EMPLOYER,
  endingLease,
  HELPDESK,
  MISSING,
  monthEnd,
  OTHER_TENANT,
  REPORTING,
  redemptionKit,
  today,
} from "./test-kit.ts";

/**
 * Opening a redemption case (ADR 009, "The lease's end"): who opens one for which reason, its price, offer
 * PDF, mail and bell, and the last working day an early end is opened from.
 */

const t = setupTestApp({}, { demoData: true });
const { call, db, lease, open } = redemptionKit(t);

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
