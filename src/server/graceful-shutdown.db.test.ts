import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { buildApp } from "./app.ts";
import { testConfig } from "./config.ts";

/**
 * Stopping the app (what main.ts does on SIGTERM): a request under way is answered, the job queue
 * stops, and then the port takes no more connections.
 */

const lines: { msg?: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logged = (msg: string) => lines.some((line) => line.msg === msg);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("a graceful stop", () => {
  it("answers the request under way, stops the job queue, then refuses new connections", async () => {
    const config = testConfig({ logLevel: "info", databaseUrl: database.url });
    const app = await buildApp(config, { database, logStream, jobs: true });
    // A call that takes a while, as a large report does.
    let handling = false;
    app.get("/slow", async () => {
      handling = true;
      await sleep(800);
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    for (let waited = 0; !logged("job queue started") && waited < 15_000; waited += 100) await sleep(100);
    expect(logged("job queue started")).toBe(true);

    const underWay = fetch(`${base}/slow`);
    for (let waited = 0; !handling && waited < 5_000; waited += 10) await sleep(10);
    expect(handling).toBe(true);
    const closed = app.close();
    const res = await underWay;
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closed;
    expect(logged("job queue stopped")).toBe(true);
    await expect(fetch(`${base}/api/health-check`)).rejects.toThrow();
  }, 30_000);

  it("lets a handler whose client has gone finish its database work before the database closes", async () => {
    lines.length = 0;
    const config = testConfig({ logLevel: "info" });
    const own = await createTestDatabase();
    const app = await buildApp(config, { database: own, logStream });
    // As main.ts does: the database closes with the app.
    app.addHook("onClose", () => own.close());
    let finished = false;
    // A call whose client gives up while it waits, as a client under load does.
    app.get("/slow-query", async () => {
      await sleep(600);
      await own.ping();
      finished = true;
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const gone = new AbortController();
    const call = fetch(`http://127.0.0.1:${port}/slow-query`, { signal: gone.signal }).catch(() => null);
    await sleep(200);
    gone.abort();
    await call;
    await app.close();
    expect(finished).toBe(true);
    expect(lines.filter((line) => line.msg === "request failed")).toEqual([]);
  }, 30_000);
});
