import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Two projects: node (domain, contract, server and API tests on PGlite) and web (jsdom components).
// CI_REPORT_DIR (set by .ci/run) adds a JSON report that .ci/run sums into its closing line.
const reportFile = process.env.CI_REPORT_DIR
  ? `${process.env.CI_REPORT_DIR}/vitest-${process.env.TEST_DATABASE_URL ? "pg" : "unit"}.json`
  : null;

/**
 * The security harness files run longest (the fuzz about 40 s of CPU): start them first, so that on a
 * fresh clone, which has no timings cached for Vitest to sort by, they do not start last and leave a
 * core idle while they finish. The rest keeps Vitest's order (slowest first once timings are cached).
 */
class SecurityHarnessFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => (f.moduleId.includes("/tests/security/") ? 0 : 1);
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SecurityHarnessFirst },
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
