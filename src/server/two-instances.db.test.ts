import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, cookieJar, loginAs, type Session } from "../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../tests/helpers/ids.ts";
import { statementsOf } from "../../tests/helpers/query-count.ts";
import {
  createTestDatabase,
  postgresTestUrl,
  type TestDatabase,
  testFileStore,
} from "../../tests/helpers/test-db.ts";
import { zTwoFactorRequired } from "../contract/auth.ts";
import { LOGIN_FAILURES_PER_EMAIL, TWO_FACTOR_FAILURES_PER_ACCOUNT } from "../domain/auth-rules.ts";
import { buildApp } from "./app.ts";
import { testConfig } from "./config.ts";
import { type Database, fromPostgresUrl } from "./db/client.ts";
import { companies, roles } from "./db/schema/index.ts";
import { DEMO_PASSWORD } from "./db/seed/demo-data.ts";
import { createJobRunner, type JobRunner } from "./jobs/runner.ts";
import { createMessaging } from "./messaging/messaging.ts";
import { createPasswordToken } from "./modules/auth/password-tokens.ts";
import { sessionCacheOf } from "./modules/auth/session-cache.ts";

/**
 * Two app instances on one PostgreSQL database, as behind a load balancer: each with its own
 * connection pool, session cache, counters object and job queue. A user's requests land on either;
 * whatever one instance decides about them holds on the other.
 */

const url = postgresTestUrl();
let database: TestDatabase;
const pools: Database[] = [];
const runners: JobRunner[] = [];
let one: FastifyInstance;
let other: FastifyInstance;

/** The instances in turn, as a load balancer's round robin sends a client's requests. */
const alternate = (i: number) => (i % 2 === 0 ? one : other);

/** What the other instance's sessions may lag behind a change made on the first. */
const SEEN_WITHIN_MS = 100;

const me = (app: FastifyInstance, session: Session) =>
  app.inject({ method: "GET", url: "/api/user", headers: session.headers() });

/** The statements the other instance sends for the session's GET /api/user. */
async function otherReads(session: Session): Promise<number> {
  const second = pools[1];
  if (!second) throw new Error("no second instance");
  const { result, statements } = await statementsOf(second, () => me(other, session));
  expect(result.statusCode, result.body).toBe(200);
  return statements.length;
}

/** The session id and user id the session's access token names. */
function claimsOf(session: Session): { sessionId: string; userId: string } {
  const payload = session.jar.accessToken?.split(".")[1];
  if (!payload) throw new Error("no access token");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sid: string; sub: string };
  return { sessionId: claims.sid, userId: claims.sub };
}

/**
 * The milliseconds from `change` having answered on the first instance until the other instance has
 * dropped the session from its memory, looked at on every turn of the event loop (at most two
 * seconds); then the other instance's answer to the session is checked with `changed`. Measured on the
 * cache itself, so that the time of a request on the shared, busy machine is not counted.
 */
async function msUntilSeen(
  session: Session,
  change: () => Promise<void>,
  changed: (res: Awaited<ReturnType<typeof me>>) => boolean,
): Promise<number> {
  const second = pools[1];
  if (!second) throw new Error("no second instance");
  const cache = sessionCacheOf(second);
  const { sessionId, userId } = claimsOf(session);
  // The other instance answers the session from memory before the change: nothing to read.
  expect(await otherReads(session)).toBe(0);
  expect(cache.get(sessionId, userId)).not.toBeNull();
  await change();
  const start = performance.now();
  while (cache.get(sessionId, userId) && performance.now() - start < 2_000) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  const ms = performance.now() - start;
  const after = await me(other, session);
  expect(changed(after), after.body).toBe(true);
  return ms;
}

/** A signed-in user, their session warmed on the other instance (its second call reads nothing). */
async function warmSession(email: string): Promise<Session> {
  const session = await loginAs(one, email);
  expect((await me(other, session)).statusCode).toBe(200);
  return session;
}

async function roleId(name: string): Promise<string> {
  const [role] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

describe.skipIf(url === null)("two app instances on one PostgreSQL", () => {
  beforeAll(async () => {
    database = await createTestDatabase({ demoData: true });
    // One configuration for both, as a deployment gives every instance the same secrets.
    const config = testConfig({ databaseUrl: database.url });
    const instance = async () => {
      const pool = fromPostgresUrl(database.url as string, { max: 4 });
      pools.push(pool);
      return buildApp(config, { database: pool });
    };
    [one, other] = await Promise.all([instance(), instance()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await Promise.all([one?.close(), other?.close()]);
    await Promise.all(pools.map((pool) => pool.close()));
    await database?.close();
  });

  it("a login on one is a session on the other, and a logout on either ends it on both", async () => {
    const session = await loginAs(one, "employee@demo.test");
    const mine = (app: FastifyInstance) => me(app, session);
    expect((await mine(other)).statusCode).toBe(200);
    expect((await mine(one)).statusCode).toBe(200);
    const out = await other.inject({ method: "POST", url: "/api/logout", headers: session.headers() });
    expect(out.statusCode, out.body).toBe(200);
    // Both had the user's session in their caches: the one that ended it dropped it with its own
    // write, the other drops it when the database tells it, within moments; neither lets it in after.
    expect((await mine(other)).statusCode).toBe(401);
    const start = performance.now();
    while ((await mine(one)).statusCode !== 401 && performance.now() - start < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect((await mine(one)).statusCode).toBe(401);
  });

  describe("a change on one instance ends or changes the session on the other within 100 ms", () => {
    it("a logout", async () => {
      const session = await warmSession("employee@demo.test");
      const ms = await msUntilSeen(
        session,
        async () => {
          const out = await one.inject({ method: "POST", url: "/api/logout", headers: session.headers() });
          expect(out.statusCode, out.body).toBe(200);
        },
        (res) => res.statusCode === 401,
      );
      expect(ms).toBeLessThan(SEEN_WITHIN_MS);
    });

    it("a role given", async () => {
      const session = await warmSession("kaisa.rantanen@demo.test");
      const admin = await loginAs(one, "admin@pedaali.test");
      const userId = await userIdByEmail(database.db, "kaisa.rantanen@demo.test");
      const [demo] = await database.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.name, "Demo Oy"));
      if (!demo) throw new Error("no Demo Oy");
      const reporting = await roleId("EMPLOYER_REPORTING");
      const ms = await msUntilSeen(
        session,
        async () => {
          const res = await one.inject({
            method: "POST",
            url: `/api/user-roles/users/${userId}/roles/${reporting}`,
            headers: admin.headers(),
            payload: { companyIds: [demo.id] },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        (res) => res.statusCode === 200 && res.body.includes("EMPLOYER_REPORTING"),
      );
      expect(ms).toBeLessThan(SEEN_WITHIN_MS);
    });

    it("a deactivation", async () => {
      const email = "olli.karjalainen@demo.test";
      const session = await warmSession(email);
      const admin = await loginAs(one, "admin@pedaali.test");
      const userId = await userIdByEmail(database.db, email);
      const ms = await msUntilSeen(
        session,
        async () => {
          const res = await one.inject({
            method: "PATCH",
            url: `/api/system-users/${userId}/deactivated`,
            headers: admin.headers(),
            payload: { deactivated: true },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        // Deactivation ends the sessions too; a session that were still let in would say deactivated.
        (res) => res.statusCode === 401 || res.json().deactivated === true,
      );
      expect(ms).toBeLessThan(SEEN_WITHIN_MS);
    });

    it("a password change", async () => {
      const email = "noora.tuominen@demo.test";
      const session = await warmSession(email);
      const userId = await userIdByEmail(database.db, email);
      const token = await createPasswordToken(database.db, userId, "requested");
      const ms = await msUntilSeen(
        session,
        async () => {
          const res = await one.inject({
            method: "POST",
            url: `/api/password-reset/${token}`,
            payload: { password: "Uusi-Salasana-2026!" },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        (res) => res.statusCode === 401,
      );
      expect(ms).toBeLessThan(SEEN_WITHIN_MS);
    });

    it("a change made at the database by hand", async () => {
      const email = "sofia.ahonen@demo.test";
      const session = await warmSession(email);
      const userId = await userIdByEmail(database.db, email);
      const ms = await msUntilSeen(
        session,
        async () => {
          await database.db.execute(
            sql`update refresh_sessions set revoked_at = now(), revoked_reason = 'LOGOUT' where user_id = ${userId} and revoked_at is null`,
          );
        },
        (res) => res.statusCode === 401,
      );
      expect(ms).toBeLessThan(SEEN_WITHIN_MS);
    });
  });

  it("reads the database on every call while its listening connection is lost, and keeps again once back", async () => {
    const second = pools[1];
    if (!second) throw new Error("no second instance");
    const cache = sessionCacheOf(second);
    const session = await warmSession("jari.lindholm@demo.test");
    expect(await otherReads(session)).toBe(0);
    const pid = cache.listenerPid();
    expect(pid).not.toBeNull();
    await database.db.execute(sql`select pg_terminate_backend(${pid})`);
    // The connection's end reaches the instance within moments; from then on it keeps nothing.
    const cut = performance.now();
    while (cache.live && performance.now() - cut < 2_000) await new Promise((r) => setImmediate(r));
    expect(cache.live).toBe(false);
    expect(await otherReads(session)).toBeGreaterThan(0);
    expect(await otherReads(session)).toBeGreaterThan(0);
    // It listens again by itself, and keeps sessions again.
    const back = performance.now();
    while (!cache.live && performance.now() - back < 5_000) await new Promise((r) => setTimeout(r, 5));
    expect(cache.live).toBe(true);
    expect(cache.listenerPid()).not.toBe(pid);
    expect(await otherReads(session)).toBeGreaterThan(0);
    expect(await otherReads(session)).toBe(0);
    // And what ends the session after that is heard again. How soon is the tests' above to hold: here
    // it is heard at all, where an instance that never listened again would keep the session for good.
    const userId = await userIdByEmail(database.db, "jari.lindholm@demo.test");
    await database.db.execute(
      sql`update refresh_sessions set revoked_at = now(), revoked_reason = 'LOGOUT' where user_id = ${userId} and revoked_at is null`,
    );
    const { sessionId } = claimsOf(session);
    const start = performance.now();
    while (cache.get(sessionId, userId) && performance.now() - start < 2_000) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(cache.get(sessionId, userId)).toBeNull();
    expect((await me(other, session)).statusCode).toBe(401);
  });

  it("wrong passwords alternating between the instances lock the account after the allowed number", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_FAILURES_PER_EMAIL; i++) {
      const res = await alternate(i).inject({
        method: "POST",
        url: "/api/login",
        payload: { email: "ville.hamalainen@demo.test", password: "not the password" },
        // Each try from another address, so the account's own count is what answers.
        remoteAddress: `10.50.0.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(LOGIN_FAILURES_PER_EMAIL).fill(401), 429]);
    // The right password does not open it on either instance while the lock holds.
    const right = await other.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "ville.hamalainen@demo.test", password: DEMO_PASSWORD },
      remoteAddress: "10.50.1.1",
    });
    expect(right.statusCode).toBe(429);
  });

  it("wrong two-factor codes count per account across the instances", async () => {
    const email = "employer.editor@demo.test";
    const answers: string[] = [];
    let address = 1;
    while (answers.length <= TWO_FACTOR_FAILURES_PER_ACCOUNT) {
      const login = await alternate(answers.length).inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password: DEMO_PASSWORD },
        remoteAddress: `10.51.0.${address++}`,
      });
      expect(login.statusCode, login.body).toBe(202);
      const code = zTwoFactorRequired.parse(login.json()).devCode === "000000" ? "111111" : "000000";
      const cookie = cookieHeader(cookieJar({}, login));
      // Four wrong codes a challenge (the fifth would end it), each on the other instance than the last.
      for (let i = 0; i < 4 && answers.length <= TWO_FACTOR_FAILURES_PER_ACCOUNT; i++) {
        const res = await alternate(answers.length + 1).inject({
          method: "POST",
          url: "/api/verify",
          headers: { cookie },
          payload: { email, code },
          remoteAddress: `10.51.0.${address++}`,
        });
        answers.push(res.json().code);
      }
    }
    expect(answers).toEqual([
      ...Array(TWO_FACTOR_FAILURES_PER_ACCOUNT).fill("VERIFICATION_FAILED"),
      "TOO_MANY_REQUESTS",
    ]);
  });

  it("a route's rate limit counts a client's requests on both instances as one", async () => {
    // The contact form takes 5 messages in 10 minutes from an address.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await alternate(i).inject({
        method: "POST",
        url: "/api/contact-forms",
        payload: {
          name: "Testi Henkilö",
          email: "testi@example.test",
          topic: "OTHER",
          message: "Hei! Tämä on viesti asiakaspalvelulle.",
          consent: true,
        },
        remoteAddress: "10.52.0.1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("a scheduled job runs once, whichever instance's queue sees it due", async () => {
    const runs: { instance: number; at: Date }[] = [];
    const queue = "two-instances-every-minute";
    const scheduledFrom = Date.now();
    for (const [index, pool] of pools.entries()) {
      const log = { info: () => {}, warn: () => {}, error: () => {} };
      const config = testConfig({ databaseUrl: database.url });
      const runner = createJobRunner({
        ctx: {
          config,
          database: pool,
          messaging: createMessaging({ config, db: pool.db, log }),
          files: testFileStore(),
        },
        log,
        // The queue looks for due schedules every second instead of every 30 s.
        bossOptions: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
        pollingIntervalSeconds: 1,
      });
      runners.push(runner);
      expect(await runner.start()).toBe(true);
      const boss = runner.boss();
      if (!boss) throw new Error("the job queue did not start");
      await boss.createQueue(queue);
      // Both instances schedule the same job, as both run the same code at start.
      await boss.schedule(queue, "* * * * *", {});
      await boss.work(queue, { pollingIntervalSeconds: 1 }, async () => {
        runs.push({ instance: index, at: new Date() });
      });
    }
    // Every minute's schedule is due at once ("* * * * *"): each instance's clock looks about
    // every second, so without the shared lock and the minute's one job this would be a dozen runs.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(runs.length).toBeGreaterThanOrEqual(1);
    // One run per minute that was due while the instances looked: the minute they scheduled it in, and
    // the next when a minute boundary fell within the wait. A minute's job reaches a worker through the
    // queue's own relay, up to a few seconds after it was due, so two runs may both start in the later
    // minute; which minute a run starts in says nothing of which minute's job it is.
    const minute = (at: number) => Math.floor(at / 60_000);
    const minutesDue = minute(Date.now()) - minute(scheduledFrom) + 1;
    expect(runs.length, JSON.stringify(runs)).toBeLessThanOrEqual(minutesDue);
  }, 30_000);
});
