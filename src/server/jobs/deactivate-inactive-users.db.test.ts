import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { userIdByEmail } from "../../../tests/helpers/ids.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import { DAY_MS } from "../../domain/dates.ts";
import type { Database } from "../db/client.ts";
import { eventLog, messageOutbox, refreshSessions, users } from "../db/schema/index.ts";
import type { OutboxRow } from "../modules/notifications/outbox-renderers.ts";
import {
  ACCOUNT_DEACTIVATED_EVENT,
  deactivateInactiveUsers,
  renderAccountDeactivated,
} from "./deactivate-inactive-users.ts";

let database: Database;
let seeded: {
  users: Pick<
    typeof users.$inferSelect,
    "id" | "deactivated" | "deactivatedAt" | "createdAt" | "lastLoginAt"
  >[];
  eventIds: string[];
  sessionIds: string[];
  messageIds: string[];
};
beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
  const { db } = database;
  seeded = {
    users: await db
      .select({
        id: users.id,
        deactivated: users.deactivated,
        deactivatedAt: users.deactivatedAt,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
      })
      .from(users),
    eventIds: (await db.select({ id: eventLog.id }).from(eventLog)).map((r) => r.id),
    sessionIds: (await db.select({ id: refreshSessions.id }).from(refreshSessions)).map((r) => r.id),
    messageIds: (await db.select({ id: messageOutbox.id }).from(messageOutbox)).map((r) => r.id),
  };
});
afterAll(async () => {
  await database?.close();
});

// The job acts on every user of the database, so each test starts from the seeded state: what one
// test deactivated or back-dated would otherwise decide what the next one finds (a fresh database per
// test costs seconds each; putting back these columns and rows costs milliseconds).
beforeEach(async () => {
  await database.db.transaction(async (tx) => {
    for (const { id, ...columns } of seeded.users)
      await tx.update(users).set(columns).where(eq(users.id, id));
    await tx.delete(eventLog).where(notInArray(eventLog.id, seeded.eventIds));
    await tx.delete(refreshSessions).where(notInArray(refreshSessions.id, seeded.sessionIds));
    await tx.delete(messageOutbox).where(notInArray(messageOutbox.id, seeded.messageIds));
  });
});

const NOW = new Date("2027-06-01T09:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

const idOf = (email: string) => userIdByEmail(database.db, email);

/** The account-deactivated mails the job queued. */
const queuedMails = () =>
  database.db.select().from(messageOutbox).where(eq(messageOutbox.event, ACCOUNT_DEACTIVATED_EVENT));

const renderDeps = () => ({ db: database.db, publicUrl: "https://pedaali.example", serverSecret: "s" });

describe("deactivateInactiveUsers", () => {
  it("does nothing when the period is 0", async () => {
    await database.db.update(users).set({ createdAt: daysAgo(1000) });
    expect(await deactivateInactiveUsers(database.db, { now: NOW, days: 0 })).toBe(0);
    const [active] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.deactivated, true));
    expect(active?.n).toBe(1); // only the demo's deactivated user
  });

  it("deactivates non-admin users idle longer than the period, ends their sessions, logs and mails them", async () => {
    const { db } = database;
    const everyone = await db.select({ id: users.id, email: users.email }).from(users);
    // Everyone recent first, then the cases under test.
    await db.update(users).set({ createdAt: daysAgo(500), lastLoginAt: daysAgo(10) });
    const idle = await idOf("employee@demo.test");
    const idleEmployer = await idOf("reporting@demo.test");
    const neverLoggedIn = await idOf("kaisa.rantanen@demo.test");
    const newAccount = await idOf("ville.hamalainen@demo.test");
    const reactivated = await idOf("olli.karjalainen@demo.test");
    const admin = await idOf("admin@pedaali.test");
    const helpdesk = await idOf("helpdesk@pedaali.test");
    const justInside = await idOf("employer.editor@demo.test");
    await db
      .update(users)
      .set({ lastLoginAt: daysAgo(400) })
      .where(inArray(users.id, [idle, idleEmployer]));
    await db.update(users).set({ lastLoginAt: null }).where(eq(users.id, neverLoggedIn));
    await db
      .update(users)
      .set({ lastLoginAt: null, createdAt: daysAgo(5) })
      .where(eq(users.id, newAccount));
    await db
      .update(users)
      .set({ lastLoginAt: daysAgo(900) })
      .where(inArray(users.id, [admin, helpdesk, reactivated]));
    await db
      .update(users)
      .set({ lastLoginAt: daysAgo(364) })
      .where(eq(users.id, justInside));
    await db.insert(eventLog).values({
      type: "USER_ACTIVATED",
      entityType: "user",
      entityId: reactivated,
      createdAt: daysAgo(3),
    });
    await db.insert(refreshSessions).values({
      userId: idle,
      familyId: crypto.randomUUID(),
      tokenHash: `hash-${crypto.randomUUID()}`,
      expiresAt: new Date(NOW.getTime() + DAY_MS),
    });

    const count = await deactivateInactiveUsers(db, { now: NOW, days: 365 });
    expect(count).toBe(3);

    const off = await db
      .select({ id: users.id, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(
        and(
          eq(users.deactivated, true),
          inArray(
            users.id,
            everyone.map((u) => u.id),
          ),
        ),
      );
    const offIds = off.map((u) => u.id);
    expect(offIds).toEqual(expect.arrayContaining([idle, idleEmployer, neverLoggedIn]));
    expect(offIds).not.toContain(admin);
    expect(offIds).not.toContain(helpdesk);
    expect(offIds).not.toContain(newAccount);
    expect(offIds).not.toContain(reactivated);
    expect(offIds).not.toContain(justInside);
    expect(off.find((u) => u.id === idle)?.deactivatedAt?.toISOString()).toBe(NOW.toISOString());

    const live = await db
      .select()
      .from(refreshSessions)
      .where(and(eq(refreshSessions.userId, idle), isNull(refreshSessions.revokedAt)));
    expect(live).toHaveLength(0);

    const logged = await db.select().from(eventLog).where(sql`${eventLog.type} = 'USER_AUTO_DEACTIVATED'`);
    expect(logged.map((e) => e.entityId).sort()).toEqual([idle, idleEmployer, neverLoggedIn].sort());
    for (const row of logged) {
      expect(row).toMatchObject({ actorUserId: null, entityType: "user", data: { inactiveDays: 365 } });
      expect(row.companyId).not.toBeNull();
    }

    // Each is told in the message outbox, queued with the deactivation: their account, address and
    // language, and nothing more.
    const queued = await queuedMails();
    expect(queued.map((m) => m.recipient).sort()).toEqual(
      ["employee@demo.test", "kaisa.rantanen@demo.test", "reporting@demo.test"].sort(),
    );
    for (const row of queued) {
      expect(row).toMatchObject({ channel: "EMAIL", status: "QUEUED", language: "fi", params: {} });
      expect(row.userId).toBe(everyone.find((u) => u.email === row.recipient)?.id);
    }

    // A second run finds nobody new.
    expect(await deactivateInactiveUsers(db, { now: NOW, days: 365 })).toBe(0);
  });

  it("mails the deactivated person by their name, and nobody re-activated before the mail went", async () => {
    const { db } = database;
    const target = await idOf("employer.editor@demo.test");
    const alsoIdle = await idOf("reporting@demo.test");
    // Everyone active recently but the two under test.
    await db.update(users).set({ createdAt: daysAgo(500), lastLoginAt: daysAgo(10) });
    await db
      .update(users)
      .set({ lastLoginAt: daysAgo(40) })
      .where(inArray(users.id, [target, alsoIdle]));
    expect(await deactivateInactiveUsers(db, { now: NOW, days: 30 })).toBe(2);
    const queued = await queuedMails();
    const rowOf = (userId: string) => queued.find((m) => m.userId === userId) as OutboxRow;

    const rendered = await renderAccountDeactivated(rowOf(target), renderDeps());
    expect(rendered?.kind === "mail" && rendered.mail.subject).toBe("Pedaali-tilisi on poistettu käytöstä");
    expect(rendered?.kind === "mail" && rendered.mail.text).toMatch(/^Hei \S+,/);

    // A manager turned the account back on before the mail was sent: it has nothing to say.
    await db.update(users).set({ deactivated: false, deactivatedAt: null }).where(eq(users.id, alsoIdle));
    expect(await renderAccountDeactivated(rowOf(alsoIdle), renderDeps())).toBeNull();
  });
});
