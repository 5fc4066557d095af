import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usersAtWork } from "./users.ts";

/** A server that answers /slow after 40 ms, /fail with 503 and anything else at once. */
let server: http.Server;
let base: string;
const seen: { path: string; address: string | undefined }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? "", address: req.headers["x-forwarded-for"] as string | undefined });
    if (req.url === "/fail") res.writeHead(503).end();
    else if (req.url === "/slow") setTimeout(() => res.end("slow"), 40);
    else res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("usersAtWork", () => {
  it("goes round the calls, counts the failed ones and measures each call's latency", async () => {
    seen.length = 0;
    let address = 0;
    const result = await usersAtWork(
      base,
      [
        { method: "GET", path: "/fast", headers: () => ({}) },
        { method: "GET", path: "/slow", headers: () => ({ "x-forwarded-for": `10.0.0.${++address}` }) },
        { method: "GET", path: "/fail", headers: () => ({}) },
      ],
      { clients: 3, seconds: 0.5, thinkMs: 0 },
    );
    expect(result.requests).toBe(seen.length);
    expect(result.errors).toBe(result.statuses["503"]);
    expect(result.statuses["200"]).toBeGreaterThan(result.errors);
    expect(result.byCall["/slow"]?.p50).toBeGreaterThanOrEqual(40);
    expect(result.byCall["/fast"]?.p50).toBeLessThan(40);
    // Each call's headers are made when it is sent: every slow call came from another address.
    const addresses = seen.filter((s) => s.path === "/slow").map((s) => s.address);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it("pauses between calls: people thinking 200 ms make a few calls each in half a second", async () => {
    seen.length = 0;
    const result = await usersAtWork(base, [{ method: "GET", path: "/fast", headers: () => ({}) }], {
      clients: 10,
      seconds: 0.5,
      thinkMs: 200,
    });
    // Without pauses ten connections make thousands of calls in half a second; with them, about 25.
    expect(result.requests).toBeGreaterThanOrEqual(10);
    expect(result.requests).toBeLessThan(100);
    expect(result.errors).toBe(0);
  });
});
