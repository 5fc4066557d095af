import { and, count, eq, notInArray } from "drizzle-orm";
import type { TUpdateOrderCancellation } from "../../../contract/order-cancellations.ts";
import type { EventType, OrderCancellationRequester } from "../../../domain/enums.ts";
import { cancelsAtOnce, isCancellableBeforeDelivery } from "../../../domain/order-cancellations.ts";
import {
  type OrderMoneyFacts,
  type RefundProblem,
  refundProblems,
  type StoredRefund,
  storedRefund,
  suggestRefund,
} from "../../../domain/order-refunds.ts";
import { ADMIN_ROLES, EMPLOYER_MANAGER_ROLES, type RoleName } from "../../../domain/roles.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  eventLog,
  files,
  invoices,
  orderCancellations,
  orders,
  refundUploads,
  userPayments,
} from "../../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import { databaseFileStore } from "../../files/file-store.ts";
import type { ReceivedUpload } from "../../files/uploads.ts";
import { moveOrder } from "../orders/lifecycle.ts";
import { cancelUserPayment } from "../user-payments/ledger.ts";

/**
 * The writes of order cancellations (contract/order-cancellations.ts), each inside the caller's
 * transaction with its event-log rows (entityType orderCancellation), so the API's service and the demo
 * seed make the same rows. The order's own moves go through moveOrder, which writes theirs. Who may call
 * which is the service's business; these check only the states.
 */

/** Who acts: a user with their roles. */
export type CancellationActor = { userId: string; roleNames: readonly RoleName[] };
/** Who asks for a cancellation, and as which side (the employee, the employer, the helpdesk). */
export type Canceller = CancellationActor & { side: OrderCancellationRequester };

type CancellationRow = typeof orderCancellations.$inferSelect;

const notCancellable = () =>
  new AppError(
    409,
    "ORDER_NOT_CANCELLABLE",
    "The order can no longer be cancelled: it has been delivered or has ended",
  );
const alreadyOpen = () =>
  new AppError(409, "ORDER_CANCELLATION_OPEN", "The order already has an open cancellation");
const closed = () =>
  new AppError(409, "ORDER_CANCELLATION_CLOSED", "The cancellation has already been closed");
const receiptRequired = () =>
  new AppError(
    409,
    "REFUND_RECEIPT_REQUIRED",
    "Upload a refund receipt before completing a cancellation with a refund",
  );

/** The roles a side moves the order with, so a user holding several cancels as the side they act for. */
function sideRoles(side: OrderCancellationRequester, roleNames: readonly RoleName[]): RoleName[] {
  const ofSide: Record<OrderCancellationRequester, readonly RoleName[]> = {
    EMPLOYEE: ["BIKE_BENEFICIARY"],
    EMPLOYER: EMPLOYER_MANAGER_ROLES,
    HELPDESK: ADMIN_ROLES,
  };
  return roleNames.filter((role) => ofSide[side].includes(role));
}

async function logEvent(
  tx: Db,
  type: EventType,
  by: CancellationActor,
  cancellation: Pick<CancellationRow, "id" | "companyId">,
  data: Record<string, unknown>,
  now: Date,
) {
  await tx.insert(eventLog).values({
    type,
    actorUserId: by.userId,
    companyId: cancellation.companyId,
    entityType: "orderCancellation",
    entityId: cancellation.id,
    data,
    createdAt: now,
  });
}

/** What money moved for the order: its user payments and invoices (src/domain/order-refunds.ts). */
async function orderMoneyFacts(tx: Db, orderId: string): Promise<OrderMoneyFacts> {
  const [payments, orderInvoices] = await Promise.all([
    tx
      .select({
        kind: userPayments.kind,
        paymentStatus: userPayments.paymentStatus,
        amountCents: userPayments.amountCents,
      })
      .from(userPayments)
      .where(eq(userPayments.orderId, orderId)),
    tx
      .select({
        payerType: invoices.payerType,
        bikeStoreId: invoices.bikeStoreId,
        status: invoices.status,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .where(eq(invoices.orderId, orderId)),
  ]);
  return { userPayments: payments, invoices: orderInvoices };
}

async function lockOrder(tx: Db, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw notFound("Order");
  return order;
}

async function lockCancellation(tx: Db, id: string): Promise<CancellationRow> {
  const [row] = await tx.select().from(orderCancellations).where(eq(orderCancellations.id, id)).for("update");
  if (!row) throw notFound("Order cancellation");
  return row;
}

async function lockOpenCancellation(tx: Db, id: string): Promise<CancellationRow> {
  const row = await lockCancellation(tx, id);
  if (row.status !== "PENDING") throw closed();
  return row;
}

const isCancelled = (status: string) => status === "CANCELLED" || status === "REFUNDED";

/**
 * Cancels the order now (moveOrder, the reason in its event) and the own-share payments of it that are
 * not paid: nothing is owed for a cancelled order.
 */
async function cancelOrderNow(
  tx: Db,
  cancellation: Pick<CancellationRow, "id" | "orderId" | "reason">,
  by: CancellationActor,
  now: Date,
) {
  await moveOrder(
    tx,
    {
      orderId: cancellation.orderId,
      to: "CANCELLED",
      by: { kind: "user", userId: by.userId, roleNames: by.roleNames },
      data: { reason: cancellation.reason, orderCancellationId: cancellation.id },
    },
    now,
  );
  const open = await tx
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(
      and(
        eq(userPayments.orderId, cancellation.orderId),
        eq(userPayments.kind, "OWN_SHARE"),
        eq(userPayments.isUserPaymentDone, false),
        notInArray(userPayments.paymentStatus, ["PAID", "CANCELLED", "COMPLETED"]),
      ),
    );
  for (const payment of open)
    await cancelUserPayment(tx, payment.id, { userId: by.userId }, now, "Order cancelled");
}

export type RequestedCancellation = {
  orderCancellationId: string;
  /** The cancellation cancelled the order (else it waits for the helpdesk as a request). */
  atOnce: boolean;
};

/**
 * Asks for the order's cancellation as the given side: 409 ORDER_NOT_CANCELLABLE once the order is past
 * delivery, 409 ORDER_CANCELLATION_OPEN while another is open (the order's row lock makes a second,
 * simultaneous one wait and then see the first). It carries the refund the order's money suggests, and
 * cancels the order at once when the side may (src/domain/order-cancellations.ts).
 */
export async function requestCancellation(
  tx: Db,
  input: { orderId: string; reason: string; note?: string | null | undefined },
  by: Canceller,
  now: Date,
): Promise<RequestedCancellation> {
  const order = await lockOrder(tx, input.orderId);
  if (!isCancellableBeforeDelivery(order.orderStatus, order.previousStatus)) throw notCancellable();
  const [open] = await tx
    .select({ id: orderCancellations.id })
    .from(orderCancellations)
    .where(and(eq(orderCancellations.orderId, order.id), eq(orderCancellations.status, "PENDING")));
  if (open) throw alreadyOpen();
  const refund = storedRefund(suggestRefund(await orderMoneyFacts(tx, order.id)));
  const atOnce = cancelsAtOnce(by.side, order.orderStatus, order.previousStatus);
  let created: CancellationRow | undefined;
  try {
    [created] = await tx
      .insert(orderCancellations)
      .values({
        orderId: order.id,
        companyId: order.companyId,
        status: "PENDING",
        reason: input.reason,
        note: input.note || null,
        ...refund,
        requestedBy: by.side,
        orderStatusAtRequest: order.orderStatus,
        requestedByUserId: by.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    // The open-cancellation index stands behind the check above, whatever the isolation level.
    if (isUniqueViolation(error)) throw alreadyOpen();
    throw error;
  }
  const cancellation = created as CancellationRow;
  const actor = { userId: by.userId, roleNames: sideRoles(by.side, by.roleNames) };
  await logEvent(
    tx,
    "ORDER_CANCELLATION_REQUESTED",
    actor,
    cancellation,
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      requestedBy: by.side,
      orderStatus: order.orderStatus,
      atOnce,
      reason: input.reason,
      ...refund,
    },
    now,
  );
  if (atOnce) await cancelOrderNow(tx, cancellation, actor, now);
  return { orderCancellationId: cancellation.id, atOnce };
}

export type RefundField = keyof StoredRefund;

const PROBLEM_MESSAGES: Record<RefundProblem, string> = {
  payerTypeRequired: "Name who pays the refund back",
  refundToTypeRequired: "Name whom the refund goes to",
  samePayerAndRecipient: "The refund goes to someone other than who pays it",
};

/** The helpdesk's change of an open cancellation: reason, note, the refund's amount and its parties. */
export async function updateCancellation(
  tx: Db,
  id: string,
  input: TUpdateOrderCancellation,
  by: CancellationActor,
  now: Date,
): Promise<void> {
  const row = await lockOpenCancellation(tx, id);
  const next = {
    reason: input.reason ?? row.reason,
    note: input.note === undefined ? row.note : input.note || null,
    refundAmountCents: input.refundAmountCents ?? row.refundAmountCents,
    payerType: input.payerType === undefined ? row.payerType : input.payerType,
    refundToType: input.refundToType === undefined ? row.refundToType : input.refundToType,
  };
  const problems = Object.entries(refundProblems(next)) as [RefundField, RefundProblem][];
  if (problems.length > 0) {
    throw badRequest(
      "The refund is incomplete",
      problems.map(([field, problem]) => ({ field: `body.${field}`, message: PROBLEM_MESSAGES[problem] })),
    );
  }
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== row[key]);
  if (changed.length === 0) return;
  await tx
    .update(orderCancellations)
    .set({ ...next, updatedAt: now })
    .where(eq(orderCancellations.id, id));
  await logEvent(
    tx,
    "ORDER_CANCELLATION_UPDATED",
    by,
    row,
    {
      changed,
      refundAmountCents: next.refundAmountCents,
      payerType: next.payerType,
      refundToType: next.refundToType,
    },
    now,
  );
}

/** A request the order has not followed yet is withdrawn (kept, CANCELLED); else 409 CLOSED. */
export async function withdrawCancellation(
  tx: Db,
  id: string,
  by: CancellationActor,
  now: Date,
): Promise<void> {
  const row = await lockOpenCancellation(tx, id);
  const order = await lockOrder(tx, row.orderId);
  if (isCancelled(order.orderStatus)) throw closed();
  await tx
    .update(orderCancellations)
    .set({ status: "CANCELLED", updatedAt: now })
    .where(eq(orderCancellations.id, id));
  await logEvent(tx, "ORDER_CANCELLATION_WITHDRAWN", by, row, { orderId: row.orderId }, now);
}

export type CompletedCancellation = {
  orderId: string;
  /** The order was cancelled by this completion (it was a request until now). */
  cancelledNow: boolean;
  reason: string | null;
  refundAmountCents: number;
  refundToType: CancellationRow["refundToType"];
};

/**
 * The helpdesk completes a cancellation: a request's order is cancelled now (409 ORDER_NOT_CANCELLABLE
 * if it has been delivered meanwhile); a refund above 0 needs a receipt (409 REFUND_RECEIPT_REQUIRED)
 * and moves the order on to REFUNDED; nothing to refund leaves it CANCELLED. Then COMPLETED.
 */
export async function completeCancellation(
  tx: Db,
  id: string,
  by: CancellationActor,
  now: Date,
): Promise<CompletedCancellation> {
  const row = await lockOpenCancellation(tx, id);
  const order = await lockOrder(tx, row.orderId);
  const cancelledNow = !isCancelled(order.orderStatus);
  if (cancelledNow && !isCancellableBeforeDelivery(order.orderStatus, order.previousStatus))
    throw notCancellable();
  const refund = row.refundAmountCents > 0;
  if (refund) {
    const [receipts] = await tx
      .select({ n: count() })
      .from(refundUploads)
      .where(eq(refundUploads.orderCancellationId, id));
    if (!receipts?.n) throw receiptRequired();
  }
  const actor = { userId: by.userId, roleNames: sideRoles("HELPDESK", by.roleNames) };
  if (cancelledNow) await cancelOrderNow(tx, row, actor, now);
  if (refund && order.orderStatus !== "REFUNDED") {
    await moveOrder(
      tx,
      {
        orderId: row.orderId,
        to: "REFUNDED",
        by: { kind: "user", userId: by.userId, roleNames: actor.roleNames },
        data: {
          orderCancellationId: id,
          refundAmountCents: row.refundAmountCents,
          payerType: row.payerType,
          refundToType: row.refundToType,
        },
      },
      now,
    );
  }
  await tx
    .update(orderCancellations)
    .set({ status: "COMPLETED", completedAt: now, completedByUserId: by.userId, updatedAt: now })
    .where(eq(orderCancellations.id, id));
  await logEvent(
    tx,
    "ORDER_CANCELLATION_COMPLETED",
    by,
    row,
    {
      orderId: row.orderId,
      cancelledNow,
      refundAmountCents: row.refundAmountCents,
      payerType: row.payerType,
      refundToType: row.refundToType,
    },
    now,
  );
  return {
    orderId: row.orderId,
    cancelledNow,
    reason: row.reason,
    refundAmountCents: row.refundAmountCents,
    refundToType: row.refundToType,
  };
}

export type StoredRefundUpload = typeof refundUploads.$inferSelect & { mimeType: string; sizeBytes: number };

/** A refund receipt (already checked by readUpload) stored with its file, while the cancellation is open. */
export async function addRefundReceipt(
  tx: Db,
  input: { orderCancellationId: string; upload: ReceivedUpload; amountCents?: number | undefined },
  by: CancellationActor,
  now: Date,
): Promise<StoredRefundUpload> {
  const row = await lockOpenCancellation(tx, input.orderCancellationId);
  const { upload } = input;
  const file = await databaseFileStore(tx).put({
    fileName: upload.fileName,
    mimeType: upload.mimeType,
    content: upload.content,
    companyId: row.companyId,
    uploadedByUserId: by.userId,
  });
  const [stored] = await tx
    .insert(refundUploads)
    .values({
      orderCancellationId: row.id,
      fileId: file.id,
      fileName: upload.fileName,
      amountCents: input.amountCents ?? null,
      uploadedByUserId: by.userId,
      createdAt: now,
    })
    .returning();
  const receipt = stored as typeof refundUploads.$inferSelect;
  await logEvent(
    tx,
    "ORDER_REFUND_RECEIPT_UPLOADED",
    by,
    row,
    {
      refundUploadId: receipt.id,
      fileName: receipt.fileName,
      sizeBytes: upload.content.byteLength,
      amountCents: receipt.amountCents,
    },
    now,
  );
  return { ...receipt, mimeType: upload.mimeType, sizeBytes: upload.content.byteLength };
}

/** Deletes a receipt and its file together, while the cancellation is open. */
export async function deleteRefundReceipt(tx: Db, refundUploadId: string, by: CancellationActor, now: Date) {
  const [found] = await tx
    .select({ orderCancellationId: refundUploads.orderCancellationId })
    .from(refundUploads)
    .where(eq(refundUploads.id, refundUploadId));
  if (!found) throw notFound("Refund receipt");
  const row = await lockOpenCancellation(tx, found.orderCancellationId);
  const [deleted] = await tx.delete(refundUploads).where(eq(refundUploads.id, refundUploadId)).returning();
  // A delete that waited for the lock finds the receipt already gone.
  if (!deleted) throw notFound("Refund receipt");
  await tx.delete(files).where(eq(files.id, deleted.fileId));
  await logEvent(
    tx,
    "ORDER_REFUND_RECEIPT_DELETED",
    by,
    row,
    { refundUploadId, fileName: deleted.fileName, amountCents: deleted.amountCents },
    now,
  );
}
