import { pino } from "pino";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PRODUCTION_ENV } from "../../../../tests/helpers/production.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zDevOutboxResponse } from "../../../contract/dev-outbox.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { loadConfig } from "../../config.ts";
import { passwordResetMail, twoFactorCodeSms } from "../../messaging/account-mails.ts";
import { createMessaging } from "../../messaging/messaging.ts";

const PHONE = "+358401111111";

describe("GET /api/dev/outbox", () => {
  const t = setupTestApp({ devOutbox: true });
  const get = async (query = "") => {
    const res = await t.app.inject({ method: "GET", url: `/api/dev/outbox${query}` });
    return { res, body: res.json() as unknown };
  };

  /** Waits for the clock to move on to the next millisecond. */
  const tick = async () => {
    const sent = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(sent), { interval: 1 });
  };

  beforeAll(async () => {
    // Sent the way the app sends them, into the same database the app reads.
    const messaging = createMessaging({
      config: { smtpUrl: null, smsProviderUrl: null, devOutbox: true },
      db: t.database.db,
      log: pino({ level: "silent" }),
    });
    await messaging.sendMail({
      to: "anna@demo.test",
      ...passwordResetMail("fi", { link: "http://localhost:3000/reset/first" }),
    });
    // "Newest first" needs distinct times: two rows written in the same millisecond tie (PGlite's
    // clock), and their random ids would decide the order.
    await tick();
    await messaging.sendSms({ to: PHONE, ...twoFactorCodeSms("fi", { code: "654321" }) });
    await tick();
    await messaging.sendMail({
      to: "bertil@demo.test",
      subject: "Second",
      text: "Plain",
      html: "<p>Rich</p>",
    });
  });

  it("lists the sent messages newest first, with the documented shape", async () => {
    const { res, body } = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { items } = zDevOutboxResponse.parse(body);
    expect(items.map((i) => i.recipient)).toEqual(["bertil@demo.test", PHONE, "anna@demo.test"]);
    expect(items[0]).toMatchObject({
      channel: "EMAIL",
      subject: "Second",
      text: "Plain",
      html: "<p>Rich</p>",
    });
    expect(items[1]).toMatchObject({ channel: "SMS", subject: null, html: null });
    expect(items[1]?.text).toContain("654321");
    expect(items[2]?.text).toContain("http://localhost:3000/reset/first");
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      ["channel", "createdAt", "headers", "html", "id", "recipient", "subject", "text"].sort(),
    );
    const times = items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("filters by recipient", async () => {
    const byEmail = zDevOutboxResponse.parse((await get("?to=anna@demo.test")).body);
    expect(byEmail.items.map((i) => i.recipient)).toEqual(["anna@demo.test"]);
    const upperCase = zDevOutboxResponse.parse((await get("?to=ANNA@demo.test")).body);
    expect(upperCase.items.map((i) => i.recipient)).toEqual(["anna@demo.test"]);
    const byPhone = zDevOutboxResponse.parse((await get(`?to=${encodeURIComponent(PHONE)}`)).body);
    expect(byPhone.items.map((i) => i.channel)).toEqual(["SMS"]);
    // An unencoded + arrives as a space: the number still matches.
    const unencoded = zDevOutboxResponse.parse((await get(`?to=${PHONE}`)).body);
    expect(unencoded.items.map((i) => i.recipient)).toEqual([PHONE]);
    const nobody = zDevOutboxResponse.parse((await get("?to=nobody@demo.test")).body);
    expect(nobody.items).toEqual([]);
  });

  it("filters by channel and limits the count", async () => {
    const sms = zDevOutboxResponse.parse((await get("?channel=SMS")).body);
    expect(sms.items.map((i) => i.recipient)).toEqual([PHONE]);
    const mails = zDevOutboxResponse.parse((await get("?channel=EMAIL")).body);
    expect(mails.items.map((i) => i.recipient)).toEqual(["bertil@demo.test", "anna@demo.test"]);
    const newest = zDevOutboxResponse.parse((await get("?channel=EMAIL&limit=1")).body);
    expect(newest.items.map((i) => i.recipient)).toEqual(["bertil@demo.test"]);
    const all = zDevOutboxResponse.parse((await get("?to=&limit=100")).body);
    expect(all.items).toHaveLength(3);
  });

  it("answers 400 for a limit out of range or an unknown channel", async () => {
    for (const [query, field] of [
      ["?limit=0", "querystring.limit"],
      ["?limit=101", "querystring.limit"],
      ["?limit=abc", "querystring.limit"],
      ["?channel=FAX", "querystring.channel"],
    ] as const) {
      const { res, body } = await get(query);
      expect(res.statusCode, query).toBe(400);
      const error = zErrorResponse.parse(body);
      expect(error.code, query).toBe("VALIDATION_ERROR");
      expect(
        error.details?.map((d) => d.field),
        query,
      ).toContain(field);
    }
  });

  it("is in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(Object.keys((res.json() as { paths: object }).paths)).toContain("/api/dev/outbox");
  });
});

describe("without the dev outbox", () => {
  const t = setupTestApp({ devOutbox: false });

  it("has no such route: the JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(res.statusCode).toBe(404);
    expect(zErrorResponse.parse(res.json())).toEqual({
      statusCode: 404,
      code: "NOT_FOUND",
      message: "Route GET /api/dev/outbox not found",
    });
    const doc = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(Object.keys((doc.json() as { paths: object }).paths)).not.toContain("/api/dev/outbox");
  });

  it("is how production is always configured", () => {
    const production = loadConfig(PRODUCTION_ENV);
    expect(production.devOutbox).toBe(false);
  });
});
