import { eq, inArray } from "drizzle-orm";
import { canEmployeeDeleteClaim, canHelpdeskDeleteClaim } from "../../../domain/insurance-claims.ts";
import { recordEvent } from "../../db/event-log.ts";
import { files, insuranceClaimFiles, insuranceClaims } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { type ClaimActor, lockClaim, onClaim } from "./claim-facts.ts";
import { insuranceClaimClosed, insuranceStepNotAllowed } from "./errors.ts";

/** Deletes the claim and its files: the helpdesk any claim not completed, the employee an untouched one. */
export async function deleteClaim(ctx: WriteContext<ClaimActor>, id: string): Promise<void> {
  const { tx, actor } = ctx;
  const { claim, progress } = await lockClaim(tx, id);
  if (!canHelpdeskDeleteClaim(claim)) throw insuranceClaimClosed();
  if (!actor.helpdesk && !canEmployeeDeleteClaim(progress))
    throw insuranceStepNotAllowed("The helpdesk is already handling the claim");
  const held = await tx
    .select({ fileId: insuranceClaimFiles.fileId })
    .from(insuranceClaimFiles)
    .where(eq(insuranceClaimFiles.insuranceClaimId, id));
  await tx.delete(insuranceClaimFiles).where(eq(insuranceClaimFiles.insuranceClaimId, id));
  if (held.length > 0)
    await tx.delete(files).where(
      inArray(
        files.id,
        held.map((file) => file.fileId),
      ),
    );
  await tx.delete(insuranceClaims).where(eq(insuranceClaims.id, id));
  await recordEvent(ctx, {
    type: "INSURANCE_CLAIM_DELETED",
    ...onClaim(claim),
    data: {
      type: claim.type,
      orderId: claim.orderId,
      files: held.length,
      stepsTaken: progress.stepsTaken.length,
    },
  });
}
