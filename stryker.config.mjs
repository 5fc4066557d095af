// Mutation testing: how many deliberate bugs the tests catch (`npm run test:mutation`).
// Scope with --mutate, e.g. `npm run test:mutation -- --mutate "src/domain/**/*.ts,!src/domain/**/*.test.ts"`.
// Too slow for every CI run on two cores; run it before resolving an issue that touches these folders
// and give the score per folder in the closing note (goal ≥ 85 % for domain and auth).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  mutate: [
    "src/domain/**/*.ts",
    "src/server/modules/auth/**/*.ts",
    "!**/*.test.ts",
    // Type declarations and the enum tuples have nothing to mutate that a test could notice.
    "!src/domain/enums.ts",
  ],
  coverageAnalysis: "perTest",
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  thresholds: { high: 85, low: 70, break: null },
  tempDirName: ".stryker-tmp",
  // TypeScript 7 has no JavaScript API for Stryker's tsconfig rewriting, and ours needs none (no
  // extends or references outside the project): point it at a file that does not exist.
  tsconfigFile: "tsconfig.stryker-not-used.json",
  cleanTempDir: "always",
};
