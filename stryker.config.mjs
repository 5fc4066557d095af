// Mutation testing: how many deliberate bugs the tests catch (`npm run test:mutation`).
// MUTATION_SCOPE picks the folder: `domain` (src/domain, by its unit tests; the default) or `auth`
// (src/server/modules/auth and the auth plugin, by the auth API tests and the security matrix);
// `npm run test:mutation` runs both. Too slow for every CI run on two cores: run it before resolving
// an issue that touches these folders and give the score per folder in the closing note (goal ≥ 85 %).
const SCOPES = {
  domain: {
    mutate: [
      "src/domain/**/*.ts",
      "!src/domain/**/*.test.ts",
      "!src/domain/**/test-fixtures.ts",
      "!src/domain/enums.ts",
    ],
    tests: ["src/domain/**/*.test.ts"],
  },
  auth: {
    mutate: ["src/server/modules/auth/**/*.ts", "src/server/plugins/auth.ts", "!**/*.test.ts"],
    tests: [
      "src/server/modules/auth/**/*.test.ts",
      "src/server/security-headers.db.test.ts",
      "src/server/plugins/openapi.db.test.ts",
    ],
  },
};
const scope = SCOPES[process.env.MUTATION_SCOPE ?? "domain"];
if (!scope) throw new Error(`MUTATION_SCOPE must be one of ${Object.keys(SCOPES).join(", ")}`);
process.env.MUTATION_TESTS = scope.tests.join(",");

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  mutate: scope.mutate,
  coverageAnalysis: "perTest",
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `reports/mutation/${process.env.MUTATION_SCOPE ?? "domain"}.html` },
  jsonReporter: { fileName: `reports/mutation/${process.env.MUTATION_SCOPE ?? "domain"}.json` },
  thresholds: { high: 85, low: 70, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  // TypeScript 7 has no JavaScript API for Stryker's tsconfig rewriting, and ours needs none (no
  // extends or references outside the project): point it at a file that does not exist.
  tsconfigFile: "tsconfig.stryker-not-used.json",
};
