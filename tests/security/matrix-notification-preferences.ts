import type { Expectations, MatrixRow } from "./access-matrix.ts";

/**
 * A person's choice per kind of notification and the one-click unsubscribe. Rows read as those of
 * access-matrix.ts (see its header); only types come from there, so the import does not loop at run time.
 *
 * The choices are the caller's own (own-details.manage, which every active user holds): there is no
 * path to another person's. The unsubscribe link is public: its signed token is the only proof, as a
 * mail client posts it without a session (RFC 8058).
 */
const loggedIn: Expectations = { anonymous: 401, rest: "ok" };
const everyone: Expectations = { rest: "ok" };

export const NOTIFICATION_PREFERENCE_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/account/notification-preferences",
    call: () => ({}),
    expect: loggedIn,
  },
  {
    operation: "PUT /api/account/notification-preferences",
    call: () => ({ body: { preferences: [{ kind: "REMINDERS", choice: "MAIL" }] } }),
    expect: loggedIn,
  },
  {
    operation: "GET /api/unsubscribe/{token}",
    call: (f) => ({ params: { token: f.unsubscribeToken } }),
    expect: everyone,
  },
  {
    operation: "POST /api/unsubscribe/{token}",
    call: (f) => ({ params: { token: f.unsubscribeToken } }),
    expect: everyone,
  },
];
