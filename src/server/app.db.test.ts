import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../tests/helpers/test-app.ts";
import { testFileStore } from "../../tests/helpers/test-db.ts";
import { zErrorResponse } from "../contract/errors.ts";
import { zHealthCheckResponse } from "../contract/health.ts";
import { buildApp } from "./app.ts";
import { testConfig } from "./config.ts";

const webDistDir = mkdtempSync(join(tmpdir(), "pedaali-web-"));
writeFileSync(join(webDistDir, "index.html"), "<!doctype html><title>Pedaali</title><div id=root></div>");

describe("the app skeleton", () => {
  const t = setupTestApp({ webDistDir });

  it("answers the health check with the database kind", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health-check" });
    expect(res.statusCode).toBe(200);
    const body = zHealthCheckResponse.parse(res.json());
    expect(body.status).toBe("ok");
    expect(["pglite", "postgres"]).toContain(body.database);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("names every plugin it registers, so that no build looks through the loaded modules for a name", async () => {
    // Fastify names a plugin that has no name by reading the exports of every loaded CommonJS module, at
    // each register. An entry of our own among them counts those reads. The API documentation's plugin
    // (off in production) registers one of its own without a name, so it is left out.
    const modules = createRequire(import.meta.url).cache;
    const counter = "pedaali: reads of the loaded modules while building the app";
    let reads = 0;
    Object.defineProperty(modules, counter, {
      configurable: true,
      enumerable: true,
      get: () => {
        reads += 1;
        return { exports: null };
      },
    });
    try {
      const config = testConfig({ webDistDir, apiDocs: false, devOutbox: true, benchRoutes: true });
      const app = await buildApp(config, { database: t.database, files: testFileStore() });
      await app.ready();
      await app.close();
    } finally {
      delete modules[counter];
    }
    expect(reads).toBe(0);
  });

  it("answers an unknown API route with the JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing?x=1" });
    expect(res.statusCode).toBe(404);
    expect(zErrorResponse.parse(res.json())).toEqual({
      statusCode: 404,
      code: "NOT_FOUND",
      message: "Route GET /api/no-such-thing not found",
    });
  });

  it("answers a URL the router cannot take in the error shape, without echoing it", async () => {
    const cases = [
      { url: "/api/contact-forms/update/%%", status: 400 },
      { url: `/api/user-preferences/user/${"a".repeat(5000)}`, status: 414 },
    ];
    for (const { url, status } of cases) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(zErrorResponse.parse(res.json()));
      expect(res.json()).toMatchObject({ statusCode: status, code: "BAD_REQUEST" });
      expect(res.body).not.toContain("aaaa");
      expect(res.body).not.toContain("%%");
    }
  });

  it("answers bytes that are not HTTP in the error shape, and closes the connection", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ port, host: "127.0.0.1" }, () => socket.write(bytes));
        let answer = "";
        socket.on("data", (data) => {
          answer += data.toString("utf8");
        });
        socket.on("close", () => resolve(answer));
        socket.on("error", reject);
      });
    for (const bytes of [
      "GARBAGE\r\n\r\n",
      "POST /api/contact-forms HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ]) {
      const answer = await send(bytes);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
      expect(zErrorResponse.parse(body)).toMatchObject({ statusCode: 400, code: "BAD_REQUEST" });
    }
  });

  it("serves index.html for the spec's routes and a 404 index.html for unknown pages", async () => {
    for (const url of [
      "/",
      "/kirjaudu",
      "/liity/abc123",
      "/en/liity/abc123",
      "/admin/users",
      "/tyonantaja?tab=add",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<title>Pedaali</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    const unknown = await t.app.inject({ method: "GET", url: "/no-such-page" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("<title>Pedaali</title>");
  });

  it("sets the security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("publishes an OpenAPI 3.1 document listing the implemented routes", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/health-check");
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
  });
});
