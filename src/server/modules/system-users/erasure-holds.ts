import { eq, inArray, or, sql } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { HeldEntityType } from "../../../domain/enums.ts";
import {
  accountingHoldEndsOn,
  agreementHoldEndsOn,
  LEGAL_BASES,
  type LegalBasis,
} from "../../../domain/erasure.ts";
import type { Db } from "../../db/client.ts";
import {
  bikeRedemptions,
  handovers,
  insuranceClaims,
  invoices,
  leaseInvoices,
  leasingAgreements,
  legalHolds,
  orderCancellations,
  orders,
  payrollReportSnapshots,
  redemptionPayments,
  refundUploads,
  signedDocuments,
  strongIdentifications,
  userPayments,
} from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

/**
 * The records a law keeps of an erased person, each put under a hold in the erasure's transaction
 * (docs/privacy.md "Erasure"): the accounting's vouchers (invoices, payments, refunds, the lease
 * invoices and payroll reports that name the person) for six years from the end of their accounting
 * year, and the signed agreements with their identification evidence and handover protocols for three
 * years from the lease's end. The erasure leaves these rows as they are; the retention job erases what
 * is left of the person in them when the hold ends (src/server/jobs/legal-hold-ends.ts).
 */

type Hold = { entityType: HeldEntityType; entityId: string; basis: LegalBasis; endsOn: string };

const day = (value: Date | string | null | undefined, fallback: string) =>
  value ? toHelsinkiDateString(value) : fallback;

/** The agreements' evidence: what proves who signed what, kept while a claim under the lease can be made. */
async function agreementHolds(db: Db, userId: string, orderIds: string[], today: string): Promise<Hold[]> {
  const holds: Hold[] = [];
  const orderRows = await db
    .select({ id: orders.id, cancelledAt: orders.cancelledAt })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  const agreements = await db
    .select({
      id: leasingAgreements.id,
      orderId: leasingAgreements.orderId,
      endDate: leasingAgreements.endDate,
    })
    .from(leasingAgreements)
    .where(inArray(leasingAgreements.orderId, orderIds));
  /** The lease's end as a claim counts it: its end date, or the order's cancellation, or today. */
  const leaseEndOf = (orderId: string | null) => {
    const agreementEnd = agreements
      .filter((a) => a.orderId === orderId && a.endDate)
      .map((a) => a.endDate as string)
      .sort()
      .at(-1);
    const cancelled = orderRows.find((o) => o.id === orderId)?.cancelledAt;
    return agreementEnd ?? day(cancelled, today);
  };
  const kept = (entityType: HeldEntityType, entityId: string, orderId: string | null) => {
    const leaseEnd = leaseEndOf(orderId);
    holds.push({
      entityType,
      entityId,
      basis: "AGREEMENT",
      endsOn: agreementHoldEndsOn(leaseEnd < today ? leaseEnd : today),
    });
  };
  for (const agreement of agreements) kept("leasingAgreement", agreement.id, agreement.orderId);
  if (agreements.length > 0) {
    const signed = await db
      .select({ id: signedDocuments.id, agreementId: signedDocuments.leasingAgreementId })
      .from(signedDocuments)
      .where(
        inArray(
          signedDocuments.leasingAgreementId,
          agreements.map((a) => a.id),
        ),
      );
    for (const doc of signed)
      kept("signedDocument", doc.id, agreements.find((a) => a.id === doc.agreementId)?.orderId ?? null);
  }
  // The person's own identifications, whatever they signed (an agreement, an employer's approval).
  const identifications = await db
    .select({ id: strongIdentifications.id, orderId: strongIdentifications.orderId })
    .from(strongIdentifications)
    .where(
      orderIds.length > 0
        ? or(eq(strongIdentifications.userId, userId), inArray(strongIdentifications.orderId, orderIds))
        : eq(strongIdentifications.userId, userId),
    );
  for (const identification of identifications)
    kept("strongIdentification", identification.id, identification.orderId);
  const protocols = await db
    .select({ id: handovers.id, orderId: handovers.orderId })
    .from(handovers)
    .where(inArray(handovers.orderId, orderIds));
  for (const protocol of protocols) kept("handover", protocol.id, protocol.orderId);
  return holds;
}

/** The accounting's vouchers that concern the person. */
async function accountingHolds(
  db: Db,
  employmentIds: string[],
  orderIds: string[],
  orderNumbers: number[],
): Promise<Hold[]> {
  const holds: Hold[] = [];
  const kept = (entityType: HeldEntityType, entityId: string, recordDate: Date | string) =>
    holds.push({
      entityType,
      entityId,
      basis: "ACCOUNTING",
      endsOn: accountingHoldEndsOn(
        typeof recordDate === "string" ? recordDate : toHelsinkiDateString(recordDate),
      ),
    });

  for (const p of await db
    .select({ id: userPayments.id, paidAt: userPayments.paidAt, createdAt: userPayments.createdAt })
    .from(userPayments)
    .where(inArray(userPayments.beneficiaryEmployeeId, employmentIds)))
    kept("userPayment", p.id, p.paidAt ?? p.createdAt);

  const redemptionIds = (
    await db
      .select({ id: bikeRedemptions.id })
      .from(bikeRedemptions)
      .where(inArray(bikeRedemptions.beneficiaryEmployeeId, employmentIds))
  ).map((r) => r.id);
  const claimIds = (
    await db
      .select({ id: insuranceClaims.id })
      .from(insuranceClaims)
      .where(inArray(insuranceClaims.beneficiaryEmployeeId, employmentIds))
  ).map((c) => c.id);
  if (redemptionIds.length > 0) {
    for (const p of await db
      .select({
        id: redemptionPayments.id,
        paidAt: redemptionPayments.paidAt,
        createdAt: redemptionPayments.createdAt,
      })
      .from(redemptionPayments)
      .where(inArray(redemptionPayments.bikeRedemptionId, redemptionIds)))
      kept("redemptionPayment", p.id, p.paidAt ?? p.createdAt);
  }
  const about = [
    orderIds.length > 0 ? inArray(invoices.orderId, orderIds) : undefined,
    redemptionIds.length > 0 ? inArray(invoices.bikeRedemptionId, redemptionIds) : undefined,
    claimIds.length > 0 ? inArray(invoices.insuranceClaimId, claimIds) : undefined,
  ].filter((condition) => condition !== undefined);
  if (about.length > 0) {
    for (const invoice of await db
      .select({ id: invoices.id, issueDate: invoices.issueDate, createdAt: invoices.createdAt })
      .from(invoices)
      .where(or(...about)))
      kept("invoice", invoice.id, invoice.issueDate ?? invoice.createdAt);
  }
  if (orderIds.length > 0) {
    for (const receipt of await db
      .select({ id: refundUploads.id, createdAt: refundUploads.createdAt })
      .from(refundUploads)
      .innerJoin(orderCancellations, eq(orderCancellations.id, refundUploads.orderCancellationId))
      .where(inArray(orderCancellations.orderId, orderIds)))
      kept("refundUpload", receipt.id, receipt.createdAt);
  }
  for (const orderNumber of orderNumbers) {
    for (const invoice of await db
      .select({ id: leaseInvoices.id, issueDate: leaseInvoices.issueDate })
      .from(leaseInvoices)
      .where(sql`${leaseInvoices.lines} @> ${JSON.stringify([{ orderNumber }])}::jsonb`))
      kept("leaseInvoice", invoice.id, invoice.issueDate);
  }
  for (const employmentId of employmentIds) {
    for (const report of await db
      .select({ id: payrollReportSnapshots.id, sentAt: payrollReportSnapshots.sentAt })
      .from(payrollReportSnapshots)
      .where(
        sql`${payrollReportSnapshots.rows} @> ${JSON.stringify([{ beneficiaryEmployeeId: employmentId }])}::jsonb`,
      ))
      kept("payrollReportSnapshot", report.id, report.sentAt);
  }
  return holds;
}

/**
 * Puts every record a law keeps of the person under a hold of this erasure, and answers the holds.
 * One record kept for two reasons (a voucher that is also evidence) gets a hold for each.
 */
export async function recordLegalHolds(
  tx: Tx,
  person: { userId: string; employmentIds: string[]; erasureId: string; now: Date },
) {
  const { userId, employmentIds, erasureId, now } = person;
  const today = toHelsinkiDateString(now);
  const theirOrders =
    employmentIds.length > 0
      ? await tx
          .select({ id: orders.id, orderNumber: orders.orderNumber })
          .from(orders)
          .where(inArray(orders.beneficiaryEmployeeId, employmentIds))
      : [];
  const orderIds = theirOrders.map((o) => o.id);
  const holds = [
    ...(await agreementHolds(tx, userId, orderIds, today)),
    ...(employmentIds.length > 0
      ? await accountingHolds(
          tx,
          employmentIds,
          orderIds,
          theirOrders.map((o) => o.orderNumber),
        )
      : []),
  ];
  if (holds.length === 0) return [];
  return tx
    .insert(legalHolds)
    .values(
      holds.map((hold) => ({
        subjectUserId: userId,
        erasureId,
        entityType: hold.entityType,
        entityId: hold.entityId,
        legalBasis: LEGAL_BASES[hold.basis],
        endsOn: hold.endsOn,
        createdAt: now,
      })),
    )
    .returning();
}

/** The holds in force on a person's records, soonest end first. */
export function legalHoldsOf(db: Db, userId: string) {
  return db
    .select()
    .from(legalHolds)
    .where(eq(legalHolds.subjectUserId, userId))
    .orderBy(legalHolds.endsOn, legalHolds.entityType, legalHolds.entityId);
}
