import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { TCreateEmployee, TUpdateEmployee } from "../../../contract/employees.ts";
import type {
  TCompanyInvitation,
  TCompanyInvitationsPage,
  TCompanyInvitationsQuery,
  TInvitationAccepted,
  TOwnInvitations,
} from "../../../contract/employment-invitations.ts";
import { lastWorkingDayOrDefault } from "../../../domain/employees.ts";
import {
  type InvitationSource,
  isWithdrawable,
  OPEN_INVITATION_STATUSES,
} from "../../../domain/employment-invitations.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  beneficiaryEmployees,
  companies,
  companyUnits,
  employmentInvitations,
  systemUsers,
  userRoles,
} from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, ensureCompanyInScope } from "../auth/tenancy.ts";
import { type EmployeeWriter, employerFieldValues, roleIds } from "./employer-fields.ts";
import { employeeExists, invitationClosed } from "./errors.ts";

/**
 * Invitations to an employment (src/domain/employment-invitations.ts): a company reaches a person who
 * already has an account, and is not yet its own, only through the person's acceptance. Until then
 * the company sees only what it gave itself; the acceptance makes the employment with the
 * invitation's id, the company's fields and the person's own name.
 */

const inv = employmentInvitations;
const be = beneficiaryEmployees;

/** The employer's fields of an add, kept on the invitation until the person accepts. */
const EMPLOYER_FIELDS = [
  "costUnit",
  "unitId",
  "employeeNumber",
  "payRollOther",
  "lastWorkingDayDate",
  "jobTrialPeriodEndDate",
  "maxPrice",
  "employerNote",
] as const;

function employerFieldsOf(input: TCreateEmployee): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of EMPLOYER_FIELDS) if (input[key] !== undefined) fields[key] = input[key];
  return fields;
}

export type InvitedPerson = {
  invitationId: string;
  userId: string;
  companyName: string;
};

/**
 * Invites the account to the company (EMPLOYMENT_INVITED): the address as typed, the names as the
 * company gave them and its employer fields. One open invitation per person and company: another while
 * one waits, or was declined and not withdrawn, is 409 EMPLOYEE_EXISTS as an add of an employee is.
 */
export async function invitePerson(
  ctx: WriteContext<EmployeeWriter>,
  company: { id: string; name: string },
  userId: string,
  input: TCreateEmployee,
  source: InvitationSource,
  scim: { externalId?: string | null; active?: boolean } = {},
): Promise<InvitedPerson> {
  const { tx, now, actor } = ctx;
  const [open] = await tx
    .select({ id: inv.id })
    .from(inv)
    .where(
      and(
        eq(inv.companyId, company.id),
        eq(inv.userId, userId),
        inArray(inv.status, [...OPEN_INVITATION_STATUSES]),
      ),
    );
  if (open) throw employeeExists("This person is already invited to the company");
  let row: { id: string } | undefined;
  try {
    [row] = await tx
      .insert(inv)
      .values({
        companyId: company.id,
        userId,
        email: input.workEmail,
        firstName: input.firstName,
        lastName: input.lastName,
        language: input.language,
        employerFields: employerFieldsOf(input),
        source,
        active: scim.active ?? true,
        scimExternalId: scim.externalId ?? null,
        invitedByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: inv.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw employeeExists("This person is already invited to the company");
    throw error;
  }
  const invitationId = row?.id as string;
  await recordEvent(ctx, {
    type: "EMPLOYMENT_INVITED",
    entity: { type: "employmentInvitation", id: invitationId },
    companyId: company.id,
    data: { userId, source },
  });
  return { invitationId, userId, companyName: company.name };
}

type InvitationRow = typeof inv.$inferSelect;

function toCompanyInvitation(row: InvitationRow, invitedBy: string | null): TCompanyInvitation {
  return {
    invitationId: row.id,
    companyId: row.companyId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    source: row.source,
    invitedAt: row.createdAt.toISOString(),
    invitedBy,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

const inviterName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(" ").trim() || null;

/** The invitations of the viewer's companies (or one of them), newest first, paged in SQL. */
export async function companyInvitations(
  db: Db,
  viewer: Pick<CurrentUser, "scope">,
  query: TCompanyInvitationsQuery,
): Promise<TCompanyInvitationsPage> {
  if (query.companyId) ensureCompanyInScope(viewer, query.companyId, "Company");
  const where = and(
    companyScopeWhere(viewer, inv.companyId),
    query.companyId ? eq(inv.companyId, query.companyId) : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(inv).where(where);
  const rows = await db
    .select({ row: inv, first: systemUsers.firstName, last: systemUsers.lastName })
    .from(inv)
    .leftJoin(systemUsers, eq(systemUsers.userId, inv.invitedByUserId))
    .where(where)
    .orderBy(desc(inv.createdAt), desc(inv.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = counted?.n ?? 0;
  const totalPages = Math.ceil(total / query.limit);
  return {
    items: rows.map((r) => toCompanyInvitation(r.row, inviterName(r.first, r.last))),
    page: query.page,
    limit: query.limit,
    total,
    totalPages,
    hasNext: query.page < totalPages,
    hasPrevious: query.page > 1,
  };
}

/** The company's invitation with this id, locked; 404 outside the writer's companies. */
async function lockedOfCompany(ctx: WriteContext<EmployeeWriter>, id: string): Promise<InvitationRow> {
  const [row] = await lockRows(
    ctx.tx,
    "invitation",
    ctx.tx
      .select()
      .from(inv)
      .where(and(eq(inv.id, id), companyScopeWhere(ctx.actor.user, inv.companyId)))
      .for("update"),
  );
  if (!row) throw notFound("Invitation");
  return row;
}

/**
 * The company takes an invitation back (EMPLOYMENT_INVITATION_WITHDRAWN): a waiting one, or a declined
 * one (which then no longer stops a new invitation). An accepted or withdrawn one is 409.
 */
export async function withdrawInvitation(
  ctx: WriteContext<EmployeeWriter>,
  id: string,
  via: InvitationSource = "employer",
): Promise<TCompanyInvitation> {
  const row = await lockedOfCompany(ctx, id);
  if (!isWithdrawable(row.status)) throw invitationClosed();
  const [updated] = await ctx.tx
    .update(inv)
    .set({ status: "WITHDRAWN", closedAt: ctx.now, updatedAt: ctx.now })
    .where(eq(inv.id, id))
    .returning();
  await recordEvent(ctx, {
    type: "EMPLOYMENT_INVITATION_WITHDRAWN",
    entity: { type: "employmentInvitation", id },
    companyId: row.companyId,
    data: { userId: row.userId, via, was: row.status },
  });
  return toCompanyInvitation(updated as InvitationRow, null);
}

/** One invitation as the company sees it (after a withdrawal, for the answer). */
export async function companyInvitationById(db: Db, id: string): Promise<TCompanyInvitation> {
  const [r] = await db
    .select({ row: inv, first: systemUsers.firstName, last: systemUsers.lastName })
    .from(inv)
    .leftJoin(systemUsers, eq(systemUsers.userId, inv.invitedByUserId))
    .where(eq(inv.id, id));
  if (!r) throw notFound("Invitation");
  return toCompanyInvitation(r.row, inviterName(r.first, r.last));
}

// ---- The person's side ------------------------------------------------------------------------------

/** The person's waiting invitations (the identity provider's inactive ones are not shown), newest first. */
export async function ownInvitations(db: Db, userId: string): Promise<TOwnInvitations> {
  const rows = await db
    .select({ id: inv.id, companyName: companies.name, createdAt: inv.createdAt })
    .from(inv)
    .innerJoin(companies, eq(companies.id, inv.companyId))
    .where(
      and(
        eq(inv.userId, userId),
        eq(inv.status, "PENDING"),
        eq(inv.active, true),
        isNull(companies.deletedAt),
      ),
    )
    .orderBy(desc(inv.createdAt), desc(inv.id));
  return {
    items: rows.map((r) => ({
      invitationId: r.id,
      companyName: r.companyName,
      invitedAt: r.createdAt.toISOString(),
    })),
  };
}

/** The person's own waiting invitation, locked, with its company's name; 404 for anything else. */
async function lockedOwn(ctx: WriteContext, id: string) {
  const [row] = await lockRows(
    ctx.tx,
    "invitation",
    ctx.tx
      .select({ invitation: inv, companyName: companies.name })
      .from(inv)
      .innerJoin(companies, eq(companies.id, inv.companyId))
      .where(
        and(
          eq(inv.id, id),
          eq(inv.userId, ctx.actor.userId as string),
          eq(inv.status, "PENDING"),
          eq(inv.active, true),
          isNull(companies.deletedAt),
        ),
      )
      .for("update", { of: inv }),
  );
  if (!row) throw notFound("Invitation");
  return row;
}

/**
 * The person accepts: the employment (ACCEPTED, with the invitation's id, the company's fields and
 * the person's own name untouched) and the BIKE_BENEFICIARY role in the company; EMPLOYEE_CREATED and
 * EMPLOYMENT_INVITATION_ACCEPTED. An employment there already (a join by link meanwhile) is 409.
 */
export async function acceptInvitation(ctx: WriteContext, id: string): Promise<TInvitationAccepted> {
  const { tx, now } = ctx;
  const { invitation, companyName } = await lockedOwn(ctx, id);
  const fields = invitation.employerFields as Partial<TUpdateEmployee>;
  // A unit removed since the invitation is left out rather than refusing the person.
  if (fields.unitId) {
    const [unit] = await tx
      .select({ id: companyUnits.id })
      .from(companyUnits)
      .where(and(eq(companyUnits.id, fields.unitId), eq(companyUnits.companyId, invitation.companyId)));
    if (!unit) fields.unitId = null;
  }
  const [employed] = await tx
    .select({ id: be.id })
    .from(be)
    .where(and(eq(be.userId, invitation.userId), eq(be.companyId, invitation.companyId)));
  if (employed) throw employeeExists();
  const ids = await roleIds(tx, ["BIKE_BENEFICIARY"]);
  await tx
    .insert(userRoles)
    .values({
      userId: invitation.userId,
      roleId: ids.get("BIKE_BENEFICIARY") as string,
      companyId: invitation.companyId,
      grantedByUserId: invitation.invitedByUserId,
    })
    .onConflictDoNothing();
  try {
    await tx.insert(be).values({
      // The invitation's id, so that the identity provider's resource keeps its id.
      id: invitation.id,
      userId: invitation.userId,
      companyId: invitation.companyId,
      status: "ACCEPTED",
      decidedAt: now,
      decidedByUserId: invitation.invitedByUserId,
      ...employerFieldValues(fields),
      lastWorkingDayDate: lastWorkingDayOrDefault(fields.lastWorkingDayDate),
      scimExternalId: invitation.scimExternalId,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw employeeExists();
    throw error;
  }
  await tx.update(inv).set({ status: "ACCEPTED", closedAt: now, updatedAt: now }).where(eq(inv.id, id));
  await recordEvent(ctx, {
    type: "EMPLOYEE_CREATED",
    entity: { type: "beneficiaryEmployee", id },
    companyId: invitation.companyId,
    data: { userId: invitation.userId, newAccount: false, source: invitation.source, invitationId: id },
  });
  await recordEvent(ctx, {
    type: "EMPLOYMENT_INVITATION_ACCEPTED",
    entity: { type: "employmentInvitation", id },
    companyId: invitation.companyId,
    data: { userId: invitation.userId },
  });
  return { beneficiaryEmployeeId: id, companyName };
}

/** The person declines (EMPLOYMENT_INVITATION_DECLINED); the company cannot invite again until it withdraws. */
export async function declineInvitation(ctx: WriteContext, id: string): Promise<void> {
  const { invitation } = await lockedOwn(ctx, id);
  await ctx.tx
    .update(inv)
    .set({ status: "DECLINED", closedAt: ctx.now, updatedAt: ctx.now })
    .where(eq(inv.id, id));
  await recordEvent(ctx, {
    type: "EMPLOYMENT_INVITATION_DECLINED",
    entity: { type: "employmentInvitation", id },
    companyId: invitation.companyId,
    data: { userId: invitation.userId },
  });
}
