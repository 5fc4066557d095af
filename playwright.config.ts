import { defineConfig, devices } from "@playwright/test";
import { E2E_WORKERS, serverPort, serverUrl } from "./tests/e2e/servers.ts";

// End-to-end journeys in Debian's Chromium (`apt-get install -y chromium`); never `playwright install`.
// Each worker has a server of its own: the built app on a throw-away in-memory database with the demo
// data (tests/e2e/servers.ts; the fixtures in tests/e2e/fixtures.ts point each test at its worker's).
// No retries: a journey that fails now and then is fixed, not run again until it passes.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.CI_REPORT_DIR}/playwright.json` }]]
    : [["list"], ["html", { open: "never" }]],
  // A screen's accessibility check runs axe four times (two widths, two themes), each several seconds
  // on a busy 2-core machine with two browsers and two servers.
  timeout: 60_000,
  use: {
    baseURL: serverUrl(0),
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: "node dist/server/main.js",
    url: `${serverUrl(index)}/api/health-check`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort(index)),
      PGLITE_DIR: "memory://",
      DEMO_SEED: "1",
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
    },
  })),
});
