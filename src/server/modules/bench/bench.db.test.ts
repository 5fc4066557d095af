import { describe, expect, it } from "vitest";
import { loginAs } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";

// Off by default (the config test) and so absent from the API surface (openapi.db.test.ts).

const t = setupTestApp({ benchRoutes: true }, { demoData: true });

describe("the bench's routes", () => {
  it("serve a kept answer's bytes behind the session check", async () => {
    const session = await loginAs(t.app, "employee@demo.test");
    const answer = { items: [{ id: 1, name: "Äänekoski" }], total: 1 };
    const kept = await t.app.inject({
      method: "PUT",
      url: "/api/bench/answers/orders-page-1",
      headers: session.headers(),
      payload: answer,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().bytes).toBe(Buffer.byteLength(JSON.stringify(answer)));
    const served = await t.app.inject({
      url: "/api/bench/answers/orders-page-1",
      headers: session.headers(),
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^application\/json/);
    expect(served.body).toBe(JSON.stringify(answer));
    expect((await t.app.inject({ url: "/api/bench/answers/orders-page-1" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: "/api/bench/answers/no-such-key", headers: session.headers() })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: "/api/bench/answers/not%20a%20key", headers: session.headers() }))
        .statusCode,
    ).toBe(400);
  });

  it("serve an anonymous call's kept answer without a session, and never one kept behind it", async () => {
    const session = await loginAs(t.app, "employee@demo.test");
    const answer = { monthlyPayment: 71.5, municipality: "Tampere" };
    const kept = await t.app.inject({
      method: "PUT",
      url: "/api/bench/anonymous-answers/calculator",
      headers: session.headers(),
      payload: answer,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    // Keeping one takes a session, as every bench write does.
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/bench/anonymous-answers/calculator", payload: answer }))
        .statusCode,
    ).toBe(401);
    const served = await t.app.inject({ url: "/api/bench/anonymous-answers/calculator" });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(JSON.stringify(answer));
    await t.app.inject({
      method: "PUT",
      url: "/api/bench/answers/own-page",
      headers: session.headers(),
      payload: { mine: true },
    });
    expect((await t.app.inject({ url: "/api/bench/anonymous-answers/own-page" })).statusCode).toBe(404);
  });

  it("record the statements a call runs, in order, with their parameters", async () => {
    const session = await loginAs(t.app, "employer.admin@demo.test");
    const started = await t.app.inject({
      method: "POST",
      url: "/api/bench/statements",
      headers: session.headers(),
    });
    expect(started.statusCode, started.body).toBe(200);
    const unread = await t.app.inject({ url: "/api/notifications/unread-count", headers: session.headers() });
    expect(unread.statusCode).toBe(200);
    const recorded = await t.app.inject({ url: "/api/bench/statements", headers: session.headers() });
    const { items } = recorded.json() as { items: { sql: string; params: unknown[] }[] };
    // The count alone (the session and its user are kept in memory once checked), with the user's id
    // among its parameters; the recording's own requests are not in it.
    expect(items).toHaveLength(1);
    expect(items[0]?.sql).toMatch(/from "notifications"/);
    expect(items[0]?.params.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: "/api/bench/statements" })).statusCode).toBe(401);
  });
});
