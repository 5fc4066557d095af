import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { TInviteBody, TJoiningStatus } from "../../../contract/employee-import.ts";
import { DAY_MS } from "../../../domain/dates.ts";
import { INVITATION_REMINDER_DAYS } from "../../../domain/employee-import.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { beneficiaryEmployees, companies, systemUsers, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { queueReadyAccountInvitation } from "../employees/mails.ts";

/**
 * The invitations of a company's staff from its employee list (after a staff file, or any time): each
 * accepted employee who has not logged in gets the employee invitation mail, with a set-password link
 * that lands on their ready account when they have no password yet; one reminder goes 7 days later to
 * whoever still has not logged in. A person has joined once they have logged in.
 */

const be = beneficiaryEmployees;

/** The accepted employees of the company who have not logged in. */
const notJoined = (companyId: string) =>
  and(
    eq(be.companyId, companyId),
    eq(be.status, "ACCEPTED"),
    isNull(users.lastLoginAt),
    eq(users.deactivated, false),
  );

const personColumns = {
  employeeId: be.id,
  userId: users.id,
  email: users.email,
  language: users.language,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
};

export async function inviteEmployees(
  ctx: WriteContext,
  companyId: string,
  body: TInviteBody,
): Promise<{ invited: number; skipped: number }> {
  const { tx, now } = ctx;
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const chosen = "all" in body ? isNull(be.invitedAt) : inArray(be.id, body.employeeIds);
  const people = await lockRows(
    tx,
    "employee",
    tx
      .select(personColumns)
      .from(be)
      .innerJoin(users, eq(users.id, be.userId))
      .where(and(notJoined(companyId), chosen))
      .for("update", { of: be }),
  );
  for (const person of people) await queueReadyAccountInvitation(tx, person, company?.name ?? "");
  if (people.length > 0) {
    await tx
      .update(be)
      .set({ invitedAt: now, invitationRemindedAt: null })
      .where(
        inArray(
          be.id,
          people.map((p) => p.employeeId),
        ),
      );
  }
  const asked = "all" in body ? people.length : body.employeeIds.length;
  return { invited: people.length, skipped: Math.max(0, asked - people.length) };
}

export async function joiningStatus(db: Db, companyId: string): Promise<TJoiningStatus> {
  const [counts] = await db
    .select({
      joined: sql<number>`count(*) filter (where ${users.lastLoginAt} is not null)`.mapWith(Number),
      invited:
        sql<number>`count(*) filter (where ${users.lastLoginAt} is null and ${be.invitedAt} is not null)`.mapWith(
          Number,
        ),
      notInvited:
        sql<number>`count(*) filter (where ${users.lastLoginAt} is null and ${be.invitedAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(be)
    .innerJoin(users, eq(users.id, be.userId))
    .where(and(eq(be.companyId, companyId), eq(be.status, "ACCEPTED"), eq(users.deactivated, false)));
  const waiting = await db
    .select({
      employeeId: be.id,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
      invitedAt: be.invitedAt,
      remindedAt: be.invitationRemindedAt,
    })
    .from(be)
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .where(notJoined(companyId))
    .orderBy(desc(be.createdAt), desc(be.id))
    .limit(500);
  return {
    joined: counts?.joined ?? 0,
    invited: counts?.invited ?? 0,
    notInvited: counts?.notInvited ?? 0,
    waiting: waiting.map((w) => ({
      employeeId: w.employeeId,
      name: [w.firstName, w.lastName].filter(Boolean).join(" "),
      email: w.email,
      invitedAt: w.invitedAt?.toISOString() ?? null,
      remindedAt: w.remindedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The daily reminder: the invitations sent INVITATION_REMINDER_DAYS ago or more to people who still
 * have not logged in, each reminded once. Answers how many went.
 */
export async function remindInvitedEmployees(ctx: WriteContext): Promise<number> {
  const { tx, now } = ctx;
  const due = new Date(now.getTime() - INVITATION_REMINDER_DAYS * DAY_MS);
  const people = await lockRows(
    tx,
    "employee",
    tx
      .select({ ...personColumns, companyName: companies.name })
      .from(be)
      .innerJoin(users, eq(users.id, be.userId))
      .innerJoin(companies, eq(companies.id, be.companyId))
      .where(
        and(
          eq(be.status, "ACCEPTED"),
          isNull(users.lastLoginAt),
          eq(users.deactivated, false),
          isNotNull(be.invitedAt),
          lte(be.invitedAt, due),
          isNull(be.invitationRemindedAt),
        ),
      )
      .limit(2_000)
      .for("update", { of: be, skipLocked: true }),
  );
  for (const person of people) await queueReadyAccountInvitation(tx, person, person.companyName);
  if (people.length > 0) {
    await tx
      .update(be)
      .set({ invitationRemindedAt: now })
      .where(
        inArray(
          be.id,
          people.map((p) => p.employeeId),
        ),
      );
  }
  return people.length;
}
