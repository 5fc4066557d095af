import { randomUUID } from "node:crypto";
import type { Db } from "../../src/server/db/client.ts";
import { refreshSessions } from "../../src/server/db/schema/index.ts";
import { randomToken, sha256 } from "../../src/server/modules/auth/tokens.ts";
import type { Caller, Expectations, MatrixRow } from "./access-matrix.ts";

/**
 * A person's own logins (/kayttaja). Rows read as those of access-matrix.ts (see its header); only
 * types come from there, so the import does not loop at run time.
 *
 * Every active user holds own-details.manage and reaches only their own logins: there is no path to
 * another person's (their id answers 404, as sessions.db.test.ts shows). Ending one acts on a
 * throw-away login made for the call, never on the session the matrix calls with.
 */
const loggedIn: Expectations = { anonymous: 401, rest: "ok" };

/** A login of the caller made for the call alone (a random id for an anonymous caller: refused first). */
async function throwAwayLogin(db: Db, caller: Caller): Promise<string> {
  const familyId = randomUUID();
  if (!caller.userId) return familyId;
  await db.insert(refreshSessions).values({
    userId: caller.userId,
    familyId,
    tokenHash: sha256(randomToken()),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    lastUsedAt: new Date(),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    ipAddress: "10.99.0.1",
  });
  return familyId;
}

export const OWN_SESSION_ROWS: readonly MatrixRow[] = [
  { operation: "GET /api/account/sessions", call: () => ({}), expect: loggedIn },
  {
    operation: "DELETE /api/account/sessions/{id}",
    call: async (f, caller) => ({ params: { id: await throwAwayLogin(f.db, caller) } }),
    expect: loggedIn,
  },
  {
    // Keeps the session the matrix calls with; the caller's other logins are the cases' spent ones.
    operation: "DELETE /api/account/sessions",
    call: () => ({}),
    expect: loggedIn,
  },
];
