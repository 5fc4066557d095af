import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: node (domain, contract, server and API tests on PGlite) and web (jsdom components).
// CI_REPORT_DIR (set by .ci/run) adds a JSON report that .ci/run sums into its closing line.
const reportFile = process.env.CI_REPORT_DIR
  ? `${process.env.CI_REPORT_DIR}/vitest-${process.env.TEST_DATABASE_URL ? "pg" : "unit"}.json`
  : null;

export default defineConfig({
  test: {
    reporters: reportFile ? ["default", "json"] : ["default"],
    ...(reportFile ? { outputFile: { json: reportFile } } : {}),
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: [
            "src/domain/**/*.test.ts",
            "src/contract/**/*.test.ts",
            "src/server/**/*.test.ts",
            "tests/unit/**/*.test.ts",
            "tests/security/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          globalSetup: ["tests/helpers/global-setup.ts"],
          // Each API test file holds a PGlite of 400-800 MB; two workers fit the 2-core machines.
          maxWorkers: 2,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/web/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/helpers/dom-setup.ts"],
          maxWorkers: 2,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
