// `npm run test:concurrency`: the concurrency suite (tests/concurrency/*.concurrency.test.ts) against a
// PostgreSQL server: pairs of people's actions on one thing at the same moment, each raced
// CONCURRENCY_REPETITIONS times (24 here, 3 when the files run by hand), through the real HTTP handlers.
// Each file gets its own database copied from a template on that server, as in `npm run test:pg`.
// CI runs only its slice: src/server/modules/store-payouts/payout-races.db.test.ts, in `npm run test:pg`.
import { spawnSync } from "node:child_process";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    "Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:concurrency",
  );
  process.exit(1);
}
const result = spawnSync("npx", ["vitest", "run", "--project", "concurrency", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    TEST_DATABASE_URL: url,
    CONCURRENCY_REPETITIONS: process.env.CONCURRENCY_REPETITIONS || "24",
  },
});
process.exit(result.status ?? 1);
