import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, cookieJar, loginAs } from "../../../tests/helpers/auth.ts";
import { productionConfig, recordingMessaging } from "../../../tests/helpers/production.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import { FIRST_ANSWERS_ID, FIRST_VIEW_ID } from "../../domain/constants.ts";
import { buildApp } from "../app.ts";
import { type Config, testConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { inlineScriptHashes, PRERENDERED_DIR } from "./prerendered-pages.ts";

// A stand-in build: index.html (the app's shell, with its head script: the stored color scheme) and a
// hashed font under /assets, as `npm run build` leaves them.
const webDistDir = mkdtempSync(join(tmpdir(), "pedaali-web-"));
const SHELL_SCRIPT = 'document.documentElement.setAttribute("data-mantine-color-scheme","light");';
writeFileSync(
  join(webDistDir, "index.html"),
  `<!doctype html><head><script>${SHELL_SCRIPT}</script><title>Pedaali</title></head><body><div id=root>` +
    '<div class="boot-frame"><div class="boot-frame-header" aria-hidden="true"></div>' +
    '<div class="boot-frame-loader" aria-hidden="true"></div></div>' +
    "</div></body>",
);
mkdirSync(join(webDistDir, "assets"));
const FONT = "/assets/inter-latin-wght-normal-Dx4kXJAl.woff2";
writeFileSync(join(webDistDir, FONT), Buffer.alloc(2048, 1));
// One prerendered page (scripts/prerender.mjs writes them and their manifest).
mkdirSync(join(webDistDir, PRERENDERED_DIR));
writeFileSync(
  join(webDistDir, PRERENDERED_DIR, "manifest.json"),
  JSON.stringify({ pages: { "/laskuri": "laskuri.html", "/": "index.html" } }),
);
// The heads of two signed-in first pages, as the build renders them (web entry-server.tsx).
const MY_BIKE_HEAD = `<div id="${FIRST_VIEW_ID}"><h1>Oma pyörä</h1></div>`;
const STORE_HEAD = `<div id="${FIRST_VIEW_ID}"><h1>Pyöräliike</h1></div>`;
const ADMIN_VIEW = `<div id="${FIRST_VIEW_ID}"><div class="admin-frame">Ylläpito</div></div>`;
writeFileSync(
  join(webDistDir, PRERENDERED_DIR, "first-views.json"),
  JSON.stringify({ myBike: MY_BIKE_HEAD, bikeStore: STORE_HEAD, admin: ADMIN_VIEW }),
);
// A page with its head script written in, and its page data (a JSON block the browser never runs).
const HEAD_SCRIPT = 'document.documentElement.setAttribute("data-mantine-color-scheme","dark");';
writeFileSync(
  join(webDistDir, PRERENDERED_DIR, "index.html"),
  `<!doctype html><head><script>${HEAD_SCRIPT}</script></head><div id=root><h1>Pedaali</h1></div>` +
    `<script type="application/json" id="page-data">{"route":"home"}</script>`,
);
writeFileSync(
  join(webDistDir, PRERENDERED_DIR, "laskuri.html"),
  `<!doctype html><title>Laskuri</title><div id=root>${"<p>Pyöräetulaskuri</p>".repeat(200)}</div>`,
);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
});
afterAll(() => database.close());

async function appFor(config: Config): Promise<FastifyInstance> {
  return buildApp({ ...config, webDistDir }, { database, messaging: recordingMessaging() });
}

describe("the design reference page /dev/design", () => {
  it("is the web app outside production", async () => {
    const app = await appFor(testConfig());
    try {
      const res = await app.inject({ method: "GET", url: "/dev/design" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<div id=root>");
    } finally {
      await app.close();
    }
  });

  it("answers 404 without the app in production", async () => {
    const app = await appFor(productionConfig());
    try {
      const res = await app.inject({ method: "GET", url: "/dev/design" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      // Not index.html: the app would still render the page from its own route.
      expect(res.body).not.toContain("id=root");
      expect(res.body).toContain("Not found");
      // A spec route still serves the app.
      expect((await app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("the brand font", () => {
  it("is served from our origin with immutable caching and allowed by the CSP in production", async () => {
    const app = await appFor(productionConfig());
    try {
      const res = await app.inject({ method: "GET", url: FONT });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("font/woff2");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toMatch(/font-src 'self'/);
    } finally {
      await app.close();
    }
  });
});

/** The sources of a CSP header's script-src. */
const scriptSources = (csp: unknown) =>
  /(?:^|;)\s*script-src ([^;]*)/.exec(String(csp))?.[1]?.trim().split(/\s+/) ?? [];

describe("a prerendered page", () => {
  it("runs its own head script and no other: the page's CSP names that script's hash, the shell its own, the rest none", async () => {
    const app = await appFor(testConfig());
    try {
      const hash = `'sha256-${createHash("sha256").update(HEAD_SCRIPT).digest("base64")}'`;
      const home = await app.inject({ url: "/" });
      expect(home.body).toContain(`<script>${HEAD_SCRIPT}</script>`);
      expect(scriptSources(home.headers["content-security-policy"])).toEqual(["'self'", hash]);
      // One header, not the app's and the page's: two policies would both have to allow the script.
      expect(String(home.headers["content-security-policy"]).match(/script-src /g)).toHaveLength(1);
      const again = await app.inject({ url: "/", headers: { "if-none-match": String(home.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(scriptSources(again.headers["content-security-policy"])).toEqual(["'self'", hash]);
      // A page without a script of its own and the API keep the app's policy.
      for (const url of ["/laskuri", "/api/health-check"]) {
        const res = await app.inject({ url });
        expect(scriptSources(res.headers["content-security-policy"]), url).toEqual(["'self'"]);
      }
      // The app's shell, on a page of the app and on an unknown path, runs its own head script.
      const shellHash = `'sha256-${createHash("sha256").update(SHELL_SCRIPT).digest("base64")}'`;
      for (const url of ["/kayttaja", "/ei-ole-olemassa"]) {
        const res = await app.inject({ url });
        expect(res.body, url).toContain(`<script>${SHELL_SCRIPT}</script>`);
        expect(scriptSources(res.headers["content-security-policy"]), url).toEqual(["'self'", shellHash]);
        expect(String(res.headers["content-security-policy"]).match(/script-src /g), url).toHaveLength(1);
      }
    } finally {
      await app.close();
    }
  });

  it("takes for its head script only a script without attributes, never the page data", () => {
    expect(inlineScriptHashes(`<script>a()</script><script type="application/json">{}</script>`)).toEqual([
      `'sha256-${createHash("sha256").update("a()").digest("base64")}'`,
    ]);
    expect(inlineScriptHashes(`<script src="/assets/a.js"></script>`)).toEqual([]);
  });

  it("is answered once, compressed or not, with nothing logged about a second answer", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(
      { ...testConfig({ logLevel: "warn" }), webDistDir },
      { database, messaging: recordingMessaging(), logStream },
    );
    try {
      for (const encoding of ["br", "gzip", "identity", "br", "gzip"]) {
        const res = await app.inject({ url: "/laskuri", headers: { "accept-encoding": encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      }
      // A page's compressed bytes are made once and kept: answered after they are ready, the reply must
      // still be sent once (a handler that let Fastify send again logged "Reply was already sent").
      expect(lines.filter((line) => line.includes("already sent") || line.includes('"level":50'))).toEqual(
        [],
      );
    } finally {
      await app.close();
    }
  });
});

/** The answers a page's HTML carries (first-answers.ts), or null when it carries none. */
function writtenAnswers(body: string): Record<string, unknown> | null {
  const block = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`).exec(
    body,
  );
  return block?.[1] === undefined ? null : (JSON.parse(block[1]) as Record<string, unknown>);
}

/** The e-mail address of the user whose answer a page's HTML carries. */
function writtenUser(body: string): string | undefined {
  return (writtenAnswers(body)?.["/api/user"] as { email?: string } | undefined)?.email;
}

describe("a signed-in page", () => {
  // One app for these cases: each logs in for itself, and none changes what another reads.
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appFor(testConfig());
  });
  afterAll(() => app.close());

  it("carries its user's answer for that user only, kept by no cache, under the shell's own policy", async () => {
    const session = await loginAs(app, "employee@demo.test");
    const own = await app.inject({ url: "/api/user", headers: session.headers() });
    const page = await app.inject({ url: "/mybike", headers: { cookie: session.headers().cookie } });
    expect(page.statusCode).toBe(200);
    expect(writtenAnswers(page.body)).toEqual({ "/api/user": own.json() });
    expect(page.headers["cache-control"]).toBe("no-store");
    const anonymous = await app.inject({ url: "/mybike" });
    expect(writtenAnswers(anonymous.body)).toBeNull();
    expect(anonymous.headers["cache-control"]).toBe("no-cache");
    expect(page.headers["content-security-policy"]).toBe(anonymous.headers["content-security-policy"]);
    // Another user's page load carries theirs.
    const other = await loginAs(app, "employer.admin@demo.test");
    const theirs = await app.inject({ url: "/tyonantaja", headers: { cookie: other.headers().cookie } });
    expect(writtenUser(theirs.body)).toBe("employer.admin@demo.test");
    // A public page, a HEAD, a cookie that is no session and an unknown path carry nothing.
    for (const [method, url, cookie] of [
      ["GET", "/kirjaudu", session.headers().cookie],
      ["HEAD", "/mybike", session.headers().cookie],
      ["GET", "/mybike", "accessToken=forged; refreshToken=forged"],
      ["GET", "/ei-ole-olemassa", session.headers().cookie],
    ] as const) {
      const res = await app.inject({ method, url, headers: { cookie } });
      expect(writtenAnswers(res.body), `${method} ${url}`).toBeNull();
      expect(res.headers["cache-control"], `${method} ${url}`).toBe("no-cache");
    }
  });

  it("carries the page's head in the frame, before its loader, only for a user the page is for", async () => {
    const head = (body: string) => new RegExp(`<div id="${FIRST_VIEW_ID}">.*?</div>`).exec(body)?.[0] ?? null;
    const employee = (await loginAs(app, "employee@demo.test")).headers().cookie;
    const store = (await loginAs(app, "myyja@vauhti.test")).headers().cookie;
    const page = await app.inject({ url: "/mybike", headers: { cookie: employee } });
    expect(head(page.body)).toBe(MY_BIKE_HEAD);
    expect(page.body).toContain(`${MY_BIKE_HEAD}<div class="boot-frame-loader" aria-hidden="true"></div>`);
    // Under a language's prefix too: the head carries every language, the page's shows.
    const english = await app.inject({ url: "/en/mybike", headers: { cookie: employee } });
    expect(head(english.body)).toBe(MY_BIKE_HEAD);
    expect(head((await app.inject({ url: "/pyoraliike", headers: { cookie: store } })).body)).toBe(
      STORE_HEAD,
    );
    // A page its user may not open (the app sends them elsewhere), a page with no head of the build's,
    // and a visitor not logged in: the frame alone.
    for (const [url, cookie] of [
      ["/mybike", store],
      ["/pyoraliike", employee],
      ["/kayttaja", employee],
      ["/mybike", undefined],
    ] as const) {
      const res = await app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(head(res.body), `${url} ${cookie ? "" : "anonymous"}`).toBeNull();
      expect(res.body).toContain('<div class="boot-frame-loader" aria-hidden="true"></div>');
    }
  });

  it("in the admin area has the admin frame's first view on /admin alone, and never the app header's bar", async () => {
    const firstView = (body: string) => body.includes(ADMIN_VIEW);
    const headerBar = (body: string) =>
      body.includes('<div class="boot-frame-header" aria-hidden="true"></div>');
    const helpdesk = (await loginAs(app, "helpdesk@pedaali.test")).headers().cookie;
    for (const url of ["/admin", "/admin/", "/sv/admin"]) {
      const res = await app.inject({ url, headers: { cookie: helpdesk } });
      expect(firstView(res.body), url).toBe(true);
      expect(headerBar(res.body), url).toBe(false);
    }
    // The area's other paths share its route, not its first view: the admin frame's bar comes with
    // the page, so the frame shows the loader alone.
    for (const url of ["/admin/yritykset", "/en/admin/hakemukset/tilaus/1"]) {
      const res = await app.inject({ url, headers: { cookie: helpdesk } });
      expect(firstView(res.body), url).toBe(false);
      expect(headerBar(res.body), url).toBe(false);
      expect(res.body).toContain('<div class="boot-frame-loader" aria-hidden="true"></div>');
    }
    // Someone the area is not for is sent elsewhere, to a page under the app header.
    const employee = (await loginAs(app, "employee@demo.test")).headers().cookie;
    for (const cookie of [employee, undefined]) {
      const res = await app.inject({ url: "/admin", headers: cookie ? { cookie } : {} });
      expect(firstView(res.body)).toBe(false);
      expect(headerBar(res.body)).toBe(true);
    }
  });

  it("comes compressed as the visitor's browser takes it, and whole", async () => {
    const session = await loginAs(app, "employee@demo.test");
    const cookie = session.headers().cookie;
    const plain = await app.inject({ url: "/mybike", headers: { cookie } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(writtenUser(plain.body)).toBe("employee@demo.test");
    for (const [accepted, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0, gzip", "gzip", gunzipSync],
    ] as const) {
      const res = await app.inject({ url: "/mybike", headers: { cookie, "accept-encoding": accepted } });
      expect(res.headers["content-encoding"], accepted).toBe(encoding);
      expect(res.headers.vary).toContain("accept-encoding");
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(writtenUser(decode(res.rawPayload).toString("utf8")), accepted).toBe("employee@demo.test");
    }
  });

  it("sets the cookies of a session its user's answer refreshed, and the new ones are the session's", async () => {
    const session = await loginAs(app, "employee@demo.test");
    // An access token gone (expired): the answer refreshes the session from the refresh token.
    const { accessToken: _expired, ...refreshOnly } = session.jar;
    const page = await app.inject({ url: "/mybike", headers: { cookie: cookieHeader(refreshOnly) } });
    expect(writtenUser(page.body)).toBe("employee@demo.test");
    const renewed = cookieJar(refreshOnly, page);
    expect(renewed.accessToken).toBeTruthy();
    expect(renewed.refreshToken).not.toBe(session.jar.refreshToken);
    const next = await app.inject({ url: "/api/user", headers: { cookie: cookieHeader(renewed) } });
    expect(next.statusCode).toBe(200);
  });
});
