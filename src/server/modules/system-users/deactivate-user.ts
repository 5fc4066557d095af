import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { systemUsers, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { revokeAllSessionsOfUser } from "../auth/sessions.ts";
import { ensureAnotherActiveSuperAdmin } from "./access.ts";
import { holdsRole } from "./queries.ts";

/**
 * Deactivates or activates an account (USER_DEACTIVATED / USER_ACTIVATED). A deactivated user's
 * sessions end with it; the last active super admin is never deactivated (409 LAST_SUPER_ADMIN). The
 * user row is locked, so a repeat that changes nothing writes nothing.
 */
export async function setDeactivated(ctx: WriteContext, userId: string, deactivated: boolean): Promise<void> {
  const { tx, now } = ctx;
  const [current] = await lockRows(
    tx,
    "user",
    tx
      .select({ deactivated: users.deactivated })
      .from(users)
      .where(eq(users.id, userId))
      .for("no key update"),
  );
  if (!current || current.deactivated === deactivated) return;
  if (deactivated && (await holdsRole(tx, userId, "SUPER_ADMIN"))) {
    await ensureAnotherActiveSuperAdmin(tx, userId);
  }
  await tx
    .update(users)
    .set({ deactivated, deactivatedAt: deactivated ? now : null })
    .where(eq(users.id, userId));
  if (deactivated) await revokeAllSessionsOfUser(tx, userId, "DEACTIVATED");
  const [profile] = await tx
    .select({ companyId: systemUsers.companyId })
    .from(systemUsers)
    .where(eq(systemUsers.userId, userId));
  await recordEvent(ctx, {
    type: deactivated ? "USER_DEACTIVATED" : "USER_ACTIVATED",
    entity: { type: "user", id: userId },
    companyId: profile?.companyId ?? null,
  });
}
