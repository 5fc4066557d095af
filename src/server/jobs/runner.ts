import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import PgBoss from "pg-boss";
import type { AppContext } from "../context.ts";
import type { Database } from "../db/client.ts";
import { write } from "../db/transaction.ts";
import { sweepBefore } from "../files/file-store.ts";
import { remindInvitedEmployees } from "../modules/employee-import/invitations.ts";
import { DAILY_DIGEST_CRON, DAILY_DIGEST_QUEUE, sendDailyDigests } from "./daily-digest.ts";
import { DATA_REKEY_CRON, DATA_REKEY_QUEUE, rekeyData } from "./data-rekey.ts";
import { deactivateInactiveUsers } from "./deactivate-inactive-users.ts";
import { issueMonthlyLeaseInvoices, LEASE_INVOICES_CRON, LEASE_INVOICES_QUEUE } from "./lease-invoices.ts";
import { LEASING_SYNC_CRON, LEASING_SYNC_QUEUE, syncLeasingDecisions } from "./leasing-sync.ts";
import { MESSAGE_OUTBOX_CRON, MESSAGE_OUTBOX_QUEUE, sendDueMessages } from "./message-outbox.ts";
import { PAYROLL_REPORT_CRON, PAYROLL_REPORT_QUEUE, sendMonthlyPayrollReports } from "./payroll-report.ts";
import {
  openRedemptionOffers,
  REDEMPTION_OFFERS_CRON,
  REDEMPTION_OFFERS_QUEUE,
} from "./redemption-offers.ts";
import { REMINDERS_CRON, REMINDERS_QUEUE, sendReminders } from "./reminders.ts";
import { applyRetention, RETENTION_CRON, RETENTION_QUEUE } from "./retention.ts";

/**
 * Scheduled jobs on pg-boss 10 (the nightly inactivity deactivation, the monthly payroll report mail,
 * the employers' monthly lease invoices, the leasing companies' decisions every 10 minutes): on PostgreSQL through its own small pool (DATABASE_URL), on the
 * embedded PGlite through pg-boss's `db` adapter on the app's own client (ADR 002). Started by
 * main.ts only (buildApp's `jobs` option); a queue that fails to start is logged and the app serves on.
 */

export const INACTIVITY_QUEUE = "deactivate-inactive-users";
/** Every night at 03:30 Helsinki time. */
export const INACTIVITY_CRON = "30 3 * * *";
const JOB_TIME_ZONE = "Europe/Helsinki";
/** The bytes of deleted files (FileStore.sweep), every night at 04:15 Helsinki time. */
export const FILE_SWEEP_QUEUE = "sweep-stored-files";
export const FILE_SWEEP_CRON = "15 4 * * *";

type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/** pg-boss's connection: a connection string on PostgreSQL, the db adapter on PGlite. */
function pgBossConnection(
  database: Pick<Database, "kind" | "pglite">,
  connectionString: string | null,
): PgBoss.ConstructorOptions {
  if (database.kind === "pglite") {
    const pglite = database.pglite;
    if (!pglite) throw new Error("The PGlite database does not expose its client");
    return {
      db: {
        // pg-boss sends multi-statement scripts without parameters; exec() runs those.
        executeSql: async (text: string, values?: unknown[]) => {
          if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        },
      },
    };
  }
  if (!connectionString) throw new Error("The job queue needs DATABASE_URL on PostgreSQL");
  return { connectionString, max: 2, application_name: "pedaali-jobs" };
}

export type JobRunnerDeps = {
  ctx: Pick<AppContext, "config" | "database" | "messaging" | "files">;
  log: Log;
  /** Overrides config.databaseUrl (tests give their own database's URL). */
  connectionString?: string | null;
  /** Extra pg-boss options (tests shorten intervals). */
  bossOptions?: Partial<PgBoss.ConstructorOptions>;
  /** How often the worker looks for a due job; default 30 s (the job runs once a night). */
  pollingIntervalSeconds?: number;
};

export type JobRunner = {
  /** Starts the queue and schedules the jobs; resolves false (after logging) when that fails. */
  start(): Promise<boolean>;
  /** Stops the queue, letting a running job finish; never throws. */
  stop(): Promise<void>;
  /** The running pg-boss instance, or null. */
  boss(): PgBoss | null;
};

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { config, database, messaging, files } = deps.ctx;
  const log = deps.log;
  let boss: PgBoss | null = null;
  let starting: Promise<boolean> | null = null;

  async function stopQuietly(instance: PgBoss): Promise<void> {
    try {
      await instance.stop({ graceful: true, wait: true, timeout: 5_000 });
    } catch (error) {
      log.error({ err: error }, "job queue failed to stop");
    }
  }

  async function doStart(): Promise<boolean> {
    let instance: PgBoss | null = null;
    try {
      instance = new PgBoss({
        ...pgBossConnection(database, deps.connectionString ?? config.databaseUrl),
        ...deps.bossOptions,
      });
      instance.on("error", (error) => log.error({ err: error }, "job queue error"));
      await instance.start();
      const started = instance;
      /**
       * A job that starts at a time of day, or every few minutes: scheduled unless TIMED_JOBS is off
       * (the browser tests' servers), where a schedule left from an earlier start is taken away.
       */
      const timed = (queue: string, cron: string) =>
        config.timedJobs
          ? started.schedule(queue, cron, {}, { tz: JOB_TIME_ZONE })
          : started.unschedule(queue);
      await instance.createQueue(INACTIVITY_QUEUE);
      const days = config.inactivityDeactivationDays;
      if (days > 0) {
        await timed(INACTIVITY_QUEUE, INACTIVITY_CRON);
        await instance.work(
          INACTIVITY_QUEUE,
          { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
          async () => {
            const count = await deactivateInactiveUsers(database.db, { now: new Date(), days, log });
            return { count };
          },
        );
      } else {
        await instance.unschedule(INACTIVITY_QUEUE);
      }
      await instance.createQueue(MESSAGE_OUTBOX_QUEUE);
      await instance.schedule(MESSAGE_OUTBOX_QUEUE, MESSAGE_OUTBOX_CRON, {}, { tz: JOB_TIME_ZONE });
      await instance.work(
        MESSAGE_OUTBOX_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () =>
          sendDueMessages(
            { db: database.db, messaging, publicUrl: config.publicUrl, serverSecret: config.jwtSecret, log },
            new Date(),
          ),
      );
      await instance.createQueue(PAYROLL_REPORT_QUEUE);
      await timed(PAYROLL_REPORT_QUEUE, PAYROLL_REPORT_CRON);
      await instance.work(
        PAYROLL_REPORT_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () =>
          sendMonthlyPayrollReports(database.db, {
            now: new Date(),
            messaging,
            publicUrl: config.publicUrl,
            dataKeys: config,
            sftpAllowPrivateHosts: config.sftpAllowPrivateHosts,
            log,
          }),
      );
      await instance.createQueue(LEASING_SYNC_QUEUE);
      await timed(LEASING_SYNC_QUEUE, LEASING_SYNC_CRON);
      await instance.work(
        LEASING_SYNC_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () => syncLeasingDecisions(database.db, { now: new Date(), log }),
      );
      await instance.createQueue(REDEMPTION_OFFERS_QUEUE);
      await timed(REDEMPTION_OFFERS_QUEUE, REDEMPTION_OFFERS_CRON);
      await instance.work(
        REDEMPTION_OFFERS_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () =>
          openRedemptionOffers(database.db, {
            now: new Date(),
            publicUrl: config.publicUrl,
            files,
            log,
          }),
      );
      await instance.createQueue(LEASE_INVOICES_QUEUE);
      await timed(LEASE_INVOICES_QUEUE, LEASE_INVOICES_CRON);
      await instance.work(
        LEASE_INVOICES_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () => issueMonthlyLeaseInvoices(database.db, { now: new Date(), log }),
      );
      await instance.createQueue(REMINDERS_QUEUE);
      await timed(REMINDERS_QUEUE, REMINDERS_CRON);
      await instance.work(
        REMINDERS_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () => {
          const now = new Date();
          const sent = await sendReminders(database.db, { now, log });
          const invitations = await write(
            database.db,
            { actor: { userId: null }, now },
            remindInvitedEmployees,
          );
          if (invitations > 0) log.info({ invitations }, "invitation reminders queued");
          return { ...sent, invitations };
        },
      );
      await instance.createQueue(DAILY_DIGEST_QUEUE);
      await timed(DAILY_DIGEST_QUEUE, DAILY_DIGEST_CRON);
      await instance.work(
        DAILY_DIGEST_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () => sendDailyDigests(database.db, { now: new Date(), log }),
      );
      await instance.createQueue(FILE_SWEEP_QUEUE);
      await timed(FILE_SWEEP_QUEUE, FILE_SWEEP_CRON);
      await instance.work(
        FILE_SWEEP_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () => {
          const removed = await files.sweep(database.db, sweepBefore(new Date()));
          if (removed > 0) log.info({ removed }, "bytes of deleted files removed");
          return { removed };
        },
      );
      await instance.createQueue(DATA_REKEY_QUEUE);
      await timed(DATA_REKEY_QUEUE, DATA_REKEY_CRON);
      await instance.work(
        DATA_REKEY_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () => rekeyData(database.db, config, log),
      );
      await instance.createQueue(RETENTION_QUEUE);
      await timed(RETENTION_QUEUE, RETENTION_CRON);
      await instance.work(
        RETENTION_QUEUE,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 30 },
        async () => applyRetention(database.db, { now: new Date(), log }),
      );
      boss = instance;
      log.info({ inactivityDeactivationDays: days, timedJobs: config.timedJobs }, "job queue started");
      return true;
    } catch (error) {
      log.error({ err: error }, "job queue failed to start; scheduled jobs will not run");
      if (instance) await stopQuietly(instance);
      return false;
    }
  }

  return {
    start() {
      starting ??= doStart();
      return starting;
    },
    async stop() {
      if (starting) await starting;
      starting = null;
      const instance = boss;
      boss = null;
      if (instance) {
        await stopQuietly(instance);
        log.info("job queue stopped");
      }
    },
    boss: () => boss,
  };
}

/**
 * Runs the jobs with the app: starts them once the app is ready (in the background, so a slow queue
 * never holds up serving) and stops them before the database closes.
 */
export function registerJobRunner(app: FastifyInstance, ctx: AppContext): JobRunner {
  const runner = createJobRunner({ ctx, log: app.log.child({ module: "jobs" }) });
  app.addHook("onReady", async () => {
    void runner.start();
  });
  app.addHook("preClose", async () => {
    await runner.stop();
  });
  return runner;
}
