import type { TRecordHandover } from "../../../contract/handovers.ts";
import { handoverKindOf } from "../../../domain/handovers.ts";
import { recordEvent } from "../../db/event-log.ts";
import { handovers } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { OrderUser } from "../orders/lifecycle.ts";
import type { SignerMeta } from "../orders/sign-agreement.ts";
import { completeHandover } from "./complete-handover.ts";
import { handoverClosed, pickupCodeRequired, signatureAtStoreNotAllowed } from "./errors.ts";
import { type HandoverOrder, handoverRecordable, handoverRowOf } from "./queries.ts";

/**
 * The store records the handover, which is its signature (the store user, when, from where). A bike
 * handed over in person needs the employee's pickup code, checked by the caller before the change;
 * if the employee signs on the store's device there and then, the handover completes in the same
 * change. `order` is the store's order, locked in `ctx.tx`.
 */
export async function recordHandover(
  ctx: WriteContext<OrderUser>,
  fileStore: FileStore,
  order: HandoverOrder,
  input: TRecordHandover & { pickupCodeChecked: boolean },
  meta: SignerMeta,
): Promise<void> {
  const { tx, actor, now } = ctx;
  const kind = handoverKindOf(order.deliveryMethod);
  if (kind === "IN_STORE" && !input.pickupCodeChecked) throw pickupCodeRequired();
  if (kind === "SHIPPED" && input.employeeSignature) throw signatureAtStoreNotAllowed();
  if (!(await handoverRecordable(tx, order, await handoverRowOf(tx, order.id)))) throw handoverClosed();
  if (!order.bikeStoreId) throw handoverClosed();
  const [handover] = await tx
    .insert(handovers)
    .values({
      orderId: order.id,
      companyId: order.companyId,
      bikeStoreId: order.bikeStoreId,
      kind,
      frameSerialNumber: input.frameSerialNumber,
      batterySerial: input.batterySerial || null,
      accessories: input.accessories,
      pickupCodeCheckedAt: kind === "IN_STORE" ? now : null,
      storeSignedByUserId: actor.userId,
      storeSignedAt: now,
      storeSignerIp: meta.ipAddress,
      storeSignerUserAgent: meta.userAgent,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!handover) throw new Error("handover not stored");
  await recordEvent(ctx, {
    type: "HANDOVER_RECORDED",
    entity: { type: "order", id: order.id },
    companyId: order.companyId,
    data: { kind, frameSerialNumber: input.frameSerialNumber, accessories: input.accessories.length },
  });
  if (input.employeeSignature) {
    await completeHandover(ctx, fileStore, order, handover, {
      place: "STORE_DEVICE",
      name: input.employeeSignature.name,
      userId: null,
      meta,
    });
  }
}
