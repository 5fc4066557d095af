import { orders } from "../../src/server/db/schema/index.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Reading orders (issue 12). Rows read as those of access-matrix.ts (see its header); only types come
 * from there, so the import does not loop at run time.
 *
 * orders.read: the admin tier and every employer role, reporting included; the employee reads their
 * own order elsewhere (own-order.manage). Lists are scoped, so the other tenant's list of Demo Oy is
 * empty, not refused; Demo Oy's order is 404 to them. orders.process: the admin tier.
 */
const scopedList: Expectations = { anonymous: 401, BIKE_BENEFICIARY: 403, rest: "ok" };
const orderReaders: Expectations = { anonymous: 401, BIKE_BENEFICIARY: 403, otherTenant: 404, rest: "ok" };

/** A Demo Oy order of the demo employee, only ever read. */
async function demoOrderId(f: Fixtures): Promise<string> {
  const [order] = await f.db
    .insert(orders)
    .values({ beneficiaryEmployeeId: f.employeeEmploymentId, companyId: f.demoCompanyId })
    .returning({ id: orders.id });
  return order?.id as string;
}

export const ORDER_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/orders/all",
    call: (f) => ({ query: { companyId: f.demoCompanyId, statusGroup: "GENERAL" } }),
    expect: scopedList,
  },
  {
    operation: "GET /api/orders/list-data",
    call: (f) => ({ query: { companyId: f.demoCompanyId } }),
    expect: scopedList,
  },
  {
    operation: "GET /api/orders/confirmedOnlineCount",
    call: () => ({}),
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
  {
    operation: "GET /api/orders/{orderId}",
    call: async (f) => ({ params: { orderId: await demoOrderId(f) } }),
    expect: orderReaders,
  },
];
