import { defineConfig, devices } from "@playwright/test";

// End-to-end journeys in Debian's Chromium (`apt-get install -y chromium`); never `playwright install`.
// The server runs the built app on a throw-away in-memory database with the demo data.
const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.CI_REPORT_DIR}/playwright.json` }]]
    : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
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
  webServer: {
    command: "node dist/server/main.js",
    url: `http://localhost:${port}/api/health-check`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      PGLITE_DIR: "memory://",
      DEMO_SEED: "1",
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
    },
  },
});
