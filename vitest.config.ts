import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { PGLITE_PROJECT } from "./tests/helpers/template-db.ts";

// The projects (docs/testing.md says which suite a new test belongs in):
// - unit: domain, contract, server and script tests that need no database; web: jsdom components.
// - db: every *.db.test.ts (API and database tests) on a database of its own per file: PostgreSQL with
//   TEST_DATABASE_URL (`npm run test:pg`, the full suite in CI), else PGlite; db-mocks: the one that
//   mocks a module.
// - pglite: PGLITE_SUITE, the smoke-sized slice of db that `npm test` runs on PGlite, npm start's
//   embedded database, without a server.
// - concurrency: tests/concurrency, pairs of actions at the same moment (`npm run test:concurrency`).
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
const DB_TESTS = [
  "src/server/**/*.db.test.ts",
  "tests/security/**/*.db.test.ts",
  "tests/scale/**/*.db.test.ts",
];
const MOCKING_TESTS = ["src/server/modules/auth/no-password-set.db.test.ts"];

/**
 * The database tests PGlite runs in `npm test`: what differs between the two databases (opening and
 * migrating, constraint errors, the job queue's adapter, the clock, row locks under simultaneous
 * requests), the demo seed and app start of `npm start`, and one journey each of the login, the
 * employer's, the orders', the after-sales' and the public side. PostgreSQL runs all of them.
 */
export const PGLITE_SUITE = [
  "src/server/db/client.db.test.ts",
  "src/server/db/schema.db.test.ts",
  // The demo data holds the database's promises and the money rules (npm run db:consistency).
  "src/server/db/consistency.db.test.ts",
  "src/server/db/seed/seed-demo.db.test.ts",
  // npm run backup and restore: PGlite's data directory dumped and loaded, not pg_dump's.
  "src/server/backup/backup-restore.db.test.ts",
  "src/server/app.db.test.ts",
  "src/server/plugins/errors-postgres.db.test.ts",
  "src/server/jobs/runner.db.test.ts",
  "src/server/modules/dev-outbox/dev-outbox.db.test.ts",
  "src/server/modules/orders/lifecycle.db.test.ts",
  "src/server/modules/orders/start.db.test.ts",
  "src/server/modules/roles/roles.db.test.ts",
  "src/server/modules/auth/auth.db.test.ts",
  "src/server/modules/employees/employee-lists.db.test.ts",
  "src/server/modules/reporting/payroll.db.test.ts",
  "src/server/modules/reporting/dashboard.db.test.ts",
  "src/server/modules/orders/signing.db.test.ts",
  "src/server/modules/insurance-claims/claim-files.db.test.ts",
  "src/server/modules/calculator/calculator.db.test.ts",
];

const databaseProject = {
  environment: "node",
  // A deprecation the server meets (a query sent on a busy connection, an API Node will remove) fails
  // the test that met it instead of printing a warning once per process.
  execArgv: ["--throw-deprecation"],
  globalSetup: ["tests/helpers/global-setup.ts"],
  setupFiles: ["tests/helpers/one-query-at-a-time.ts"],
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
          name: "unit",
          environment: "node",
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...DB_TESTS],
          maxWorkers: 2,
          testTimeout: 20_000,
          // The files of a worker share its loaded modules instead of importing them anew for each
          // file. Nothing in src keeps state at module level that a test changes.
          isolate: false,
        },
      },
      {
        test: {
          ...databaseProject,
          name: "db",
          include: DB_TESTS,
          exclude: [...configDefaults.exclude, ...MOCKING_TESTS],
          // As in unit: Fastify, Drizzle and PGlite are imported once per worker, not per file (about
          // 35 s of a run on two cores); each file builds its own app on its own database.
          isolate: false,
        },
      },
      {
        test: {
          ...databaseProject,
          // Files that replace a module with vi.mock need modules of their own.
          name: "db-mocks",
          include: MOCKING_TESTS,
        },
      },
      {
        test: {
          ...databaseProject,
          // `npm run test:concurrency`: pairs of people's actions at the same moment, on PostgreSQL
          // only; CI runs its slice (store-payouts/payout-races.db.test.ts) in the db project.
          name: "concurrency",
          include: ["tests/concurrency/**/*.concurrency.test.ts"],
          isolate: false,
          testTimeout: 900_000,
        },
      },
      {
        test: {
          ...databaseProject,
          name: PGLITE_PROJECT,
          include: PGLITE_SUITE,
          isolate: false,
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
