import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { ERASED_FIRST_NAME, ERASED_LAST_NAME, ERASED_NAME } from "../../../domain/erasure.ts";
import {
  bikeBrokerageInquiries,
  bikeBrokerages,
  bikeRedemptions,
  bikeStores,
  companies,
  companyApplications,
  employmentInvitations,
  eventLog,
  files,
  idempotencyKeys,
  insuranceClaimFiles,
  insuranceClaims,
  leaseInvoices,
  notifications,
  orderCancellations,
  payrollDeliveries,
  payrollReportSnapshots,
  tasks,
} from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { erasePersonalTextsOfOrders } from "../orders/erase-texts.ts";
import { type FormerIdentity, mentions, scrubJson, scrubText } from "./erasure-scrub.ts";

/**
 * The erasure's second part: the person's traces in rows that are not theirs alone. Orders and closed
 * cases keep their ids, dates and sums for the books and lose the person's texts; the claims' photos
 * go; listings, inquiries and contact details of a company or store lose their name and addresses; the
 * event log keeps what happened and loses who it was about. What a law keeps is not touched here: the
 * holds' records stay as they are until their hold ends (erasure-holds.ts).
 */

/** Keys of the event log's data that hold a person's details; the rest (types, ids, sums) stays. */
const PERSONAL_EVENT_KEYS = [
  "email",
  "workEmail",
  "personalEmail",
  "firstName",
  "lastName",
  "name",
  "phoneNumber",
  "phone",
  "newValue",
  "oldValue",
  "recipient",
  "transferToEmail",
  "employeeSignerName",
];

/** The ids of everything the person's rows are: what the event log and the notifications point at. */
export type PersonEntities = {
  userId: string;
  employmentIds: string[];
  orderIds: string[];
};

/** Orders, claims, redemptions and cancellations: their people's texts go, their facts stay. */
export async function eraseCases(tx: Tx, person: PersonEntities): Promise<void> {
  const { employmentIds, orderIds } = person;
  if (employmentIds.length === 0) return;
  if (orderIds.length > 0) {
    await erasePersonalTextsOfOrders(tx, orderIds);
    await tx
      .update(orderCancellations)
      .set({ reason: null, note: null })
      .where(inArray(orderCancellations.orderId, orderIds));
  }
  const claims = await tx
    .select({ id: insuranceClaims.id })
    .from(insuranceClaims)
    .where(inArray(insuranceClaims.beneficiaryEmployeeId, employmentIds));
  if (claims.length > 0) {
    const claimIds = claims.map((c) => c.id);
    await tx
      .update(insuranceClaims)
      .set({ description: null, policeReportNumber: null })
      .where(inArray(insuranceClaims.id, claimIds));
    // The claim's photos and documents are the person's alone: the file rows go, and the file store's
    // sweep removes their bytes (as a deleted claim's).
    const held = await tx
      .select({ fileId: insuranceClaimFiles.fileId })
      .from(insuranceClaimFiles)
      .where(inArray(insuranceClaimFiles.insuranceClaimId, claimIds));
    await tx.delete(insuranceClaimFiles).where(inArray(insuranceClaimFiles.insuranceClaimId, claimIds));
    if (held.length > 0)
      await tx.delete(files).where(
        inArray(
          files.id,
          held.map((file) => file.fileId),
        ),
      );
  }
  await tx
    .update(bikeRedemptions)
    .set({ note: null, transferToEmail: null })
    .where(inArray(bikeRedemptions.beneficiaryEmployeeId, employmentIds));
}

/** Brokerage listings and inquiries, and the contact details of companies, applications and stores. */
export async function eraseContacts(
  tx: Tx,
  userId: string,
  former: FormerIdentity,
  erasedAddress: string,
): Promise<void> {
  const email = former.email.toLowerCase();
  await tx
    .update(bikeBrokerages)
    .set({ contactName: ERASED_NAME, contactEmail: erasedAddress, contactPhoneNumber: null, adminNote: null })
    .where(or(eq(bikeBrokerages.userId, userId), eq(sql`lower(${bikeBrokerages.contactEmail})`, email)));
  await tx
    .update(bikeBrokerageInquiries)
    .set({ name: ERASED_NAME, email: erasedAddress, phoneNumber: null, message: null })
    .where(
      or(eq(bikeBrokerageInquiries.userId, userId), eq(sql`lower(${bikeBrokerageInquiries.email})`, email)),
    );
  await tx
    .update(companies)
    .set({ contactName: null, contactEmail: null, contactPhoneNumber: null })
    .where(eq(sql`lower(${companies.contactEmail})`, email));
  await tx
    .update(companyApplications)
    .set({
      contactFirstName: ERASED_FIRST_NAME,
      contactLastName: ERASED_LAST_NAME,
      contactEmail: erasedAddress,
      contactPhoneNumber: null,
      message: null,
    })
    .where(eq(sql`lower(${companyApplications.contactEmail})`, email));
  await tx
    .update(bikeStores)
    .set({ contactPersonName: null, contactPersonEmail: null })
    .where(eq(sql`lower(${bikeStores.contactPersonEmail})`, email));
}

/**
 * The event log, the bell and the tasks about the person: the rows stay (what happened, when, to which
 * record), the person's details in their texts and data go. Looked up by what they are about, so the
 * whole log is not read.
 */
export async function eraseHistory(
  tx: Tx,
  person: PersonEntities,
  patterns: { broad: string; strict: string },
): Promise<void> {
  const pattern = patterns.broad;
  const invitations = await tx
    .select({ id: employmentInvitations.id })
    .from(employmentInvitations)
    .where(eq(employmentInvitations.userId, person.userId));
  const about = [person.userId, ...person.employmentIds, ...person.orderIds, ...invitations.map((i) => i.id)];
  const keys = sql.raw(`array[${PERSONAL_EVENT_KEYS.map((key) => `'${key}'`).join(", ")}]`);
  await tx
    .update(eventLog)
    .set({
      data: sql`regexp_replace((${eventLog.data} - ${keys})::text, ${pattern}, '[poistettu]', 'gi')::jsonb`,
    })
    .where(inArray(eventLog.entityId, about));
  await tx
    .update(notifications)
    .set({
      title: scrubText(notifications.title, pattern),
      message: scrubText(notifications.message, pattern),
      data: sql`case when ${notifications.data} is null then null else ${scrubJson(notifications.data, pattern)} end`,
    })
    .where(
      or(
        and(isNotNull(notifications.entityId), inArray(notifications.entityId, about)),
        mentions(notifications.title, patterns.strict),
        mentions(notifications.message, patterns.strict),
      ),
    );
  await tx
    .update(tasks)
    .set({
      title: scrubText(tasks.title, pattern),
      description: scrubText(tasks.description, pattern),
    })
    .where(and(isNotNull(tasks.entityId), inArray(tasks.entityId, about)));
  // A money-moving call's answer kept a day for its retry (another's key) may name the person: it goes.
  await tx.delete(idempotencyKeys).where(mentions(idempotencyKeys.responseBody, patterns.strict));
}

/**
 * Where the person received the company's reports and invoices (an employer's admin): the address goes
 * from the delivery records; the reports' and invoices' own contents are the holds' to keep. `pattern`
 * is the person's addresses alone.
 */
export async function eraseDeliveryAddresses(tx: Tx, pattern: string): Promise<void> {
  await tx
    .update(payrollReportSnapshots)
    .set({ sentTo: scrubJson(payrollReportSnapshots.sentTo, pattern) })
    .where(mentions(payrollReportSnapshots.sentTo, pattern));
  await tx
    .update(payrollDeliveries)
    .set({ target: scrubText(payrollDeliveries.target, pattern) })
    .where(mentions(payrollDeliveries.target, pattern));
  await tx
    .update(leaseInvoices)
    .set({ sentTo: scrubText(leaseInvoices.sentTo, pattern) })
    .where(mentions(leaseInvoices.sentTo, pattern));
}
