import { count, eq } from "drizzle-orm";
import type { TInsuranceClaimFile } from "../../../contract/insurance-claims.ts";
import { isClaimOpen, MAX_CLAIM_FILES } from "../../../domain/insurance-claims.ts";
import { recordEvent } from "../../db/event-log.ts";
import { insuranceClaimFiles } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { ReceivedUpload } from "../../files/uploads.ts";
import { type ClaimActor, lockClaim, onClaim } from "./claim-facts.ts";
import { claimFilesFull, insuranceClaimClosed } from "./errors.ts";

/**
 * Adds a photo or document to the claim: the employee to their open claim, the helpdesk to any; at
 * most MAX_CLAIM_FILES (409 CONFLICT). Stored through the FileStore in the same transaction.
 */
export async function addClaimFile(
  ctx: WriteContext<ClaimActor>,
  files: FileStore,
  id: string,
  upload: ReceivedUpload,
): Promise<TInsuranceClaimFile> {
  const { tx, actor, now } = ctx;
  const { claim } = await lockClaim(tx, id);
  if (!actor.helpdesk && !isClaimOpen(claim)) throw insuranceClaimClosed();
  const [held] = await tx
    .select({ value: count() })
    .from(insuranceClaimFiles)
    .where(eq(insuranceClaimFiles.insuranceClaimId, id));
  if ((held?.value ?? 0) >= MAX_CLAIM_FILES) throw claimFilesFull(MAX_CLAIM_FILES);
  const stored = await files.put(tx, {
    fileName: upload.fileName,
    mimeType: upload.mimeType,
    content: upload.content,
    companyId: claim.companyId,
    uploadedByUserId: actor.userId,
  });
  const [row] = await tx
    .insert(insuranceClaimFiles)
    .values({
      insuranceClaimId: id,
      fileId: stored.id,
      fileName: upload.fileName,
      uploadedByUserId: actor.userId,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("claim file not stored");
  await recordEvent(ctx, {
    type: "INSURANCE_CLAIM_FILE_ADDED",
    ...onClaim(claim),
    data: { fileName: upload.fileName, mimeType: upload.mimeType, sizeBytes: upload.content.byteLength },
  });
  return {
    id: row.id,
    insuranceClaimId: id,
    fileName: row.fileName,
    mimeType: upload.mimeType,
    sizeBytes: upload.content.byteLength,
    createdAt: row.createdAt.toISOString(),
  };
}
