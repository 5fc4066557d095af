// `npm run second-visit`: how long a returning user waits for each signed-in area's first page on a phone.
// The largest paint of /tyonantaja, /mybike, /admin and /pyoraliike on a second visit (the code in the
// browser's cache, the page and its calls not), with Chromium emulating a phone's network (150 ms round
// trip, 1.6 Mbps down, 750 kbps up) and a CPU four times slower, as Lighthouse's mobile preset assumes;
// Lighthouse itself measures a first visit only. `npm run second-visit -- 9` runs each page nine times
// (seven by default) and prints every run and the median. Not in CI: it means something only on an
// otherwise idle machine, and between two builds measured on the same one.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { freePort, loginCookies, SIGNED_IN_PAGES, startServer, stopServer } from "./demo-server.mjs";

const RUNS = Number(process.argv[2] ?? 7);
const CHROMIUM =
  process.env.CHROME_PATH ??
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : "/usr/bin/chromium-headless-shell");
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

/** The largest paint of one second visit to `path`, in ms from the navigation's start. */
async function secondVisit(browser, base, path, email) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    // A fresh login per run: the access token is short-lived and a refresh would rotate it.
    await context.addCookies(await loginCookies(base, email));
    const page = await context.newPage();
    await page.goto(base + path);
    await page.waitForLoadState("networkidle");
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.enable");
    await devtools.send("Network.emulateNetworkConditions", PHONE_NETWORK);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(base + path);
    if (!page.url().endsWith(path)) throw new Error(`ended at ${page.url()}: the login did not hold`);
    // Waited out, not watched for: Playwright's waiting runs in the page, and on the slowed CPU its
    // polling would hold the page's own work back.
    await page.waitForTimeout(5000);
    if ((await page.locator("main h1").count()) === 0) throw new Error(`${path} showed no heading in 5 s`);
    return await page.evaluate(
      () =>
        new Promise((resolve) =>
          new PerformanceObserver((list) => resolve(Math.round(list.getEntries().at(-1).startTime))).observe({
            type: "largest-contentful-paint",
            buffered: true,
          }),
        ),
    );
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "pedaali-second-visit-"));
const server = await startServer(await freePort(), dataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
const rows = [];
try {
  for (const { name, path, loginAs } of SIGNED_IN_PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await secondVisit(browser, server.base, path, loginAs));
    const median = runs.toSorted((a, b) => a - b)[Math.floor(runs.length / 2)];
    rows.push({ name, path, median, runs });
    console.info(`${name}: done`);
  }
} finally {
  await browser.close();
  await stopServer(server, dataDir);
}
console.info("");
console.info("| Page | Largest paint, median | Runs (ms) |");
console.info("|---|---|---|");
for (const r of rows) console.info(`| ${r.name} ${r.path} | ${r.median} ms | ${r.runs.join(", ")} |`);
