import { eq } from "drizzle-orm";
import type { TUpdateOrderCancellation } from "../../../contract/order-cancellations.ts";
import { type RefundProblem, refundProblems, type StoredRefund } from "../../../domain/order-refunds.ts";
import { recordEvent } from "../../db/event-log.ts";
import { orderCancellations } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import { type CancellationActor, lockOpenCancellation } from "./cancel-order.ts";

type RefundField = keyof StoredRefund;

const PROBLEM_MESSAGES: Record<RefundProblem, string> = {
  payerTypeRequired: "Name who pays the refund back",
  refundToTypeRequired: "Name whom the refund goes to",
  samePayerAndRecipient: "The refund goes to someone other than who pays it",
};

/** The helpdesk's change of an open cancellation: reason, note, the refund's amount and its parties. */
export async function updateCancellation(
  ctx: WriteContext<CancellationActor>,
  id: string,
  input: TUpdateOrderCancellation,
): Promise<void> {
  const row = await lockOpenCancellation(ctx.tx, id);
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
  await ctx.tx
    .update(orderCancellations)
    .set({ ...next, updatedAt: ctx.now })
    .where(eq(orderCancellations.id, id));
  await recordEvent(ctx, {
    type: "ORDER_CANCELLATION_UPDATED",
    entity: { type: "orderCancellation", id: row.id },
    companyId: row.companyId,
    data: {
      changed,
      refundAmountCents: next.refundAmountCents,
      payerType: next.payerType,
      refundToType: next.refundToType,
    },
  });
}
