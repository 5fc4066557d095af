import { eq, inArray, lt, sql } from "drizzle-orm";
import { toHelsinkiDateString } from "../../domain/dates.ts";
import type { HeldEntityType } from "../../domain/enums.ts";
import { ERASED_FIRST_NAME, ERASED_LAST_NAME, ERASED_NAME } from "../../domain/erasure.ts";
import type { Db } from "../db/client.ts";
import {
  beneficiaryEmployees,
  handoverPhotos,
  handovers,
  leaseInvoices,
  leasingAgreements,
  legalHolds,
  orders,
  payrollReportSnapshots,
  redemptionPayments,
  refundUploads,
  signedDocuments,
  strongIdentifications,
  userPayments,
} from "../db/schema/index.ts";
import { inTransaction, type Tx } from "../db/transaction.ts";
import { erasePersonalTextsOfInvoice } from "../modules/invoices/erase-texts.ts";

/**
 * The retention job's step for erased people's records a law kept (docs/privacy.md "Erasure"): once a
 * hold's last day has passed, what is left of the person in its record goes — the name, addresses and
 * identification evidence are erased, the documents that name them (agreement and protocol PDFs,
 * receipts) deleted — and the hold with it. Each hold ends in a transaction of its own, so one that
 * fails leaves the others done and is tried again the next night.
 */

type Hold = typeof legalHolds.$inferSelect;

/**
 * Deletes a file's row unless a record that must keep it still points at it (its bytes go with the
 * file store's sweep, as every deleted file's).
 */
async function deleteFileIfUnused(tx: Tx, fileId: string | null): Promise<void> {
  if (!fileId) return;
  await tx.execute(sql`delete from files f where f.id = ${fileId}
    and not exists (select 1 from handovers h where h.file_id = f.id)
    and not exists (select 1 from handover_photos p where p.file_id = f.id)
    and not exists (select 1 from refund_uploads r where r.file_id = f.id)
    and not exists (select 1 from insurance_claim_files c where c.file_id = f.id)
    and not exists (select 1 from redemption_offers o where o.file_id = f.id)`);
}

async function employmentsOf(tx: Tx, userId: string | null): Promise<string[]> {
  if (!userId) return [];
  const rows = await tx
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.userId, userId));
  return rows.map((row) => row.id);
}

/** How the person is erased from each kind of kept record (HELD_ENTITY_TYPES). */
const ENDINGS: Record<HeldEntityType, (tx: Tx, hold: Hold) => Promise<void>> = {
  async leasingAgreement(tx, { entityId }) {
    // The agreement's PDF names the person; its terms and sums stay in the row.
    const [before] = await tx
      .select({ fileId: leasingAgreements.fileId })
      .from(leasingAgreements)
      .where(eq(leasingAgreements.id, entityId));
    await tx.update(leasingAgreements).set({ fileId: null }).where(eq(leasingAgreements.id, entityId));
    await deleteFileIfUnused(tx, before?.fileId ?? null);
  },
  async signedDocument(tx, { entityId }) {
    const [before] = await tx
      .select({ fileId: signedDocuments.fileId })
      .from(signedDocuments)
      .where(eq(signedDocuments.id, entityId));
    await tx
      .update(signedDocuments)
      .set({ signerIp: null, signerUserAgent: null, fileId: null })
      .where(eq(signedDocuments.id, entityId));
    await deleteFileIfUnused(tx, before?.fileId ?? null);
  },
  async strongIdentification(tx, { entityId }) {
    await tx
      .update(strongIdentifications)
      .set({ verifiedName: ERASED_NAME, idToken: "", subject: "", identityCodeHash: null })
      .where(eq(strongIdentifications.id, entityId));
  },
  async handover(tx, { entityId }) {
    // The protocol's evidence has served its time: the protocol, its photos and their files go.
    const [protocol] = await tx
      .select({ orderId: handovers.orderId, fileId: handovers.fileId })
      .from(handovers)
      .where(eq(handovers.id, entityId));
    if (!protocol) return;
    const photos = await tx
      .delete(handoverPhotos)
      .where(eq(handoverPhotos.orderId, protocol.orderId))
      .returning({ fileId: handoverPhotos.fileId });
    await tx.delete(handovers).where(eq(handovers.id, entityId));
    for (const fileId of [protocol.fileId, ...photos.map((p) => p.fileId)])
      await deleteFileIfUnused(tx, fileId);
  },
  async invoice(tx, { entityId }) {
    await deleteFileIfUnused(tx, await erasePersonalTextsOfInvoice(tx, entityId));
  },
  async userPayment(tx, { entityId }) {
    await tx.update(userPayments).set({ description: null }).where(eq(userPayments.id, entityId));
  },
  async redemptionPayment(tx, { entityId }) {
    await tx.update(redemptionPayments).set({ note: null }).where(eq(redemptionPayments.id, entityId));
  },
  async refundUpload(tx, { entityId }) {
    const [gone] = await tx
      .delete(refundUploads)
      .where(eq(refundUploads.id, entityId))
      .returning({ fileId: refundUploads.fileId });
    await deleteFileIfUnused(tx, gone?.fileId ?? null);
  },
  async leaseInvoice(tx, { entityId, subjectUserId }) {
    const employmentIds = await employmentsOf(tx, subjectUserId);
    if (employmentIds.length === 0) return;
    const numbers = (
      await tx
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.beneficiaryEmployeeId, employmentIds))
    ).map((o) => o.orderNumber);
    if (numbers.length === 0) return;
    await tx
      .update(leaseInvoices)
      .set({
        lines: sql`(select jsonb_agg(case when (line->>'orderNumber')::int = any(${sql.raw(`array[${numbers.join(",")}]`)})
          then line || ${JSON.stringify({ employeeName: ERASED_NAME, employeeNumber: null })}::jsonb else line end
          order by position) from jsonb_array_elements(${leaseInvoices.lines}) with ordinality as l(line, position))`,
      })
      .where(eq(leaseInvoices.id, entityId));
  },
  async payrollReportSnapshot(tx, { entityId, subjectUserId }) {
    const employmentIds = await employmentsOf(tx, subjectUserId);
    if (employmentIds.length === 0) return;
    const erased = { firstName: ERASED_FIRST_NAME, lastName: ERASED_LAST_NAME, employeeNumber: null };
    await tx
      .update(payrollReportSnapshots)
      .set({
        rows: sql`(select coalesce(jsonb_agg(case when row->>'beneficiaryEmployeeId' = any(${sql.raw(
          `array[${employmentIds.map((id) => `'${id}'`).join(",")}]::text[]`,
        )}) then row || ${JSON.stringify(erased)}::jsonb else row end order by position), '[]'::jsonb)
          from jsonb_array_elements(${payrollReportSnapshots.rows}) with ordinality as r(row, position))`,
      })
      .where(eq(payrollReportSnapshots.id, entityId));
  },
};

/** Ends every hold whose last day is before `now`'s day; answers how many ended. */
export async function endLegalHolds(db: Db, now: Date): Promise<number> {
  const today = toHelsinkiDateString(now);
  const due = await db.select().from(legalHolds).where(lt(legalHolds.endsOn, today));
  for (const hold of due) {
    await inTransaction(db, async (tx) => {
      await ENDINGS[hold.entityType]?.(tx, hold);
      await tx.delete(legalHolds).where(eq(legalHolds.id, hold.id));
    });
  }
  return due.length;
}
