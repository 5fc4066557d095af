import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/helpers/test-db.ts";
import { buildApp } from "./app.ts";
import { testConfig } from "./config.ts";
import type { Database } from "./db/client.ts";

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ logLevel: "info" }), { database, logStream: stream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("request logs", () => {
  it("carry the request id and never the credentials a request brings", async () => {
    const secret = "s3cr3t-token-value";
    const res = await app.inject({
      method: "GET",
      url: "/api/health-check",
      headers: {
        cookie: `accessToken=${secret}; refreshToken=${secret}`,
        authorization: `Bearer ${secret}`,
        "x-csrf-token": secret,
        "x-request-id": "test-request-0001",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-request-id"]).toBe("test-request-0001");
    const mine = lines.filter((l) => l.reqId === "test-request-0001");
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it("never carry a link's token from the URL, of an API route or of a page", async () => {
    const token = "Zq3_kP9-xW2mN8vB4cL7rT1yH6jF5dS0aQ2eU9iO3pG";
    const urls = [
      [`/api/password-reset/${token}`, "/api/password-reset/[redacted]"],
      [`/reset/${token}`, "/reset/[redacted]"],
      [`/en/liity/${token}`, "/en/liity/[redacted]"],
    ] as const;
    for (const [index, [url, logged]] of urls.entries()) {
      const reqId = `test-token-url-${index}`;
      await app.inject({ method: "GET", url, headers: { "x-request-id": reqId } });
      const mine = lines.filter((l) => l.reqId === reqId);
      expect(mine.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean)).toEqual([logged]);
    }
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it("makes up a request id when the caller's one is unusable", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/health-check",
      headers: { "x-request-id": "<script>" },
    });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
