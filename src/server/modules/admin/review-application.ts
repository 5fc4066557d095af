import { eq } from "drizzle-orm";
import type { TAcceptApplication, TRejectApplication } from "../../../contract/admin.ts";
import type { TCreateCompany } from "../../../contract/companies.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { companyApplications } from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { SignedInActor } from "../auth/session-user.ts";
import { checkCompanyFields } from "../companies/company-fields.ts";
import { createCompany } from "../companies/create-company.ts";
import { queueApplicationDecision } from "./application-mails.ts";
import { applicationAlreadyReviewed } from "./errors.ts";

/**
 * The helpdesk's review of a company application (the sign-ups of /register): accepted, it becomes a
 * company with its first employer admin; rejected, it stays as a record with the reason. The
 * application row is locked (`for update`) first, so two reviewers racing get one success and one 409
 * APPLICATION_ALREADY_REVIEWED.
 */

/** Locks a PENDING application for the review; 404 unknown, 409 reviewed already. */
async function lockPending(tx: Tx, id: string) {
  const [application] = await lockRows(
    tx,
    "companyApplication",
    tx.select().from(companyApplications).where(eq(companyApplications.id, id)).for("update"),
  );
  if (!application) throw notFound("Application");
  if (application.status !== "PENDING") throw applicationAlreadyReviewed();
  return application;
}

/**
 * Makes the company from the application and the helpdesk's settings the way POST /api/companies
 * does (companies' checkCompanyFields and createCompany, inside this transaction), with the contact
 * person as its first EMPLOYER_ADMIN in the applicant's language, then marks the application ACCEPTED
 * and queues the answer to the contact person (with the set-password link of a new account).
 */
export async function acceptApplication(
  ctx: WriteContext<SignedInActor>,
  id: string,
  input: TAcceptApplication,
) {
  const { tx, actor, now } = ctx;
  const application = await lockPending(tx, id);
  const { reviewNote, ...settings } = input;
  const company: TCreateCompany = {
    ...settings,
    paymentMode: input.paymentMode ?? "PAYROLL",
    name: application.companyName,
    businessId: application.businessId,
    streetAddress: application.streetAddress,
    postalCode: application.postalCode,
    city: application.city,
    billingEmail: application.billingEmail,
    eInvoiceAddress: application.eInvoiceAddress,
    eInvoiceOperator: application.eInvoiceOperator,
    contactName: `${application.contactFirstName} ${application.contactLastName}`,
    contactEmail: application.contactEmail,
    contactPhoneNumber: application.contactPhoneNumber,
    admin: {
      firstName: application.contactFirstName,
      lastName: application.contactLastName,
      email: application.contactEmail.toLowerCase(),
      phoneNumber: application.contactPhoneNumber,
    },
  };
  await checkCompanyFields(tx, actor.user, company);
  const created = await createCompany(ctx, company, {
    language: application.language,
    source: "company-application",
    logData: { businessId: application.businessId, applicationId: id },
  });
  const { companyId, adminInvited } = created;
  const adminUserId = created.adminUserId as string;
  await tx
    .update(companyApplications)
    .set({
      status: "ACCEPTED",
      reviewedByUserId: actor.userId,
      reviewedAt: now,
      reviewNote: reviewNote || null,
      createdCompanyId: companyId,
    })
    .where(eq(companyApplications.id, id));
  await recordEvent(ctx, {
    type: "COMPANY_APPLICATION_ACCEPTED",
    entity: { type: "companyApplication", id },
    companyId,
    data: {
      companyName: application.companyName,
      businessId: application.businessId,
      adminUserId,
      adminInvited,
    },
  });
  await queueApplicationDecision(tx, application, {
    decision: "ACCEPTED",
    adminUserId,
    newAccount: adminInvited,
  });
  return { companyId, adminUserId, adminInvited };
}

/** Marks the application REJECTED with the helpdesk's reason and queues the answer to the applicant. */
export async function rejectApplication(
  ctx: WriteContext<SignedInActor>,
  id: string,
  input: TRejectApplication,
) {
  const { tx, actor, now } = ctx;
  const pending = await lockPending(tx, id);
  await tx
    .update(companyApplications)
    .set({
      status: "REJECTED",
      reviewedByUserId: actor.userId,
      reviewedAt: now,
      reviewNote: input.reviewNote,
    })
    .where(eq(companyApplications.id, id));
  await recordEvent(ctx, {
    type: "COMPANY_APPLICATION_REJECTED",
    entity: { type: "companyApplication", id },
    companyId: null,
    data: { companyName: pending.companyName, businessId: pending.businessId },
  });
  await queueApplicationDecision(tx, pending, { decision: "REJECTED", reason: input.reviewNote });
}
