import type { TEmployerDecision } from "../../../contract/order-acceptance.ts";
import { recordEvent } from "../../db/event-log.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notifyEmployee } from "../notifications/notify.ts";
import { requestCancellation } from "../order-cancellations/request-cancellation.ts";
import { employerAlreadyDecided, employerApprovalNotRequired, orderTransitionNotAllowed } from "./errors.ts";
import type { OrderUser } from "./lifecycle.ts";
import { type OrderRow, setEmployerApproval } from "./order-rows.ts";
import { agreementOf, isSigned } from "./queries.ts";
import { confirmOrder } from "./sign-agreement.ts";

/**
 * The employer's decision on an order locked in `ctx.tx` (already checked to be in the decider's
 * scope), where the bike policy asked for it: approval confirms a signed order, or waits for the
 * signature with its own event row, so the audit view shows who approved and when; refusal is the
 * employer's cancellation of the order, with the reason.
 */
export async function decideForEmployer(
  ctx: WriteContext<OrderUser>,
  order: OrderRow,
  input: TEmployerDecision,
): Promise<void> {
  const orderId = order.id;
  if (order.orderStatus !== "ALL_INFO_PROVIDED") {
    throw orderTransitionNotAllowed(`An order in ${order.orderStatus} waits for no employer decision`);
  }
  if (!order.employerApprovalRequired) throw employerApprovalNotRequired();
  if (order.employerApprovedAt) throw employerAlreadyDecided();
  if (!input.approve) {
    // A refusal is the employer's cancellation, recorded as every other one is: its row with the
    // reason (which the helpdesk's cancellations view lists), its event, and the order cancelled at
    // once with the own-share payments not yet paid.
    await requestCancellation(ctx, { orderId, reason: input.reason ?? null, side: "EMPLOYER" });
    await notifyEmployee(ctx.tx, "ORDER_EMPLOYER_REFUSED", orderId, { reason: input.reason ?? null });
    return;
  }
  await setEmployerApproval(ctx, orderId);
  await notifyEmployee(ctx.tx, "ORDER_EMPLOYER_APPROVED", orderId);
  const agreement = await agreementOf(ctx.tx, orderId, true);
  if (agreement && isSigned(agreement)) {
    await confirmOrder(ctx, orderId, agreement.id);
    return;
  }
  // Not a move (no from/to): the order waits for the employee's signature in the same status.
  await recordEvent(ctx, {
    type: "ORDER_STATUS_UPDATED",
    entity: { type: "order", id: orderId },
    companyId: order.companyId,
    data: { decision: "EMPLOYER_APPROVED", by: "user" },
  });
}
