import type { MatrixRow } from "./access-matrix.ts";

/**
 * What is new where each person looks: each page is guarded by its permission (myBike own-order.manage,
 * storeOrders store-orders.read, employerOrders orders.read) and reads only the caller's own orders,
 * their stores' or their companies', so another tenant's caller gets their own (empty) news, never 404.
 * Rows read as those of access-matrix.ts (see its header).
 */
export const WHATS_NEW_ROWS: readonly MatrixRow[] = [
  {
    // orders.read: the admin tier and every employer role, Toinen Oy's admin too (its own companies').
    operation: "GET /api/whats-new/{page}",
    call: () => ({ params: { page: "employerOrders" } }),
    expect: { anonymous: 401, BIKE_STORE: 403, BIKE_BENEFICIARY: 403, rest: "ok" },
  },
  {
    // The employee marks their /mybike news seen. The admin tier holds own-order.manage too (it has
    // no orders of its own, so its page is empty); the employer's and the store's users have not.
    operation: "POST /api/whats-new/{page}/seen",
    call: () => ({ params: { page: "myBike" }, body: { seenUpTo: new Date().toISOString() } }),
    expect: { anonymous: 401, admins: "ok", BIKE_BENEFICIARY: "ok", rest: 403 },
  },
];
