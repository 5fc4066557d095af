import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AppContext } from "../context.ts";
import { rawRows } from "../db/raw.ts";

/**
 * Prometheus metrics at /metrics (METRICS_TOKEN): what an operator watches on each instance. Requests
 * by route and status, their latency, the database pool's use, the job queue's waiting jobs, and the
 * process (memory, CPU, event-loop lag, open handles). Only a scraper holding the token sees them;
 * anyone else gets the same 404 as for an address that does not exist.
 */

/** Latency buckets in seconds: the hot calls' goal is under 50 ms, a report's within a second. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = request.headers.authorization ?? "";
  const expected = Buffer.from(`Bearer ${token}`);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function registerMetrics(app: FastifyInstance, ctx: AppContext, token: string): void {
  // A registry of the app's own: the tests build many apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "pedaali_http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "pedaali_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route",
    labelNames: ["method", "route"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const { database } = ctx;
  new Gauge({
    name: "pedaali_db_pool_connections",
    help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const use = database.poolUse?.();
      if (!use) return;
      this.set({ state: "total" }, use.total);
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "waiting" }, use.waiting);
    },
  });
  new Gauge({
    name: "pedaali_job_queue_waiting",
    help: "Jobs waiting to run (created or to be retried), by queue",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      // Nothing while the queue has not made its tables (an app started without jobs).
      const rows = await rawRows<{ queue: string; waiting: number }>(
        database.db,
        sql`select name as queue, count(*)::int as waiting from pgboss.job
            where state in ('created', 'retry') group by name`,
      ).catch(() => []);
      for (const row of rows) this.set({ queue: row.queue }, row.waiting);
    },
  });

  app.addHook("onResponse", async (request, reply) => {
    // The route's pattern (/api/orders/:orderId), never the address itself: ids would make a series each.
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, token)) {
      return reply
        .code(404)
        .header("cache-control", "no-store")
        .send({ statusCode: 404, code: "NOT_FOUND", message: "Route GET /metrics not found" });
    }
    return reply
      .header("content-type", registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
}
