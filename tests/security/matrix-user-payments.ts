import { write } from "../../src/server/db/transaction.ts";
import { createUserPayment } from "../../src/server/modules/user-payments/ledger.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * User payments. Rows read as those of access-matrix.ts (see its header); only types
 * come from there.
 *
 * The employee reads their own (own-order.manage, which the admin tier holds too: theirs is empty).
 * user-payments.read: the employer admin, the group admin and reporting, scoped to their companies (a
 * list, so the other tenant's is theirs, not refused; Demo Oy's payment is 404 to them);
 * user-payments.manage: the admin tier, who alone change payments. Each change acts on a throw-away
 * payment of Demo Oy's demo employee.
 */
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };
const readers: Expectations = {
  anonymous: 401,
  admins: "ok",
  EMPLOYER_ADMIN: "ok",
  EMPLOYER_GROUP_ADMIN: "ok",
  EMPLOYER_REPORTING: "ok",
  otherTenant: "ok",
  rest: 403,
};

/** A fresh open invoice of the demo employee in Demo Oy, made through the ledger. */
async function freshPayment(f: Fixtures): Promise<string> {
  return write(f.db, { actor: { userId: null } }, (change) =>
    createUserPayment(change, {
      kind: "OTHER",
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      description: "Matriisin maksu",
      amountCents: 4_900,
      paymentMethod: "BATCH",
      dueDate: "2026-04-15",
      send: false,
    }),
  );
}

const paymentParams = async (f: Fixtures) => ({ params: { id: await freshPayment(f) } });

export const USER_PAYMENT_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/user-payment",
    call: () => ({}),
    expect: { anonymous: 401, admins: "ok", BIKE_BENEFICIARY: "ok", rest: 403 },
  },
  {
    operation: "GET /api/user-payment/optimized",
    call: () => ({ query: { page: "1", pageSize: "10", isUserPaymentDone: "false" } }),
    expect: readers,
  },
  {
    operation: "GET /api/user-payment/{id}",
    call: paymentParams,
    // The employee reads their own; the editor holds no user-payments.read.
    expect: { ...readers, BIKE_BENEFICIARY: "ok", otherTenant: 404 },
  },
  {
    operation: "POST /api/user-payment",
    ok: 201,
    call: (f) => ({
      body: {
        beneficiaryEmployeeId: f.employeeEmploymentId,
        kind: "OTHER",
        description: "Matriisin muu maksu",
        amountCents: 28_500,
        paymentMethod: "PAYROLL",
        dueDate: "2026-05-01",
        send: false,
      },
    }),
    expect: adminsOnly,
  },
  { operation: "POST /api/user-payment/{id}/sent", call: paymentParams, expect: adminsOnly },
  { operation: "POST /api/user-payment/{id}/paid", call: paymentParams, expect: adminsOnly },
  {
    operation: "POST /api/user-payment/{id}/cancel",
    call: async (f) => ({ ...(await paymentParams(f)), body: { reason: "Matriisin peruutus" } }),
    expect: adminsOnly,
  },
];
