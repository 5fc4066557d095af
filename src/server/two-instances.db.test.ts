import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, cookieJar, loginAs } from "../../tests/helpers/auth.ts";
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
import { DEMO_PASSWORD } from "./db/seed/demo-data.ts";
import { createJobRunner, type JobRunner } from "./jobs/runner.ts";
import { createMessaging } from "./messaging/messaging.ts";

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
    const me = (app: FastifyInstance) =>
      app.inject({ method: "GET", url: "/api/user", headers: session.headers() });
    expect((await me(other)).statusCode).toBe(200);
    expect((await me(one)).statusCode).toBe(200);
    const out = await other.inject({ method: "POST", url: "/api/logout", headers: session.headers() });
    expect(out.statusCode, out.body).toBe(200);
    // Both had the user's session in their caches; neither lets the ended one in.
    expect((await me(one)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
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
    // A minute boundary may fall within the wait: then that minute's own run is the second one.
    const minutes = runs.map((run) => Math.floor(run.at.getTime() / 60_000));
    expect(new Set(minutes).size, JSON.stringify(runs)).toBe(runs.length);
    expect(runs.length).toBeLessThanOrEqual(2);
  }, 30_000);
});
