import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TAddPayrollRecipients, TPayrollRecipient } from "../../../contract/company-settings.ts";
import { EMPLOYER_ROLES } from "../../../domain/roles.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  companies,
  groupCompanies,
  groupPayrollReportRecipients,
  payrollReportRecipients,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { isGroupAdminOf, liveCompanyInScope } from "./queries.ts";

/**
 * Payroll report recipients of a company and of a group company (docs/data-model.md, docs/api-surface.md). The report lists the
 * employees' salary deductions, so a recipient must hold an employer role (EMPLOYER_*) in the company,
 * or for a group in one of the group's live companies; anyone else is refused with 400 and the field.
 * A group's recipients are managed by the admin tier and the group's group admins (others: 404).
 */

type Owner = { kind: "company"; id: string } | { kind: "group"; id: string };

/** The users among `userIds` holding an employer role where the owner's report goes. */
async function eligibleUsers(db: Db, owner: Owner, userIds: string[]): Promise<Set<string>> {
  const where =
    owner.kind === "company"
      ? eq(userRoles.companyId, owner.id)
      : and(eq(companies.groupCompanyId, owner.id), isNull(companies.deletedAt));
  const rows = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(companies, eq(companies.id, userRoles.companyId))
    .where(and(inArray(userRoles.userId, userIds), inArray(roles.name, [...EMPLOYER_ROLES]), where));
  return new Set(rows.map((r) => r.userId));
}

async function recipientsOf(db: Db, owner: Owner): Promise<TPayrollRecipient[]> {
  const table = owner.kind === "company" ? payrollReportRecipients : groupPayrollReportRecipients;
  const ownerColumn =
    owner.kind === "company"
      ? payrollReportRecipients.companyId
      : groupPayrollReportRecipients.groupCompanyId;
  const rows = await db
    .select({
      userId: users.id,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(ownerColumn, owner.id))
    .orderBy(
      asc(sql`lower(coalesce(${systemUsers.lastName}, ''))`),
      asc(sql`lower(coalesce(${systemUsers.firstName}, ''))`),
      asc(users.email),
    );
  return rows.map((r) => ({ ...r, firstName: r.firstName ?? "", lastName: r.lastName ?? "" }));
}

export function createPayrollRecipientsService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The owner in the caller's reach (404 otherwise). */
  async function reach(viewer: CurrentUser, owner: Owner): Promise<void> {
    if (owner.kind === "company") {
      await liveCompanyInScope(db, viewer, owner.id);
      return;
    }
    if (!isGroupAdminOf(viewer, owner.id)) throw notFound("Group company");
    const [group] = await db
      .select({ id: groupCompanies.id })
      .from(groupCompanies)
      .where(eq(groupCompanies.id, owner.id));
    if (!group) throw notFound("Group company");
  }

  async function add(owner: Owner, userIds: string[], field: string): Promise<void> {
    const unique = [...new Set(userIds)];
    const eligible = await eligibleUsers(db, owner, unique);
    const refused = unique.filter((id) => !eligible.has(id));
    if (refused.length > 0) {
      const where = owner.kind === "company" ? "the company" : "a company of the group";
      const message = `A payroll report recipient must hold an employer role in ${where}`;
      throw badRequest(message, [{ field, message: `Not eligible: ${refused.join(", ")}` }]);
    }
    if (owner.kind === "company") {
      await db
        .insert(payrollReportRecipients)
        .values(unique.map((userId) => ({ companyId: owner.id, userId })))
        .onConflictDoNothing();
    } else {
      await db
        .insert(groupPayrollReportRecipients)
        .values(unique.map((userId) => ({ groupCompanyId: owner.id, userId })))
        .onConflictDoNothing();
    }
  }

  async function remove(owner: Owner, userId: string): Promise<void> {
    if (owner.kind === "company") {
      await db
        .delete(payrollReportRecipients)
        .where(
          and(eq(payrollReportRecipients.companyId, owner.id), eq(payrollReportRecipients.userId, userId)),
        );
    } else {
      await db
        .delete(groupPayrollReportRecipients)
        .where(
          and(
            eq(groupPayrollReportRecipients.groupCompanyId, owner.id),
            eq(groupPayrollReportRecipients.userId, userId),
          ),
        );
    }
  }

  return {
    async list(viewer: CurrentUser, owner: Owner): Promise<TPayrollRecipient[]> {
      await reach(viewer, owner);
      return recipientsOf(db, owner);
    },

    /** `{ userIds }` or the earlier `{ userId }`; adding one twice is no change. */
    async addMany(actor: CurrentUser, owner: Owner, input: TAddPayrollRecipients) {
      await reach(actor, owner);
      if ("userIds" in input) await add(owner, input.userIds, "body.userIds");
      else await add(owner, [input.userId], "body.userId");
      return recipientsOf(db, owner);
    },

    async addOne(actor: CurrentUser, owner: Owner, userId: string) {
      await reach(actor, owner);
      await add(owner, [userId], "params.userId");
      return recipientsOf(db, owner);
    },

    /** Removing someone who is not a recipient is no change. */
    async removeOne(actor: CurrentUser, owner: Owner, userId: string) {
      await reach(actor, owner);
      await remove(owner, userId);
      return recipientsOf(db, owner);
    },
  };
}
