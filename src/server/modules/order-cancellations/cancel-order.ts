import { eq } from "drizzle-orm";
import type { OrderCancellationRequester } from "../../../domain/enums.ts";
import { ADMIN_ROLES, EMPLOYER_MANAGER_ROLES, type RoleName } from "../../../domain/roles.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orderCancellations } from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { moveOrder } from "../orders/lifecycle.ts";
import { cancellationClosed } from "./errors.ts";

/**
 * What the cancellations' writes share: who acts, the rows they lock, and the order's own cancellation
 * (moveOrder writes its event row; the cancellation's rows have entityType orderCancellation).
 */

/** Who acts on a cancellation, the module's actor: a user with their roles. */
export type CancellationActor = { userId: string; roleNames: readonly RoleName[] };

export type CancellationRow = typeof orderCancellations.$inferSelect;

/** The roles a side moves the order with, so a user holding several cancels as the side they act for. */
export function sideRoles(side: OrderCancellationRequester, roleNames: readonly RoleName[]): RoleName[] {
  const ofSide: Record<OrderCancellationRequester, readonly RoleName[]> = {
    EMPLOYEE: ["BIKE_BENEFICIARY"],
    EMPLOYER: EMPLOYER_MANAGER_ROLES,
    HELPDESK: ADMIN_ROLES,
  };
  return roleNames.filter((role) => ofSide[side].includes(role));
}

async function lockCancellation(tx: Tx, id: string): Promise<CancellationRow> {
  const [row] = await lockRows(
    tx,
    "orderCancellation",
    tx.select().from(orderCancellations).where(eq(orderCancellations.id, id)).for("update"),
  );
  if (!row) throw notFound("Order cancellation");
  return row;
}

/** The cancellation, locked, while it is open; 409 ORDER_CANCELLATION_CLOSED once it is not. */
export async function lockOpenCancellation(tx: Tx, id: string): Promise<CancellationRow> {
  const row = await lockCancellation(tx, id);
  if (row.status !== "PENDING") throw cancellationClosed();
  return row;
}

/**
 * Cancels the order now as `ctx.actor` (moveOrder, the reason in its event); the move itself cancels
 * the own-share payments not paid and voids what its store is still to be paid (orders/state-effects.ts).
 */
export async function cancelOrderNow(
  ctx: WriteContext<CancellationActor>,
  cancellation: Pick<CancellationRow, "id" | "orderId" | "reason">,
) {
  const { tx, now, actor } = ctx;
  await moveOrder(
    { tx, now, actor: { kind: "user", userId: actor.userId, roleNames: actor.roleNames } },
    {
      orderId: cancellation.orderId,
      to: "CANCELLED",
      data: { reason: cancellation.reason, orderCancellationId: cancellation.id },
    },
  );
}
