import type { TReportHandoverDefect } from "../../../contract/handovers.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { canReportDefect } from "../../../domain/handovers.ts";
import { recordEvent } from "../../db/event-log.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { orderFactsForStore, queueStoreNotice } from "../notifications/notify-store.ts";
import type { OrderUser } from "../orders/lifecycle.ts";
import { defectWindowClosed } from "./errors.ts";
import type { HandoverOrder, HandoverRow } from "./queries.ts";

/**
 * The employee reports a defect of a shipped bike within the window after it arrived: an event on the
 * order's timeline, which the store reads as news in its order list and drawer (whats-new), and a
 * mail to the store in its language. Nothing is written to the store users' bell: their role has none.
 */
export async function reportHandoverDefect(
  ctx: WriteContext<OrderUser>,
  order: HandoverOrder,
  handover: HandoverRow | null,
  input: TReportHandoverDefect,
): Promise<void> {
  if (!handover || !canReportDefect(handover, toHelsinkiDateString(ctx.now))) throw defectWindowClosed();
  await recordEvent(ctx, {
    type: "HANDOVER_DEFECT_REPORTED",
    entity: { type: "order", id: order.id },
    companyId: order.companyId,
    data: { description: input.description },
  });
  const facts = await orderFactsForStore(ctx.tx, order.id);
  await queueStoreNotice(ctx.tx, "ORDER_HANDOVER_DEFECT", handover.bikeStoreId, {
    ...facts?.params,
    description: input.description,
  });
}
