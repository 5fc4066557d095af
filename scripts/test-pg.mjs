// `npm run test:pg`: every database test (*.db.test.ts: the API and database tests) against a
// PostgreSQL server. Each test file gets its own database copied from a template on that server. Files and tests
// run shuffled, as in `npm test`; Vitest prints the seed, and `--sequence.seed=<seed>` replays the order.
import { spawnSync } from "node:child_process";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    "Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:pg",
  );
  process.exit(1);
}
const result = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "--project",
    "db",
    "--project",
    "db-mocks",
    "--sequence.shuffle.tests",
    ...process.argv.slice(2),
  ],
  {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(result.status ?? 1);
