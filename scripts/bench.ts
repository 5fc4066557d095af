/**
 * `npm run bench`: the API over HTTP against the production build (scripts/bench/http.ts; `--pglite`,
 * `--fresh`, `--connections`, `--duration`, `--only`). `npm run bench -- --in-process` is the quick
 * check through app.inject (scripts/bench/in-process.ts).
 */
if (process.argv.includes("--in-process")) await import("./bench/in-process.ts");
else await (await import("./bench/http.ts")).runHttpBench();

export {};
