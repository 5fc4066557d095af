import { defineConfig } from "vitest/config";

// The test run StrykerJS repeats for every mutant (`npm run test:mutation`): the node tests only —
// domain rules and the API tests that exercise them — without the jsdom project, which mutants of
// src/domain and src/server never reach through the browser code paths measured here.
export default defineConfig({
  test: {
    environment: "node",
    include: ["src/domain/**/*.test.ts", "src/server/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
