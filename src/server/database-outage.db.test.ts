import { connect, createServer, type Server, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs, type Session } from "../../tests/helpers/auth.ts";
import { createTestDatabase, postgresTestUrl, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { zErrorResponse } from "../contract/errors.ts";
import { buildApp } from "./app.ts";
import { testConfig } from "./config.ts";
import { type Database, fromPostgresUrl } from "./db/client.ts";
import { sessionCacheOf } from "./modules/auth/session-cache.ts";

/**
 * The database goes away under the app and comes back: the app reaches PostgreSQL through a TCP relay
 * the test cuts (every connection dropped, new ones refused) and restores. Meanwhile every call answers
 * 503 in the error shape, quickly, and the health check says the database is down; once the database is
 * back the app serves again by itself.
 */

const url = postgresTestUrl();

/** A TCP relay to PostgreSQL that the test can cut and restore on the same port. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let database: TestDatabase;
let relay: Relay;
let pool: Database;
let app: FastifyInstance;
let session: Session;

describe.skipIf(url === null)("the database goes away and comes back", () => {
  beforeAll(async () => {
    database = await createTestDatabase({ demoData: true });
    const target = new URL(database.url as string);
    relay = new Relay(target.hostname, Number(target.port || 5432));
    await relay.open();
    const viaRelay = new URL(target);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    pool = fromPostgresUrl(viaRelay.toString(), { max: 4 });
    app = await buildApp(testConfig(), { database: pool });
    session = await loginAs(app, "employee@demo.test");
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await pool?.close();
    await relay?.cut();
    await database?.close();
  });

  const me = () => app.inject({ method: "GET", url: "/api/user", headers: session.headers() });
  const health = () => app.inject({ method: "GET", url: "/api/health-check" });

  it("answers 503 quickly while it is away, and serves again by itself within 5 s of its return", async () => {
    expect((await me()).statusCode).toBe(200);
    await relay.cut();
    // The instance keeps sessions only while it listens to the database (session-cache.ts): it notices
    // its listening connection gone within moments, and from then on reads the database on every call.
    const sessions = sessionCacheOf(pool);
    const cut = performance.now();
    while (sessions.live && performance.now() - cut < 1_000) await new Promise((r) => setImmediate(r));
    expect(sessions.live, "the instance still kept sessions a second after the cut").toBe(false);

    // A burst of calls as users keep working: each a 503 in the error shape, none a 500 or a hang.
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? me()
          : app.inject({ method: "GET", url: "/api/notifications/unread-count", headers: session.headers() }),
      ),
    );
    const tookMs = Date.now() - started;
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(zErrorResponse.parse(res.json())).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.body).not.toMatch(/ECONNREFUSED|at .*\.(ts|js):\d+/);
    }
    expect(tookMs, "the calls waited for the database").toBeLessThan(5_000);
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "Database is not reachable" });

    await relay.open();
    const back = Date.now();
    let serving = false;
    while (!serving && Date.now() - back < 5_000) {
      serving = (await health()).statusCode === 200 && (await me()).statusCode === 200;
      if (!serving) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(serving, "the app did not serve again within 5 s of the database's return").toBe(true);
  }, 30_000);
});
