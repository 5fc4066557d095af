import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { files, refundUploads } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { ReceivedUpload } from "../../files/uploads.ts";
import { type CancellationActor, lockOpenCancellation } from "./cancel-order.ts";

/** The refund's receipts of an open cancellation: each stored with its file, or deleted with it. */

export type StoredRefundUpload = typeof refundUploads.$inferSelect & { mimeType: string; sizeBytes: number };

/** A refund receipt (already checked by readUpload) stored with its file, while the cancellation is open. */
export async function addRefundReceipt(
  ctx: WriteContext<CancellationActor>,
  files: FileStore,
  input: { orderCancellationId: string; upload: ReceivedUpload; amountCents?: number | undefined },
): Promise<StoredRefundUpload> {
  const { tx, now } = ctx;
  const row = await lockOpenCancellation(tx, input.orderCancellationId);
  const { upload } = input;
  const file = await files.put(tx, {
    fileName: upload.fileName,
    mimeType: upload.mimeType,
    content: upload.content,
    companyId: row.companyId,
    uploadedByUserId: ctx.actor.userId,
  });
  const [stored] = await tx
    .insert(refundUploads)
    .values({
      orderCancellationId: row.id,
      fileId: file.id,
      fileName: upload.fileName,
      amountCents: input.amountCents ?? null,
      uploadedByUserId: ctx.actor.userId,
      createdAt: now,
    })
    .returning();
  const receipt = stored as typeof refundUploads.$inferSelect;
  await recordEvent(ctx, {
    type: "ORDER_REFUND_RECEIPT_UPLOADED",
    entity: { type: "orderCancellation", id: row.id },
    companyId: row.companyId,
    data: {
      refundUploadId: receipt.id,
      fileName: receipt.fileName,
      sizeBytes: upload.content.byteLength,
      amountCents: receipt.amountCents,
    },
  });
  return { ...receipt, mimeType: upload.mimeType, sizeBytes: upload.content.byteLength };
}

/** Deletes a receipt and its file together, while the cancellation is open. */
export async function deleteRefundReceipt(ctx: WriteContext<CancellationActor>, refundUploadId: string) {
  const { tx } = ctx;
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
  await recordEvent(ctx, {
    type: "ORDER_REFUND_RECEIPT_DELETED",
    entity: { type: "orderCancellation", id: row.id },
    companyId: row.companyId,
    data: { refundUploadId, fileName: deleted.fileName, amountCents: deleted.amountCents },
  });
}
