import type { RoleName } from "../../domain/roles.ts";
import type { SessionUser } from "../lib/session.ts";

/** A GET /api/user answer for tests: one role in Demo Oy unless told otherwise. */
export function sessionUser(roles: RoleName[], overrides: Partial<SessionUser> = {}): SessionUser {
  const companyId = "11111111-1111-4111-8111-111111111111";
  return {
    id: "22222222-2222-4222-8222-222222222222",
    email: "maija.meikalainen@demo.test",
    firstName: "Maija",
    lastName: "Meikäläinen",
    personalEmail: null,
    phoneNumber: "0401234567",
    language: "fi",
    deactivated: false,
    companyId,
    userRoles: roles.map((name, i) => ({
      companyId,
      role: { id: `33333333-3333-4333-8333-33333333333${i}`, name, rolePermissions: [] },
    })),
    roles,
    permissions: [],
    companies: [{ id: companyId, name: "Demo Oy", groupCompanyId: null }],
    secondFactorSetupRequired: false,
    preferences: { theme: null },
    municipalityCode: null,
    church: null,
    ...overrides,
  };
}
