import { defineConfig } from "vitest/config";

// The test run StrykerJS repeats for every mutant (`npm run test:mutation`). Each folder is measured by
// the tests written for it (MUTATION_TESTS, set per run by stryker.config.mjs): domain rules by their
// unit tests, the auth module by its API tests. Letting every API test count for the domain would run
// hundreds of database-backed files per mutant, hours on two cores, for little more information.
const include = (process.env.MUTATION_TESTS ?? "src/domain/**/*.test.ts").split(",");

export default defineConfig({
  test: {
    environment: "node",
    include,
    globalSetup: ["tests/helpers/global-setup.ts"],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
