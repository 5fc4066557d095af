// The budget test of the built front end (docs/design.md "Weight"): run by .ci/run right after
// `npm run build`, since `npm test` runs before there is a build. Prints the figures; fails past a budget.
// Usage: npm run build:web && npx tsx scripts/check-bundle-budget.ts
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { bundleBudget, type Manifest, PUBLIC_PAGE_BUDGETS } from "./bundle-budget.ts";

const dist = "dist/web";
function readManifest(name: string): Manifest {
  const path = join(dist, ".vite", name);
  if (!existsSync(path)) {
    console.error(`${path} is missing: run npm run build:web first.`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}
// The home page is the public entry's (ADR 023); the app's chunks are held to the chunk budget too.
const publicManifest = readManifest("public-manifest.json");
const appManifest = readManifest("manifest.json");
// Gzip at its best level, as a precompressed or cached response is sent.
const report = bundleBudget(
  publicManifest,
  (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  { otherChunks: appManifest, pages: PUBLIC_PAGE_BUDGETS },
);

console.info(`home page JavaScript: ${report.home.bytes} bytes gzipped (budget ${report.home.budget})`);
for (const f of report.home.files) console.info(`  ${String(f.bytes).padStart(7)}  ${f.file}`);
for (const page of report.pages) {
  console.info(`${page.page} JavaScript: ${page.bytes} bytes gzipped (budget ${page.budget})`);
  for (const f of page.files) console.info(`  ${String(f.bytes).padStart(7)}  ${f.file}`);
}
console.info(`home page CSS: ${report.homeCss.bytes} bytes gzipped (budget ${report.homeCss.budget})`);
for (const f of report.homeCss.files) console.info(`  ${String(f.bytes).padStart(7)}  ${f.file}`);
console.info(`largest chunks (budget ${report.chunkBudget} each):`);
for (const f of report.largestChunks) console.info(`  ${String(f.bytes).padStart(7)}  ${f.file}`);
if (report.failures.length > 0) {
  for (const failure of report.failures) console.error(`bundle budget: ${failure}`);
  process.exit(1);
}
console.info("bundle budget: passed");
