import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userIdByEmail } from "../../../tests/helpers/ids.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import { DAY_MS } from "../../domain/dates.ts";
import { RETENTION_RULE_IDS, RETENTION_RULES } from "../../domain/retention.ts";
import type { Database } from "../db/client.ts";
import {
  companies,
  companyApplications,
  contactForms,
  employmentInvitations,
  idempotencyKeys,
  messageOutbox,
  outbox,
  passwordResetTokens,
  refreshSessions,
  twoFactorChallenges,
} from "../db/schema/index.ts";
import { applyRetention } from "./retention.ts";

/**
 * Each retention rule deletes its rows older than its days and keeps the newer ones and what is still
 * in use; a second run deletes nothing more.
 */
let database: Database;
let userId: string;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
/** Just past a rule's days, and just within them. */
const past = (days: number) => daysAgo(days + 1);
const within = (days: number) => daysAgo(days - 1);

beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
  userId = await userIdByEmail(database.db, "employee@demo.test");
});

afterAll(async () => {
  await database?.close();
});

const run = () => applyRetention(database.db, { now });

describe("the retention job", () => {
  it("deletes a login's sessions three months after they ended or expired, never a live one", async () => {
    const keep = RETENTION_RULES.endedSessions.keepDays;
    const session = (revokedAt: Date | null, expiresAt: Date) => ({
      userId,
      familyId: randomUUID(),
      tokenHash: randomUUID(),
      revokedAt,
      expiresAt,
    });
    const rows = await database.db
      .insert(refreshSessions)
      .values([
        session(past(keep), daysAgo(-10)),
        session(null, past(keep)),
        session(within(keep), daysAgo(-10)),
        session(null, daysAgo(-10)),
      ])
      .returning({ id: refreshSessions.id });
    await run();
    const left = await database.db
      .select({ id: refreshSessions.id })
      .from(refreshSessions)
      .where(
        inArray(
          refreshSessions.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]?.id, rows[3]?.id].sort());
  });

  it("deletes password links and login codes a week after their expiry", async () => {
    const keep = RETENTION_RULES.usedCodesAndLinks.keepDays;
    const links = await database.db
      .insert(passwordResetTokens)
      .values([
        { userId, tokenHash: randomUUID(), expiresAt: past(keep) },
        { userId, tokenHash: randomUUID(), expiresAt: within(keep) },
      ])
      .returning({ id: passwordResetTokens.id });
    const codes = await database.db
      .insert(twoFactorChallenges)
      .values([
        {
          userId,
          challengeTokenHash: randomUUID(),
          method: "SMS",
          codeHash: "x",
          phoneNumber: "+358401234567",
          expiresAt: past(keep),
        },
        {
          userId,
          challengeTokenHash: randomUUID(),
          method: "SMS",
          codeHash: "x",
          phoneNumber: "+358401234567",
          expiresAt: within(keep),
        },
      ])
      .returning({ id: twoFactorChallenges.id });
    await run();
    const linksLeft = await database.db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(
        inArray(
          passwordResetTokens.id,
          links.map((r) => r.id),
        ),
      );
    expect(linksLeft).toEqual([{ id: links[1]?.id }]);
    const codesLeft = await database.db
      .select({ id: twoFactorChallenges.id })
      .from(twoFactorChallenges)
      .where(
        inArray(
          twoFactorChallenges.id,
          codes.map((r) => r.id),
        ),
      );
    expect(codesLeft).toEqual([{ id: codes[1]?.id }]);
  });

  it("deletes the development mail outbox after a month", async () => {
    const keep = RETENTION_RULES.devOutbox.keepDays;
    const mail = (createdAt: Date) => ({
      channel: "EMAIL" as const,
      recipient: "sailytys@demo.test",
      bodyText: "x",
      createdAt,
    });
    const rows = await database.db
      .insert(outbox)
      .values([mail(past(keep)), mail(within(keep))])
      .returning({ id: outbox.id });
    await run();
    const left = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.recipient, "sailytys@demo.test"));
    expect(left).toEqual([{ id: rows[1]?.id }]);
  });

  it("deletes sent, skipped and failed messages after two years, never one still to be sent", async () => {
    const keep = RETENTION_RULES.sentMessages.keepDays;
    const message = (status: "SENT" | "SKIPPED" | "FAILED" | "QUEUED" | "HELD", createdAt: Date) => ({
      userId,
      event: "PASSWORD_CHANGED",
      channel: "EMAIL" as const,
      recipient: "viestit.sailytys@demo.test",
      status,
      createdAt,
    });
    const rows = await database.db
      .insert(messageOutbox)
      .values([
        message("SENT", past(keep)),
        message("SKIPPED", past(keep)),
        message("FAILED", past(keep)),
        message("SENT", within(keep)),
        message("QUEUED", past(keep)),
        message("HELD", past(keep)),
      ])
      .returning({ id: messageOutbox.id });
    // The queued one is old but due: the job that sends it is not this one. Keep it out of that job's
    // reach by moving its next try far ahead.
    await database.db
      .update(messageOutbox)
      .set({ nextAttemptAt: daysAgo(-365) })
      .where(eq(messageOutbox.id, rows[4]?.id as string));
    await run();
    const left = await database.db
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(eq(messageOutbox.recipient, "viestit.sailytys@demo.test"));
    expect(left.map((r) => r.id).sort()).toEqual([rows[3]?.id, rows[4]?.id, rows[5]?.id].sort());
  });

  it("deletes a contact form two years after it was sent", async () => {
    const keep = RETENTION_RULES.contactForms.keepDays;
    const form = (createdAt: Date) => ({
      name: "Säilytys Testi",
      email: "lomake.sailytys@demo.test",
      message: "Kysymys",
      createdAt,
    });
    const rows = await database.db
      .insert(contactForms)
      .values([form(past(keep)), form(within(keep))])
      .returning({ id: contactForms.id });
    await run();
    const left = await database.db
      .select({ id: contactForms.id })
      .from(contactForms)
      .where(eq(contactForms.email, "lomake.sailytys@demo.test"));
    expect(left).toEqual([{ id: rows[1]?.id }]);
  });

  it("deletes a refused or unanswered company application after a year, never an accepted one", async () => {
    const keep = RETENTION_RULES.companyApplications.keepDays;
    const application = (status: "PENDING" | "ACCEPTED" | "REJECTED", createdAt: Date) => ({
      companyName: "Säilytys Oy",
      businessId: "1234567-1",
      contactFirstName: "Sanna",
      contactLastName: "Säilytys",
      contactEmail: "hakemus.sailytys@demo.test",
      status,
      createdAt,
    });
    const rows = await database.db
      .insert(companyApplications)
      .values([
        application("REJECTED", past(keep)),
        application("PENDING", past(keep)),
        application("ACCEPTED", past(keep)),
        application("REJECTED", within(keep)),
      ])
      .returning({ id: companyApplications.id });
    await run();
    const left = await database.db
      .select({ id: companyApplications.id })
      .from(companyApplications)
      .where(eq(companyApplications.contactEmail, "hakemus.sailytys@demo.test"));
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]?.id, rows[3]?.id].sort());
  });

  it("deletes an employment invitation a year after it closed, never an open one", async () => {
    const keep = RETENTION_RULES.closedInvitations.keepDays;
    // One per company: a person has one open invitation per company.
    const three = await database.db.select({ id: companies.id }).from(companies).limit(3);
    const invitation = (closedAt: Date | null, at: number) => ({
      companyId: three[at]?.id as string,
      userId,
      email: "kutsu.sailytys@demo.test",
      firstName: "Kalle",
      lastName: "Kutsuttu",
      source: "employer" as const,
      status: closedAt ? ("DECLINED" as const) : ("PENDING" as const),
      active: false,
      closedAt,
    });
    const rows = await database.db
      .insert(employmentInvitations)
      .values([invitation(past(keep), 0), invitation(within(keep), 1), invitation(null, 2)])
      .returning({ id: employmentInvitations.id });
    await run();
    const left = await database.db
      .select({ id: employmentInvitations.id })
      .from(employmentInvitations)
      .where(eq(employmentInvitations.email, "kutsu.sailytys@demo.test"));
    expect(left.map((r) => r.id).sort()).toEqual([rows[1]?.id, rows[2]?.id].sort());
  });

  it("deletes an Idempotency-Key and its kept answer a day after the call, answered or not", async () => {
    const keep = RETENTION_RULES.idempotencyKeys.keepDays;
    const key = (name: string, createdAt: Date, answered: boolean) => ({
      userId,
      key: name,
      method: "POST",
      path: "/api/store-payouts/batches/x/approve",
      requestHash: "0".repeat(64),
      createdAt,
      ...(answered ? { statusCode: 200, responseBody: "{}", answeredAt: createdAt } : {}),
    });
    await database.db
      .insert(idempotencyKeys)
      .values([
        key("sailytys-vanha-1", past(keep), true),
        key("sailytys-vanha-2", past(keep), false),
        key("sailytys-uusi-1", daysAgo(keep - 0.5), true),
      ]);
    await run();
    const left = await database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, userId));
    expect(left.map((r) => r.key)).toEqual(["sailytys-uusi-1"]);
  });

  it("deletes nothing more when it runs again", async () => {
    await run();
    const again = await run();
    expect(again).toEqual({
      ...Object.fromEntries(RETENTION_RULE_IDS.map((rule) => [rule, 0])),
      legalHoldsEnded: 0,
    });
  });
});
