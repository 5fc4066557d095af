import { and, eq, isNull } from "drizzle-orm";
import { businessIdCheckDigit } from "../../src/domain/validation/business-id.ts";
import {
  bikePolicies,
  companies,
  companyUnits,
  groupCompanies,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../src/server/db/schema/index.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Companies, group companies, company units, payroll recipients, company VAT and bike policy.
 * Rows read as those of access-matrix.ts (see its header); only types come from there, so the
 * import does not loop at run time. Writes act on throw-away companies, groups, units and users made
 * with `f.db`; the writes on Demo Oy itself (its bike policy, its max price) send the stored values back
 * unchanged.
 */

/** companies.manage: the admin tier only. */
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };
/** companies.read on Demo Oy: every employer role; not the beneficiary; another tenant's company is 404. */
const companyReaders: Expectations = {
  anonymous: 401,
  BIKE_BENEFICIARY: 403,
  BIKE_STORE: 403,
  otherTenant: 404,
  rest: "ok",
};
/** company-settings.manage and payroll-recipients.manage in Demo Oy: the admin and the group admin. */
const settingsManagers: Expectations = {
  anonymous: 401,
  admins: "ok",
  EMPLOYER_ADMIN: "ok",
  EMPLOYER_GROUP_ADMIN: "ok",
  otherTenant: 404,
  rest: 403,
};
/** A group's payroll recipients: the admin tier and the group's group admins. */
const groupRecipientManagers: Expectations = {
  ...settingsManagers,
  EMPLOYER_ADMIN: { status: 404, why: "a group's recipients are for the group's group admins only" },
};

/** A valid business ID (check digit) that is very unlikely to be taken. */
function freshBusinessId(): string {
  for (;;) {
    const body = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
    const check = businessIdCheckDigit(body);
    if (check !== null) return `${body}-${check}`;
  }
}

async function freshCompany(f: Fixtures): Promise<string> {
  const [row] = await f.db
    .insert(companies)
    .values({ name: f.uniqueName("Matriisi Oy") })
    .returning({ id: companies.id });
  return row?.id as string;
}

async function freshGroup(f: Fixtures): Promise<string> {
  const [row] = await f.db
    .insert(groupCompanies)
    .values({ name: f.uniqueName("Matriisi-konserni") })
    .returning({ id: groupCompanies.id });
  return row?.id as string;
}

async function freshUnit(f: Fixtures): Promise<string> {
  const [row] = await f.db
    .insert(companyUnits)
    .values({ companyId: f.demoCompanyId, unitName: f.uniqueName("Matriisi-yksikkö") })
    .returning({ id: companyUnits.id });
  return row?.id as string;
}

/** A new Demo Oy reporting user: may receive Demo Oy's and Demo-konserni's payroll reports. */
async function freshEmployerUser(f: Fixtures): Promise<string> {
  const [user] = await f.db
    .insert(users)
    .values({ email: f.uniqueEmail("recipient") })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await f.db
    .insert(systemUsers)
    .values({ userId, firstName: "Matriisi", lastName: "Vastaanottaja", companyId: f.demoCompanyId });
  const [role] = await f.db.select({ id: roles.id }).from(roles).where(eq(roles.name, "EMPLOYER_REPORTING"));
  await f.db.insert(userRoles).values({ userId, roleId: role?.id as string, companyId: f.demoCompanyId });
  return userId;
}

/** Demo Oy's bike policy as stored, as PUT takes it (so an allowed call changes nothing). */
async function demoPolicyBody(f: Fixtures) {
  const [p] = await f.db
    .select()
    .from(bikePolicies)
    .where(and(eq(bikePolicies.companyId, f.demoCompanyId), isNull(bikePolicies.userId)));
  if (!p) throw new Error("Demo Oy has no bike policy");
  return {
    minLeaseTimeMonths: p.minLeaseTimeMonths,
    maxLeaseTimeMonths: p.maxLeaseTimeMonths,
    requiresEmployerApproval: p.requiresEmployerApproval,
    eligibility: p.eligibility,
    eligibilityNote: p.eligibilityNote,
    accessoriesAllowed: p.accessoriesAllowed,
    maintenanceIncluded: p.maintenanceIncluded,
    insuranceRequired: p.insuranceRequired,
    policyText: p.policyText,
  };
}

/** Demo Oy's max price as stored, in euros as PUT /api/companies/{id}/settings takes it. */
async function demoMaxPrice(f: Fixtures): Promise<number | null> {
  const [c] = await f.db
    .select({ cents: companies.maxPriceCents })
    .from(companies)
    .where(eq(companies.id, f.demoCompanyId));
  return c?.cents == null ? null : c.cents / 100;
}

export const COMPANY_ROWS: readonly MatrixRow[] = [
  // ---- Companies ---------------------------------------------------------------------------------------
  {
    // Scoped, not refused: the other tenant lists its own companies.
    operation: "GET /api/companies",
    call: () => ({ query: { search: "Oy" } }),
    expect: { anonymous: 401, BIKE_BENEFICIARY: 403, BIKE_STORE: 403, rest: "ok" },
  },
  {
    operation: "GET /api/companies/{id}",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: companyReaders,
  },
  {
    operation: "POST /api/companies",
    ok: 201,
    call: (f) => ({ body: { name: f.uniqueName("Matriisi Oy"), businessId: freshBusinessId() } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/companies/{id}",
    call: async (f) => ({
      params: { id: await freshCompany(f) },
      body: { name: f.uniqueName("Matriisi Oy"), businessId: freshBusinessId(), city: "Oulu" },
    }),
    expect: adminsOnly,
  },
  {
    // The employer's own settings (company-settings.manage) on Demo Oy, its stored max price sent back.
    operation: "PUT /api/companies/{id}/settings",
    call: async (f) => ({ params: { id: f.demoCompanyId }, body: { maxPrice: await demoMaxPrice(f) } }),
    expect: settingsManagers,
  },
  {
    operation: "DELETE /api/companies/{id}",
    call: async (f) => ({ params: { id: await freshCompany(f) } }),
    expect: adminsOnly,
  },
  {
    // orders.read: every employer role, reporting included.
    operation: "GET /api/companies/{id}/orders",
    call: (f) => ({ params: { id: f.demoCompanyId }, query: { activeLeases: "true" } }),
    expect: companyReaders,
  },

  // ---- Group companies --------------------------------------------------------------------------------
  {
    // Scoped: the other tenant's list is empty, not refused.
    operation: "GET /api/group-companies",
    call: () => ({ query: { forDropdown: "true" } }),
    expect: { anonymous: 401, BIKE_BENEFICIARY: 403, BIKE_STORE: 403, rest: "ok" },
  },
  {
    // Demo-konserni: every Demo Oy employer role sees it; Toinen Oy is in no group.
    operation: "GET /api/group-companies/{id}",
    call: (f) => ({ params: { id: f.groupCompanyId } }),
    expect: companyReaders,
  },
  {
    operation: "POST /api/group-companies",
    ok: 201,
    call: (f) => ({ body: { name: f.uniqueName("Matriisi-konserni") } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/group-companies/{id}",
    call: async (f) => ({
      params: { id: await freshGroup(f) },
      body: { name: f.uniqueName("Matriisi-konserni") },
    }),
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/group-companies/{id}",
    call: async (f) => ({ params: { id: await freshGroup(f) } }),
    expect: adminsOnly,
  },

  // ---- Company units (company-settings.manage) -----------------------------------------------------------
  {
    operation: "POST /api/company-unit",
    ok: 201,
    call: (f) => ({
      body: { unit: { unitName: f.uniqueName("Matriisi-yksikkö") }, companyId: f.demoCompanyId },
    }),
    expect: settingsManagers,
  },
  {
    operation: "PATCH /api/company-unit/{unitId}",
    call: async (f) => ({
      params: { unitId: await freshUnit(f) },
      body: { unitName: f.uniqueName("Matriisi-yksikkö") },
    }),
    expect: settingsManagers,
  },
  {
    operation: "DELETE /api/company-unit/{unitId}",
    call: async (f) => ({ params: { unitId: await freshUnit(f) } }),
    expect: settingsManagers,
  },

  // ---- Payroll report recipients (payroll-recipients.manage): fresh recipients only -------------------
  {
    operation: "GET /api/companies/{id}/payroll-recipients",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "POST /api/companies/{id}/payroll-recipients",
    call: async (f) => ({ params: { id: f.demoCompanyId }, body: { userIds: [await freshEmployerUser(f)] } }),
    expect: settingsManagers,
  },
  {
    operation: "PATCH /api/companies/{id}/payroll-recipients/{userId}",
    call: async (f) => ({ params: { id: f.demoCompanyId, userId: await freshEmployerUser(f) } }),
    expect: settingsManagers,
  },
  {
    operation: "DELETE /api/companies/{id}/payroll-recipients/{userId}",
    call: async (f) => ({ params: { id: f.demoCompanyId, userId: await freshEmployerUser(f) } }),
    expect: settingsManagers,
  },
  {
    operation: "GET /api/group-companies/{id}/payroll-recipients",
    call: (f) => ({ params: { id: f.groupCompanyId } }),
    expect: groupRecipientManagers,
  },
  {
    operation: "POST /api/group-companies/{id}/payroll-recipients",
    call: async (f) => ({ params: { id: f.groupCompanyId }, body: { userId: await freshEmployerUser(f) } }),
    expect: groupRecipientManagers,
  },
  {
    operation: "PATCH /api/group-companies/{id}/payroll-recipients/{userId}",
    call: async (f) => ({ params: { id: f.groupCompanyId, userId: await freshEmployerUser(f) } }),
    expect: groupRecipientManagers,
  },
  {
    operation: "DELETE /api/group-companies/{id}/payroll-recipients/{userId}",
    call: async (f) => ({ params: { id: f.groupCompanyId, userId: await freshEmployerUser(f) } }),
    expect: groupRecipientManagers,
  },

  // ---- Bike policy ------------------------------------------------------------------------------------------
  {
    // bike-policy.read: not the reporting user; the beneficiary reads their company's.
    operation: "GET /api/bike-policy/company/{id}",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: { anonymous: 401, EMPLOYER_REPORTING: 403, BIKE_STORE: 403, otherTenant: 404, rest: "ok" },
  },
  {
    operation: "PUT /api/bike-policy/company/{id}",
    call: async (f) => ({ params: { id: f.demoCompanyId }, body: await demoPolicyBody(f) }),
    expect: settingsManagers,
  },
  {
    // The caller's own: the admin tier belongs to no company, so there is none to answer.
    operation: "GET /api/bike-policy/user",
    call: () => ({}),
    expect: {
      anonymous: 401,
      admins: { status: 404, code: "BIKE_POLICY_NOT_SET", why: "the admin tier has no company of its own" },
      EMPLOYER_REPORTING: 403,
      BIKE_STORE: 403,
      rest: "ok",
    },
  },
];
