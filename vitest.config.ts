import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Three projects: node (domain, contract, server and API tests on PGlite), node-mocks (the files that
// mock a module) and web (jsdom components).
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

const NODE_TESTS = [
  "src/domain/**/*.test.ts",
  "src/contract/**/*.test.ts",
  "src/server/**/*.test.ts",
  "tests/unit/**/*.test.ts",
  "tests/security/**/*.test.ts",
  "scripts/**/*.test.ts",
];
const MOCKING_TESTS = ["src/server/modules/auth/no-password-set.test.ts"];
const nodeProject = {
  environment: "node",
  globalSetup: ["tests/helpers/global-setup.ts"],
  // Each API test file holds a PGlite of 400-800 MB; two workers fit the 2-core machines.
  maxWorkers: 2,
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    sequence: { sequencer: SecurityHarnessFirst },
    reporters: reportFile ? ["default", "json"] : ["default"],
    ...(reportFile ? { outputFile: { json: reportFile } } : {}),
    projects: [
      {
        test: {
          ...nodeProject,
          name: "node",
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...MOCKING_TESTS],
          // The files of a worker share its loaded modules instead of importing Fastify, Drizzle and
          // PGlite anew for each file (about 35 s of a run on two cores). Nothing in src keeps state at
          // module level that a test changes; each file builds its own app on its own database.
          isolate: false,
        },
      },
      {
        test: {
          ...nodeProject,
          // Files that replace a module with vi.mock need modules of their own.
          name: "node-mocks",
          include: MOCKING_TESTS,
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
          // As in the node project: the files of a worker share loaded modules (React, Mantine, the app)
          // instead of importing them anew for each file — about 80 s less per run on two cores.
          // dom-setup.ts resets what the app's modules remember between files.
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
