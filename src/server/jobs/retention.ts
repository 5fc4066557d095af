import { and, inArray, isNotNull, lt, ne, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { RETENTION_RULE_IDS, type RetentionRuleId, retentionCutoff } from "../../domain/retention.ts";
import type { Db } from "../db/client.ts";
import {
  companyApplications,
  contactChangeRequests,
  contactForms,
  employmentInvitations,
  idempotencyKeys,
  messageOutbox,
  oidcSignIns,
  outbox,
  passkeyRegistrations,
  passwordResetTokens,
  refreshSessions,
  twoFactorChallenges,
} from "../db/schema/index.ts";
import { endLegalHolds } from "./legal-hold-ends.ts";

/**
 * The nightly retention job (src/domain/retention.ts, docs/privacy.md "Retention"): deletes the rows
 * each rule has kept long enough and logs how many, never whose. Deleting what is already gone finds
 * nothing, so a second run, or two instances running it, changes nothing more.
 */
export const RETENTION_QUEUE = "apply-retention";
/** Every night at 04:45 Helsinki time, after the file sweep. */
export const RETENTION_CRON = "45 4 * * *";

type Counts = Record<RetentionRuleId, number>;

/** Each rule's deletion of its rows older than `before`; answers how many went. */
const DELETIONS: Record<RetentionRuleId, (db: Db, before: Date) => Promise<number>> = {
  endedSessions: async (db, before) =>
    (
      await db
        .delete(refreshSessions)
        .where(or(lt(refreshSessions.revokedAt, before), lt(refreshSessions.expiresAt, before)))
        .returning({ id: refreshSessions.id })
    ).length,
  usedCodesAndLinks: async (db, before) => {
    // Each is kept until its use or expiry has passed by the rule's days: a used one has expired too.
    const tables = [
      await db
        .delete(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, before))
        .returning({ id: passwordResetTokens.id }),
      await db
        .delete(twoFactorChallenges)
        .where(lt(twoFactorChallenges.expiresAt, before))
        .returning({ id: twoFactorChallenges.id }),
      await db
        .delete(contactChangeRequests)
        .where(lt(contactChangeRequests.expiresAt, before))
        .returning({ id: contactChangeRequests.id }),
      await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, before)).returning({ id: oidcSignIns.id }),
      await db
        .delete(passkeyRegistrations)
        .where(lt(passkeyRegistrations.expiresAt, before))
        .returning({ userId: passkeyRegistrations.userId }),
    ];
    return tables.reduce((sum, rows) => sum + rows.length, 0);
  },
  devOutbox: async (db, before) =>
    (await db.delete(outbox).where(lt(outbox.createdAt, before)).returning({ id: outbox.id })).length,
  sentMessages: async (db, before) =>
    (
      await db
        .delete(messageOutbox)
        // A queued or held message is still to be sent: it waits for its try or its digest.
        .where(
          and(
            inArray(messageOutbox.status, ["SENT", "FAILED", "SKIPPED"]),
            lt(messageOutbox.createdAt, before),
          ),
        )
        .returning({ id: messageOutbox.id })
    ).length,
  contactForms: async (db, before) =>
    (
      await db
        .delete(contactForms)
        .where(lt(contactForms.createdAt, before))
        .returning({ id: contactForms.id })
    ).length,
  companyApplications: async (db, before) =>
    (
      await db
        .delete(companyApplications)
        .where(and(ne(companyApplications.status, "ACCEPTED"), lt(companyApplications.createdAt, before)))
        .returning({ id: companyApplications.id })
    ).length,
  closedInvitations: async (db, before) =>
    (
      await db
        .delete(employmentInvitations)
        .where(and(isNotNull(employmentInvitations.closedAt), lt(employmentInvitations.closedAt, before)))
        .returning({ id: employmentInvitations.id })
    ).length,
  idempotencyKeys: async (db, before) =>
    (
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key })
    ).length,
};

/**
 * Applies every rule at `now`, then ends the legal holds of erased people whose time is up; answers each
 * rule's count of deleted rows and the count of holds ended.
 */
export async function applyRetention(
  db: Db,
  { now, log }: { now: Date; log?: Pick<FastifyBaseLogger, "info"> },
): Promise<Counts & { legalHoldsEnded: number }> {
  const counts = {} as Counts;
  for (const rule of RETENTION_RULE_IDS) {
    counts[rule] = await DELETIONS[rule](db, retentionCutoff(rule, now));
  }
  const result = { ...counts, legalHoldsEnded: await endLegalHolds(db, now) };
  log?.info({ deleted: result }, "retention applied");
  return result;
}
