import { and, eq, exists, inArray, not, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { DAY_MS } from "../../domain/dates.ts";
import { ADMIN_ROLES } from "../../domain/roles.ts";
import type { Db } from "../db/client.ts";
import { recordEvent } from "../db/event-log.ts";
import { eventLog, refreshSessions, roles, systemUsers, userRoles, users } from "../db/schema/index.ts";
import { write } from "../db/transaction.ts";
import { accountDeactivatedMail } from "../messaging/account-mails.ts";
import { queueMessages } from "../modules/notifications/outbox.ts";
import type { OutboxRenderer } from "../modules/notifications/outbox-renderers.ts";

/**
 * docs/product.md "States" "auto-deactivated for inactivity": active users outside the admin tier whose last activity
 * is older than `days` are deactivated, their sessions end, and each gets a USER_AUTO_DEACTIVATED
 * event-log row (no actor) and the account-deactivated mail in the message outbox, all in one
 * transaction. Last activity is the last login, or the creation of an account that never logged in,
 * or a later re-activation by a manager (so an account activated again is not switched off by the
 * next night's run). `days` 0 or less does nothing.
 */

export type DeactivateInactiveOptions = {
  now: Date;
  days: number;
  log?: Pick<FastifyBaseLogger, "info">;
};

export async function deactivateInactiveUsers(db: Db, options: DeactivateInactiveOptions): Promise<number> {
  const { now, days } = options;
  if (!(days > 0)) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);

  const lastActivation = sql`(select max(${eventLog.createdAt}) from ${eventLog}
    where ${eventLog.entityType} = 'user' and ${eventLog.entityId} = ${users.id}
    and ${eventLog.type} = 'USER_ACTIVATED')`;
  // greatest() skips nulls: a user never re-activated is judged by login or creation alone.
  const lastActivity = sql`greatest(coalesce(${users.lastLoginAt}, ${users.createdAt}), ${lastActivation})`;
  const holdsAdminRole = exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, users.id), inArray(roles.name, [...ADMIN_ROLES]))),
  );

  // The job acts as nobody: its event rows have no actor.
  const deactivated = await write(db, { actor: { userId: null }, now }, async (ctx) => {
    const { tx } = ctx;
    const rows = await tx
      .update(users)
      .set({ deactivated: true, deactivatedAt: now })
      .where(
        and(
          eq(users.deactivated, false),
          sql`${lastActivity} < ${cutoff.toISOString()}::timestamptz`,
          not(holdsAdminRole),
        ),
      )
      .returning({ id: users.id, email: users.email, language: users.language });
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.id);

    // Every session ends, rotated rows included (their grace window would otherwise let them back in).
    await tx
      .update(refreshSessions)
      .set({ revokedAt: now, revokedReason: "DEACTIVATED" })
      .where(and(inArray(refreshSessions.userId, ids), sql`${refreshSessions.revokedAt} is null`));
    await tx
      .update(refreshSessions)
      .set({ revokedReason: "DEACTIVATED" })
      .where(and(inArray(refreshSessions.userId, ids), eq(refreshSessions.revokedReason, "ROTATED")));

    const profiles = await tx
      .select({ userId: systemUsers.userId, companyId: systemUsers.companyId })
      .from(systemUsers)
      .where(inArray(systemUsers.userId, ids));
    const profileOf = new Map(profiles.map((p) => [p.userId, p]));
    for (const r of rows) {
      await recordEvent(ctx, {
        type: "USER_AUTO_DEACTIVATED",
        entity: { type: "user", id: r.id },
        companyId: profileOf.get(r.id)?.companyId ?? null,
        data: { inactiveDays: days },
      });
    }
    // Each is told, with the deactivation: a run that rolls back tells no one.
    await queueMessages(
      tx,
      rows.map((r) => ({
        userId: r.id,
        event: ACCOUNT_DEACTIVATED_EVENT,
        channel: "EMAIL" as const,
        recipient: r.email,
        language: r.language,
      })),
    );
    return rows.length;
  });

  if (deactivated > 0) {
    options.log?.info({ count: deactivated, days }, "deactivated inactive users");
  }
  return deactivated;
}

/** The notification table's event of the mail that tells a person their account was deactivated. */
export const ACCOUNT_DEACTIVATED_EVENT = "ACCOUNT_DEACTIVATED";

/**
 * ACCOUNT_DEACTIVATED: the person greeted by their first name; nothing once the account is active
 * again (a manager re-activated it before the mail went) or gone.
 */
export const renderAccountDeactivated: OutboxRenderer = async (row, deps) => {
  if (!row.userId) return null;
  const [account] = await deps.db
    .select({ deactivated: users.deactivated, firstName: systemUsers.firstName })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.id, row.userId));
  if (!account?.deactivated) return null;
  return { kind: "mail", mail: accountDeactivatedMail(row.language, { name: account.firstName }) };
};
