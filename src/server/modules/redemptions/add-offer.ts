import { asc, eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { orderItems, redemptionOffers } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { ReceivedUpload } from "../../files/uploads.ts";
import { noActiveLease } from "../leasing/errors.ts";
import {
  absenceFactsOf,
  type CaseFacts,
  ensureOpen,
  lockedCase,
  monthsPaidOf,
  onCase,
  optionsOf,
  todayOf,
} from "./case-facts.ts";
import { renderRedemptionOfferPdf } from "./offer-pdf.ts";

/**
 * A case's redemption offers: the PDF made from the case as it stands (when it opens, and again when
 * the helpdesk asks), or a document the helpdesk uploads. Each is a file of the case's company and a
 * BIKE_REDEMPTION_OFFER_ADDED event on the case, in the caller's transaction.
 */

/** Where a generated offer goes: the address its PDF links to (where the employee chooses) and the
 * FileStore that keeps it. */
export type OfferOutput = { publicUrl: string; files: FileStore };

async function storeOffer(
  ctx: WriteContext,
  files: FileStore,
  facts: CaseFacts,
  file: { fileName: string; mimeType: string; content: Buffer },
  generated: boolean,
): Promise<string> {
  const { tx, actor, now } = ctx;
  const stored = await files.put(tx, {
    ...file,
    companyId: facts.redemption.companyId,
    uploadedByUserId: actor.userId,
  });
  const [offer] = await tx
    .insert(redemptionOffers)
    .values({
      bikeRedemptionId: facts.redemption.id,
      fileId: stored.id,
      fileName: file.fileName,
      offerPriceCents: facts.redemption.redemptionPriceCents,
      validUntil: facts.redemption.decisionDeadline,
      uploadedByUserId: actor.userId,
      createdAt: now,
    })
    .returning({ id: redemptionOffers.id });
  const offerId = offer?.id as string;
  await recordEvent(ctx, {
    type: "BIKE_REDEMPTION_OFFER_ADDED",
    ...onCase(facts.redemption),
    data: { offerId, fileName: file.fileName, generated, amountCents: facts.redemption.redemptionPriceCents },
  });
  return offerId;
}

/** Makes the offer PDF from the case as it stands and stores it as a new offer; answers its id. */
export async function addGeneratedOffer(ctx: WriteContext, caseId: string, output: OfferOutput) {
  const facts = await lockedCase(ctx.tx, caseId);
  ensureOpen(facts);
  return storeGeneratedOffer(ctx, facts, output);
}

/** The offer PDF of a case just read (opening it reads it once); answers the offer's id. */
export async function storeGeneratedOffer(ctx: WriteContext, facts: CaseFacts, output: OfferOutput) {
  const { tx, now } = ctx;
  const { redemption, order, lease } = facts;
  if (!lease) throw noActiveLease("The order has no lease that has started");
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.id));
  const pdf = await renderRedemptionOfferPdf({
    orderNumber: order.orderNumber,
    employeeName: facts.employeeName,
    employeeEmail: facts.email,
    companyName: facts.companyName,
    reason: redemption.reason,
    lines,
    frameSerialNumber: order.frameSerialNumber,
    leaseStartDate: lease.startDate,
    termEndDate: lease.endDate,
    leaseEndsOn: redemption.leaseEndsOn ?? lease.endDate,
    leaseTimeMonths: lease.terms.leaseTimeMonths,
    monthsPaid: monthsPaidOf(facts),
    monthlyPaymentCents: facts.agreement?.monthlyPaymentCents ?? 0,
    priceCents: redemption.redemptionPriceCents,
    decisionDeadline: redemption.decisionDeadline ?? lease.endDate,
    options: optionsOf(facts, await absenceFactsOf(tx, facts)),
    choiceUrl: `${output.publicUrl}/mybike`,
    documentDate: now,
    // The offer is the employee's to answer, so it is written in the employee's language.
    language: facts.language,
  });
  const fileName = `lunastustarjous-${order.orderNumber}-${todayOf(now)}.pdf`;
  return storeOffer(
    ctx,
    output.files,
    facts,
    { fileName, mimeType: "application/pdf", content: Buffer.from(pdf) },
    true,
  );
}

/** Stores an uploaded offer document (already checked: its type by its bytes, its size, its name). */
export async function addUploadedOffer(
  ctx: WriteContext,
  files: FileStore,
  caseId: string,
  upload: ReceivedUpload,
) {
  const facts = await lockedCase(ctx.tx, caseId);
  ensureOpen(facts);
  return storeOffer(ctx, files, facts, upload, false);
}
