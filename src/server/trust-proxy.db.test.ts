import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { productionConfig, recordingMessaging } from "../../tests/helpers/production.ts";
import { createTestDatabase } from "../../tests/helpers/test-db.ts";
import { LOGIN_FAILURES_PER_IP } from "../domain/auth-rules.ts";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { rateLimitCounters } from "./db/schema/index.ts";

/**
 * Every per-address limit keys on `request.ip`. Forwarding headers may move it only when
 * TRUST_PROXY names the proxies in front (a hop count or addresses); by default they are ignored,
 * in production too, so rotating `X-Forwarded-For` neither escapes a limit nor blames another address.
 */

let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
// The apps share the database and so its counts, as instances do: each case starts from none.
beforeEach(async () => {
  await database.db.delete(rateLimitCounters);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

async function appWith(config: Config): Promise<FastifyInstance> {
  const app = await buildApp(config, { database, messaging: recordingMessaging() });
  apps.push(app);
  return app;
}

let nextAddress = 1;
/** A fresh documentation address (RFC 5737) for each forged header. */
const forgedAddress = () => `203.0.113.${nextAddress++}`;

/**
 * One more wrong password than an address may fail, each for another e-mail and forwarded "from"
 * another address. Each costs an argon2 verification: the tests calling it get a longer timeout.
 */
async function wrongLoginsFromRotatingAddresses(app: FastifyInstance, config: Config): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= LOGIN_FAILURES_PER_IP; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: config.publicUrl, "x-forwarded-for": forgedAddress() },
      payload: { email: `nobody-${nextAddress}-${i}@example.test`, password: "not the password" },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const contactForm = {
  name: "Testi Henkilö",
  email: "testi@example.test",
  topic: "OTHER",
  message: "Hei! Tämä on viesti asiakaspalvelulle.",
  consent: true,
};

async function contactFormsFromRotatingAddresses(app: FastifyInstance, config: Config, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact-forms",
      headers: { origin: config.publicUrl, "x-forwarded-for": forgedAddress() },
      payload: contactForm,
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("forwarding headers without TRUST_PROXY", () => {
  it("in production a client rotating X-Forwarded-For is still locked out by its own address", async () => {
    const config = productionConfig();
    const app = await appWith(config);
    const statuses = await wrongLoginsFromRotatingAddresses(app, config);
    expect(statuses.slice(0, LOGIN_FAILURES_PER_IP)).toEqual(Array(LOGIN_FAILURES_PER_IP).fill(401));
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);

  it("in production the contact form's per-address limit holds against a rotated X-Forwarded-For", async () => {
    const config = productionConfig();
    const app = await appWith(config);
    expect(await contactFormsFromRotatingAddresses(app, config, 6)).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("a list of proxies that does not hold the peer leaves the forwarded address unused", async () => {
    const config = productionConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.1" });
    const app = await appWith(config);
    expect(await contactFormsFromRotatingAddresses(app, config, 6)).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe("forwarding headers from configured proxies", () => {
  it("TRUST_PROXY=1 takes the client address from the one proxy in front", async () => {
    const config = productionConfig({ TRUST_PROXY: "1" });
    const app = await appWith(config);
    const statuses = await wrongLoginsFromRotatingAddresses(app, config);
    expect(statuses).toEqual(Array(LOGIN_FAILURES_PER_IP + 1).fill(401));
  }, 60_000);

  it("TRUST_PROXY listing the peer's address takes the forwarded address", async () => {
    // app.inject connects "from" 127.0.0.1, the proxy here.
    const config = productionConfig({ TRUST_PROXY: "10.0.0.0/8,127.0.0.1" });
    const app = await appWith(config);
    expect(await contactFormsFromRotatingAddresses(app, config, 6)).toEqual(Array(6).fill(201));
  });

  it("a hop count trusts only that many proxies, not an address the client added before them", async () => {
    const config = productionConfig({ TRUST_PROXY: "1" });
    const app = await appWith(config);
    const send = (forwardedFor: string) =>
      app.inject({
        method: "POST",
        url: "/api/contact-forms",
        headers: { origin: config.publicUrl, "x-forwarded-for": forwardedFor },
        payload: contactForm,
      });
    // The client forges the left part; the proxy appends the real address 198.51.100.7 on the right.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(`${forgedAddress()}, 198.51.100.7`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
