// The budget test of the built front end (docs/design.md "Weight"): run by .ci/run right after
// `npm run build`, since `npm test` runs before there is a build. Prints the figures; fails past a budget.
// Usage: npm run build:web && npx tsx scripts/check-bundle-budget.ts
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { bundleBudget, type Manifest } from "./bundle-budget.ts";

const dist = "dist/web";
const manifestPath = join(dist, ".vite/manifest.json");
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run npm run build:web first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
// Gzip at its best level, as a precompressed or cached response is sent.
const report = bundleBudget(
  manifest,
  (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
);

console.info(`home page JavaScript: ${report.home.bytes} bytes gzipped (budget ${report.home.budget})`);
for (const f of report.home.files) console.info(`  ${String(f.bytes).padStart(7)}  ${f.file}`);
console.info(`home page CSS: ${report.homeCss.bytes} bytes gzipped (budget ${report.homeCss.budget})`);
for (const f of report.homeCss.files) console.info(`  ${String(f.bytes).padStart(7)}  ${f.file}`);
console.info(`largest chunks (budget ${report.chunkBudget} each):`);
for (const f of report.largestChunks) console.info(`  ${String(f.bytes).padStart(7)}  ${f.file}`);
if (report.failures.length > 0) {
  for (const failure of report.failures) console.error(`bundle budget: ${failure}`);
  process.exit(1);
}
console.info("bundle budget: passed");
