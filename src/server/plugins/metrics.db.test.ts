import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db.ts";
import { buildApp } from "../app.ts";
import { testConfig } from "../config.ts";

/** /metrics: the scraper with the token reads them; nobody else learns they exist. */

const TOKEN = "metrics-token-for-the-tests-0123456789";
let database: TestDatabase;
let app: FastifyInstance;
let without: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ metricsToken: TOKEN }), { database });
  without = await buildApp(testConfig(), { database });
});
afterAll(async () => {
  await app.close();
  await without.close();
  await database.close();
});

const scrape = (target: FastifyInstance, authorization?: string) =>
  target.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

describe("metrics", () => {
  it("count requests by route pattern and status, with latency, pool and process figures", async () => {
    await app.inject({ method: "GET", url: "/api/health-check" });
    await app.inject({ method: "GET", url: "/api/orders/7b0a1f4e-2c3d-4e5f-8a9b-0c1d2e3f4a5b" });
    const res = await scrape(app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const text = res.body;
    expect(text).toMatch(
      /pedaali_http_requests_total\{method="GET",route="\/api\/health-check",status="200"\} 1/,
    );
    // The route's pattern, not the id: one series however many orders are asked for.
    expect(text).toContain('route="/api/orders/:orderId",status="401"');
    expect(text).not.toContain("7b0a1f4e");
    expect(text).toMatch(
      /pedaali_http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/health-check"\} \d/,
    );
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    if (database.url) expect(text).toMatch(/pedaali_db_pool_connections\{state="total"\} \d/);
  });

  it("are a 404 without the token or with a wrong one", async () => {
    for (const res of [
      await scrape(app),
      await scrape(app, `Bearer ${TOKEN.replace("0", "1")}`),
      await scrape(app, TOKEN),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("pedaali_http");
    }
  });

  it("are not served at all where no token is configured: /metrics is an unknown page", async () => {
    const res = await scrape(without, `Bearer ${TOKEN}`);
    // The web app's not-found page (404), or here, with no web build, its "not built" page.
    expect([404, 503]).toContain(res.statusCode);
    expect(res.body).not.toContain("pedaali_http");
  });
});
