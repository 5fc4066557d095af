import { randomUUID } from "node:crypto";
import type { Db } from "../../src/server/db/client.ts";
import { companyApplications } from "../../src/server/db/schema/index.ts";
import type { Expectations, MatrixRow } from "./access-matrix.ts";

/**
 * The admin area's own calls: company applications, the event log, reporting and the helpdesk search.
 * Rows read as those of access-matrix.ts (see its header); only types come from there, so the
 * import does not loop at run time.
 */

/** companies.manage, audit.read, platform-reports.read, helpdesk.search: the admin tier only. */
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

/** A business ID with a valid check digit, new to the database (random seven digits). */
function freshBusinessId(): string {
  for (;;) {
    const digits = String(4_000_000 + Math.floor(Math.random() * 5_000_000));
    const sum = [7, 9, 10, 5, 8, 4, 2].reduce((s, w, i) => s + w * Number(digits[i]), 0);
    const rest = sum % 11;
    if (rest !== 1) return `${digits}-${rest === 0 ? 0 : 11 - rest}`;
  }
}

/** A PENDING application of its own for each case, so accept and reject cases are independent. */
async function freshApplication(db: Db): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(companyApplications)
    .values({
      companyName: `Matriisi ${tag} Oy`,
      businessId: freshBusinessId(),
      contactFirstName: "Matti",
      contactLastName: "Matriisi",
      contactEmail: `matriisi.${tag}@hakija.test`,
      language: "fi",
    })
    .returning({ id: companyApplications.id });
  return row?.id as string;
}

export const ADMIN_ROWS: readonly MatrixRow[] = [
  { operation: "GET /api/company-applications", call: () => ({}), expect: adminsOnly },
  { operation: "GET /api/company-applications/pending-count", call: () => ({}), expect: adminsOnly },
  {
    operation: "GET /api/company-applications/{id}",
    call: async (f) => ({ params: { id: await freshApplication(f.db) } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/company-applications/{id}/accept",
    call: async (f) => ({ params: { id: await freshApplication(f.db) }, body: { reviewNote: "Matriisi" } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/company-applications/{id}/reject",
    call: async (f) => ({ params: { id: await freshApplication(f.db) }, body: { reviewNote: "Matriisi" } }),
    expect: adminsOnly,
  },
  { operation: "GET /api/event-log", call: () => ({ query: { limit: "5" } }), expect: adminsOnly },
  { operation: "GET /api/admin/reports", call: () => ({}), expect: adminsOnly },
  { operation: "GET /api/admin/search", call: () => ({ query: { q: "demo" } }), expect: adminsOnly },
  {
    // Demo Oy's employee: the employer side reads users of its own companies; the other tenant gets 404.
    operation: "GET /api/system-users/{userId}",
    call: (f) => ({ params: { userId: f.employeeUserId } }),
    expect: {
      anonymous: 401,
      admins: "ok",
      employerManagers: "ok",
      EMPLOYER_REPORTING: 403,
      BIKE_BENEFICIARY: 403,
      BIKE_STORE: 403,
      otherTenant: 404,
    },
  },
];
