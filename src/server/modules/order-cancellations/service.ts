import {
  ORDER_CANCELLATION_WITHDRAWN,
  REFUND_RECEIPT_DELETED,
  type TOrderCancellationDetails,
  type TOrderCancellationsQuery,
  type TRefundUpload,
  type TRefundUploadQuery,
  type TUpdateOrderCancellation,
} from "../../../contract/order-cancellations.ts";
import type { AppContext } from "../../context.ts";
import { write } from "../../db/transaction.ts";
import { forbidden, notFound } from "../../errors.ts";
import { receiveUpload } from "../../files/uploads.ts";
import { mayWithdraw } from "./allowed-actions.ts";
import type { CancellationActor } from "./cancel-order.ts";
import { completeCancellation } from "./complete-cancellation.ts";
import { queueOrderCancelled, queueOrderRefunded } from "./mails.ts";
import {
  type CancellationViewer,
  cancellationDetails,
  cancellationRowOf,
  ensureManageable,
  listCancellations,
  manageableRefundReceipt,
  orderToCancel,
  refundReceiptFile,
  sideOf,
  toRefundUpload,
} from "./queries.ts";
import { addRefundReceipt, deleteRefundReceipt } from "./refund-receipts.ts";
import { requestCancellation } from "./request-cancellation.ts";
import { updateCancellation } from "./update-cancellation.ts";
import { withdrawCancellation } from "./withdraw-cancellation.ts";

/**
 * Order cancellations as each side reaches them (contract/order-cancellations.ts): on whose side a
 * caller cancels, who may do what, and the employee's mails, queued with the change. The reads are
 * queries.ts's, each write its own file's.
 */
export function createOrderCancellationsService(ctx: AppContext) {
  const { db } = ctx.database;
  const by = (viewer: CancellationViewer, now: Date) => ({
    actor: { userId: viewer.id, roleNames: viewer.roleNames } satisfies CancellationActor,
    now,
  });
  const details = (viewer: CancellationViewer, id: string) => cancellationDetails(db, viewer, id);

  return {
    details,

    list: (viewer: CancellationViewer, query: TOrderCancellationsQuery) =>
      listCancellations(db, viewer, query),

    /**
     * Cancels an order of the caller's reach, as the side they act for on it: the helpdesk; the
     * employee on their own order; the employer's deciders on their companies'. Any other order is 404.
     */
    async create(
      viewer: CancellationViewer,
      input: { orderId: string; reason: string; note?: string | undefined },
      now = new Date(),
    ): Promise<TOrderCancellationDetails> {
      const order = await orderToCancel(db, input.orderId);
      const side = order ? sideOf(viewer, order) : null;
      if (!order || !side) throw notFound("Order");
      const done = await write(db, by(viewer, now), async (w) => {
        const requested = await requestCancellation(w, { ...input, side });
        // The employee's own cancellation needs no mail; one by someone else tells them why.
        if (requested.atOnce && side !== "EMPLOYEE")
          await queueOrderCancelled(w.tx, input.orderId, { cancelledBy: side, reason: input.reason });
        return requested;
      });
      return details(viewer, done.orderCancellationId);
    },

    async update(viewer: CancellationViewer, id: string, input: TUpdateOrderCancellation, now = new Date()) {
      await ensureManageable(db, viewer, id);
      await write(db, by(viewer, now), (w) => updateCancellation(w, id, input));
      return details(viewer, id);
    },

    /**
     * Withdraws a request: the helpdesk any it reaches, the employee their own request, the employer
     * their companies' requests; a cancellation the caller reads but did not ask for is 403.
     */
    async withdraw(viewer: CancellationViewer, id: string, now = new Date()): Promise<{ message: string }> {
      const row = await cancellationRowOf(db, viewer, id);
      const asked = { ...row.c, employeeUserId: row.employeeUserId };
      if (!mayWithdraw(viewer, asked))
        throw forbidden("Only the side that asked for the cancellation may withdraw it");
      await write(db, by(viewer, now), (w) => withdrawCancellation(w, id));
      return { message: ORDER_CANCELLATION_WITHDRAWN };
    },

    async complete(
      viewer: CancellationViewer,
      id: string,
      now = new Date(),
    ): Promise<TOrderCancellationDetails> {
      await ensureManageable(db, viewer, id);
      await write(db, by(viewer, now), async (w) => {
        const done = await completeCancellation(w, id);
        if (done.refundAmountCents > 0 && done.refundToType === "EMPLOYEE") {
          await queueOrderRefunded(w.tx, done.orderId, done.refundAmountCents);
        } else if (done.cancelledNow) {
          await queueOrderCancelled(w.tx, done.orderId, {
            cancelledBy: "HELPDESK",
            reason: done.reason ?? "",
          });
        }
      });
      return details(viewer, id);
    },

    /** A receipt, checked by its bytes before anything is stored (400 FILE_*), on an open cancellation. */
    async upload(
      viewer: CancellationViewer,
      query: TRefundUploadQuery,
      body: Buffer,
      now = new Date(),
    ): Promise<TRefundUpload> {
      const upload = await receiveUpload(ctx.files, body, query.fileName);
      await ensureManageable(db, viewer, query.orderCancellationId);
      const stored = await write(db, by(viewer, now), (w) =>
        addRefundReceipt(w, ctx.files, {
          orderCancellationId: query.orderCancellationId,
          upload,
          amountCents: query.amountCents,
        }),
      );
      return toRefundUpload(stored, stored.mimeType, stored.sizeBytes);
    },

    async deleteUpload(
      viewer: CancellationViewer,
      refundUploadId: string,
      now = new Date(),
    ): Promise<{ message: string }> {
      if (!(await manageableRefundReceipt(db, viewer, refundUploadId))) throw notFound("Refund receipt");
      await write(db, by(viewer, now), (w) => deleteRefundReceipt(w, refundUploadId));
      return { message: REFUND_RECEIPT_DELETED };
    },

    /** A receipt's file, to whoever reads its cancellation. */
    file: (viewer: CancellationViewer, refundUploadId: string) =>
      refundReceiptFile(db, ctx.files, viewer, refundUploadId),
  };
}
