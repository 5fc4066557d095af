// `npm run build`: the app's build, one line per step. Vite's list of every file it writes (about 200
// lines) is left out, and the two scripts' summaries are kept back: a step's output shows when it warns
// or fails. `--verbose` shows everything as it comes; `npm run build:web` or `build:server` builds one half.
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
/** Vite at "warn" prints only what needs a look, so whatever a step prints is shown. */
const VITE = "node_modules/.bin/vite";
const vite = (...viteArgs) => [VITE, ["build", ...viteArgs, ...(verbose ? [] : ["--logLevel", "warn"])]];

const WEB_STEPS = [
  ["the signed-in app", ...vite()],
  ["the public pages' entry", ...vite("--mode", "public")],
  ["the public pages' renderer", ...vite("--ssr", "entry-server.tsx")],
  ["the prerendered public pages", "node", ["scripts/prerender.mjs"]],
];
const SERVER_STEPS = [
  ["the server", ...vite("--config", "vite.server.config.ts")],
  ["the embedded database's first cluster", "node", ["scripts/build-pglite-cluster.mjs"]],
];

const half = args.find((arg) => !arg.startsWith("--"));
const steps = half === "web" ? WEB_STEPS : half === "server" ? SERVER_STEPS : [...WEB_STEPS, ...SERVER_STEPS];

/** Runs one step; answers its exit code and everything it printed, in order. */
function run(command, commandArgs) {
  return new Promise((done) => {
    const child = spawn(command, commandArgs, { stdio: verbose ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => done({ code: code ?? 1, output }));
  });
}

const started = Date.now();
for (const [name, command, commandArgs] of steps) {
  const stepStarted = Date.now();
  const { code, output } = await run(command, commandArgs);
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (code !== 0) {
    process.stdout.write(output);
    console.error(`✗ Building ${name} failed (exit ${code}): ${command} ${commandArgs.join(" ")}`);
    process.exit(code);
  }
  console.info(`✓ Built ${name} in ${seconds} s`);
  if (command === VITE && output.trim()) process.stdout.write(output);
}
console.info(`Build done in ${((Date.now() - started) / 1000).toFixed(1)} s (dist/).`);
