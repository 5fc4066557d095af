import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-db.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { addMonths, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import type { Database } from "../../db/client.ts";
import { eventLog, leasingAgreements } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { activeLease } from "../redemptions/test-kit.ts";
import { type EndOfLease, endLease } from "./end-lease.ts";

/** Ending a lease (ADR 009, "The lease's end"): at its term's end or early, the agreement's end date and LEASING_ENDED. */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
});
afterAll(async () => {
  await database?.close();
});

const NOW = new Date();
const thisMonth = periodOf(toHelsinkiDateString(NOW));
const monthEnd = (offset: number) => lastDayOf(addMonths(thisMonth, offset));

/** A 36-month lease that started 12 months ago (its first day), ending 23 months from now. */
const lease = () =>
  activeLease(database.db, { email: "employee@demo.test", months: 36, startedMonthsAgo: 12 }, NOW);

async function end(
  agreementId: string,
  lastDay: string,
  source: EndOfLease["source"] = { entityType: "bikeRedemption", entityId: randomUUID() },
) {
  return write(database.db, { actor: { userId: null }, now: NOW }, (ctx) =>
    endLease(ctx, { agreementId, lastDay, reason: "EMPLOYEE_RESIGNED", source }),
  );
}

async function agreement(id: string) {
  const [row] = await database.db.select().from(leasingAgreements).where(eq(leasingAgreements.id, id));
  return row as typeof leasingAgreements.$inferSelect;
}

const endedEvents = (agreementId: string) =>
  database.db
    .select()
    .from(eventLog)
    .where(and(eq(eventLog.entityId, agreementId), eq(eventLog.type, "LEASING_ENDED")));

describe("endLease", () => {
  it("ends early on the last day of the month given, so payroll stops after it, and logs LEASING_ENDED", async () => {
    const l = await lease();
    const source = { entityType: "bikeRedemption" as const, entityId: randomUUID() };
    const endDate = await end(l.agreementId, `${thisMonth}-10`, source);
    expect(endDate).toBe(monthEnd(0));
    expect((await agreement(l.agreementId)).endDate).toBe(monthEnd(0));
    const [event] = await endedEvents(l.agreementId);
    expect(event).toMatchObject({
      actorUserId: null,
      entityType: "leasingAgreement",
      companyId: l.companyId,
    });
    expect(event?.data).toEqual({
      orderId: l.orderId,
      endDate: monthEnd(0),
      early: true,
      reason: "EMPLOYEE_RESIGNED",
      bikeRedemptionId: source.entityId,
    });
  });

  it("at the term's end keeps the end date (not early), and never moves it later than the term", async () => {
    const l = await lease();
    const term = (await agreement(l.agreementId)).endDate as string;
    expect(await end(l.agreementId, term)).toBe(term);
    expect(await end(l.agreementId, monthEnd(40))).toBe(term);
    const events = await endedEvents(l.agreementId);
    expect(events.map((e) => (e.data as { early: boolean }).early)).toEqual([false, false]);
  });

  it("never ends before the lease's first month, and names an insurance claim that ends it", async () => {
    const l = await lease();
    const start = (await agreement(l.agreementId)).startDate as string;
    const claim = randomUUID();
    expect(await end(l.agreementId, "2000-01-31", { entityType: "insuranceClaim", entityId: claim })).toBe(
      lastDayOf(periodOf(start)),
    );
    const [event] = await endedEvents(l.agreementId);
    expect(event?.data).toMatchObject({ insuranceClaimId: claim, early: true });
  });

  it("refuses an agreement without a started, accepted lease (409 NO_ACTIVE_LEASE) and a missing one (404)", async () => {
    const l = await lease();
    await database.db
      .update(leasingAgreements)
      .set({ status: "SIGNED" })
      .where(eq(leasingAgreements.id, l.agreementId));
    await expect(end(l.agreementId, monthEnd(0))).rejects.toMatchObject({
      statusCode: 409,
      code: "NO_ACTIVE_LEASE",
    });
    const unstarted = await lease();
    await database.db
      .update(leasingAgreements)
      .set({ startDate: null, endDate: null })
      .where(eq(leasingAgreements.id, unstarted.agreementId));
    await expect(end(unstarted.agreementId, monthEnd(0))).rejects.toBeInstanceOf(AppError);
    await expect(end(randomUUID(), monthEnd(0))).rejects.toMatchObject({ statusCode: 404 });
    expect(await endedEvents(l.agreementId)).toEqual([]);
  });
});
