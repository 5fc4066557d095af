// `npm run lighthouse`: Lighthouse on the production build with the demo data, on the public pages a
// visitor lands on and the four signed-in areas (the employer's, the employee's, the helpdesk's and a
// bike store's first page, each logged in as its demo user), with the mobile and the desktop presets. Prints a
// table of the four scores with LCP, TBT and CLS, and writes each run's JSON to bench/results/.
// Not in CI (a minute or more per page on the 2-core machine); the goals are in docs/design.md "Weight".
// Chromium: CHROME_PATH, else Debian's /usr/bin/chromium, else its headless shell (the browser tests'
// one); Lighthouse launches it with chrome-launcher.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// chrome-launcher and puppeteer-core come with lighthouse (its own way to launch and drive Chromium).
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";

const PAGES = [
  { name: "home", path: "/" },
  { name: "calculator", path: "/laskuri" },
  { name: "login", path: "/kirjaudu" },
  { name: "for employers", path: "/tyonantajalle" },
  // Logged in through the API: password, then the two-factor step's development code where one is asked.
  { name: "employer (logged in)", path: "/tyonantaja", loginAs: "employer.admin@demo.test" },
  { name: "employee (logged in)", path: "/mybike", loginAs: "employee@demo.test" },
  { name: "helpdesk (logged in)", path: "/admin", loginAs: "helpdesk@pedaali.test" },
  { name: "bike store (logged in)", path: "/pyoraliike", loginAs: "myyja@vauhti.test" },
];
const ALL_PRESETS = ["mobile", "desktop"];
const PRESETS = ALL_PRESETS.includes(process.argv[3]) ? [process.argv[3]] : ALL_PRESETS;
// `npm run lighthouse -- login,logged` runs only the pages whose name has one of those words
// ("logged" every signed-in page); `-- logged mobile` only the mobile preset.
const only = process.argv[2]?.split(",");
const pages = only ? PAGES.filter((page) => only.some((word) => page.name.includes(word))) : PAGES;
const DEMO_PASSWORD = "Pedaali2026!";
const DESKTOP_CHROMIUM = "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu";
const resultsDir = join("bench", "results");
const runAt = new Date().toISOString().replace(/[:.]/g, "-");

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port, dataDir) {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), PGLITE_DIR: join(dataDir, "pglite"), LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // The address the server takes for its own (PUBLIC_URL's default): logins check the Origin against it.
  const base = `http://localhost:${port}`;
  const startedAt = Date.now();
  while (Date.now() - startedAt < 600_000) {
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health-check`)).ok) return { child, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not answer within 600 s");
}

/**
 * Logs in through the API (with the two-factor step's development code) and answers the session's
 * cookies. The page needs them in the browser itself, not only as a request header: the app reads its
 * session cookie to know someone is logged in.
 */
async function loginCookies(base, email) {
  const cookies = new Map();
  const post = async (path, body) => {
    const res = await fetch(base + path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: base,
        // The two-factor step finds its login by the cookie the login set.
        cookie: [...cookies.values()].map((c) => `${c.name}=${c.value}`).join("; "),
      },
      body: JSON.stringify(body),
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const pathAttribute = attributes.find((a) => a.toLowerCase().startsWith("path="));
      const cookiePath = pathAttribute ? pathAttribute.slice(5) : "/";
      cookies.set(pair.slice(0, at), {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        url: base + cookiePath,
      });
    }
    return res;
  };
  const login = await post("/api/login", { email, password: DEMO_PASSWORD });
  if (login.status === 202) {
    const { devCode } = await login.json();
    const verify = await post("/api/verify", { email, code: devCode });
    if (verify.status !== 200) throw new Error(`two-factor step for ${email}: ${verify.status}`);
  } else if (login.status !== 200) {
    throw new Error(`login as ${email}: ${login.status} ${await login.text()}`);
  }
  return [...cookies.values()];
}

async function runLighthouse(url, preset, outputPath, cookies) {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? (existsSync(DESKTOP_CHROMIUM) ? DESKTOP_CHROMIUM : HEADLESS_SHELL),
    chromeFlags: CHROME_FLAGS.split(" "),
  });
  let lhr;
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (cookies.length > 0) await page.setCookie(...cookies);
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    };
    const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined, page);
    writeFileSync(outputPath, result.report);
    lhr = result.lhr;
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
  const score = (id) =>
    lhr.categories[id]?.score == null ? "-" : Math.round(lhr.categories[id].score * 100);
  const audit = (id) => lhr.audits[id]?.numericValue;
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
    .map((a) => a.id);
  return {
    perf: score("performance"),
    a11y: score("accessibility"),
    bp: score("best-practices"),
    seo: score("seo"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    failing,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
  };
}

mkdirSync(resultsDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), "pedaali-lighthouse-"));
const server = await startServer(await freePort(), dataDir);
const rows = [];
try {
  for (const page of pages) {
    for (const preset of PRESETS) {
      const file = join(resultsDir, `${runAt}-${page.name.replace(/\W+/g, "-")}-${preset}.json`);
      // A fresh login per run: the access token is short-lived and a refresh would rotate it.
      try {
        const cookies = page.loginAs ? await loginCookies(server.base, page.loginAs) : [];
        const result = await runLighthouse(server.base + page.path, preset, file, cookies);
        if (page.loginAs && !result.finalUrl.endsWith(page.path)) {
          throw new Error(`ended at ${result.finalUrl}: the login did not hold`);
        }
        rows.push({ page: page.name, preset, ...result });
        console.info(`${page.name} (${preset}): done, ${file}`);
      } catch (error) {
        process.exitCode = 1;
        console.error(`${page.name} (${preset}): ${error instanceof Error ? error.message : error}`);
      }
    }
  }
} finally {
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.on("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (v) => (v == null ? "-" : `${(v / 1000).toFixed(2)} s`);
console.info("");
console.info("| Page | Preset | Perf | A11y | BP | SEO | LCP | TBT | CLS | Audits below 90 |");
console.info("|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.info(
    `| ${r.page} | ${r.preset} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.seo} | ${ms(r.lcp)} | ${Math.round(r.tbt ?? 0)} ms | ${(r.cls ?? 0).toFixed(3)} | ${r.failing.join(", ")} |`,
  );
}
