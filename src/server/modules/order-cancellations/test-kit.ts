import { and, count, eq, ne } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { realPdf } from "../../../../tests/helpers/sample-files.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderCancellationDetails } from "../../../contract/order-cancellations.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  orderCancellations,
  orders,
  outbox,
  refundUploads,
  userPayments,
  users,
} from "../../db/schema/index.ts";

/**
 * The order cancellations' API tests (cancel-order, cancellation-details and complete-cancellation
 * .db.test.ts): the demo people who call, and on each file's own app the Demo Oy orders they cancel, made
 * straight in the table, cancellations made through the API, and the refund receipts the helpdesk uploads.
 */

export const HELPDESK = "helpdesk@pedaali.test";
export const EMPLOYER = "employer.admin@demo.test";
export const EDITOR = "employer.editor@demo.test";
export const REPORTING = "reporting@demo.test";
export const EMPLOYEE = "employee@demo.test";
export const OTHER_TENANT = "employer.admin@toinen.test";
export const MISSING = "00000000-0000-4000-8000-00000000dead";

export const reason = "Pyörän toimitus viivästyy, en tarvitse sitä enää";

/** The calls and orders of a cancellations test file, on the app its setupTestApp built. */
export function cancellationKit(t: TestApp) {
  const { as, call } = apiCaller(t);
  /** Filled in before the tests run: Demo Oy, the employee's employment, a bike store and a real PDF. */
  const demo = {
    demoOyId: "",
    employmentId: "",
    /** Another Demo Oy employee, whose orders employee@demo.test must not reach. */
    otherEmploymentId: "",
    storeId: "",
    pdf: Buffer.alloc(0) as Buffer,
  };

  beforeAll(async () => {
    const db = t.database.db;
    demo.demoOyId = await companyIdByName(db, "Demo Oy");
    const [mine] = await db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, demo.demoOyId)));
    demo.employmentId = mine?.id as string;
    const [other] = await db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(and(eq(beneficiaryEmployees.companyId, demo.demoOyId), ne(users.email, EMPLOYEE)))
      .limit(1);
    demo.otherEmploymentId = other?.id as string;
    const [store] = await db
      .insert(bikeStores)
      .values({ storeName: "Peruutuspyörä Oy", email: "myynti@peruutuspyora.test" })
      .returning({ id: bikeStores.id });
    demo.storeId = store?.id as string;
    demo.pdf = await realPdf();
  });

  /** A Demo Oy order in `status` (employee@demo.test's unless told), straight in the table. */
  async function freshOrder(
    status: OrderStatus,
    extra: Partial<typeof orders.$inferInsert> = {},
  ): Promise<{ orderId: string; orderNumber: number }> {
    const [order] = await t.database.db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: demo.employmentId,
        companyId: demo.demoOyId,
        bikeStoreId: demo.storeId,
        orderStatus: status,
        deliveryMethod: "PICKUP",
        totalPriceCents: 342_000,
        userPaymentCents: 42_000,
        vatPercent: 25.5,
        ...extra,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    return { orderId: order?.id as string, orderNumber: order?.orderNumber as number };
  }

  /** The employee's own-share payment of the order, paid or not. */
  async function ownShare(orderId: string, paid: boolean, amountCents = 42_000) {
    const [payment] = await t.database.db
      .insert(userPayments)
      .values({
        beneficiaryEmployeeId: demo.employmentId,
        companyId: demo.demoOyId,
        orderId,
        kind: "OWN_SHARE",
        amountCents,
        paymentMethod: "BATCH",
        paymentStatus: paid ? "PAID" : "PENDING",
        isUserPaymentDone: paid,
        dueDate: "2026-03-01",
      })
      .returning({ id: userPayments.id });
    return payment?.id as string;
  }

  async function cancel(orderId: string, who: string | null, body: Record<string, unknown> = {}) {
    return call("POST", "/api/order-cancellations", who, { orderId, reason, ...body });
  }

  /** A cancellation made through the API, as its details. */
  async function cancelled(orderId: string, who: string) {
    const res = await cancel(orderId, who);
    expect(res.statusCode, res.body).toBe(201);
    return zOrderCancellationDetails.parse(res.json());
  }

  async function orderStatus(orderId: string): Promise<OrderStatus | undefined> {
    const [row] = await t.database.db
      .select({ status: orders.orderStatus })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row?.status;
  }

  async function cancellationsOf(orderId: string): Promise<number> {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, orderId));
    return row?.n ?? 0;
  }

  async function mailsAbout(orderNumber: number, template: string) {
    const rows = await t.database.db
      .select({ recipient: outbox.recipient, text: outbox.bodyText })
      .from(outbox)
      .where(eq(outbox.template, template));
    return rows.filter((row) => row.text.includes(String(orderNumber)));
  }

  async function upload(
    cancellationId: string,
    body: Buffer,
    who = HELPDESK,
    query: Record<string, string> = {},
  ) {
    const session = await as(who);
    const params = new URLSearchParams({
      orderCancellationId: cancellationId,
      fileName: "kuitti.pdf",
      ...query,
    });
    return t.app.inject({
      method: "POST",
      url: `/api/refund/upload?${params}`,
      headers: { ...session.headers(), "content-type": "application/octet-stream" },
      payload: body,
    });
  }

  async function receiptsOf(cancellationId: string) {
    return t.database.db
      .select({ id: refundUploads.id, fileId: refundUploads.fileId })
      .from(refundUploads)
      .where(eq(refundUploads.orderCancellationId, cancellationId));
  }

  return {
    as,
    call,
    demo,
    freshOrder,
    ownShare,
    cancel,
    cancelled,
    orderStatus,
    cancellationsOf,
    mailsAbout,
    upload,
    receiptsOf,
  };
}
