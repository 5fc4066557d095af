import type { MatrixRow } from "./access-matrix.ts";

/**
 * A person's erasure and the holds it leaves (person.erase: the admin tier). The erasure acts on a
 * fresh user with nothing to settle; a refused call must leave them as they were.
 */
export const ERASURE_ROWS: readonly MatrixRow[] = [
  {
    operation: "POST /api/system-users/{userId}/erasure",
    call: async (f) => {
      const userId = await f.freshUser();
      return {
        params: { userId },
        body: { reason: "Henkilön oma pyyntö" },
        target: {
          userId,
          changes: ["email", "deactivated", "passwordHash", "phoneNumber", "roles"],
          roles: [],
        },
      };
    },
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
  {
    operation: "GET /api/system-users/{userId}/legal-holds",
    call: (f) => ({ params: { userId: f.employeeUserId } }),
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
];
