import { and, eq, isNull, min, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { DAY_MS, formatHelsinkiDateTime } from "../../../domain/dates.ts";
import { approvalRefusal, isStaffRole, STAFF_APPROVAL_COOLING_OFF_DAYS } from "../../../domain/user-tiers.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { userRoles, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { staffRoleGrantedMail } from "../../messaging/staff-role-mails.ts";
import { resolveLanguage } from "../../messaging/templates.ts";
import { approverCoolingOff, approverNewerThanRequest } from "./errors.ts";

/**
 * Staff roles in the four-eyes rule: since when a person has been staff (their roles held over every
 * company, which only staff roles are), whether they may approve yet, and the announcement of a new
 * staff role to the other staff.
 */

type Log = Pick<FastifyBaseLogger, "error">;

/** When the user's oldest staff role was given; null for a user who is not staff. */
export async function staffSince(db: Db, userId: string): Promise<Date | null> {
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
 * After the commit that gave `userId` a staff role, tells every other active staff member by mail. A
 * failed mail is logged; the role stands.
 */
export async function announceStaffRole(
  ctx: AppContext,
  granted: { userId: string; role: string; grantedByUserId: string; at: Date },
  log: Log,
): Promise<void> {
  if (!isStaffRole(granted.role)) return;
  const { db } = ctx.database;
  try {
    const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, granted.userId));
    const [grantor] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, granted.grantedByUserId));
    const staff = await db
      .selectDistinct({ email: users.email, language: users.language })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(isNull(userRoles.companyId), ne(users.id, granted.userId), eq(users.deactivated, false)));
    const mayApproveFrom = formatHelsinkiDateTime(
      new Date(granted.at.getTime() + STAFF_APPROVAL_COOLING_OFF_DAYS * DAY_MS),
    );
    for (const recipient of staff) {
      const mail = staffRoleGrantedMail(resolveLanguage(recipient.language), {
        email: person?.email ?? "",
        role: granted.role,
        grantedBy: grantor?.email ?? "",
        mayApproveFrom,
      });
      await ctx.messaging.sendMail({ to: recipient.email, ...mail });
    }
  } catch (error) {
    log.error({ err: error, userId: granted.userId }, "staff role announcement failed");
  }
}
