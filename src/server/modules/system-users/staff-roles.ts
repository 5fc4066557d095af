import { and, eq, isNull, min, ne } from "drizzle-orm";
import { approvalRefusal, isStaffRole } from "../../../domain/user-tiers.ts";
import type { Db } from "../../db/client.ts";
import { userRoles, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { queueMessages } from "../notifications/outbox.ts";
import { approverCoolingOff, approverNewerThanRequest } from "./errors.ts";
import { STAFF_ROLE_EVENT, type StaffRoleMessage } from "./mails.ts";

/**
 * Staff roles in the four-eyes rule: since when a person has been staff (their roles held over every
 * company, which only staff roles are), whether they may approve yet, and the announcement of a new
 * staff role to the other staff.
 */

/** When the user's oldest staff role was given; null for a user who is not staff. */
async function staffSince(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ since: min(userRoles.createdAt) })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), isNull(userRoles.companyId)));
  return row?.since ?? null;
}

/**
 * 409 unless the acting staff member may approve something made at `madeAt`: a staff role of theirs
 * older than the thing, and older than the cooling-off period.
 */
export async function ensureMayApprove(ctx: WriteContext<{ userId: string }>, madeAt: Date): Promise<void> {
  const since = await staffSince(ctx.tx, ctx.actor.userId);
  const refusal = approvalRefusal(since, madeAt, ctx.now);
  if (refusal?.kind === "COOLING_OFF") throw approverCoolingOff(refusal.until);
  if (refusal) throw approverNewerThanRequest();
}

/**
 * Tells every other active staff member by mail that `userId` was given a staff role, queued in the
 * transaction that gave it (a grant that rolls back tells no one).
 */
export async function announceStaffRole(
  tx: Db,
  granted: { userId: string; role: string; grantedByUserId: string; at: Date },
): Promise<void> {
  if (!isStaffRole(granted.role)) return;
  const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, granted.userId));
  const [grantor] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, granted.grantedByUserId));
  const staff = await tx
    .selectDistinct({ userId: users.id, email: users.email, language: users.language })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(isNull(userRoles.companyId), ne(users.id, granted.userId), eq(users.deactivated, false)));
  const params: StaffRoleMessage = {
    email: person?.email ?? "",
    role: granted.role,
    grantedBy: grantor?.email ?? "",
    grantedAt: granted.at.toISOString(),
  };
  await queueMessages(
    tx,
    staff.map((recipient) => ({
      userId: recipient.userId,
      event: STAFF_ROLE_EVENT,
      channel: "EMAIL" as const,
      recipient: recipient.email,
      language: recipient.language,
      params,
    })),
  );
}
