import { and, eq, notInArray } from "drizzle-orm";
import type { OrderStatus } from "../../../domain/enums.ts";
import type { OrderTransitionEvent } from "../../../domain/order-state-machine.ts";
import { userPayments } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { holdStorePayableOf, voidStorePayableOf } from "../store-payouts/void-payable.ts";
import { cancelUserPayment } from "../user-payments/ledger.ts";
import { queueUserPaymentInvoice } from "../user-payments/mails.ts";
import { issueOwnShare } from "../user-payments/own-share.ts";

/**
 * What an order's new status requires of the money around it, applied by moveOrder in the move's own
 * transaction, so every way into the status (by name, in bulk, a cancellation, a settled special case,
 * a refund) applies it alike and none can forget it:
 *
 * - CANCELLED and REFUNDED: nothing is owed for the order any more. The store's payable is void (unless
 *   its batch is approved already: the store's refund settles it), and the employee's own-share
 *   payments not yet paid are cancelled, so they leave the payroll report and the invoices. The lease's
 *   monthly payments stop by the order's status itself (the payroll report and the lease invoice rule
 *   out cancelled and refunded orders), and moveOrder notifies the employer.
 * - CONFIRMED by the order's confirmation (the last of the employee's signature and the employer's
 *   approval): the employee's own share above the max price is owed from now, its payment made and its
 *   invoice mail queued (user-payments/own-share.ts), once per order. A return into CONFIRMED (from the
 *   side state or a special case) is no new confirmation and owes nothing new.
 * - CASE_X: a manual exception that may return to the main line, so nothing is voided; the store's
 *   payable leaves a batch not yet approved, and no batch takes it while the order is in the case.
 */

/** Cancels the order's own-share payments that are not paid yet, with the reason their event rows give. */
async function cancelOpenOwnShares(ctx: WriteContext, orderId: string, reason: string): Promise<void> {
  const open = await ctx.tx
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(
      and(
        eq(userPayments.orderId, orderId),
        eq(userPayments.kind, "OWN_SHARE"),
        eq(userPayments.isUserPaymentDone, false),
        notInArray(userPayments.paymentStatus, ["PAID", "CANCELLED", "COMPLETED"]),
      ),
    );
  for (const payment of open) await cancelUserPayment(ctx, payment.id, reason);
}

export async function applyStatusEntryEffects(
  ctx: WriteContext,
  orderId: string,
  to: OrderStatus,
  event: OrderTransitionEvent,
): Promise<void> {
  if (to === "CONFIRMED" && event === "confirmOrder") {
    const ownShareId = await issueOwnShare(ctx, orderId);
    if (ownShareId) await queueUserPaymentInvoice(ctx.tx, ownShareId);
  } else if (to === "CANCELLED" || to === "REFUNDED") {
    await cancelOpenOwnShares(ctx, orderId, to === "REFUNDED" ? "Order refunded" : "Order cancelled");
    await voidStorePayableOf(ctx, orderId);
  } else if (to === "CASE_X") {
    await holdStorePayableOf(ctx, orderId);
  }
}
