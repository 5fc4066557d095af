import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionConfig, recordingMessaging } from "../../tests/helpers/production.ts";
import { createTestDatabase } from "../../tests/helpers/test-db.ts";
import { AUTH_COOKIE_MAX_AGE_SECONDS } from "../domain/constants.ts";
import { buildApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import { DEMO_PASSWORD } from "./db/seed/demo-data.ts";

/**
 * The headers and cookie flags a browser gets, from a development start
 * (http://localhost) and from a production one (https PUBLIC_URL), on an HTML page and on the API.
 */

const webDistDir = mkdtempSync(join(tmpdir(), "pedaali-web-"));
writeFileSync(join(webDistDir, "index.html"), "<!doctype html><title>Pedaali</title><div id=root></div>");

const builds: { name: string; config: Config; https: boolean }[] = [
  {
    name: "development",
    config: {
      ...loadConfig({
        NODE_ENV: "development",
        PGLITE_DIR: "memory://",
        LOG_LEVEL: "silent",
        DEMO_SEED: "0",
      }),
      webDistDir,
    },
    https: false,
  },
  { name: "production", config: { ...productionConfig(), webDistDir }, https: true },
];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
  // Production never seeds by itself; the test takes a database with the demo users.
});
afterAll(() => database.close());

/** `script-src 'self'; object-src 'none'` → { "script-src": ["'self'"], ... } */
function cspDirectives(res: LightMyRequestResponse): Record<string, string[]> {
  const header = res.headers["content-security-policy"];
  expect(typeof header, "content-security-policy").toBe("string");
  return Object.fromEntries(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe.each(builds)("security headers and cookies of a $name build", ({ config, https }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(config, { database, messaging: recordingMessaging() });
  });
  afterAll(() => app.close());

  const page = () => app.inject({ method: "GET", url: "/" });
  const api = () => app.inject({ method: "GET", url: "/api/health-check" });

  it.each([
    ["an HTML page", page],
    ["an API answer", api],
  ])("sends a CSP without inline scripts that forbids plugins and framing on %s", async (_, get) => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const csp = cspDirectives(res);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual(["'self'"]);
    expect(csp["script-src-attr"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect("upgrade-insecure-requests" in csp).toBe(https);
  });

  it.each([
    ["an HTML page", page],
    ["an API answer", api],
  ])("sends nosniff, a framing ban, a referrer policy and HSTS only over https on %s", async (_, get) => {
    const res = await get();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    const hsts = res.headers["strict-transport-security"];
    if (!https) {
      expect(hsts).toBeUndefined();
      return;
    }
    const maxAge = Number(/max-age=(\d+)/.exec(String(hsts))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(15_552_000);
    expect(String(hsts)).toContain("includeSubDomains");
  });

  it("sets the session cookies HttpOnly (but the CSRF token), SameSite=Strict, path /, 7 days, Secure only over https", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: config.publicUrl },
      payload: { email: "employee@demo.test", password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const setCookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    const byName = new Map(setCookies.map((c) => [c.split("=")[0], c.split(";").map((p) => p.trim())]));
    expect([...byName.keys()].sort()).toEqual(["accessToken", "csrfToken", "refreshToken"]);
    for (const [name, [value, ...attributes]] of byName) {
      expect(value, name).toMatch(/^\w+=[^;\s]+$/);
      const expected = [
        `Max-Age=${AUTH_COOKIE_MAX_AGE_SECONDS}`,
        "Path=/",
        ...(name === "csrfToken" ? [] : ["HttpOnly"]),
        "SameSite=Strict",
        ...(https ? ["Secure"] : []),
      ];
      expect(attributes.sort(), name).toEqual(expected.sort());
    }
    expect(AUTH_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
  });

  it("binds the two-factor step with an HttpOnly, SameSite=Strict cookie on /api, Secure only over https", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: config.publicUrl },
      payload: { email: "employer.admin@demo.test", password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(202);
    const cookie = res.cookies.find((c) => c.name === "twoFactorChallenge");
    expect(cookie).toMatchObject({ path: "/api", httpOnly: true, sameSite: "Strict" });
    expect(Boolean(cookie?.secure)).toBe(https);
  });
});
