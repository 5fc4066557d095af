import { and, eq, isNotNull, ne } from "drizzle-orm";
import {
  type CompanyReach,
  isSharedBeyond,
  mayAttachDirectly,
} from "../../../domain/employment-invitations.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, roles, userRoles } from "../../db/schema/index.ts";

/**
 * Which companies a person belongs to, as the rules of a company reaching a person read them
 * (src/domain/employment-invitations.ts).
 */

const be = beneficiaryEmployees;

/** The companies that count a person as their own: accepted employments and employer-side roles. */
async function ownCompaniesOf(db: Db, userId: string): Promise<string[]> {
  const employments = await db
    .select({ companyId: be.companyId })
    .from(be)
    .where(and(eq(be.userId, userId), eq(be.status, "ACCEPTED")));
  const held = await db
    .select({ companyId: userRoles.companyId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(eq(userRoles.userId, userId), isNotNull(userRoles.companyId), ne(roles.name, "BIKE_BENEFICIARY")),
    );
  return [...new Set([...employments, ...held].map((row) => row.companyId as string))];
}

/** Every company a person has anything in: any employment (a joining request too) or any role. */
async function allCompaniesOf(db: Db, userId: string): Promise<{ companyIds: string[]; staff: boolean }> {
  const employments = await db.select({ companyId: be.companyId }).from(be).where(eq(be.userId, userId));
  const held = await db
    .select({ companyId: userRoles.companyId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return {
    companyIds: [...employments, ...held].flatMap((row) => (row.companyId ? [row.companyId] : [])),
    // A role without a company is the admin tier's: never any one company's to rename.
    staff: held.some((row) => row.companyId === null),
  };
}

/** Whether the caller may attach the account at once rather than invite it. */
export async function isOwnPerson(db: Db, userId: string, reach: CompanyReach): Promise<boolean> {
  return mayAttachDirectly(await ownCompaniesOf(db, userId), reach);
}

/** Whether the person is also another company's than the caller's (or staff). */
export async function isPersonShared(db: Db, userId: string, reach: CompanyReach): Promise<boolean> {
  const { companyIds, staff } = await allCompaniesOf(db, userId);
  return (staff && reach.kind !== "all") || isSharedBeyond(companyIds, reach);
}
