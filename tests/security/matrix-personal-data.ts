import type { Expectations, MatrixRow } from "./access-matrix.ts";

/**
 * A person's own copy of their data. Rows read as those of access-matrix.ts (see its header); only
 * types come from there, so the import does not loop at run time.
 *
 * Every active user takes their own (own-details.manage, which every role holds): the session says
 * whose, so there is no path to another person's and nothing for another tenant to reach.
 */
const loggedIn: Expectations = { anonymous: 401, rest: "ok" };

export const PERSONAL_DATA_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/account/personal-data",
    call: () => ({ query: { format: "json" } }),
    expect: loggedIn,
  },
];
