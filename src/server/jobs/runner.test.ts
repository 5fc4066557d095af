import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresTestUrl, templateDatabaseName, withDatabase } from "../../../tests/helpers/template-db.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import { buildApp } from "../app.ts";
import { testConfig } from "../config.ts";
import { type Database, fromPostgresUrl } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { seedDemoIfEmpty } from "../db/seed/seed-demo.ts";
import type { Messaging } from "../messaging/types.ts";
import { LEASE_END_OFFERS_CRON, LEASE_END_OFFERS_QUEUE } from "./lease-end-offers.ts";
import { LEASING_SYNC_CRON, LEASING_SYNC_QUEUE } from "./leasing-sync.ts";
import { PAYROLL_REPORT_CRON, PAYROLL_REPORT_QUEUE } from "./payroll-report.ts";
import { createJobRunner, INACTIVITY_CRON, INACTIVITY_QUEUE } from "./runner.ts";

/**
 * The job runner on the database the suite runs on: PGlite through pg-boss's db adapter, or (with
 * TEST_DATABASE_URL) PostgreSQL through a connection string of a database of its own.
 */

const noMessaging: Messaging = { sendMail: async () => {}, sendSms: async () => {} };

function recordingLog() {
  const lines: { level: string; obj: unknown; msg?: string }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => {
    lines.push({ level, obj, ...(msg ? { msg } : {}) });
  };
  return { lines, info: at("info"), warn: at("warn"), error: at("error") };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let database: Database;
let connectionString: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;

beforeAll(async () => {
  const url = postgresTestUrl();
  if (url) {
    const name = `pedaali_jobs_${randomBytes(6).toString("hex")}`;
    await adminQuery(url, `create database "${name}" template "${templateDatabaseName()}"`);
    connectionString = withDatabase(url, name);
    database = fromPostgresUrl(connectionString, { max: 4 });
    dropDatabase = () => adminQuery(url, `drop database if exists "${name}" with (force)`);
  } else {
    database = await createTestDatabase();
  }
  await seedDemoIfEmpty(database.db);
});

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

describe("the job runner", () => {
  it("starts pg-boss, schedules the nightly, the monthly, the leasing sync and the lease-end job, runs them on demand and stops", async () => {
    const log = recordingLog();
    const runner = createJobRunner({
      ctx: { config: testConfig({ inactivityDeactivationDays: 30 }), database, messaging: noMessaging },
      log,
      connectionString,
      pollingIntervalSeconds: 0.5,
    });
    expect(await runner.start(), JSON.stringify(log.lines)).toBe(true);
    const boss = runner.boss();
    expect(boss).not.toBeNull();
    const schedules = (await boss?.getSchedules()) ?? [];
    expect([...schedules].sort((a, b) => a.name.localeCompare(b.name))).toMatchObject([
      { name: INACTIVITY_QUEUE, cron: INACTIVITY_CRON },
      { name: LEASE_END_OFFERS_QUEUE, cron: LEASE_END_OFFERS_CRON, timezone: "Europe/Helsinki" },
      { name: LEASING_SYNC_QUEUE, cron: LEASING_SYNC_CRON, timezone: "Europe/Helsinki" },
      { name: PAYROLL_REPORT_QUEUE, cron: PAYROLL_REPORT_CRON, timezone: "Europe/Helsinki" },
    ]);

    const idle = await database.db
      .update(users)
      .set({ lastLoginAt: new Date(Date.now() - 100 * 24 * 60 * 60 * 1000) })
      .where(eq(users.email, "kaisa.rantanen@demo.test"))
      .returning({ id: users.id });
    /** Sends the queue a job now and waits until it has run: its final state. */
    async function runNow(queue: string): Promise<string | undefined> {
      const jobId = await boss?.send(queue, {});
      let state: string | undefined;
      for (let i = 0; i < 40 && state !== "completed" && state !== "failed"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        state = (await boss?.getJobById(queue, jobId as string))?.state;
      }
      return state;
    }
    expect(await runNow(INACTIVITY_QUEUE)).toBe("completed");
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, idle[0]?.id as string));
    expect(row?.deactivated).toBe(true);

    // The monthly payroll report, the leasing sync and the lease-end offers run on demand too (what
    // they do: payroll-report.test.ts, leasing-sync.test.ts, lease-end-offers.test.ts).
    expect(await runNow(PAYROLL_REPORT_QUEUE)).toBe("completed");
    expect(await runNow(LEASING_SYNC_QUEUE)).toBe("completed");
    expect(await runNow(LEASE_END_OFFERS_QUEUE)).toBe("completed");

    await runner.stop();
    expect(runner.boss()).toBeNull();
    await runner.stop();
  }, 20_000);

  it("unschedules the nightly job when the period is 0 (the monthly one, the sync and the lease-end job stay)", async () => {
    const runner = createJobRunner({
      ctx: { config: testConfig({ inactivityDeactivationDays: 0 }), database, messaging: noMessaging },
      log: recordingLog(),
      connectionString,
    });
    expect(await runner.start()).toBe(true);
    expect((await runner.boss()?.getSchedules())?.map((s) => s.name).sort()).toEqual([
      LEASE_END_OFFERS_QUEUE,
      LEASING_SYNC_QUEUE,
      PAYROLL_REPORT_QUEUE,
    ]);
    await runner.stop();
  }, 20_000);

  it("logs and carries on when pg-boss cannot start", async () => {
    const log = recordingLog();
    const runner = createJobRunner({
      ctx: {
        config: testConfig({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" }),
        database: { ...database, kind: "postgres" },
        messaging: noMessaging,
      },
      log,
    });
    expect(await runner.start()).toBe(false);
    expect(log.lines.some((l) => l.level === "error")).toBe(true);
    await runner.stop();
  }, 20_000);

  it("runs with the app when buildApp is asked for jobs, and stops before the app closes", async () => {
    // On PostgreSQL the runner connects with the configured DATABASE_URL.
    const config = testConfig(connectionString ? { databaseUrl: connectionString } : {});
    const app = await buildApp(config, { database, jobs: true, messaging: noMessaging });
    await app.ready();
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const result = await database.db.execute(
        sql`select 1 from pgboss.schedule where name = ${INACTIVITY_QUEUE}`,
      );
      found = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows).length > 0;
    }
    expect(found).toBe(true);
    await app.close();
    // The shared database is still usable: the runner stopped without closing it.
    await expect(database.ping()).resolves.toBeUndefined();
  }, 20_000);
});
