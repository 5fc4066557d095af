import { and, eq, isNull } from "drizzle-orm";
import { SCIM_PATCH_OP, SCIM_TOKEN_PREFIX } from "../../src/domain/scim.ts";
import {
  beneficiaryEmployees,
  companyScimTokens,
  systemUsers,
  userRoles,
  users,
} from "../../src/server/db/schema/index.ts";
import { randomToken, sha256 } from "../../src/server/modules/auth/tokens.ts";
import type { Call, Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Automatic user provisioning (SCIM). Rows read as those of access-matrix.ts (see its header); only
 * types come from there, so the import does not loop at run time.
 *
 * The company's token is its settings: company-settings.manage in Demo Oy (its admin, its group's
 * admin, the admin tier); another tenant's admin gets 404. The `/scim/v2` calls are the identity
 * provider's: its bearer token is the credential and decides the company, so every identity that
 * carries Demo Oy's token gets the same answer, whatever session it also has. Their refusals (no
 * token, a revoked one, another company's user) answer SCIM's error body and are asserted in
 * src/server/modules/scim/scim.db.test.ts.
 */
const settingsManagers: Expectations = {
  anonymous: 401,
  admins: "ok",
  EMPLOYER_ADMIN: "ok",
  EMPLOYER_GROUP_ADMIN: "ok",
  otherTenant: 404,
  rest: 403,
};
const tokenHolders: Expectations = { rest: "ok" };

/** A new token of Demo Oy (its token in use revoked first: one per company), as the provider sends it. */
async function bearer(f: Fixtures): Promise<Record<string, string>> {
  await f.db
    .update(companyScimTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(companyScimTokens.companyId, f.demoCompanyId), isNull(companyScimTokens.revokedAt)));
  const token = `${SCIM_TOKEN_PREFIX}${randomToken()}`;
  await f.db.insert(companyScimTokens).values({ companyId: f.demoCompanyId, tokenHash: sha256(token) });
  return { authorization: `Bearer ${token}` };
}

/** A throw-away employee of Demo Oy: the user the provider reads, changes or deactivates. */
async function freshEmployee(f: Fixtures) {
  const email = f.uniqueEmail("scim");
  const [user] = await f.db.insert(users).values({ email }).returning({ id: users.id });
  const userId = user?.id as string;
  await f.db
    .insert(systemUsers)
    .values({ userId, firstName: "Matriisi", lastName: "Scim", companyId: f.demoCompanyId });
  await f.db.insert(userRoles).values({ userId, roleId: f.beneficiaryRoleId, companyId: f.demoCompanyId });
  const [employee] = await f.db
    .insert(beneficiaryEmployees)
    .values({ userId, companyId: f.demoCompanyId, status: "ACCEPTED" })
    .returning({ id: beneficiaryEmployees.id });
  return { id: employee?.id as string, userId, email };
}

/** A call on a fresh employee: the account must come out as it was (the provider ends no login). */
async function onEmployee(f: Fixtures, body?: (email: string) => unknown): Promise<Call> {
  const employee = await freshEmployee(f);
  return {
    headers: await bearer(f),
    params: { id: employee.id },
    ...(body ? { body: body(employee.email) } : {}),
    target: { userId: employee.userId, changes: [] },
  };
}

export const SCIM_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/companies/{id}/scim-token",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "POST /api/companies/{id}/scim-token",
    ok: 201,
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "DELETE /api/companies/{id}/scim-token",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "GET /scim/v2/ServiceProviderConfig",
    call: async (f) => ({ headers: await bearer(f) }),
    expect: tokenHolders,
  },
  {
    operation: "GET /scim/v2/ResourceTypes",
    call: async (f) => ({ headers: await bearer(f) }),
    expect: tokenHolders,
  },
  {
    operation: "GET /scim/v2/Schemas",
    call: async (f) => ({ headers: await bearer(f) }),
    expect: tokenHolders,
  },
  {
    operation: "GET /scim/v2/Users",
    call: async (f) => ({ headers: await bearer(f), query: { startIndex: "1", count: "5" } }),
    expect: tokenHolders,
  },
  {
    operation: "POST /scim/v2/Users",
    ok: 201,
    call: async (f) => {
      const email = f.uniqueEmail("provisioned");
      return {
        headers: await bearer(f),
        body: { userName: email, name: { givenName: "Matriisi", familyName: "Scim" }, active: true },
        createsUser: { email, roles: [`BIKE_BENEFICIARY@${f.demoCompanyId}`] },
      };
    },
    expect: tokenHolders,
  },
  {
    operation: "GET /scim/v2/Users/{id}",
    call: (f) => onEmployee(f),
    expect: tokenHolders,
  },
  {
    operation: "PUT /scim/v2/Users/{id}",
    call: (f) =>
      onEmployee(f, (email) => ({ userName: email, name: { givenName: "Uusi", familyName: "Nimi" } })),
    expect: tokenHolders,
  },
  {
    operation: "PATCH /scim/v2/Users/{id}",
    call: (f) =>
      onEmployee(f, () => ({
        schemas: [SCIM_PATCH_OP],
        Operations: [{ op: "replace", path: "active", value: false }],
      })),
    expect: tokenHolders,
  },
  {
    operation: "DELETE /scim/v2/Users/{id}",
    ok: 204,
    call: (f) => onEmployee(f),
    expect: tokenHolders,
  },
];
