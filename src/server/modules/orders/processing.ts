import type {
  TBulkOrderStatus,
  TBulkOrderStatusResult,
  TOrderStatusMove,
} from "../../../contract/order-processing.ts";
import type { TOrderDetails } from "../../../contract/orders.ts";
import { isGenericAdminMove } from "../../../domain/order-admin-moves.ts";
import type { AppContext } from "../../context.ts";
import { write } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { type GatewayRegistry, gatewayRegistry } from "../leasing/gateway.ts";
import { cancellationOpen } from "../order-cancellations/errors.ts";
import { hasOpenCancellation } from "../order-cancellations/queries.ts";
import { billLeasingCompany } from "./bill-leasing-company.ts";
import { orderMoveNotAllowed } from "./errors.ts";
import { asOrderUser, moveOrder } from "./lifecycle.ts";
import { lockOrder } from "./order-rows.ts";
import { processOrder } from "./process-order.ts";
import { submitToLeasingCompany } from "./send-to-leasing-company.ts";
import { createOrdersService } from "./service.ts";
import { startLease } from "./start-lease.ts";

/**
 * The helpdesk's processing of an order (contract/order-processing.ts): the signed agreement to the
 * leasing company, processing once it accepted (the store's purchase order), the bill to the leasing
 * company, the lease's start, and the moves made by status name, one order or many. Every status
 * change goes through moveOrder in the action's transaction, with what the action writes beside it
 * (the agreement, the invoice, the event rows), so an action is whole or absent. Its mails (the store's
 * purchase order and links) are queued in the message outbox with it.
 */

export function createOrderProcessingService(ctx: AppContext, registry: GatewayRegistry = gatewayRegistry()) {
  const { db } = ctx.database;
  const reader = createOrdersService(ctx);
  /** One move by status name, in its own transaction. */
  async function moveByStatus(user: CurrentUser, orderId: string, move: TOrderStatusMove): Promise<void> {
    await write(db, { actor: asOrderUser(user) }, async (w) => {
      const order = await lockOrder(w.tx, orderId);
      // A milestone has its own action, which checks what the move needs; by name, only the rest.
      if (!isGenericAdminMove(order.orderStatus, move.to, order.previousStatus))
        throw orderMoveNotAllowed(order.orderStatus, move.to);
      // An open request is completed on its own page, which cancels the order and settles the refund.
      if (move.to === "CANCELLED" && (await hasOpenCancellation(w.tx, orderId))) throw cancellationOpen();
      await moveOrder(w, { orderId, to: move.to, ...(move.note ? { data: { note: move.note } } : {}) });
    });
  }

  return {
    async sendToLeasingCompany(user: CurrentUser, orderId: string): Promise<TOrderDetails> {
      await write(db, { actor: { userId: user.id } }, (w) => submitToLeasingCompany(w, registry, orderId));
      return reader.details(user, orderId);
    },

    async process(user: CurrentUser, orderId: string): Promise<TOrderDetails> {
      await write(db, { actor: asOrderUser(user) }, (w) => processOrder(w, orderId));
      return reader.details(user, orderId);
    },

    async bill(user: CurrentUser, orderId: string): Promise<TOrderDetails> {
      await write(db, { actor: asOrderUser(user) }, (w) => billLeasingCompany(w, orderId));
      return reader.details(user, orderId);
    },

    async startLeasing(user: CurrentUser, orderId: string): Promise<TOrderDetails> {
      await write(db, { actor: asOrderUser(user) }, (w) =>
        startLease(w, orderId, { publicUrl: ctx.config.publicUrl, files: ctx.files }),
      );
      return reader.details(user, orderId);
    },

    async moveStatus(user: CurrentUser, orderId: string, move: TOrderStatusMove): Promise<TOrderDetails> {
      await moveByStatus(user, orderId, move);
      return reader.details(user, orderId);
    },

    async bulkMoveStatus(user: CurrentUser, input: TBulkOrderStatus): Promise<TBulkOrderStatusResult> {
      const results: TBulkOrderStatusResult["results"] = [];
      for (const orderId of input.orderIds) {
        try {
          await moveByStatus(user, orderId, { to: input.to, ...(input.note ? { note: input.note } : {}) });
          results.push({ orderId, ok: true });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ orderId, ok: false, code: error.code });
        }
      }
      return { results };
    },
  };
}
