// Sums the JSON reports of the Vitest and Playwright runs into the closing "N passed, N failed" line.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ["vitest-unit.json", "vitest-pg.json"]) {
  const file = join(dir, name);
  if (!existsSync(file)) throw new Error(`missing report ${file}`);
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  console.info(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
const pw = join(dir, "playwright.json");
if (!existsSync(pw)) throw new Error(`missing report ${pw}`);
const s = JSON.parse(readFileSync(pw, "utf8")).stats;
passed += s.expected + s.flaky;
failed += s.unexpected;
skipped += s.skipped;
console.info(`playwright.json: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
