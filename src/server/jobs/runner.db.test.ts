import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testFileStore } from "../../../tests/helpers/test-db.ts";
import { buildApp } from "../app.ts";
import { type Config, testConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import type { Messaging } from "../messaging/types.ts";
import { DAILY_DIGEST_CRON, DAILY_DIGEST_QUEUE } from "./daily-digest.ts";
import { DATA_REKEY_CRON, DATA_REKEY_QUEUE } from "./data-rekey.ts";
import { LEASE_INVOICES_CRON, LEASE_INVOICES_QUEUE } from "./lease-invoices.ts";
import { LEASING_SYNC_CRON, LEASING_SYNC_QUEUE } from "./leasing-sync.ts";
import { MESSAGE_OUTBOX_CRON, MESSAGE_OUTBOX_QUEUE } from "./message-outbox.ts";
import { PAYROLL_REPORT_CRON, PAYROLL_REPORT_QUEUE } from "./payroll-report.ts";
import { REDEMPTION_OFFERS_CRON, REDEMPTION_OFFERS_QUEUE } from "./redemption-offers.ts";
import { REMINDERS_CRON, REMINDERS_QUEUE } from "./reminders.ts";
import { RETENTION_CRON, RETENTION_QUEUE } from "./retention.ts";
import {
  createJobRunner,
  FILE_SWEEP_CRON,
  FILE_SWEEP_QUEUE,
  INACTIVITY_CRON,
  INACTIVITY_QUEUE,
} from "./runner.ts";

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

let database: Database;
let connectionString: string | null = null;

beforeAll(async () => {
  const own = await createTestDatabase({ demoData: true });
  database = own;
  connectionString = own.url;
});

afterAll(async () => {
  await database?.close();
});

/** The queues a runner started with `config` has scheduled; it is stopped again. */
async function scheduledBy(config: Partial<Config>): Promise<string[]> {
  const runner = createJobRunner({
    ctx: { config: testConfig(config), database, messaging: noMessaging, files: testFileStore() },
    log: recordingLog(),
    connectionString,
  });
  expect(await runner.start()).toBe(true);
  const names = (await runner.boss()?.getSchedules())?.map((s) => s.name) ?? [];
  await runner.stop();
  return names;
}

describe("the job runner", () => {
  it("starts pg-boss, schedules the nightly, the monthly ones, the leasing sync, the redemption job and the files' sweep, runs them on demand and stops", async () => {
    const log = recordingLog();
    const runner = createJobRunner({
      ctx: {
        config: testConfig({ inactivityDeactivationDays: 30 }),
        database,
        messaging: noMessaging,
        files: testFileStore(),
      },
      log,
      connectionString,
      pollingIntervalSeconds: 0.5,
    });
    expect(await runner.start(), JSON.stringify(log.lines)).toBe(true);
    const boss = runner.boss();
    expect(boss).not.toBeNull();
    const schedules = (await boss?.getSchedules()) ?? [];
    expect([...schedules].sort((a, b) => a.name.localeCompare(b.name))).toMatchObject([
      { name: RETENTION_QUEUE, cron: RETENTION_CRON, timezone: "Europe/Helsinki" },
      { name: DAILY_DIGEST_QUEUE, cron: DAILY_DIGEST_CRON, timezone: "Europe/Helsinki" },
      { name: INACTIVITY_QUEUE, cron: INACTIVITY_CRON },
      { name: REDEMPTION_OFFERS_QUEUE, cron: REDEMPTION_OFFERS_CRON, timezone: "Europe/Helsinki" },
      { name: LEASING_SYNC_QUEUE, cron: LEASING_SYNC_CRON, timezone: "Europe/Helsinki" },
      { name: LEASE_INVOICES_QUEUE, cron: LEASE_INVOICES_CRON, timezone: "Europe/Helsinki" },
      { name: PAYROLL_REPORT_QUEUE, cron: PAYROLL_REPORT_CRON, timezone: "Europe/Helsinki" },
      { name: REMINDERS_QUEUE, cron: REMINDERS_CRON, timezone: "Europe/Helsinki" },
      { name: DATA_REKEY_QUEUE, cron: DATA_REKEY_CRON, timezone: "Europe/Helsinki" },
      { name: MESSAGE_OUTBOX_QUEUE, cron: MESSAGE_OUTBOX_CRON, timezone: "Europe/Helsinki" },
      { name: FILE_SWEEP_QUEUE, cron: FILE_SWEEP_CRON, timezone: "Europe/Helsinki" },
    ]);

    const idle = await database.db
      .update(users)
      .set({ lastLoginAt: new Date(Date.now() - 100 * 24 * 60 * 60 * 1000) })
      .where(eq(users.email, "kaisa.rantanen@demo.test"))
      .returning({ id: users.id });
    /** Sends the queue a job now and waits until it has run: its final state. */
    async function runNow(queue: string): Promise<string | undefined> {
      const jobId = await boss?.send(queue, {});
      const finalState = async () => {
        const state = (await boss?.getJobById(queue, jobId as string))?.state;
        if (state !== "completed" && state !== "failed") throw new Error(`${queue} is ${state}`);
        return state;
      };
      return vi.waitFor(finalState, { timeout: 10_000, interval: 50 });
    }
    expect(await runNow(INACTIVITY_QUEUE)).toBe("completed");
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, idle[0]?.id as string));
    expect(row?.deactivated).toBe(true);

    // The monthly payroll report, the leasing sync and the redemption offers run on demand too (what
    // they do: payroll-report.db.test.ts, leasing-sync.db.test.ts, redemption-offers.db.test.ts).
    expect(await runNow(PAYROLL_REPORT_QUEUE)).toBe("completed");
    expect(await runNow(LEASING_SYNC_QUEUE)).toBe("completed");
    expect(await runNow(REDEMPTION_OFFERS_QUEUE)).toBe("completed");
    expect(await runNow(FILE_SWEEP_QUEUE)).toBe("completed");
    expect(await runNow(MESSAGE_OUTBOX_QUEUE)).toBe("completed");
    expect(await runNow(DAILY_DIGEST_QUEUE)).toBe("completed");
    expect(await runNow(RETENTION_QUEUE)).toBe("completed");
    expect(await runNow(DATA_REKEY_QUEUE)).toBe("completed");

    await runner.stop();
    expect(runner.boss()).toBeNull();
    await runner.stop();
  }, 20_000);

  it("unschedules the nightly job when the period is 0 (the monthly ones, the sync, the redemption job and the files' sweep stay)", async () => {
    expect((await scheduledBy({ inactivityDeactivationDays: 0 })).sort()).toEqual([
      RETENTION_QUEUE,
      DAILY_DIGEST_QUEUE,
      REDEMPTION_OFFERS_QUEUE,
      LEASING_SYNC_QUEUE,
      LEASE_INVOICES_QUEUE,
      PAYROLL_REPORT_QUEUE,
      REMINDERS_QUEUE,
      DATA_REKEY_QUEUE,
      MESSAGE_OUTBOX_QUEUE,
      FILE_SWEEP_QUEUE,
    ]);
  }, 20_000);

  it("with TIMED_JOBS off schedules only the message outbox, and takes away the timed schedules an earlier start left", async () => {
    expect(await scheduledBy({ inactivityDeactivationDays: 30, timedJobs: true })).toContain(
      PAYROLL_REPORT_QUEUE,
    );
    expect(await scheduledBy({ inactivityDeactivationDays: 30, timedJobs: false })).toEqual([
      MESSAGE_OUTBOX_QUEUE,
    ]);
  }, 30_000);

  it("logs and carries on when pg-boss cannot start", async () => {
    const log = recordingLog();
    const runner = createJobRunner({
      ctx: {
        config: testConfig({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" }),
        database: { ...database, kind: "postgres" },
        messaging: noMessaging,
        files: testFileStore(),
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
    const app = await buildApp(config, {
      database,
      jobs: true,
      messaging: noMessaging,
      files: testFileStore(),
    });
    await app.ready();
    const scheduled = async () => {
      const result = await database.db.execute(
        sql`select 1 from pgboss.schedule where name = ${INACTIVITY_QUEUE}`,
      );
      return (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows).length;
    };
    await expect.poll(scheduled, { timeout: 10_000, interval: 50 }).toBe(1);
    await app.close();
    // The shared database is still usable: the runner stopped without closing it.
    await expect(database.ping()).resolves.toBeUndefined();
  }, 20_000);
});
