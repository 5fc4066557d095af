import { and, asc, count, eq, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { testFileStore } from "../../../../tests/helpers/test-db.ts";
import { zOrderHandover } from "../../../contract/handovers.ts";
import { zAwaitingEmployer } from "../../../contract/order-acceptance.ts";
import { zMyOrders } from "../../../contract/orders.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import { MAIN_LINE_STATUSES } from "../../../domain/order-state-machine.ts";
import { sha256Hex } from "../../files/file-store.ts";
import {
  beneficiaryEmployees,
  eventLog,
  files,
  handoverPhotos,
  handovers,
  invoices,
  leasingAgreements,
  leasingDecisions,
  orderItems,
  orders,
  signedDocuments,
  storePayables,
  users,
} from "../schema/index.ts";

/**
 * The demo has an order in every status of docs/product.md "States", each with the timeline that led
 * there and what the work leaves behind: package lines, the agreement, the signed document whose
 * stored PDF matches its SHA-256, the leasing company's decision, the invoices.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const from = (status: OrderStatus) => MAIN_LINE_STATUSES.slice(MAIN_LINE_STATUSES.indexOf(status as never));
const ON_THE_WAY_SIGNED: readonly OrderStatus[] = from("CONFIRMED").filter((s) => s !== "ACTIVE_LEASING");

async function regularOrders(statuses: readonly OrderStatus[]) {
  return t.database.db
    .select()
    .from(orders)
    .where(and(inArray(orders.orderStatus, [...statuses]), eq(orders.isOnlineOrder, false)));
}

describe("the demo orders", () => {
  it("cover every order status of docs/product.md 'States'", async () => {
    const rows = await t.database.db
      .select({ status: orders.orderStatus, n: count() })
      .from(orders)
      .groupBy(orders.orderStatus);
    const present = new Set(rows.map((r) => r.status));
    expect(ORDER_STATUSES.filter((s) => !present.has(s))).toEqual([]);
  });

  it("reached the statuses this seed gives through moves whose event rows chain to the status", async () => {
    const walked = await t.database.db
      .select({ id: orders.id, status: orders.orderStatus })
      .from(orders)
      .where(
        inArray(orders.orderStatus, [
          "WAITING_FOR_CUSTOMER_COMMENT",
          "WAITING_FOR_INVOICE_MATCH",
          "WAITING_FOR_DELIVERY_DATE",
          "READY_FOR_BILLING",
          "GRENKE_INVOICE_SENT",
          "CASE_X",
          "REFUNDED",
        ]),
      );
    expect(walked.length).toBeGreaterThanOrEqual(7);
    for (const order of walked) {
      const events = await t.database.db
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.entityType, "order"), eq(eventLog.entityId, order.id)))
        .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
      // Two moves of one action share their time (processing's PROCESSED → WAITING_FOR_INVOICE_MATCH):
      // follow the chain from each status to the move that leaves it.
      const moves = events.map((e) => e.data).filter((d) => d.to !== undefined);
      let at: unknown = "NOT_STARTED";
      while (moves.length > 0) {
        const next = moves.findIndex((d) => d.from === at);
        expect(next, `${order.status}: no move from ${at}`).toBeGreaterThanOrEqual(0);
        at = moves.splice(next, 1)[0]?.to;
      }
      expect(at, order.status).toBe(order.status);
    }
  });

  it("keeps one order on its way per employee", async () => {
    const open = await t.database.db
      .select({ employee: orders.beneficiaryEmployeeId, n: count() })
      .from(orders)
      .where(notInArray(orders.orderStatus, ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"]))
      .groupBy(orders.beneficiaryEmployeeId);
    expect(open.filter((r) => r.n > 1)).toEqual([]);
  });

  it("gives every order with a package its lines, summing to its total", async () => {
    const packaged = await regularOrders(from("PACKAGE_PROVIDED"));
    for (const order of packaged) {
      const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(lines.length, `${order.orderStatus} ${order.orderNumber}`).toBeGreaterThan(0);
      expect(
        lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity - l.discountCents, 0),
        `${order.orderStatus} ${order.orderNumber}`,
      ).toBe(order.totalPriceCents);
    }
  });

  it("has an agreement for every order the employee accepted", async () => {
    const accepted = await regularOrders(from("ALL_INFO_PROVIDED"));
    expect(accepted.length).toBeGreaterThan(10);
    for (const order of accepted) {
      const [agreement] = await t.database.db
        .select({ id: leasingAgreements.id })
        .from(leasingAgreements)
        .where(eq(leasingAgreements.orderId, order.id));
      expect(agreement, `${order.orderStatus} ${order.orderNumber}`).toBeDefined();
    }
  });

  it("has a signed document whose stored PDF matches its SHA-256 for every signed order on its way, and some leases", async () => {
    const documents = await t.database.db
      .select({ document: signedDocuments, fileId: files.id, orderId: leasingAgreements.orderId })
      .from(signedDocuments)
      .innerJoin(files, eq(files.id, signedDocuments.fileId))
      .innerJoin(leasingAgreements, eq(leasingAgreements.id, signedDocuments.leasingAgreementId));
    for (const { document, fileId } of documents) {
      const content = (await testFileStore().read(t.database.db, fileId))?.content ?? Buffer.alloc(0);
      expect(sha256Hex(content)).toBe(document.documentSha256);
      expect(content.subarray(0, 5).toString()).toBe("%PDF-");
      expect(document.signerIp).toMatch(/^192\.0\.2\.\d+$/);
      expect(document.signerUserAgent).toMatch(/^Mozilla\/5\.0/);
      expect(document.signedByUserId).not.toBeNull();
      expect(document.signedAt).not.toBeNull();
    }
    const signedOrders = new Set(documents.map((d) => d.orderId));
    for (const order of await regularOrders(ON_THE_WAY_SIGNED)) {
      expect(signedOrders.has(order.id), `${order.orderStatus} ${order.orderNumber}`).toBe(true);
    }
    const leases = await regularOrders(["ACTIVE_LEASING"]);
    expect(leases.filter((o) => signedOrders.has(o.id)).length).toBeGreaterThanOrEqual(3);
    // Confirmed orders have the commitment date of their confirmation.
    const confirmed = await t.database.db
      .select({ commitmentDate: leasingAgreements.commitmentDate })
      .from(leasingAgreements)
      .innerJoin(orders, eq(orders.id, leasingAgreements.orderId))
      .where(inArray(orders.orderStatus, [...ON_THE_WAY_SIGNED]));
    expect(confirmed.every((a) => a.commitmentDate !== null)).toBe(true);
  });

  it("has the leasing company's decision, the store's invoice and our bill where the work got to", async () => {
    const { db } = t.database;
    const accepted = await regularOrders(
      from("WAITING_FOR_INVOICE_MATCH").filter((s) => s !== "ACTIVE_LEASING"),
    );
    for (const order of accepted) {
      const [agreement] = await db
        .select()
        .from(leasingAgreements)
        .where(eq(leasingAgreements.orderId, order.id));
      expect(agreement?.status, order.orderStatus).toBe("ACCEPTED");
      expect(agreement?.agreementNumber, order.orderStatus).toMatch(/^PED-\d{4}-\d+$/);
      const received = await db
        .select({ status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), isNull(invoices.leasingCompanyId)));
      // Matched, it is VERIFIED; once the store's payout batch is paid, PAID with it.
      const [payable] = await db
        .select({ status: storePayables.status })
        .from(storePayables)
        .where(eq(storePayables.orderId, order.id));
      const matched = payable?.status === "PAID" ? "PAID" : "VERIFIED";
      expect(
        received.map((i) => i.status),
        order.orderStatus,
      ).toEqual([order.orderStatus === "WAITING_FOR_INVOICE_MATCH" ? "RECEIVED" : matched]);
    }
    // Vauhti Espoo invoiced Mervi's order from its own account.
    const fromAccount = await db
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(isNotNull(invoices.sentByStoreUserId));
    expect(fromAccount).toHaveLength(1);
    for (const order of await regularOrders(from("READY_FOR_BILLING"))) {
      expect(order.frameSerialNumber, order.orderStatus).not.toBeNull();
      expect(order.deliveryDate, order.orderStatus).not.toBeNull();
    }
    for (const order of await regularOrders(["GRENKE_INVOICE_SENT"])) {
      const bills = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), isNotNull(invoices.leasingCompanyId)));
      expect(bills.length).toBe(1);
    }
    // One agreement is with the leasing company, its decision waiting for the sync.
    const waiting = await db
      .select({ id: leasingDecisions.id })
      .from(leasingDecisions)
      .innerJoin(leasingAgreements, eq(leasingAgreements.id, leasingDecisions.leasingAgreementId))
      .where(and(isNull(leasingDecisions.appliedAt), eq(leasingAgreements.status, "PENDING")));
    expect(waiting.length).toBeGreaterThanOrEqual(1);
  });

  it("has a package from Vauhti Espoo over the max price waiting for ville.hamalainen@demo.test", async () => {
    const [own] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(and(eq(users.email, "ville.hamalainen@demo.test"), eq(orders.orderStatus, "PACKAGE_PROVIDED")));
    expect(own).toBeDefined();
    const res = await call("GET", "/api/orders/my", "ville.hamalainen@demo.test");
    expect(res.statusCode, res.body).toBe(200);
    const order = zMyOrders.parse(res.json()).items.find((o) => o.orderId === own?.id);
    if (!order) throw new Error("not among the employee's orders");
    expect(order.totalPriceCents).toBeGreaterThan(450_000);
    expect(order.items.some((i) => i.itemType === "BIKE")).toBe(true);
    const offer = await call("GET", `/api/orders/${own?.id}/offer`, "ville.hamalainen@demo.test");
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().userPaymentCents).toBe(order.totalPriceCents - 450_000);
  });

  it("shows Demo Oy's employer admin a signed order waiting for the approval", async () => {
    const res = await call("GET", "/api/orders/awaiting-employer", "employer.admin@demo.test");
    expect(res.statusCode, res.body).toBe(200);
    const waiting = zAwaitingEmployer.parse(res.json());
    const signed = await t.database.db
      .select({ orderId: leasingAgreements.orderId })
      .from(leasingAgreements)
      .where(
        and(
          eq(leasingAgreements.status, "SIGNED"),
          inArray(
            leasingAgreements.orderId,
            waiting.items.map((o) => o.orderId),
          ),
        ),
      );
    expect(signed.length).toBeGreaterThanOrEqual(1);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, signed[0]?.orderId as string));
    expect(order?.userPaymentCents).toBeGreaterThan(0);
  });
});

describe("the demo's handovers at Vauhti Espoo's own account", () => {
  it("has a shipped bike handed over and signed for, its protocol stored as its hash says, its defect window open", async () => {
    const [done] = await t.database.db
      .select({ h: handovers, status: orders.orderStatus, deliveryDate: orders.deliveryDate })
      .from(handovers)
      .innerJoin(orders, eq(orders.id, handovers.orderId))
      .where(eq(handovers.status, "COMPLETED"));
    expect(done).toMatchObject({
      status: "READY_FOR_BILLING",
      h: { kind: "SHIPPED", employeeSigningPlace: "OWN_DEVICE" },
    });
    expect(done?.deliveryDate).toBe(done?.h.handoverDate);
    expect(done?.h.defectWindowEndsOn && done.h.defectWindowEndsOn >= toHelsinkiDateString(new Date())).toBe(
      true,
    );
    const pdf = await testFileStore().read(t.database.db, done?.h.fileId as string);
    expect(pdf && sha256Hex(pdf.content)).toBe(done?.h.documentSha256);
    expect(
      await t.database.db.$count(handoverPhotos, eq(handoverPhotos.orderId, done?.h.orderId as string)),
    ).toBe(2);
  });

  it("has an order waiting for mervi.leinonen@toinen.test to pick up with her code", async () => {
    const res = await call("GET", "/api/orders/my", "mervi.leinonen@toinen.test");
    const open = zMyOrders.parse(res.json()).items.find((o) => o.orderStatus === "WAITING_FOR_DELIVERY_DATE");
    expect(open?.deliveryMethod).toBe("PICKUP");
    const handover = zOrderHandover.parse(
      (await call("GET", `/api/orders/${open?.orderId}/handover`, "mervi.leinonen@toinen.test")).json(),
    );
    expect(handover.pickupCode).toMatch(/^\d{6}$/);
  });
});
