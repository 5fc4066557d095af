// `npm start` builds the app first when there is no build, or when a source is newer than it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const outputs = [
  "dist/web/index.html",
  "dist/web/prerendered/manifest.json",
  "dist/server/main.js",
  "dist/server/pglite-initial-cluster.tar.gz",
];
const inputs = ["src", "scripts", "package-lock.json", "vite.config.ts", "vite.server.config.ts"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.info(
    builtAt === 0 ? "Building Pedaali (first start)…" : "Sources changed since the last build: rebuilding…",
  );
  execSync("node scripts/build.mjs", { stdio: "inherit" });
}
