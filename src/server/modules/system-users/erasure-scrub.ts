import { type AnyColumn, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { ERASED_FIRST_NAME, ERASED_LAST_NAME, ERASED_NAME } from "../../../domain/erasure.ts";
import {
  beneficiaryEmployees,
  bikePolicies,
  bikeStoreUsers,
  contactChangeRequests,
  contactForms,
  employeeAbsences,
  employeeSearch,
  employmentInvitations,
  groupPayrollReportRecipients,
  idempotencyKeys,
  messageOutbox,
  notificationPreferences,
  notifications,
  oidcSignIns,
  outbox,
  pageVisits,
  passkeyRegistrations,
  passwordResetTokens,
  payrollReportRecipients,
  rateLimitCounters,
  recoveryCodes,
  refreshSessions,
  twoFactorChallenges,
  userAuthenticators,
  userExternalIdentities,
  userPasskeys,
  userPreferences,
  userRoles,
} from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

/**
 * The erasure's first part: the person's own account, its credentials and everything kept for their
 * use of the service alone. Their traces in other rows (orders, cases, messages, the event log) are
 * erasure-traces.ts's.
 */

/** What identifies the person in free text, JSON and addresses, as it was before the erasure. */
export type FormerIdentity = {
  email: string;
  personalEmail: string | null;
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
};

/** What stands in for an identifier found in a free text or a JSON value. */
const REDACTED = "[poistettu]";

/**
 * The identifiers as one case-insensitive pattern, longest first ("Matti Meikäläinen" before
 * "Meikäläinen"); texts too short to name anyone alone (a two-letter surname) are left out. The last
 * name alone (`withLastName`) only in rows known to be about the person: elsewhere it may be another's.
 */
export function identityPattern(former: FormerIdentity, { withLastName = false } = {}): string {
  const texts = [
    former.email,
    former.personalEmail,
    former.phoneNumber,
    `${former.firstName} ${former.lastName}`,
    `${former.lastName} ${former.firstName}`,
    withLastName ? former.lastName : null,
  ]
    .filter((text): text is string => !!text && text.trim().length >= 3)
    .sort((a, b) => b.length - a.length);
  return texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
}

/** The person's addresses alone (e-mails and phone), as one pattern: for rows that list addresses. */
export function addressPattern(former: FormerIdentity): string {
  return [former.email, former.personalEmail, former.phoneNumber]
    .filter((text): text is string => !!text)
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|");
}

/** The column's text with every identifier replaced (for text columns). */
export const scrubText = (column: AnyColumn | SQL, pattern: string) =>
  sql`regexp_replace(${column}, ${pattern}, ${REDACTED}, 'gi')`;

/** A JSON column with every identifier replaced in its values. */
export const scrubJson = (column: AnyColumn, pattern: string) =>
  sql`regexp_replace(${column}::text, ${pattern}, ${REDACTED}, 'gi')::jsonb`;

/** Whether a text (or JSON, as text) column names the person. */
export const mentions = (column: AnyColumn | SQL, pattern: string) => sql`${column}::text ~* ${pattern}`;

/** Deletes what exists for the person's own use: sessions, second factors, codes, preferences, visits. */
export async function deleteOwnRows(tx: Tx, userId: string): Promise<void> {
  await tx.delete(refreshSessions).where(eq(refreshSessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await tx.delete(userAuthenticators).where(eq(userAuthenticators.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
  await tx.delete(passkeyRegistrations).where(eq(passkeyRegistrations.userId, userId));
  await tx.delete(contactChangeRequests).where(eq(contactChangeRequests.userId, userId));
  await tx.delete(userPreferences).where(eq(userPreferences.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(pageVisits).where(eq(pageVisits.userId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  await tx.delete(userExternalIdentities).where(eq(userExternalIdentities.userId, userId));
  await tx.delete(oidcSignIns).where(eq(oidcSignIns.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  // What the person was to others: a payroll report's recipient, a store's user, a role's holder.
  await tx.delete(payrollReportRecipients).where(eq(payrollReportRecipients.userId, userId));
  await tx.delete(groupPayrollReportRecipients).where(eq(groupPayrollReportRecipients.userId, userId));
  await tx.delete(bikePolicies).where(eq(bikePolicies.userId, userId));
  await tx.delete(bikeStoreUsers).where(eq(bikeStoreUsers.userId, userId));
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
}

/** The employments' and invitations' personal fields; the rows stay for the orders that point at them. */
export async function eraseEmployments(
  tx: Tx,
  userId: string,
  employmentIds: readonly string[],
  erasedAddress: string,
): Promise<void> {
  if (employmentIds.length > 0) {
    await tx
      .update(beneficiaryEmployees)
      .set({ employeeNumber: null, employerNote: null, payRollOther: null, scimExternalId: null })
      .where(inArray(beneficiaryEmployees.id, [...employmentIds]));
    // "Muu, mikä" must keep a text (the table's check): an empty one says nothing of the person.
    await tx
      .update(employeeAbsences)
      .set({
        reasonOther: sql`case when ${employeeAbsences.reason} = 'OTHER' then '' else null end`,
        note: null,
      })
      .where(inArray(employeeAbsences.beneficiaryEmployeeId, [...employmentIds]));
  }
  // Kept by triggers from users and system_users; set here too, so no stale copy can remain.
  await tx
    .update(employeeSearch)
    .set({ name: ERASED_NAME, email: erasedAddress })
    .where(eq(employeeSearch.userId, userId));
  await tx
    .update(employmentInvitations)
    .set({
      email: erasedAddress,
      firstName: ERASED_FIRST_NAME,
      lastName: ERASED_LAST_NAME,
      employerFields: {},
      scimExternalId: null,
    })
    .where(eq(employmentInvitations.userId, userId));
}

/**
 * The messages: the person's own have their address replaced and their contents cleared (the
 * helpdesk still sees that a message went); another's that names them has the name taken out. The
 * development outbox's copies to them go, as do their contact forms and the login counters of their
 * address.
 */
export async function eraseMessages(
  tx: Tx,
  userId: string,
  former: FormerIdentity,
  erasedAddress: string,
  pattern: string,
): Promise<void> {
  const addresses = [former.email, former.personalEmail, former.phoneNumber]
    .filter((a): a is string => !!a)
    .map((a) => a.toLowerCase());
  const toThem = or(
    eq(messageOutbox.userId, userId),
    inArray(sql`lower(${messageOutbox.recipient})`, addresses),
  );
  await tx.update(messageOutbox).set({ recipient: erasedAddress, params: {} }).where(toThem);
  await tx
    .update(messageOutbox)
    .set({ params: scrubJson(messageOutbox.params, pattern) })
    .where(mentions(messageOutbox.params, pattern));
  await tx
    .delete(outbox)
    .where(
      or(
        inArray(sql`lower(${outbox.recipient})`, addresses),
        mentions(outbox.bodyText, pattern),
        mentions(sql`coalesce(${outbox.subject}, '')`, pattern),
      ),
    );
  await tx
    .delete(contactForms)
    .where(
      or(
        inArray(sql`lower(${contactForms.email})`, addresses),
        inArray(sql`lower(coalesce(${contactForms.phoneNumber}, ''))`, addresses),
      ),
    );
  await tx.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} ilike ${`%${former.email}%`}`);
}
