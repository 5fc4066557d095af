// The end of `.ci/run`: what each step took, the ten slowest test files of each suite, the time
// budget, and the closing line "N passed, N failed, N skipped" with each test case counted once.
//
// usage: node .ci/summary.mjs <report dir>   (the dir holds steps.tsv and the suites' JSON reports)
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Past this the run warns and names where the time went; past the limit it fails. */
const BUDGET_SECONDS = 20 * 60;
const LIMIT_SECONDS = 35 * 60;

const dir = process.argv[2];
const read = (name) => {
  const file = join(dir, name);
  if (!existsSync(file)) throw new Error(`missing report ${file}`);
  return readFileSync(file, "utf8");
};
const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;

// Steps: one "name<TAB>seconds" line each, written by .ci/run as each step ends.
const steps = read("steps.tsv")
  .trim()
  .split("\n")
  .map((line) => {
    const [name, took] = line.split("\t");
    return { name, took: Number(took) };
  });
const total = steps.reduce((sum, s) => sum + s.took, 0);
console.info("\nSteps:");
for (const s of steps) console.info(`${seconds(s.took)}  ${s.name}`);

/** A Vitest JSON report: its files with their seconds and their test cases' outcomes. */
function vitestFiles(name) {
  const report = JSON.parse(read(name));
  const files = report.testResults.map((file) => ({
    file: relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    passed: file.assertionResults.filter((t) => t.status === "passed").length,
    failed: file.assertionResults.filter((t) => t.status === "failed").length,
    skipped: file.assertionResults.filter(
      (t) => t.status === "skipped" || t.status === "pending" || t.status === "todo",
    ).length,
    cases: file.assertionResults.map((t) => ({ name: t.fullName, status: t.status })),
    // A file that fails before its tests run (an import, a beforeAll) has no failed test case.
    broken: file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed"),
  }));
  return { files, success: report.success };
}

/** The Playwright JSON report: its spec files with the seconds of their tests added up. */
function playwrightFiles(name) {
  const report = JSON.parse(read(name));
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? {
        file: `tests/e2e/${spec.file}`,
        seconds: 0,
        passed: 0,
        failed: 0,
        skipped: 0,
        broken: false,
      };
      for (const t of spec.tests) {
        entry.seconds += t.results.reduce((sum, r) => sum + r.duration, 0) / 1000;
        if (t.status === "expected" || t.status === "flaky") entry.passed++;
        else if (t.status === "skipped") entry.skipped++;
        else entry.failed++;
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  const broken = (report.errors ?? []).length > 0;
  return { files: [...byFile.values()], success: report.stats.unexpected === 0 && !broken };
}

const unit = vitestFiles("vitest-unit.json");
const pg = vitestFiles("vitest-pg.json");
const browser = playwrightFiles("playwright.json");

// npm test runs a slice of the database tests on PGlite as well: PostgreSQL's run of those files is the
// one counted, PGlite's is shown beside it (a failure on either counts).
const onPostgres = new Set(pg.files.map((f) => f.file));
const pgliteSlice = unit.files.filter((f) => onPostgres.has(f.file));
const unitOnly = unit.files.filter((f) => !onPostgres.has(f.file));
// A case of the slice that only PGlite has something to check in (skipped on PostgreSQL) is counted as
// it ended on PGlite.
const pgliteCases = new Map(
  pgliteSlice.map((f) => [f.file, new Map(f.cases.map((c) => [c.name, c.status]))]),
);
for (const file of pg.files) {
  const onPglite = pgliteCases.get(file.file);
  for (const c of onPglite ? file.cases : []) {
    if (c.status !== "skipped" || onPglite.get(c.name) !== "passed") continue;
    file.skipped--;
    file.passed++;
  }
}

const sum = (files, key) => files.reduce((n, f) => n + f[key], 0);
const suites = [
  { name: "npm test: unit and component tests", files: unitOnly, counted: true },
  { name: "npm test: the database slice on PGlite", files: pgliteSlice, counted: false },
  { name: "npm run test:pg: database tests on PostgreSQL", files: pg.files, counted: true },
  { name: "Playwright: journeys in Chromium", files: browser.files, counted: true },
];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const suite of suites) {
  const p = sum(suite.files, "passed");
  const f = sum(suite.files, "failed") + suite.files.filter((file) => file.broken).length;
  console.info(
    `\n${suite.name}: ${suite.files.length} files, ${p} passed, ${f} failed${suite.counted ? "" : " (counted on PostgreSQL)"}`,
  );
  for (const file of [...suite.files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.info(`${seconds(file.seconds)}  ${file.file}`);
  }
  failed += f;
  if (suite.counted) {
    passed += p;
    skipped += sum(suite.files, "skipped");
  }
}
if (!unit.success || !pg.success || !browser.success) failed = Math.max(failed, 1);

console.info(`\nCI took ${Math.round(total)} s (budget ${BUDGET_SECONDS} s, limit ${LIMIT_SECONDS} s).`);
let overLimit = false;
if (total > BUDGET_SECONDS) {
  const slowest = [...steps].sort((a, b) => b.took - a.took).slice(0, 3);
  console.warn(
    `WARNING: CI ran past its ${BUDGET_SECONDS / 60}-minute budget. The slowest steps: ${slowest
      .map((s) => `${s.name} (${Math.round(s.took)} s)`)
      .join(
        "; ",
      )}; the slowest files of each suite are listed above. docs/testing.md says how to make them cheaper.`,
  );
  if (total > LIMIT_SECONDS) {
    console.error(`CI ran past ${LIMIT_SECONDS / 60} minutes: make it cheaper before it lands.`);
    overLimit = true;
  }
}
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0 || overLimit) process.exit(1);
