import { eq } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { recordEvent } from "../../db/event-log.ts";
import { leasingAgreements, signedDocuments } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { FileStore } from "../../files/file-store.ts";
import { renderAgreementPdf } from "./agreement-pdf.ts";
import { moveOrder, type OrderUser } from "./lifecycle.ts";
import type { OrderRow } from "./order-rows.ts";
import { type Agreement, agreementPdfInput } from "./queries.ts";

/**
 * The employee's signature of the leasing agreement, once the signing service has proven the signer
 * with a fresh two-factor code (signing.ts). The last of the two signatures confirms the order: the
 * employee's when no employer approval is needed (or it was given first), the employer's approval when
 * the employee has signed (employer-decision.ts). Confirming records the commitment date (today in
 * Helsinki), which decides the lease's tax regime.
 */

export type SignerMeta = { ipAddress: string; userAgent: string | null };

/**
 * How the signer proved who they are: a fresh code sent by SMS to their number, or strong electronic
 * identification, whose evidence row (strong_identifications) the signed document points to.
 */
type SignatureProof = { method: "SMS_CODE" } | { method: "STRONG"; strongIdentificationId: string };

/**
 * What is signed and the evidence of who signed it: the PDF shows the name (the verified one after
 * strong identification), the rows keep the rest. Without a proof, the SMS code signed.
 */
export type Signing = {
  order: OrderRow;
  agreement: Agreement;
  signerName: string;
  meta: SignerMeta;
  proof?: SignatureProof;
};

export type SignedAgreement = { signedDocumentId: string; fileId: string; documentSha256: string };

/**
 * The last signature confirms: ALL_INFO_PROVIDED → CONFIRMED by whoever gave it, and the agreement's
 * commitment date is today in Helsinki.
 */
export async function confirmOrder(ctx: WriteContext<OrderUser>, orderId: string, agreementId: string) {
  await moveOrder(ctx, { orderId, to: "CONFIRMED" });
  await ctx.tx
    .update(leasingAgreements)
    .set({ commitmentDate: toHelsinkiDateString(ctx.now), updatedAt: ctx.now })
    .where(eq(leasingAgreements.id, agreementId));
}

/**
 * The signed agreement's evidence: the final PDF rendered for the signer and the signing time, stored
 * through the FileStore with its SHA-256, the signed document with who/when/IP/user agent, and the
 * agreement SIGNED with the file. No status changes here (signAgreement does them); the demo seed uses
 * it alone for the leases it made before signing existed.
 */
export async function storeSignedAgreement(
  ctx: WriteContext<Pick<OrderUser, "userId">>,
  files: FileStore,
  { order, agreement, signerName, meta, proof = { method: "SMS_CODE" } }: Signing,
): Promise<SignedAgreement> {
  const { tx, now } = ctx;
  const signerId = ctx.actor.userId;
  const input = await agreementPdfInput(tx, order.id, agreement, {
    date: now,
    signature: { signerName, signedAt: now },
  });
  const pdf = Buffer.from(await renderAgreementPdf(input));
  const stored = await files.put(tx, {
    fileName: `leasingsopimus-${order.orderNumber}.pdf`,
    mimeType: "application/pdf",
    content: pdf,
    companyId: order.companyId,
    uploadedByUserId: signerId,
  });
  const [document] = await tx
    .insert(signedDocuments)
    .values({
      beneficiaryEmployeeId: order.beneficiaryEmployeeId,
      leasingAgreementId: agreement.id,
      companyId: order.companyId,
      paymentStatus: "PENDING",
      leasingSignDate: toHelsinkiDateString(now),
      fileId: stored.id,
      signedByUserId: signerId,
      signedAt: now,
      signerIp: meta.ipAddress,
      signerUserAgent: meta.userAgent,
      documentSha256: stored.sha256,
      signingMethod: proof.method,
      strongIdentificationId: proof.method === "STRONG" ? proof.strongIdentificationId : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: signedDocuments.id });
  await tx
    .update(leasingAgreements)
    .set({ status: "SIGNED", signedAt: now, fileId: stored.id, updatedAt: now })
    .where(eq(leasingAgreements.id, agreement.id));
  return { signedDocumentId: document?.id as string, fileId: stored.id, documentSha256: stored.sha256 };
}

/**
 * Signs the order's agreement as `ctx.actor`, the employee the signing service has proven: the signed
 * document is stored (storeSignedAgreement), the event logged, and the order is confirmed when no
 * employer approval is still missing. The order and the agreement are the rows locked in the
 * transaction (ALL_INFO_PROVIDED, unsigned). The demo seed uses it too.
 */
export async function signAgreement(
  ctx: WriteContext<OrderUser>,
  files: FileStore,
  signing: Signing,
): Promise<SignedAgreement> {
  const { order, agreement } = signing;
  const signed = await storeSignedAgreement(ctx, files, signing);
  await recordEvent(ctx, {
    type: "LEASING_AGREEMENT_SIGNED",
    entity: { type: "order", id: order.id },
    companyId: order.companyId,
    data: {
      leasingAgreementId: agreement.id,
      signedDocumentId: signed.signedDocumentId,
      documentSha256: signed.documentSha256,
      by: "user",
      method: signing.proof?.method ?? "SMS_CODE",
    },
  });
  if (!order.employerApprovalRequired || order.employerApprovedAt) {
    await confirmOrder(ctx, order.id, agreement.id);
  }
  return signed;
}
