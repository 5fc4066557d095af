// `npm run lighthouse`: Lighthouse on the production build with the demo data, on the public pages a
// visitor lands on and the four signed-in areas (the employer's, the employee's, the helpdesk's and a
// bike store's first page, each logged in as its demo user), with the mobile and the desktop presets. Prints a
// table of the four scores with LCP, TBT and CLS, and writes each run's JSON to bench/results/.
// Not in CI (a minute or more per page on the 2-core machine); the goals are in docs/design.md "Weight".
// Chromium: CHROME_PATH, else Debian's /usr/bin/chromium, else its headless shell (the browser tests'
// one); Lighthouse launches it with chrome-launcher.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// chrome-launcher and puppeteer-core come with lighthouse (its own way to launch and drive Chromium).
import { Launcher, launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { freePort, loginCookies, SIGNED_IN_PAGES, startServer, stopServer } from "./demo-server.mjs";

const PAGES = [
  { name: "home", path: "/" },
  { name: "calculator", path: "/laskuri" },
  { name: "login", path: "/kirjaudu" },
  { name: "for employers", path: "/tyonantajalle" },
  // Logged in through the API: password, then the two-factor step's development code where one is asked.
  ...SIGNED_IN_PAGES,
];
const ALL_PRESETS = ["mobile", "desktop"];
const PRESETS = ALL_PRESETS.includes(process.argv[3]) ? [process.argv[3]] : ALL_PRESETS;
// `npm run lighthouse -- login,logged` runs only the pages whose name has one of those words
// ("logged" every signed-in page); `-- logged mobile` only the mobile preset.
const only = process.argv[2]?.split(",");
const pages = only ? PAGES.filter((page) => only.some((word) => page.name.includes(word))) : PAGES;
const DESKTOP_CHROMIUM = "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
// Debian's Chromium 156 starts its omnibox's popup, a page of its own, even headless, and its code
// runs beside the measured page on the same two cores. The two features below keep it from starting.
// Chromium reads only the last --disable-features, so they join chrome-launcher's own list.
const POPUP_FEATURES = "WebUIOmniboxPopup,WebUIOmniboxAimPopup";
const CHROME_FLAGS = [
  ...Launcher.defaultFlags().map((flag) =>
    flag.startsWith("--disable-features=") ? `${flag},${POPUP_FEATURES}` : flag,
  ),
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
];
const resultsDir = join("bench", "results");
const runAt = new Date().toISOString().replace(/[:.]/g, "-");

/** A run Lighthouse ended without a trace it could read (most often NO_NAVSTART on this machine). */
class RunFailed extends Error {}
const TRIES = 3;

async function runLighthouse(url, preset, outputPath, cookies) {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? (existsSync(DESKTOP_CHROMIUM) ? DESKTOP_CHROMIUM : HEADLESS_SHELL),
    chromeFlags: CHROME_FLAGS,
    ignoreDefaultFlags: true,
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
  if (lhr.runtimeError) throw new RunFailed(lhr.runtimeError.code);
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

/**
 * Runs Lighthouse until it reads a trace: a run that lost the navigation's start is run again (up to
 * TRIES times), since it measured nothing. A fresh login per run: the access token is short-lived and a
 * refresh would rotate it.
 */
async function runWithRetries(page, preset, file) {
  for (let attempt = 1; ; attempt++) {
    const cookies = page.loginAs ? await loginCookies(server.base, page.loginAs) : [];
    try {
      return await runLighthouse(server.base + page.path, preset, file, cookies);
    } catch (error) {
      if (!(error instanceof RunFailed) || attempt === TRIES) throw error;
      console.info(`${page.name} (${preset}): ${error.message}, run again`);
    }
  }
}

mkdirSync(resultsDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), "pedaali-lighthouse-"));
const server = await startServer(await freePort(), dataDir);
const rows = [];
try {
  for (const page of pages) {
    for (const preset of PRESETS) {
      const file = join(resultsDir, `${runAt}-${page.name.replace(/\W+/g, "-")}-${preset}.json`);
      try {
        const result = await runWithRetries(page, preset, file);
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
  await stopServer(server, dataDir);
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
