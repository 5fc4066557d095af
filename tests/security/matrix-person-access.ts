import type { MatrixRow } from "./access-matrix.ts";

/**
 * Who looked at whom: the helpdesk's list of one person's reads (audit.read, the admin tier only).
 * Rows read as those of access-matrix.ts (see its header).
 */
export const PERSON_ACCESS_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/system-users/{userId}/access-log",
    call: (f) => ({ params: { userId: f.employeeUserId } }),
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
];
