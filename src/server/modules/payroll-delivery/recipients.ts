import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { EMPLOYER_ROLES } from "../../../domain/roles.ts";
import type { Db } from "../../db/client.ts";
import {
  companies,
  groupPayrollReportRecipients,
  payrollReportRecipients,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";

/** Who receives a company's payroll report by e-mail: the monthly delivery's and a re-send's recipients. */

export type PayrollRecipient = { userId: string; email: string; language: string; firstName: string | null };

/** Only someone who still holds an employer role where the report is from receives it. */
const employerRoleIn = (companyIds: SQL) =>
  sql`exists (select 1 from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id} and ${inArray(roles.name, [...EMPLOYER_ROLES])}
      and ${userRoles.companyId} in ${companyIds})`;

/** The live companies of a group recipient's group (a second, aliased reading of companies). */
const groupMembers = sql`(select m.id from ${companies} as m
  where m.group_company_id = ${groupPayrollReportRecipients.groupCompanyId} and m.deleted_at is null)`;

/**
 * Each live company's recipients: its own, and its group's, who are active and still hold an employer
 * role in the company (a group's recipient: in one of the group's companies). Once each per company.
 */
export async function payrollRecipientsByCompany(
  db: Db,
  onlyCompanyId?: string,
): Promise<Map<string, PayrollRecipient[]>> {
  const only = onlyCompanyId ? eq(companies.id, onlyCompanyId) : undefined;
  const person = {
    userId: users.id,
    email: users.email,
    language: users.language,
    firstName: systemUsers.firstName,
  };
  const [own, ofGroup] = await Promise.all([
    db
      .select({ companyId: payrollReportRecipients.companyId, ...person })
      .from(payrollReportRecipients)
      .innerJoin(companies, eq(companies.id, payrollReportRecipients.companyId))
      .innerJoin(users, eq(users.id, payrollReportRecipients.userId))
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .where(
        and(
          isNull(companies.deletedAt),
          eq(users.deactivated, false),
          employerRoleIn(sql`(${payrollReportRecipients.companyId})`),
          only,
        ),
      ),
    db
      .select({ companyId: companies.id, ...person })
      .from(groupPayrollReportRecipients)
      .innerJoin(companies, eq(companies.groupCompanyId, groupPayrollReportRecipients.groupCompanyId))
      .innerJoin(users, eq(users.id, groupPayrollReportRecipients.userId))
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .where(
        and(isNull(companies.deletedAt), eq(users.deactivated, false), employerRoleIn(groupMembers), only),
      ),
  ]);
  const byCompany = new Map<string, PayrollRecipient[]>();
  for (const { companyId, ...recipient } of [...own, ...ofGroup]) {
    const list = byCompany.get(companyId) ?? [];
    if (!list.some((r) => r.userId === recipient.userId)) list.push(recipient);
    byCompany.set(companyId, list);
  }
  return byCompany;
}
