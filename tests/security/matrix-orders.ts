import { and, eq, notInArray } from "drizzle-orm";
import { bikeStores, leasingAgreements, orders } from "../../src/server/db/schema/index.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Reading orders and leasing agreements. Rows read as those of access-matrix.ts (see its header); only types come
 * from there, so the import does not loop at run time.
 *
 * orders.read: the admin tier and every employer role, reporting included; the employee reads their
 * own order elsewhere (own-order.manage). Lists are scoped, so the other tenant's list of Demo Oy is
 * empty, not refused; Demo Oy's order is 404 to them. orders.process: the admin tier. leasing.read:
 * the admin tier and the employer managers (not reporting); the other tenant's list is scoped.
 */
const scopedList: Expectations = { anonymous: 401, BIKE_BENEFICIARY: 403, BIKE_STORE: 403, rest: "ok" };
const orderReaders: Expectations = {
  anonymous: 401,
  BIKE_BENEFICIARY: 403,
  BIKE_STORE: 403,
  otherTenant: 404,
  rest: "ok",
};

/** A Demo Oy order of the demo employee, only ever read. */
async function demoOrderId(f: Fixtures): Promise<string> {
  const [order] = await f.db
    .insert(orders)
    .values({ beneficiaryEmployeeId: f.employeeEmploymentId, companyId: f.demoCompanyId })
    .returning({ id: orders.id });
  return order?.id as string;
}

/** A Demo Oy order of the demo employee waiting for their answer to the helpdesk's question. */
async function askedOrderId(f: Fixtures): Promise<string> {
  const [order] = await f.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
      previousStatus: "PENDING",
    })
    .returning({ id: orders.id });
  return order?.id as string;
}

const agreementReaders: Expectations = {
  anonymous: 401,
  admins: "ok",
  employerManagers: "ok",
  otherTenant: 404,
  rest: 403,
};

/** A Demo Oy agreement of a new order of the demo employee, only ever read. */
async function demoAgreementId(f: Fixtures): Promise<string> {
  const [agreement] = await f.db
    .insert(leasingAgreements)
    .values({
      orderId: await demoOrderId(f),
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      leasingCompanyId: f.leasingCompanyId,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 9_900,
      totalPriceCents: 300_000,
    })
    .returning({ id: leasingAgreements.id });
  return agreement?.id as string;
}

/**
 * A valid start of an order for the demo employee, who has none on its way (earlier cases' orders are
 * cancelled first, so every case starts alike).
 */
async function startOrderBody(f: Fixtures) {
  await f.db
    .update(orders)
    .set({ orderStatus: "CANCELLED", previousStatus: null })
    .where(
      and(
        eq(orders.beneficiaryEmployeeId, f.employeeEmploymentId),
        notInArray(orders.orderStatus, ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"]),
      ),
    );
  const [store] = await f.db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.active, true))
    .limit(1);
  return { bikeStoreId: store?.id as string, deliveryMethod: "PICKUP" };
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
  {
    operation: "GET /api/leasing-agreements/list",
    call: () => ({ query: { status: "PENDING", searchName: "Aino" } }),
    expect: { anonymous: 401, admins: "ok", employerManagers: "ok", otherTenant: "ok", rest: 403 },
  },
  {
    operation: "GET /api/leasing-agreements/{id}",
    call: async (f) => ({ params: { id: await demoAgreementId(f) } }),
    expect: agreementReaders,
  },
  {
    operation: "GET /api/tasks",
    call: () => ({}),
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
  {
    // own-order.manage: the employee; the admin tier holds every permission but has no employment to
    // order for. The employer roles may not order for their staff.
    operation: "POST /api/orders",
    ok: 201,
    call: async (f) => ({ body: await startOrderBody(f) }),
    expect: {
      anonymous: 401,
      BIKE_BENEFICIARY: "ok",
      admins: { status: 409, code: "NOT_ELIGIBLE_TO_ORDER", why: "no employment of their own to order for" },
      rest: 403,
    },
  },
  {
    operation: "GET /api/orders/my",
    call: () => ({}),
    expect: { anonymous: 401, BIKE_BENEFICIARY: "ok", admins: "ok", rest: 403 },
  },
  {
    // own-order.manage on the caller's own order: the admin tier holds the permission but the demo
    // employee's order is not theirs; the employer roles may not answer for their staff.
    operation: "POST /api/orders/{orderId}/answer",
    call: async (f) => ({ params: { orderId: await askedOrderId(f) }, body: { answer: "Kyllä, käy." } }),
    expect: {
      anonymous: 401,
      BIKE_BENEFICIARY: "ok",
      admins: { status: 404, code: "NOT_FOUND", why: "the demo employee's order is not the admin's own" },
      rest: 403,
    },
  },
];
