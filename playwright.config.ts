import { dirname, join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  E2E_WORKERS,
  LOCAL_CLIENT_ID,
  OIDC_KEYS_FILE,
  PROVIDER_ADDRESSES,
  RUN_DIR,
  serverExitFile,
  serverLogFile,
  serverPort,
  serverUrl,
} from "./tests/e2e/servers.ts";

/**
 * Debian's headless build of Chromium (package chromium-headless-shell), the kind Playwright itself
 * runs headless: the same engine without the desktop browser's processes, and about twice as fast per
 * page as /usr/bin/chromium on a 2-core machine.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

// End-to-end journeys in Debian's headless Chromium (`apt-get install -y chromium-headless-shell`);
// never `playwright install`.
// Each worker has a server of its own: the built app on a throw-away in-memory database with the demo
// data (tests/e2e/servers.ts; the fixtures in tests/e2e/fixtures.ts point each test at its worker's).
// Every port and file of a run is its own, so runs side by side on one machine never meet.
// No retries: a journey that fails now and then is fixed, not run again until it passes.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // test-results/run-<pid>/: Playwright's results and traces, the HTML report, the servers' logs and
  // the key set, where no other run writes.
  outputDir: join(RUN_DIR, "results"),
  reporter: process.env.CI_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.CI_REPORT_DIR}/playwright.json` }]]
    : [["list"], ["html", { open: "never", outputFolder: join(RUN_DIR, "report") }]],
  // A screen's accessibility check runs axe at each width and in each theme (four times with
  // E2E_EVERY_WIDTH_AND_THEME), up to a second or two each on a busy 2-core machine with two browsers and
  // two servers, and a journey visits many screens.
  timeout: 60_000,
  // A lazy screen's first visit (its chunks, then its API calls, then React's render) takes several
  // seconds when two browsers and two servers share two cores; Playwright's default 5 s is too close.
  expect: { timeout: 10_000 },
  // Reads the dev outbox while the journeys run and, after them, while the servers still run, checks
  // that no password, token, code or identity code is in their logs; a finding fails the run.
  // First waits until every app server has started (they start side by side, app-servers-ready.ts).
  globalSetup: ["./tests/e2e/app-servers-ready.ts", "./tests/e2e/log-secrets-check.ts"],
  use: {
    baseURL: serverUrl(0),
    reducedMotion: "reduce",
    // A failure's trace is kept on a developer's machine; CI prints each failure's page snapshot
    // instead, and recording every action's screenshots there made the whole run a quarter slower.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? HEADLESS_SHELL,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      // The OpenID Connect providers the identity journeys meet (scripts/identity-providers.ts): the
      // strong identification broker and a company's provider, on ports the system picks. It makes the
      // key set the app servers share, since the broker knows the platform as one client with one set
      // of published keys. Playwright starts the web servers one after another and reads the two
      // addresses the script prints into the environment (named groups become variables), which the
      // app servers started after it and the workers inherit.
      command: `npx tsx scripts/identity-providers.ts --broker-port 0 --company-port 0 --keys-file ${shellQuoted(OIDC_KEYS_FILE)} ${Array.from(
        { length: E2E_WORKERS },
        (_, index) => `--app ${serverUrl(index)}`,
      ).join(" ")}`,
      wait: {
        stdout: new RegExp(
          `Strong identification broker: +(?<${PROVIDER_ADDRESSES.strongIdIssuer}>\\S+)\\n[\\s\\S]*?Company identity provider: +(?<${PROVIDER_ADDRESSES.companyIdpIssuer}>\\S+)\\n`,
        ),
      },
      timeout: 60_000,
    },
    ...Array.from({ length: E2E_WORKERS }, (_, index) => appServer(index)),
  ],
});

function appServer(index: number) {
  return {
    // A deprecation the server meets ends it, and the journey that met it fails. Its log (standard
    // output, which Playwright does not show) goes to a file for the check of secrets in the log.
    // It starts once the providers have said where they listen (their address is the broker's issuer).
    // Playwright starts its web servers one after another and would wait for each to answer before
    // starting the next; the app servers, each migrating and seeding a database of its own, start
    // side by side instead (no url here), and the first global setup (app-servers-ready.ts) waits
    // for them all, told by the exit file when one ends early.
    command: `export STRONG_ID_ISSUER="\${${PROVIDER_ADDRESSES.strongIdIssuer}:?the identity providers have not said where they listen}"; mkdir -p ${shellQuoted(dirname(serverLogFile(index)))} && node --throw-deprecation dist/server/main.js > ${shellQuoted(serverLogFile(index))}; echo $? > ${shellQuoted(serverExitFile(index))}`,
    reuseExistingServer: false,
    env: {
      PORT: String(serverPort(index)),
      PGLITE_DIR: "memory://",
      // Its stored files in the run's folder: a server's nightly sweep removes bytes its own database
      // does not name, so no two servers may share a folder.
      FILES_DIR: join(RUN_DIR, `files-${index}`),
      DEMO_SEED: "1",
      // As in production: each request's line, where a secret in a URL would show.
      LOG_LEVEL: "info",
      NODE_ENV: "development",
      STRONG_ID_CLIENT_ID: LOCAL_CLIENT_ID,
      OIDC_ALLOW_HTTP: "1",
      OIDC_KEYS_FILE,
      // The payroll journey's SFTP server listens on 127.0.0.1.
      SFTP_ALLOW_PRIVATE_HOSTS: "1",
      // No job at a time of day: the payroll report of 07:00 Helsinki time, say, would deliver the
      // month's report in the middle of the payroll journey, and a journey would pass or fail by the hour.
      TIMED_JOBS: "0",
    },
  };
}
