import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testFileStore } from "../../../tests/helpers/test-db.ts";
import { toHelsinkiDateString } from "../../domain/dates.ts";
import type { Database } from "../db/client.ts";
import {
  bikeRedemptions,
  leasingAgreements,
  messageOutbox,
  notifications,
  redemptionOffers,
  users,
} from "../db/schema/index.ts";
import { renderOutboxMessage } from "../modules/notifications/outbox-renderers.ts";
import { activeLease, endingLease } from "../modules/redemptions/test-kit.ts";
import { openRedemptionOffers, ordersDueForOffer } from "./redemption-offers.ts";

/** The daily redemption offers: LEASE_TERM_ENDS cases 8 weeks before a term ends. */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
});
afterAll(async () => {
  await database?.close();
});

const errors: unknown[] = [];
const log = { info: () => {}, error: (entry: unknown) => void errors.push(entry) };
const PUBLIC_URL = "https://pedaali.example";
const run = (now = new Date()) =>
  openRedemptionOffers(database.db, {
    now,
    publicUrl: PUBLIC_URL,
    files: testFileStore(),
    log,
  });

const casesOf = (orderId: string) =>
  database.db.select().from(bikeRedemptions).where(eq(bikeRedemptions.orderId, orderId));

describe("the daily redemption offers", () => {
  it("opens a case as the system for a lease ending within 8 weeks, with its offer, mail and bell, once", async () => {
    const { db } = database;
    const ending = await endingLease(db, { email: "employee@demo.test" });
    const later = await activeLease(db, { email: "employee@demo.test", months: 24, startedMonthsAgo: 20 });
    const result = await run();
    expect(result.opened).toBeGreaterThanOrEqual(1);
    const [opened] = await casesOf(ending.orderId);
    expect(opened).toMatchObject({
      reason: "LEASE_TERM_ENDS",
      status: "PENDING",
      openedByUserId: null,
      redemptionPriceCents: 15_000,
    });
    const offers = await db
      .select()
      .from(redemptionOffers)
      .where(eq(redemptionOffers.bikeRedemptionId, opened?.id as string));
    expect(offers).toHaveLength(1);
    // The offer's mail is queued with the case, to the employee's account, naming the case only.
    const [employee] = await db.select().from(users).where(eq(users.email, "employee@demo.test"));
    const [queued] = await db
      .select()
      .from(messageOutbox)
      .where(
        and(
          eq(messageOutbox.event, "REDEMPTION_OFFERED"),
          sql`${messageOutbox.params}->>'caseId' = ${opened?.id as string}`,
        ),
      );
    expect(queued).toMatchObject({
      recipient: "employee@demo.test",
      userId: employee?.id,
      channel: "EMAIL",
      language: employee?.language,
      status: "QUEUED",
      params: { caseId: opened?.id },
    });
    const rendered = await renderOutboxMessage(queued as typeof messageOutbox.$inferSelect, {
      db,
      publicUrl: PUBLIC_URL,
      serverSecret: "x".repeat(32),
    });
    expect(rendered?.kind === "mail" && rendered.mail.template).toBe("redemption-offer");
    const bells = await db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, opened?.id as string));
    expect(bells.length).toBeGreaterThan(0);
    // Four months left: not yet.
    expect(await casesOf(later.orderId)).toEqual([]);
    // The next day's run leaves it be.
    await run();
    expect(await casesOf(ending.orderId)).toHaveLength(1);
  });

  it("leaves an order with a completed case alone, and catches up a lease already past its end", async () => {
    const { db } = database;
    const ending = await endingLease(db, { email: "employee@demo.test" });
    await db.insert(bikeRedemptions).values({
      orderId: ending.orderId,
      beneficiaryEmployeeId: ending.employmentId,
      companyId: ending.companyId,
      leasingAgreementId: ending.agreementId,
      status: "COMPLETED",
      redemptionPriceCents: 15_000,
    });
    const past = await activeLease(db, { email: "employee@demo.test", months: 12, startedMonthsAgo: 13 });
    const today = toHelsinkiDateString(new Date());
    const due = await ordersDueForOffer(db, today);
    expect(due).not.toContain(ending.orderId);
    expect(due).toContain(past.orderId);
    await run();
    expect(await casesOf(ending.orderId)).toHaveLength(1);
    const [caught] = await casesOf(past.orderId);
    expect(caught?.status).toBe("PENDING");
    // Its choice was due a month before the end: a week from today instead.
    expect(caught?.decisionDeadline && caught.decisionDeadline > today).toBe(true);
  });

  it("logs a lease that fails and opens the others; at most the limit, the earliest end first", async () => {
    const { db } = database;
    const broken = await endingLease(db, { email: "employee@demo.test" });
    // A newer agreement not accepted: the order no longer has an accepted lease to end.
    const [agreement] = await db
      .select()
      .from(leasingAgreements)
      .where(eq(leasingAgreements.id, broken.agreementId));
    await db.insert(leasingAgreements).values({
      ...(agreement as typeof leasingAgreements.$inferSelect),
      id: undefined,
      status: null,
      startDate: null,
      endDate: null,
      agreementNumber: null,
      createdAt: new Date(Date.now() + 60_000),
    });
    const fine = await endingLease(db, { email: "employee@demo.test" });
    errors.length = 0;
    const result = await run();
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(await casesOf(broken.orderId)).toEqual([]);
    expect(await casesOf(fine.orderId)).toHaveLength(1);
    const earliest = await activeLease(db, { email: "employee@demo.test", months: 12, startedMonthsAgo: 30 });
    expect(await ordersDueForOffer(db, toHelsinkiDateString(new Date()), 1)).toEqual([earliest.orderId]);
  });
});
