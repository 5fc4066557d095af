import { and, count, eq } from "drizzle-orm";
import type { THandoverPhoto } from "../../../contract/handovers.ts";
import { MAX_HANDOVER_PHOTOS } from "../../../domain/handovers.ts";
import { recordEvent } from "../../db/event-log.ts";
import { files, handoverPhotos } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { ReceivedUpload } from "../../files/uploads.ts";
import type { OrderUser } from "../orders/lifecycle.ts";
import { handoverClosed, handoverPhotoLimit } from "./errors.ts";
import { type HandoverOrder, handoverRecordable, handoverRowOf } from "./queries.ts";

/**
 * The store's photos of the bike before it signs the handover: added one by one, removable until the
 * store signs, at most a handful. `order` is the store's order, locked in `ctx.tx`.
 */

async function requireRecordable(ctx: WriteContext<OrderUser>, order: HandoverOrder) {
  if (!(await handoverRecordable(ctx.tx, order, await handoverRowOf(ctx.tx, order.id))))
    throw handoverClosed();
}

export async function addHandoverPhoto(
  ctx: WriteContext<OrderUser>,
  fileStore: FileStore,
  order: HandoverOrder,
  upload: ReceivedUpload,
): Promise<THandoverPhoto> {
  const { tx, actor, now } = ctx;
  await requireRecordable(ctx, order);
  const [held] = await tx
    .select({ n: count() })
    .from(handoverPhotos)
    .where(eq(handoverPhotos.orderId, order.id));
  if ((held?.n ?? 0) >= MAX_HANDOVER_PHOTOS) throw handoverPhotoLimit();
  const stored = await fileStore.put(tx, {
    fileName: upload.fileName,
    mimeType: upload.mimeType,
    content: upload.content,
    companyId: order.companyId,
    uploadedByUserId: actor.userId,
  });
  const [row] = await tx
    .insert(handoverPhotos)
    .values({ orderId: order.id, fileId: stored.id, createdAt: now })
    .returning({ id: handoverPhotos.id });
  if (!row) throw new Error("handover photo not stored");
  await recordEvent(ctx, {
    type: "HANDOVER_PHOTO_ADDED",
    entity: { type: "order", id: order.id },
    companyId: order.companyId,
    data: { fileName: upload.fileName, sha256: stored.sha256 },
  });
  return {
    id: row.id,
    fileName: upload.fileName,
    mimeType: upload.mimeType,
    sizeBytes: upload.content.byteLength,
    createdAt: now.toISOString(),
  };
}

export async function removeHandoverPhoto(
  ctx: WriteContext<OrderUser>,
  order: HandoverOrder,
  photoId: string,
): Promise<void> {
  await requireRecordable(ctx, order);
  const [removed] = await ctx.tx
    .delete(handoverPhotos)
    .where(and(eq(handoverPhotos.id, photoId), eq(handoverPhotos.orderId, order.id)))
    .returning({ fileId: handoverPhotos.fileId });
  if (!removed) throw notFound("Photo");
  // The file's row goes with it; the store's sweep then removes its bytes.
  await ctx.tx.delete(files).where(eq(files.id, removed.fileId));
  await recordEvent(ctx, {
    type: "HANDOVER_PHOTO_REMOVED",
    entity: { type: "order", id: order.id },
    companyId: order.companyId,
    data: { photoId },
  });
}
