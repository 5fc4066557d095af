import { and, eq, isNull } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { userRoles } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { ensureAnotherActiveSuperAdmin } from "../system-users/access.ts";

/**
 * Who holds a role: an assignment given in companies (or globally, an empty list) and one taken away.
 * A repeat that changes nothing writes no event row; the last active SUPER_ADMIN assignment stays
 * (409 LAST_SUPER_ADMIN).
 */

type Named = { id: string; name: string };

/**
 * Gives the role in each company (none: globally); logs USER_ROLE_ASSIGNED with the new ones. Answers
 * whether anything was given.
 */
export async function assignRole(
  ctx: WriteContext,
  userId: string,
  role: Named,
  companyIds: readonly string[],
): Promise<boolean> {
  const rows = (companyIds.length ? companyIds : [null]).map((companyId) => ({
    userId,
    roleId: role.id,
    companyId,
    grantedByUserId: ctx.actor.userId,
  }));
  const added = await ctx.tx
    .insert(userRoles)
    .values(rows)
    .onConflictDoNothing()
    .returning({ companyId: userRoles.companyId });
  if (added.length === 0) return false;
  const addedCompanyIds = added.flatMap((a) => (a.companyId ? [a.companyId] : []));
  await recordEvent(ctx, {
    type: "USER_ROLE_ASSIGNED",
    entity: { type: "user", id: userId },
    // The event row has one company: the first; data lists every company of the change.
    companyId: addedCompanyIds[0] ?? null,
    data: { role: role.name, companyIds: addedCompanyIds },
  });
  return true;
}

/** Takes the role away in one company (null: the global assignment); logs USER_ROLE_REMOVED. */
export async function removeRole(
  ctx: WriteContext,
  userId: string,
  role: Named,
  companyId: string | null,
): Promise<void> {
  const { tx } = ctx;
  if (role.name === "SUPER_ADMIN") await ensureAnotherActiveSuperAdmin(tx, userId);
  const removed = await tx
    .delete(userRoles)
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(userRoles.roleId, role.id),
        companyId ? eq(userRoles.companyId, companyId) : isNull(userRoles.companyId),
      ),
    )
    .returning({ id: userRoles.id });
  if (removed.length === 0) return;
  await recordEvent(ctx, {
    type: "USER_ROLE_REMOVED",
    entity: { type: "user", id: userId },
    companyId,
    data: { role: role.name, companyIds: companyId ? [companyId] : [] },
  });
}
