import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { elevenMegabytes, RENAMED_EXE, SAMPLE_PNG } from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderCancellationDetails, zRefundUpload } from "../../../contract/order-cancellations.ts";
import { files, orders, userPayments } from "../../db/schema/index.ts";
import { cancellationKit, EMPLOYEE, EMPLOYER, HELPDESK, MISSING, OTHER_TENANT } from "./test-kit.ts";

/**
 * Completing an order cancellation and its refund receipts: the order's end and the employee's mail, the
 * receipts the helpdesk uploads, serves and deletes. Each test makes its own orders.
 */

const t = setupTestApp({}, { demoData: true });
const { call, demo, freshOrder, ownShare, cancelled, orderStatus, mailsAbout, upload, receiptsOf } =
  cancellationKit(t);

/** Another Demo Oy employee, whose orders employee@demo.test must not reach. */
let otherEmploymentId: string;
let pdf: Buffer;

beforeAll(() => {
  ({ otherEmploymentId, pdf } = demo);
});

describe("POST /api/order-cancellations/{id}/complete", () => {
  it("carries out a request with nothing to refund: the order ends CANCELLED and the employee is told", async () => {
    const { orderId, orderNumber } = await freshOrder("CONFIRMED");
    const unpaid = await ownShare(orderId, false);
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const res = await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const details = zOrderCancellationDetails.parse(res.json());
    expect(details).toMatchObject({ status: "COMPLETED", completedByName: expect.any(String) });
    expect(details.completedAt).not.toBeNull();
    expect(details.order.orderStatus).toBe("CANCELLED");
    expect(details.events.map((e) => e.type)).toEqual([
      "ORDER_CANCELLATION_REQUESTED",
      "ORDER_STATUS_UPDATED",
      "ORDER_CANCELLATION_COMPLETED",
    ]);
    const [payment] = await t.database.db
      .select({ status: userPayments.paymentStatus })
      .from(userPayments)
      .where(eq(userPayments.id, unpaid));
    expect(payment?.status).toBe("CANCELLED");
    expect((await mailsAbout(orderNumber, "order-cancelled")).map((m) => m.recipient)).toEqual([EMPLOYEE]);
    expectError(
      await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK),
      409,
      "ORDER_CANCELLATION_CLOSED",
    );
  });

  it("needs a receipt for a refund, then ends the order REFUNDED and mails the employee the refund", async () => {
    const { orderId, orderNumber } = await freshOrder("PROCESSED");
    await ownShare(orderId, true, 42_000);
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    expectError(
      await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK),
      409,
      "REFUND_RECEIPT_REQUIRED",
    );
    expect(await orderStatus(orderId)).toBe("PROCESSED");

    expect((await upload(id, pdf)).statusCode).toBe(201);
    const res = await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const details = zOrderCancellationDetails.parse(res.json());
    expect(details.order.orderStatus).toBe("REFUNDED");
    expect(details.events.map((e) => [e.type, e.to])).toEqual([
      ["ORDER_CANCELLATION_REQUESTED", null],
      ["ORDER_REFUND_RECEIPT_UPLOADED", null],
      ["ORDER_STATUS_UPDATED", "CANCELLED"],
      ["ORDER_STATUS_UPDATED", "REFUNDED"],
      ["ORDER_CANCELLATION_COMPLETED", null],
    ]);
    const refunded = await mailsAbout(orderNumber, "order-refunded");
    expect(refunded.map((m) => m.recipient)).toEqual([EMPLOYEE]);
    expect(refunded[0]?.text).toMatch(/420,00\s€/);
    const [queued] = await outboxRowsOf(t.database, "ORDER_REFUNDED", { orderId });
    expect(queued).toMatchObject({
      userId: await userIdByEmail(t.database.db, EMPLOYEE),
      recipient: EMPLOYEE,
      language: "fi",
    });
    expect(queued?.params).toEqual({ audience: "EMPLOYEE", orderId, amountCents: 42_000 });
  });

  it("leaves an order cancelled at once CANCELLED when nothing is refunded", async () => {
    const { orderId } = await freshOrder("PENDING");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const res = await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(zOrderCancellationDetails.parse(res.json())).toMatchObject({ status: "COMPLETED" });
    expect(await orderStatus(orderId)).toBe("CANCELLED");
  });

  it("refuses a request whose order was delivered meanwhile (409) and is the helpdesk's alone", async () => {
    const { orderId } = await freshOrder("WAITING_FOR_DELIVERY_DATE");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    await t.database.db
      .update(orders)
      .set({ orderStatus: "READY_FOR_BILLING" })
      .where(eq(orders.id, orderId));
    const path = `/api/order-cancellations/${id}/complete`;
    expectError(await call("POST", path, HELPDESK), 409, "ORDER_NOT_CANCELLABLE");
    expectError(await call("POST", path, EMPLOYER), 403);
    expectError(await call("POST", path, EMPLOYEE), 403);
    expectError(await call("POST", path, null), 401);
    expectError(await call("POST", `/api/order-cancellations/${MISSING}/complete`, HELPDESK), 404);
    expect(await orderStatus(orderId)).toBe("READY_FOR_BILLING");
  });
});

describe("refund receipts: POST /api/refund/upload, GET /api/refund/{id}/file, DELETE /api/delete-refund/{id}", () => {
  it("stores a real PDF and a PNG under clean names, and serves them to whoever reads the cancellation", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const res = await upload(id, pdf, HELPDESK, {
      fileName: "C:\\kuitit\\hyvitys 03.pdf",
      amountCents: "42000",
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = zRefundUpload.parse(res.json());
    expect(receipt).toMatchObject({
      fileName: "hyvitys 03.pdf",
      mimeType: "application/pdf",
      amountCents: 42_000,
    });
    expect(receipt.sizeBytes).toBe(pdf.byteLength);
    const png = zRefundUpload.parse((await upload(id, SAMPLE_PNG, HELPDESK, { fileName: "kuva" })).json());
    expect(png).toMatchObject({ fileName: "kuva.png", mimeType: "image/png", amountCents: null });

    for (const who of [HELPDESK, EMPLOYER, EMPLOYEE]) {
      const file = await call("GET", `/api/refund/${receipt.refundUploadId}/file`, who);
      expect(file.statusCode, who).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    expectError(await call("GET", `/api/refund/${receipt.refundUploadId}/file`, OTHER_TENANT), 404);
    expectError(await call("GET", `/api/refund/${receipt.refundUploadId}/file`, null), 401);
    expectError(await call("GET", `/api/refund/${MISSING}/file`, HELPDESK), 404);
    const details = zOrderCancellationDetails.parse(
      (await call("GET", `/api/order-cancellations/get-details/${id}`, EMPLOYEE)).json(),
    );
    expect(details.uploadedRefunds.map((r) => r.refundUploadId)).toEqual([
      receipt.refundUploadId,
      png.refundUploadId,
    ]);
  });

  it("keeps another employee's receipt from the employee (404)", async () => {
    const theirs = await freshOrder("CONFIRMED", { beneficiaryEmployeeId: otherEmploymentId });
    const { orderCancellationId: id } = await cancelled(theirs.orderId, HELPDESK);
    const receipt = zRefundUpload.parse((await upload(id, pdf)).json());
    expectError(await call("GET", `/api/refund/${receipt.refundUploadId}/file`, EMPLOYEE), 404);
  });

  it("refuses a renamed executable, 11 MB and an empty body with 400, storing nothing", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const [filesBefore] = await t.database.db.select({ n: count() }).from(files);
    expectError(await upload(id, RENAMED_EXE), 400, "FILE_TYPE_NOT_ALLOWED");
    expectError(await upload(id, elevenMegabytes()), 400, "FILE_TOO_LARGE");
    expectError(await upload(id, Buffer.alloc(0)), 400, "FILE_EMPTY");
    const badQueries: Record<string, string>[] = [
      { fileName: "" },
      { amountCents: "-5" },
      { amountCents: "12.5" },
      { orderCancellationId: "x" },
    ];
    for (const query of badQueries) expectError(await upload(id, pdf, HELPDESK, query), 400);
    expect(await receiptsOf(id)).toEqual([]);
    const [filesAfter] = await t.database.db.select({ n: count() }).from(files);
    expect(filesAfter?.n).toBe(filesBefore?.n);
  });

  it("is the helpdesk's (403, 401), for a known open cancellation (404, 409)", async () => {
    const { orderId } = await freshOrder("PENDING");
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    expectError(await upload(id, pdf, EMPLOYER), 403);
    expectError(await upload(id, pdf, EMPLOYEE), 403);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/refund/upload?orderCancellationId=${id}&fileName=k.pdf`,
      headers: { "content-type": "application/octet-stream" },
      payload: pdf,
    });
    expectError(anonymous, 401);
    expectError(await upload(MISSING, pdf), 404);
    await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK);
    expectError(await upload(id, pdf), 409, "ORDER_CANCELLATION_CLOSED");
    expect(await receiptsOf(id)).toEqual([]);
  });

  it("deletes a receipt with its file while open, and keeps it once completed", async () => {
    const { orderId } = await freshOrder("CONFIRMED");
    await ownShare(orderId, true);
    const { orderCancellationId: id } = await cancelled(orderId, EMPLOYEE);
    const first = zRefundUpload.parse((await upload(id, pdf)).json());
    const second = zRefundUpload.parse(
      (await upload(id, SAMPLE_PNG, HELPDESK, { fileName: "kuva.png" })).json(),
    );
    const [{ fileId } = { fileId: "" }] = (await receiptsOf(id)).filter((r) => r.id === first.refundUploadId);

    expectError(await call("DELETE", `/api/delete-refund/${first.refundUploadId}`, EMPLOYER), 403);
    expectError(await call("DELETE", `/api/delete-refund/${first.refundUploadId}`, EMPLOYEE), 403);
    expectError(await call("DELETE", `/api/delete-refund/${first.refundUploadId}`, null), 401);
    expectError(await call("DELETE", `/api/delete-refund/${MISSING}`, HELPDESK), 404);
    expectError(await call("DELETE", "/api/delete-refund/nope", HELPDESK), 400);

    const res = await call("DELETE", `/api/delete-refund/${first.refundUploadId}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Refund receipt deleted" });
    expect((await receiptsOf(id)).map((r) => r.id)).toEqual([second.refundUploadId]);
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).toEqual([]);
    const details = zOrderCancellationDetails.parse(
      (await call("GET", `/api/order-cancellations/get-details/${id}`, HELPDESK)).json(),
    );
    expect(details.events.map((e) => e.type)).toContain("ORDER_REFUND_RECEIPT_DELETED");

    expect((await call("POST", `/api/order-cancellations/${id}/complete`, HELPDESK)).statusCode).toBe(200);
    expectError(
      await call("DELETE", `/api/delete-refund/${second.refundUploadId}`, HELPDESK),
      409,
      "ORDER_CANCELLATION_CLOSED",
    );
  });
});
