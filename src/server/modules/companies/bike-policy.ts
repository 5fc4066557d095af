import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { TBikePolicy, TBikePolicyInput } from "../../../contract/companies.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, bikePolicies, companies, systemUsers } from "../../db/schema/index.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { bikePolicyNotSet } from "./errors.ts";
import { liveCompanyInScope } from "./queries.ts";

/**
 * Bike policies (docs/data-model.md "Bike policy per company or user", docs/api-surface.md "Bike policy"): one row per company,
 * and optional per-user override rows. The caller's own policy is their override, else the policy of
 * their home company, else that of a company they are employed in.
 */

const policyColumns = {
  companyId: bikePolicies.companyId,
  minLeaseTimeMonths: bikePolicies.minLeaseTimeMonths,
  maxLeaseTimeMonths: bikePolicies.maxLeaseTimeMonths,
  requiresEmployerApproval: bikePolicies.requiresEmployerApproval,
  eligibility: bikePolicies.eligibility,
  eligibilityNote: bikePolicies.eligibilityNote,
  accessoriesAllowed: bikePolicies.accessoriesAllowed,
  maintenanceIncluded: bikePolicies.maintenanceIncluded,
  insuranceRequired: bikePolicies.insuranceRequired,
  policyText: bikePolicies.policyText,
};

/** The company's own policy (not a user override), or null until one is saved. */
export async function companyBikePolicy(db: Db, companyId: string): Promise<TBikePolicy | null> {
  const [policy] = await db
    .select(policyColumns)
    .from(bikePolicies)
    .where(and(eq(bikePolicies.companyId, companyId), isNull(bikePolicies.userId)));
  return policy ?? null;
}

/** The policy an employee's order follows in a company: their own override there, else the company's. */
export async function employeeBikePolicy(
  db: Db,
  companyId: string,
  userId: string,
): Promise<TBikePolicy | null> {
  const [policy] = await db
    .select(policyColumns)
    .from(bikePolicies)
    .where(
      and(
        eq(bikePolicies.companyId, companyId),
        or(eq(bikePolicies.userId, userId), isNull(bikePolicies.userId)),
      ),
    )
    .orderBy(sql`${bikePolicies.userId} is null`)
    .limit(1);
  return policy ?? null;
}

export function createBikePolicyService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async ofCompany(viewer: CurrentUser, companyId: string): Promise<TBikePolicy> {
      await liveCompanyInScope(db, viewer, companyId);
      const policy = await companyBikePolicy(db, companyId);
      if (!policy) throw bikePolicyNotSet();
      return policy;
    },

    /** Creates or replaces the company's policy; user overrides are left as they are. */
    async save(actor: CurrentUser, companyId: string, input: TBikePolicyInput): Promise<TBikePolicy> {
      await liveCompanyInScope(db, actor, companyId);
      const values = {
        minLeaseTimeMonths: input.minLeaseTimeMonths,
        maxLeaseTimeMonths: input.maxLeaseTimeMonths,
        requiresEmployerApproval: input.requiresEmployerApproval,
        eligibility: input.eligibility,
        eligibilityNote: input.eligibilityNote || null,
        accessoriesAllowed: input.accessoriesAllowed,
        maintenanceIncluded: input.maintenanceIncluded,
        insuranceRequired: input.insuranceRequired,
        policyText: input.policyText || null,
      };
      await db
        .insert(bikePolicies)
        .values({ companyId, ...values })
        .onConflictDoUpdate({
          target: bikePolicies.companyId,
          targetWhere: isNull(bikePolicies.userId),
          set: values,
        });
      return (await companyBikePolicy(db, companyId)) as TBikePolicy;
    },

    async ofUser(viewer: CurrentUser): Promise<TBikePolicy> {
      const [override] = await db
        .select(policyColumns)
        .from(bikePolicies)
        .innerJoin(companies, eq(companies.id, bikePolicies.companyId))
        .where(and(eq(bikePolicies.userId, viewer.id), isNull(companies.deletedAt)))
        .orderBy(desc(bikePolicies.updatedAt))
        .limit(1);
      if (override) return override;
      const [home] = await db
        .select({ companyId: systemUsers.companyId })
        .from(systemUsers)
        .where(eq(systemUsers.userId, viewer.id));
      const employments = await db
        .select({ companyId: beneficiaryEmployees.companyId })
        .from(beneficiaryEmployees)
        .where(eq(beneficiaryEmployees.userId, viewer.id))
        .orderBy(asc(beneficiaryEmployees.createdAt));
      const candidates = [home?.companyId, ...employments.map((e) => e.companyId)];
      for (const companyId of candidates) {
        if (!companyId) continue;
        const [live] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
        const policy = live ? await companyBikePolicy(db, companyId) : null;
        if (policy) return policy;
      }
      throw bikePolicyNotSet();
    },
  };
}
