import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ROLES, type RoleName } from "../../src/domain/roles.ts";
import type { Db } from "../../src/server/db/client.ts";
import {
  beneficiaryEmployees,
  billingTableRows,
  billingTables,
  contactChangeRequests,
  contactForms,
  groupCompanies,
  leasingCompanies,
  permissions,
  provinceTaxTables,
  registrationLinks,
  roles,
  stateIncomeTaxTables,
  systemUsers,
  taxpayerDeductionsTables,
  taxTables,
  userAuthenticators,
  userRoles,
  users,
} from "../../src/server/db/schema/index.ts";
import { DEMO_BILLING_TABLE, DEMO_GROUP_COMPANY, DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import { issuePreferencesToken } from "../../src/server/modules/account/service.ts";
import { createPasswordToken } from "../../src/server/modules/auth/password-tokens.ts";
import { hashPassword } from "../../src/server/modules/auth/passwords.ts";
import { randomToken, sha256 } from "../../src/server/modules/auth/tokens.ts";
import { unsubscribeToken } from "../../src/server/modules/notification-preferences/unsubscribe-token.ts";
import { REGISTRATION_LINK_DAYS } from "../../src/server/modules/registration/links.ts";
import { companyIdByName, userIdByEmail } from "../helpers/ids.ts";
import { nextYearCsv } from "../helpers/rate-lists.ts";
import { ADMIN_ROWS } from "./matrix-admin.ts";
import { BIKE_STORE_ROWS } from "./matrix-bike-stores.ts";
import { BROKERAGE_ROWS } from "./matrix-brokerage.ts";
import { CANCELLATION_ROWS } from "./matrix-cancellations.ts";
import { COMPANY_ROWS } from "./matrix-companies.ts";
import { EMPLOYEE_IMPORT_ROWS } from "./matrix-employee-import.ts";
import { EMPLOYEE_ROWS } from "./matrix-employees.ts";
import { ERASURE_ROWS } from "./matrix-erasure.ts";
import { HANDOVER_ROWS } from "./matrix-handovers.ts";
import { IDENTITY_ROWS } from "./matrix-identity.ts";
import { INSURANCE_ROWS } from "./matrix-insurance.ts";
import { LEASE_INVOICE_ROWS } from "./matrix-lease-invoices.ts";
import { NOTIFICATION_PREFERENCE_ROWS } from "./matrix-notification-preferences.ts";
import { NOTIFICATION_ROWS } from "./matrix-notifications.ts";
import { ORDER_ROWS } from "./matrix-orders.ts";
import { OWN_SESSION_ROWS } from "./matrix-own-sessions.ts";
import { PAYOUT_ROWS } from "./matrix-payouts.ts";
import { PAYROLL_DELIVERY_ROWS } from "./matrix-payroll-delivery.ts";
import { PERSON_ACCESS_ROWS } from "./matrix-person-access.ts";
import { PERSONAL_DATA_ROWS } from "./matrix-personal-data.ts";
import { PROCESSING_ROWS } from "./matrix-processing.ts";
import { REDEMPTION_ROWS } from "./matrix-redemptions.ts";
import { REPORTING_ROWS } from "./matrix-reporting.ts";
import { SCIM_ROWS } from "./matrix-scim.ts";
import { SIGNING_ROWS } from "./matrix-signing.ts";
import { STORE_ACCOUNT_ROWS } from "./matrix-store-accounts.ts";
import { STORE_LINK_ROWS } from "./matrix-store-links.ts";
import { USER_PAYMENT_ROWS } from "./matrix-user-payments.ts";
import { WHATS_NEW_ROWS } from "./matrix-whats-new.ts";

/**
 * THE AUTHORIZATION MATRIX: who may call which operation of the API, written once.
 *
 * A new endpoint needs its row here. access-matrix.db.test.ts compares MATRIX with the app's OpenAPI
 * document and fails for an operation without a row (or a row whose operation is gone); then it calls
 * every operation as each of the nine IDENTITIES and asserts the exact status below.
 *
 * How to read a row:
 * - `operation`: method and path as the OpenAPI document spells them (`{param}` placeholders).
 * - `ok`: the success status of the operation (200 when not given).
 * - `call`: the request, built afresh for every case from the seeded demo data (`f`, see Fixtures):
 *   path params point at Demo Oy's objects, and body and query are VALID, so that authorization and
 *   not validation decides. Rows that change state act on throw-away objects made for the call (a
 *   fresh role to delete, a fresh user to deactivate), so every case is independent of the others.
 * - `expect`: the answer per identity. Keys are an identity, a group (`admins` = SUPER_ADMIN and
 *   INTERNAL_ADMIN, `employerManagers` = EMPLOYER_ADMIN, EMPLOYER_EDITOR and EMPLOYER_GROUP_ADMIN) or
 *   `rest`; an identity's own key wins over its group, its group over `rest`. Every identity must end
 *   with a definite answer.
 *
 * What an answer means:
 * - "ok": the call succeeds with exactly the row's `ok` status.
 * - 401: not logged in (error code UNAUTHORIZED). 403: logged in but not allowed (FORBIDDEN).
 * - 404: the object is outside the caller's reach (NOT_FOUND) - another tenant's object, or one the
 *   caller may not know exists. Never 403 or 200 for another tenant's object.
 * - `{ status, why }`: anything else, with the reason on one line.
 *
 * `otherTenant` is Toinen Oy's employer admin acting on Demo Oy's objects: where the role may use an
 * operation at all, Demo Oy's objects must answer 404. Where the role lacks the permission, 403.
 */

/** Fresh tax years for the municipal rate import's cases, one per case. */
const importYears = (() => {
  let year = 2060;
  return { next: () => year++ };
})();

/** The matrix app's server secret, known to the fixtures that sign what the server checks (unsubscribe links). */
export const MATRIX_SERVER_SECRET = "access-matrix-server-secret-of-more-than-32-characters";

export const IDENTITY_EMAILS = {
  SUPER_ADMIN: "admin@pedaali.test",
  INTERNAL_ADMIN: "helpdesk@pedaali.test",
  EMPLOYER_ADMIN: "employer.admin@demo.test",
  EMPLOYER_EDITOR: "employer.editor@demo.test",
  EMPLOYER_GROUP_ADMIN: "group.admin@demo.test",
  EMPLOYER_REPORTING: "reporting@demo.test",
  BIKE_STORE: "myyja@vauhti.test",
  BIKE_BENEFICIARY: "employee@demo.test",
  otherTenant: "employer.admin@toinen.test",
} as const satisfies Record<RoleName | "otherTenant", string>;

export type Identity = "anonymous" | RoleName | "otherTenant";
export const IDENTITIES: readonly Identity[] = ["anonymous", ...ROLES, "otherTenant"];

const GROUPS = {
  admins: ["SUPER_ADMIN", "INTERNAL_ADMIN"],
  employerManagers: ["EMPLOYER_ADMIN", "EMPLOYER_EDITOR", "EMPLOYER_GROUP_ADMIN"],
} as const satisfies Record<string, readonly Identity[]>;
type Group = keyof typeof GROUPS;

export type Expectation = "ok" | 401 | 403 | 404 | { status: number; code?: string; why: string };
export type Expectations = Partial<Record<Identity | Group | "rest", Expectation>>;

/** The caller of one case: who, and (when logged in) their user id and CSRF token. */
export type Caller = { identity: Identity; userId: string | null; csrfToken: string | null };

/** A snapshot of a user's security-relevant fields; see access-matrix.db.test.ts. */
export type UserField = "email" | "deactivated" | "passwordHash" | "phoneNumber" | "roles";

export type Call = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** An upload's file, sent as the raw body (application/octet-stream) instead of a JSON `body`. */
  rawBody?: Buffer;
  /** A multipart body (a staff file and its fields), made anew for each send. */
  form?: () => FormData;
  /** Cookies sent besides the caller's own (the two-factor challenge of /api/verify). */
  cookies?: Record<string, string>;
  /** Headers sent besides the session's (a company identity provider's SCIM bearer token). */
  headers?: Record<string, string>;
  /**
   * The user the call acts on. A refused call must leave them as they were; an allowed one may change
   * only the fields in `changes`, and when `roles` is given they hold exactly those `ROLE@companyId`s.
   */
  target?: { userId: string; changes: readonly UserField[]; roles?: readonly string[] };
  /** A user the call creates; mass-assignment checks that they hold exactly these `ROLE@companyId`s. */
  createsUser?: { email: string; roles: readonly string[] };
  /** A role the call creates; mass-assignment checks that it is not built in and has no permissions. */
  createsRole?: string;
};

export type MatrixRow = {
  operation: string;
  ok?: number;
  /** Each case logs in anew and calls on that session, because the call ends it (logout). */
  freshSession?: true;
  /** An upload: its call sends `rawBody`, which has no fields for the mass-assignment check to add. */
  upload?: true;
  call: (f: Fixtures, caller: Caller) => Call | Promise<Call>;
  expect: Expectations;
};

/** Everyone may call it (public endpoints; a logged-in caller gets the same answer). */
const everyone: Expectations = { rest: "ok" };
/** Any logged-in user. */
const loggedIn: Expectations = { anonymous: 401, rest: "ok" };
/** The admin tier only (a permission no employer role holds). */
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };
/** roles.manage: the super admin only; the helpdesk reads roles but does not change them. */
const superAdminOnly: Expectations = { anonymous: 401, SUPER_ADMIN: "ok", rest: 403 };
/**
 * vat-rates.read: the admin tier, the employer admin and the group admin (also Toinen Oy's employer
 * admin: the rates are everyone's reference data); the editor, reporting and the employee have not.
 */
const vatReaders: Expectations = {
  anonymous: 401,
  admins: "ok",
  EMPLOYER_ADMIN: "ok",
  EMPLOYER_GROUP_ADMIN: "ok",
  otherTenant: "ok",
  rest: 403,
};
/**
 * leasing.read: the admin tier, the employer admin, the editor and the group admin (also Toinen Oy's
 * employer admin: leasing companies are everyone's reference data); reporting and the employee have not.
 */
const leasingReaders: Expectations = {
  anonymous: 401,
  admins: "ok",
  employerManagers: "ok",
  otherTenant: "ok",
  rest: 403,
};
/**
 * system-users.manage on a Demo Oy user: the admin tier. Employer roles may edit only themselves (not
 * covered by these rows, whose target is a fresh user), so they and the other tenant get 403.
 */
const userManagers = adminsOnly;

export const MATRIX: readonly MatrixRow[] = [
  // ---- System and auth ------------------------------------------------------------------------------
  { operation: "GET /api/health-check", call: () => ({}), expect: everyone },
  {
    // Public; a logged-in caller may log in again (a new session). The user has no two-factor step.
    operation: "POST /api/login",
    call: (f) => ({ body: { email: f.loginUserEmail, password: DEMO_PASSWORD } }),
    expect: everyone,
  },
  {
    // Public: a passkey answer to an SMS challenge (the matrix's users have no passkeys) is wrong.
    operation: "POST /api/verify/passkey",
    call: async (f) => {
      const { cookies } = await f.passwordStep(f.passkeyStepUserEmail);
      return { body: { email: f.passkeyStepUserEmail, response: { id: "eA" } }, cookies };
    },
    expect: {
      rest: { status: 400, code: "VERIFICATION_FAILED", why: "no passkey answers an SMS challenge" },
    },
  },
  {
    // Public: the two-factor step of a password step made for this call.
    operation: "POST /api/verify",
    call: async (f) => {
      const { code, cookies } = await f.passwordStep();
      return { body: { email: f.twoFactorUserEmail, code }, cookies };
    },
    expect: everyone,
  },
  { operation: "GET /api/user", call: () => ({}), expect: loggedIn },
  {
    // Answers the same with or without a session, so anonymous is ok too.
    operation: "POST /api/logout",
    freshSession: true,
    call: () => ({}),
    expect: everyone,
  },
  {
    // Open to anyone outside production: app.ts registers it only when DEV_OUTBOX is on, which the
    // config refuses in production (there the path does not exist).
    operation: "GET /api/dev/outbox",
    call: () => ({ query: { limit: "1" } }),
    expect: everyone,
  },

  // ---- System users and max prices --------------------------------------------------------------------
  {
    // Filtered to Demo Oy, so that the other tenant asks about a company outside its scope.
    operation: "GET /api/system-users",
    call: (f) => ({ query: { companyId: f.demoCompanyId } }),
    expect: {
      anonymous: 401,
      admins: "ok",
      employerManagers: "ok",
      EMPLOYER_REPORTING: 403,
      BIKE_BENEFICIARY: 403,
      BIKE_STORE: 403,
      otherTenant: 404,
    },
  },
  {
    // A reporting colleague of Demo Oy: the helpdesk, and the company's own admins (its admin, its
    // group's admin); the editor and the rest 403, another tenant's admin 404.
    operation: "POST /api/system-users",
    ok: 201,
    call: (f) => {
      const email = f.uniqueEmail("created");
      return {
        body: {
          firstName: "Matriisi",
          lastName: "Luotu",
          workEmail: email,
          companyId: f.demoCompanyId,
          role: "EMPLOYER_REPORTING",
        },
        createsUser: { email, roles: [`EMPLOYER_REPORTING@${f.demoCompanyId}`] },
      };
    },
    expect: {
      anonymous: 401,
      admins: "ok",
      EMPLOYER_ADMIN: "ok",
      EMPLOYER_GROUP_ADMIN: "ok",
      otherTenant: 404,
      rest: 403,
    },
  },
  {
    operation: "PUT /api/system-users/{userId}",
    call: async (f, caller) => {
      const userId = await f.freshUser();
      return {
        params: { userId },
        // The body repeats the CSRF token; anonymous callers have none and are refused before it counts.
        body: { workEmail: f.uniqueEmail("renamed"), csrfToken: caller.csrfToken ?? "no-session" },
        target: { userId, changes: ["email"] },
      };
    },
    expect: userManagers,
  },
  {
    operation: "PATCH /api/system-users/{userId}/phone",
    call: async (f) => {
      const userId = await f.freshUser();
      return {
        params: { userId },
        body: { phoneNumber: "+358401234567" },
        target: { userId, changes: ["phoneNumber"] },
      };
    },
    expect: userManagers,
  },
  {
    // The link mailed to a new login e-mail to confirm one's own change. Anonymous by design (the link works in
    // any browser); the single-use token is the authority and changes the link's user, never the caller.
    operation: "POST /api/system-users/email-change/confirm",
    call: async (f) => {
      const { token, userId } = await f.freshEmailChangeToken();
      return { body: { token }, target: { userId, changes: ["email"] } };
    },
    expect: everyone,
  },
  {
    // The code sent to one's own new number. It acts only on the caller's own pending
    // request, and no identity has one, so every logged-in caller gets the same 400.
    operation: "POST /api/system-users/phone-change/confirm",
    call: () => ({ body: { code: "123456" } }),
    expect: {
      anonymous: 401,
      rest: { status: 400, code: "VERIFICATION_EXPIRED", why: "only the caller's own pending code counts" },
    },
  },
  {
    operation: "PATCH /api/system-users/{userId}/deactivated",
    call: async (f) => {
      const userId = await f.freshUser();
      return {
        params: { userId },
        body: { deactivated: true },
        target: { userId, changes: ["deactivated"] },
      };
    },
    expect: userManagers,
  },
  {
    operation: "GET /api/companies/{companyId}/max-price",
    call: (f) => ({ params: { companyId: f.demoCompanyId } }),
    expect: { anonymous: 401, BIKE_BENEFICIARY: 403, BIKE_STORE: 403, otherTenant: 404, rest: "ok" },
  },
  {
    // The employee's own employment: the employee themself, and employees.read in Demo Oy.
    operation: "GET /api/beneficiary-employee/{id}/max-price",
    call: (f) => ({ params: { id: f.employeeEmploymentId } }),
    expect: { anonymous: 401, BIKE_STORE: 403, otherTenant: 404, rest: "ok" },
  },
  {
    // The same people as the employee's max price: the employee themself, and employees.read in Demo Oy.
    operation: "POST /api/leasing/get-leasing-time-months",
    call: (f) => ({ body: { totalAmount: 2000, beneficiaryEmployeeId: f.employeeEmploymentId } }),
    expect: { anonymous: 401, BIKE_STORE: 403, otherTenant: 404, rest: "ok" },
  },

  // ---- Roles and permissions ----------------------------------------------------------------------------
  { operation: "GET /api/roles", call: () => ({}), expect: adminsOnly },
  {
    operation: "POST /api/roles",
    ok: 201,
    call: (f) => {
      const name = f.uniqueName("Matriisi");
      return { body: { name, description: "Made by the access matrix" }, createsRole: name };
    },
    expect: superAdminOnly,
  },
  {
    operation: "DELETE /api/roles/{id}",
    call: async (f) => ({ params: { id: await f.freshRole() } }),
    expect: superAdminOnly,
  },
  { operation: "GET /api/permissions", call: () => ({}), expect: adminsOnly },
  {
    // A fresh role, so that no built-in role ever gains or loses a permission here.
    operation: "POST /api/roles/{roleId}/permissions/{permissionId}",
    call: async (f) => ({ params: { roleId: await f.freshRole(), permissionId: f.permissionId } }),
    expect: superAdminOnly,
  },
  {
    operation: "DELETE /api/roles/{roleId}/permissions/{permissionId}",
    call: async (f) => ({ params: { roleId: await f.freshRole(), permissionId: f.permissionId } }),
    expect: superAdminOnly,
  },
  {
    operation: "GET /api/user-roles/roles/{roleId}/users",
    call: (f) => ({ params: { roleId: f.beneficiaryRoleId } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/user-roles/users/{userId}/roles/{roleId}",
    call: async (f) => {
      const userId = await f.freshUser();
      return {
        params: { userId, roleId: f.reportingRoleId },
        body: { companyIds: [f.demoCompanyId] },
        target: {
          userId,
          changes: ["roles"],
          roles: [`BIKE_BENEFICIARY@${f.demoCompanyId}`, `EMPLOYER_REPORTING@${f.demoCompanyId}`],
        },
      };
    },
    // Assigning roles is user management: roles.manage or system-users.manage (the helpdesk too).
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/user-roles/users/{userId}/roles/{roleId}",
    call: async (f) => {
      const userId = await f.freshUser();
      return {
        params: { userId, roleId: f.beneficiaryRoleId },
        body: { companyId: f.demoCompanyId },
        target: { userId, changes: ["roles"], roles: [] },
      };
    },
    expect: adminsOnly,
  },

  // ---- Registration -----------------------------------------------------------------------------------
  {
    operation: "POST /api/register-link/company",
    call: (f) => ({ body: { companyId: f.demoCompanyId } }),
    expect: {
      anonymous: 401,
      admins: "ok",
      employerManagers: "ok",
      EMPLOYER_REPORTING: 403,
      BIKE_BENEFICIARY: 403,
      BIKE_STORE: 403,
      otherTenant: 404,
    },
  },
  {
    operation: "POST /api/register-link/group-company",
    call: (f) => ({ body: { groupCompanyId: f.groupCompanyId } }),
    expect: {
      anonymous: 401,
      admins: "ok",
      EMPLOYER_GROUP_ADMIN: "ok",
      EMPLOYER_ADMIN: { status: 404, why: "a group link is for the group's group admins only" },
      EMPLOYER_EDITOR: { status: 404, why: "a group link is for the group's group admins only" },
      EMPLOYER_REPORTING: 403,
      BIKE_BENEFICIARY: 403,
      BIKE_STORE: 403,
      otherTenant: 404,
    },
  },
  {
    operation: "GET /api/register-link/{token}",
    call: (f) => ({ params: { token: f.registerLinkToken } }),
    expect: everyone,
  },
  {
    operation: "POST /api/register/employee",
    ok: 201,
    call: (f) => {
      const email = f.uniqueEmail("joined");
      return {
        body: {
          token: f.registerLinkToken,
          firstName: "Matriisi",
          lastName: "Liittyjä",
          email,
          phoneNumber: "+358401234567",
          password: "Polkupyora-Etu-2026",
          language: "fi",
        },
        createsUser: { email, roles: [`BIKE_BENEFICIARY@${f.demoCompanyId}`] },
      };
    },
    expect: everyone,
  },
  {
    // The link mailed to a joiner of the company's domains. Anonymous by design, as the join itself; the
    // single-use token is the authority, so an unknown one answers INVALID to everyone and changes nothing.
    operation: "POST /api/register/confirm-join",
    call: () => ({ body: { token: "tuntematon-linkki-0123456789abcdef" } }),
    expect: everyone,
  },
  {
    operation: "POST /api/register/company",
    ok: 201,
    call: (f) => ({
      body: {
        company: {
          name: "Matriisi Oy",
          businessId: "2874563-7",
          streetAddress: "Testikatu 1",
          postalCode: "00100",
          city: "Helsinki",
        },
        admin: {
          firstName: "Matriisi",
          lastName: "Hakija",
          email: f.uniqueEmail("applicant"),
          phoneNumber: "+358401234567",
        },
        language: "fi",
        consent: true,
      },
    }),
    expect: everyone,
  },

  // ---- Passwords ------------------------------------------------------------------------------------------
  {
    operation: "POST /api/password-reset",
    call: (f) => ({ body: { email: f.uniqueEmail("reset") } }),
    expect: everyone,
  },
  {
    operation: "GET /api/password-reset/{token}",
    call: async (f) => ({ params: { token: (await f.freshPasswordToken()).token } }),
    expect: everyone,
  },
  {
    // A new link goes to the address of the old link's account, never to the caller.
    operation: "POST /api/password-reset/{token}/renew",
    call: async (f) => ({ params: { token: (await f.freshPasswordToken()).token } }),
    expect: everyone,
  },
  {
    // The link token is the authority; a logged-in caller changes the link's user, never themself.
    operation: "POST /api/password-reset/{token}",
    call: async (f) => {
      const { token, userId } = await f.freshPasswordToken();
      return {
        params: { token },
        body: { password: "Uusi-Polkupyora-2026" },
        target: { userId, changes: ["passwordHash"] },
      };
    },
    expect: everyone,
  },

  // ---- Own account and preferences --------------------------------------------------------------------
  {
    // The caller's own names sent back unchanged, so the demo users stay as they are.
    operation: "PATCH /api/user",
    call: async (f, caller) => ({ body: caller.userId ? await f.ownDetails(caller.userId) : f.someDetails }),
    expect: loggedIn,
  },
  {
    // Nobody of the demo has chosen a municipality: sending none keeps the demo users as they are.
    operation: "PUT /api/user/municipality",
    call: () => ({ body: { municipalityCode: null, church: null } }),
    expect: loggedIn,
  },
  {
    operation: "PUT /api/user-preferences",
    call: () => ({ body: { preferences: { theme: "light" } } }),
    expect: loggedIn,
  },
  { operation: "GET /api/admin/platform-settings", call: () => ({}), expect: superAdminOnly },
  {
    // Sent as it is, so no staff user of the matrix is held to set up an app.
    operation: "PUT /api/admin/platform-settings",
    call: () => ({ body: { staffAuthenticatorRequired: false } }),
    expect: superAdminOnly,
  },
  // The staff's authenticator app: nobody's is ever put in use here (no call confirms one), so every
  // demo user keeps logging in with the code by SMS.
  { operation: "GET /api/account/authenticator", call: () => ({}), expect: adminsOnly },
  {
    operation: "POST /api/account/authenticator",
    call: () => ({ body: { currentPassword: DEMO_PASSWORD } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/account/authenticator/confirm",
    call: async (f, caller) => {
      // Whatever another row started, the caller has nothing to confirm.
      if (caller.userId)
        await f.db.delete(userAuthenticators).where(eq(userAuthenticators.userId, caller.userId));
      return { body: { code: "000000" } };
    },
    expect: {
      anonymous: 401,
      admins: { status: 409, code: "AUTHENTICATOR_NOT_STARTED", why: "no setup was started to confirm" },
      rest: 403,
    },
  },
  {
    operation: "POST /api/account/authenticator/recovery-codes",
    call: () => ({ body: { currentPassword: DEMO_PASSWORD } }),
    expect: {
      anonymous: 401,
      admins: { status: 409, code: "AUTHENTICATOR_NOT_IN_USE", why: "no authenticator app is in use" },
      rest: 403,
    },
  },
  { operation: "GET /api/account/passkeys", call: () => ({}), expect: adminsOnly },
  {
    operation: "POST /api/account/passkeys/options",
    call: () => ({ body: { currentPassword: DEMO_PASSWORD } }),
    expect: {
      anonymous: 401,
      admins: { status: 409, code: "AUTHENTICATOR_NOT_IN_USE", why: "a passkey comes beside an app in use" },
      rest: 403,
    },
  },
  {
    operation: "POST /api/account/passkeys",
    call: () => ({ body: { name: "Avain", response: { id: "eA", type: "public-key", response: {} } } }),
    expect: {
      anonymous: 401,
      admins: { status: 409, code: "PASSKEY_NOT_STARTED", why: "no passkey was asked for" },
      rest: 403,
    },
  },
  {
    operation: "DELETE /api/account/passkeys/{id}",
    call: () => ({ params: { id: randomUUID() }, body: { currentPassword: DEMO_PASSWORD } }),
    expect: { anonymous: 401, admins: 404, rest: 403 },
  },
  {
    operation: "DELETE /api/account/authenticator",
    call: () => ({ body: { currentPassword: DEMO_PASSWORD } }),
    expect: {
      anonymous: 401,
      admins: { status: 409, code: "AUTHENTICATOR_NOT_IN_USE", why: "no authenticator app is in use" },
      rest: 403,
    },
  },
  {
    operation: "GET /api/user-preferences/user/{id}",
    call: (f) => ({ params: { id: f.employeeUserId } }),
    expect: {
      anonymous: 401,
      admins: "ok",
      BIKE_BENEFICIARY: "ok",
      rest: {
        status: 404,
        why: "only the user themself and the admin tier; others must not learn it exists",
      },
    },
  },
  {
    operation: "GET /api/user-preferences/token/{token}",
    call: (f) => ({ params: { token: f.preferencesToken } }),
    expect: everyone,
  },
  {
    operation: "PUT /api/user-preferences/token/{token}",
    call: (f) => ({ params: { token: f.preferencesToken }, body: { preferences: { theme: "dark" } } }),
    expect: everyone,
  },

  // ---- Contact forms ----------------------------------------------------------------------------------
  {
    operation: "POST /api/contact-forms",
    ok: 201,
    call: (f) => ({
      body: {
        name: "Matriisi Testaaja",
        email: f.uniqueEmail("contact"),
        topic: "OTHER",
        message: "A message from the access matrix.",
        consent: true,
      },
    }),
    expect: everyone,
  },
  { operation: "GET /api/contact-forms", call: () => ({}), expect: adminsOnly },
  { operation: "GET /api/contact-forms/unchecked-count", call: () => ({}), expect: adminsOnly },
  {
    operation: "PUT /api/contact-forms/update/{contactFormDataId}",
    call: (f) => ({ params: { contactFormDataId: f.contactFormId }, body: { checked: true } }),
    expect: adminsOnly,
  },

  // ---- Calculator (public) -------------------------------------------------------------------------------
  { operation: "GET /api/calculator/parameters", call: () => ({}), expect: everyone },
  {
    // One's own employment only: users who are nobody's employee have no terms of their own.
    operation: "GET /api/calculator/my-terms",
    call: () => ({}),
    expect: {
      anonymous: 401,
      BIKE_BENEFICIARY: "ok",
      rest: { status: 404, why: "not an employee of any company: there are no own terms to prefill" },
    },
  },
  {
    operation: "POST /api/calculator",
    call: () => ({
      body: {
        year: 2026,
        bikePrice: 1999,
        leaseTimeMonths: 36,
        monthlyGrossSalary: 3200,
        municipality: "Helsinki",
      },
    }),
    expect: everyone,
  },

  // ---- Tax tables (tax-tables.manage): seeded rows are only read; writes act on throw-away rows --------
  { operation: "GET /api/province-tax-table", call: () => ({ query: { year: "2025" } }), expect: adminsOnly },
  {
    operation: "POST /api/province-tax-table",
    ok: 201,
    call: async (f) => ({ body: await f.newTaxRow("province") }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/province-tax-table/{id}",
    call: (f) => ({ params: { id: f.seededTaxRowIds.province } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/province-tax-table/{id}",
    call: async (f) => {
      const { id, body } = await f.freshTaxRow("province");
      return { params: { id }, body: { ...body, confirmed: true } };
    },
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/province-tax-table/{id}",
    call: async (f) => ({ params: { id: (await f.freshTaxRow("province")).id } }),
    expect: adminsOnly,
  },
  { operation: "GET /api/province-tax-table/years", call: () => ({}), expect: adminsOnly },
  {
    operation: "POST /api/province-tax-table/import/preview",
    upload: true,
    call: () => ({ query: { year: "2027", fileName: "kunnat.csv" }, rawBody: Buffer.from(nextYearCsv()) }),
    expect: adminsOnly,
  },
  {
    // Each allowed case imports a year of its own, so none meets the rows another wrote.
    operation: "POST /api/province-tax-table/import",
    ok: 201,
    upload: true,
    call: () => ({
      query: {
        year: String(importYears.next()),
        fileName: "kunnat.csv",
        source: "Verohallinto, matrix",
        confirmed: "true",
      },
      rawBody: Buffer.from(nextYearCsv()),
    }),
    expect: adminsOnly,
  },
  { operation: "GET /api/tax-table", call: () => ({ query: { year: "2025" } }), expect: adminsOnly },
  {
    operation: "POST /api/tax-table",
    ok: 201,
    call: async (f) => ({ body: await f.newTaxRow("taxTable") }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/tax-table/{id}",
    call: (f) => ({ params: { id: f.seededTaxRowIds.taxTable } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/tax-table/{id}",
    call: async (f) => {
      const { id, body } = await f.freshTaxRow("taxTable");
      return { params: { id }, body: { ...body, confirmed: true } };
    },
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/tax-table/{id}",
    call: async (f) => ({ params: { id: (await f.freshTaxRow("taxTable")).id } }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/state-income-tax-table",
    call: () => ({ query: { year: "2025" } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/state-income-tax-table",
    ok: 201,
    call: async (f) => ({ body: await f.newTaxRow("stateIncomeTax") }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/state-income-tax-table/{id}",
    call: (f) => ({ params: { id: f.seededTaxRowIds.stateIncomeTax } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/state-income-tax-table/{id}",
    call: async (f) => {
      const { id, body } = await f.freshTaxRow("stateIncomeTax");
      return { params: { id }, body: { ...body, confirmed: true } };
    },
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/state-income-tax-table/{id}",
    call: async (f) => ({ params: { id: (await f.freshTaxRow("stateIncomeTax")).id } }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/taxpayer-deductions-table",
    call: () => ({ query: { year: "2025" } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/taxpayer-deductions-table",
    ok: 201,
    call: async (f) => ({ body: await f.newTaxRow("deductions") }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/taxpayer-deductions-table/{id}",
    call: (f) => ({ params: { id: f.seededTaxRowIds.deductions } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/taxpayer-deductions-table/{id}",
    call: async (f) => {
      const { id, body } = await f.freshTaxRow("deductions");
      return { params: { id }, body: { ...body, confirmed: true } };
    },
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/taxpayer-deductions-table/{id}",
    call: async (f) => ({ params: { id: (await f.freshTaxRow("deductions")).id } }),
    expect: adminsOnly,
  },

  // ---- Billing tables (billing-tables.manage): the demo default is only read --------------------------
  { operation: "GET /api/billing-table", call: () => ({}), expect: adminsOnly },
  {
    // Not the default, so the demo table keeps the flag.
    operation: "POST /api/billing-table",
    ok: 201,
    call: (f) => ({ body: f.newBillingTable() }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/billing-table/{id}",
    call: (f) => ({ params: { id: f.billingTableId } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/billing-table/{id}",
    call: async (f) => {
      const { id, body } = await f.freshBillingTable();
      return { params: { id }, body: { ...body, notes: "Replaced by the access matrix" } };
    },
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/billing-table/{id}",
    call: async (f) => ({ params: { id: (await f.freshBillingTable()).id } }),
    expect: adminsOnly,
  },

  // ---- VAT (vat-rates.read) -----------------------------------------------------------------------------
  { operation: "GET /api/vat", call: () => ({ query: { countryCode: "FI" } }), expect: vatReaders },
  { operation: "GET /api/vat/country/{code}", call: () => ({ params: { code: "FI" } }), expect: vatReaders },
  {
    // Demo Oy's VAT: tenant data, so Toinen Oy's employer admin may not learn it exists.
    operation: "GET /api/companies/{companyId}/vat",
    call: (f) => ({ params: { companyId: f.demoCompanyId }, query: { onlyGetVATValue: "false" } }),
    expect: { ...vatReaders, otherTenant: 404 },
  },

  // ---- Leasing companies (leasing.read): reference data; the admin tier sets their e-invoice address --
  {
    operation: "GET /api/leasing-companies",
    call: () => ({ query: { forDropdown: "true" } }),
    expect: leasingReaders,
  },
  {
    operation: "GET /api/leasing-companies/{id}",
    call: (f) => ({ params: { id: f.leasingCompanyId } }),
    expect: leasingReaders,
  },
  { operation: "GET /api/last-fetch-time", call: () => ({}), expect: leasingReaders },
  {
    // Where our e-invoices to a leasing company go: the admin tier's (leasing.manage), on a throw-away company.
    operation: "PUT /api/leasing-companies/{id}/e-invoice",
    call: async (f) => {
      const [made] = await f.db
        .insert(leasingCompanies)
        .values({ companyName: f.uniqueName("Matriisi Rahoitus") })
        .returning({ id: leasingCompanies.id });
      return {
        params: { id: made?.id as string },
        body: { eInvoiceAddress: "003712345671", eInvoiceOperator: "NDEAFIHH" },
      };
    },
    expect: adminsOnly,
  },
  // ---- Later areas keep their rows in files of their own ----------------------------------------------
  ...COMPANY_ROWS,
  ...IDENTITY_ROWS,
  ...SCIM_ROWS,
  ...PAYROLL_DELIVERY_ROWS,
  ...LEASE_INVOICE_ROWS,
  ...ADMIN_ROWS,
  ...ERASURE_ROWS,
  ...NOTIFICATION_ROWS,
  ...NOTIFICATION_PREFERENCE_ROWS,
  ...PERSONAL_DATA_ROWS,
  ...OWN_SESSION_ROWS,
  ...EMPLOYEE_ROWS,
  ...EMPLOYEE_IMPORT_ROWS,
  ...REPORTING_ROWS,
  ...BIKE_STORE_ROWS,
  ...ORDER_ROWS,
  ...SIGNING_ROWS,
  ...PROCESSING_ROWS,
  ...STORE_LINK_ROWS,
  ...STORE_ACCOUNT_ROWS,
  ...HANDOVER_ROWS,
  ...CANCELLATION_ROWS,
  ...INSURANCE_ROWS,
  ...REDEMPTION_ROWS,
  ...USER_PAYMENT_ROWS,
  ...WHATS_NEW_ROWS,
  ...PERSON_ACCESS_ROWS,
  ...PAYOUT_ROWS,
  ...BROKERAGE_ROWS,
];

/** The expected answer of one identity: its own key, else its group's, else `rest`. */
export function expectationFor(row: MatrixRow, identity: Identity): Expectation {
  const own = row.expect[identity];
  if (own !== undefined) return own;
  for (const [group, members] of Object.entries(GROUPS) as [Group, readonly Identity[]][]) {
    const value = row.expect[group];
    if (value !== undefined && members.includes(identity)) return value;
  }
  if (row.expect.rest !== undefined) return row.expect.rest;
  throw new Error(`${row.operation}: no expectation for ${identity} (add it or a "rest")`);
}

const DENIAL_CODES: Record<number, string> = { 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND" };

/**
 * The exact status an expectation stands for, and for a denial its error code: a 403 must be the
 * permission's FORBIDDEN, not a CSRF or Origin refusal that would hide what the guard decided.
 */
export function expectedAnswer(row: MatrixRow, expectation: Expectation): { status: number; code?: string } {
  if (expectation === "ok") return { status: row.ok ?? 200 };
  const status = typeof expectation === "number" ? expectation : expectation.status;
  const code = (typeof expectation === "object" ? expectation.code : undefined) ?? DENIAL_CODES[status];
  return code ? { status, code } : { status };
}

// ---- Fixtures: Demo Oy's objects, and throw-away objects for the calls that change state ---------------

export type Fixtures = {
  /**
   * The test database, for the row files of later areas (matrix-*.ts) that make their own throw-away
   * objects; read or write only rows made for the call, never the seeded ones other rows rely on.
   */
  db: Db;
  demoCompanyId: string;
  otherCompanyId: string;
  groupCompanyId: string;
  employeeUserId: string;
  /** The employee's employment (beneficiary_employees.id) in Demo Oy. */
  employeeEmploymentId: string;
  beneficiaryRoleId: string;
  reportingRoleId: string;
  superAdminRoleId: string;
  /** Any permission; only ever added to or taken from a fresh role. */
  permissionId: string;
  contactFormId: string;
  registerLinkToken: string;
  preferencesToken: string;
  /** An unsubscribe link's token (signed with MATRIX_SERVER_SECRET) of a throw-away user's reminders. */
  unsubscribeToken: string;
  /** A Demo Oy beneficiary with the demo password: logs in without a two-factor step. */
  loginUserEmail: string;
  /** A Demo Oy reporting user with the demo password and a phone: logs in with a two-factor step. */
  twoFactorUserEmail: string;
  /** Valid own details for a caller without a session (the guard refuses them first). */
  someDetails: { firstName: string; lastName: string; personalEmail: string; language: string };
  uniqueEmail: (label: string) => string;
  uniqueName: (label: string) => string;
  /** A new Demo Oy beneficiary without a password; answers the user id. */
  freshUser: () => Promise<string>;
  /** A new role that is not built in, assigned to nobody; answers its id. */
  freshRole: () => Promise<string>;
  /** A set-password link token of a fresh user. */
  freshPasswordToken: () => Promise<{ token: string; userId: string }>;
  /** The link token of a fresh user's pending change of their login e-mail. */
  freshEmailChangeToken: () => Promise<{ token: string; userId: string; newEmail: string }>;
  /** The password step of the two-factor user: the challenge cookie and the code (from devCode). */
  passwordStep: (email?: string) => Promise<{ code: string; cookies: Record<string, string> }>;
  /** A second two-factor user, for the passkey row's wrong answers (they count against the account). */
  passkeyStepUserEmail: string;
  /** The user's own details as PATCH /api/user takes them. */
  ownDetails: (userId: string) => Promise<Fixtures["someDetails"]>;
  /** A seeded row of each tax table (the published 2025 parameters): only ever read. */
  seededTaxRowIds: Record<TaxTableKind, string>;
  /** A valid body for a new row of the table, its unique key (year, name, bracket) free. */
  newTaxRow: (kind: TaxTableKind) => Promise<TaxRowBody>;
  /** A throw-away row of the table, and the valid body it was made from (to PUT it back). */
  freshTaxRow: (kind: TaxTableKind) => Promise<{ id: string; body: TaxRowBody }>;
  /** The demo billing table (the default): only ever read. */
  billingTableId: string;
  /** The demo billing table's leasing company: only ever read. */
  leasingCompanyId: string;
  /** A valid body for a new billing table (not the default). */
  newBillingTable: () => BillingTableBody;
  /** A throw-away billing table (not the default), and the valid body it was made from. */
  freshBillingTable: () => Promise<{ id: string; body: BillingTableBody }>;
};

type TaxTableKind = "province" | "taxTable" | "stateIncomeTax" | "deductions";
type TaxRowBody = { year: number } & Record<string, unknown>;
type BillingTableBody = ReturnType<typeof billingTableBody>;

/** A billing table's body as POST and PUT /api/billing-table take it, for the leasing company. */
function billingTableBody(name: string, leasingCompanyId: string) {
  return {
    name,
    leasingCompanyId,
    annualInterestPercent: 4.9,
    insurancePercentPerYear: 6,
    minLeaseMonths: 12,
    maxLeaseMonths: 60,
    rows: [
      { minTotalCents: 0, maxTotalCents: 150_000, leaseTimeMonths: 24 },
      { minTotalCents: 150_000, maxTotalCents: null, leaseTimeMonths: 36 },
    ],
  };
}

/**
 * Resolves the fixed objects from the seeded demo data and adds the few the seed lacks (a contact
 * form, a registration link, two users with passwords). Runs once per file.
 */
export async function resolveFixtures(app: FastifyInstance, db: Db): Promise<Fixtures> {
  const demoCompanyId = await companyIdByName(db, "Demo Oy");
  const employeeUserId = await userIdByEmail(db, IDENTITY_EMAILS.BIKE_BENEFICIARY);
  const [group] = await db
    .select({ id: groupCompanies.id })
    .from(groupCompanies)
    .where(eq(groupCompanies.name, DEMO_GROUP_COMPANY.name));
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(
      and(eq(beneficiaryEmployees.userId, employeeUserId), eq(beneficiaryEmployees.companyId, demoCompanyId)),
    );
  const roleId = async (name: string) => {
    const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
    if (!row) throw new Error(`no role ${name}`);
    return row.id;
  };
  const [permission] = await db.select({ id: permissions.id }).from(permissions).limit(1);
  if (!group || !employment || !permission)
    throw new Error("the demo data lacks a group, employment or permission");
  const beneficiaryRoleId = await roleId("BIKE_BENEFICIARY");

  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 4)}`;
  const uniqueEmail = (label: string) => `matrix.${label}.${unique()}@demo.test`;

  async function insertUser(input: {
    email: string;
    role: string;
    passwordHash?: string;
    phoneNumber?: string;
  }): Promise<string> {
    const [user] = await db
      .insert(users)
      .values({ email: input.email, passwordHash: input.passwordHash, phoneNumber: input.phoneNumber })
      .returning({ id: users.id });
    const userId = user?.id as string;
    await db
      .insert(systemUsers)
      .values({ userId, firstName: "Matriisi", lastName: "Kohde", companyId: demoCompanyId });
    await db.insert(userRoles).values({ userId, roleId: await roleId(input.role), companyId: demoCompanyId });
    return userId;
  }

  const demoHash = await hashPassword(DEMO_PASSWORD);
  const loginUserEmail = uniqueEmail("login");
  const preferencesUser = await insertUser({
    email: loginUserEmail,
    role: "BIKE_BENEFICIARY",
    passwordHash: demoHash,
  });
  const twoFactorUserEmail = uniqueEmail("twofactor");
  await insertUser({
    email: twoFactorUserEmail,
    role: "EMPLOYER_REPORTING",
    passwordHash: demoHash,
    phoneNumber: "+358401112233",
  });
  // The passkey row's wrong answers count against their account: one of its own, so that as many
  // identities as there are never lock the code step of the user the verify row logs in.
  const passkeyStepUserEmail = uniqueEmail("twofactor.passkey");
  await insertUser({
    email: passkeyStepUserEmail,
    role: "EMPLOYER_REPORTING",
    passwordHash: demoHash,
    phoneNumber: "+358401112234",
  });

  const [contactForm] = await db
    .insert(contactForms)
    .values({ name: "Matriisi", email: "matrix@demo.test", message: "A message to mark checked." })
    .returning({ id: contactForms.id });

  const taxRows = await taxTableFixtures(db, unique);
  const [demoBillingTable] = await db
    .select({ id: billingTables.id, leasingCompanyId: billingTables.leasingCompanyId })
    .from(billingTables)
    .where(eq(billingTables.name, DEMO_BILLING_TABLE.name));
  const [leasingCompany] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
  const leasingCompanyId = demoBillingTable?.leasingCompanyId ?? leasingCompany?.id;
  if (!demoBillingTable || !leasingCompanyId) throw new Error("the demo data lacks its billing table");
  const newBillingTable = () => billingTableBody(`Matriisi ${unique()}`, leasingCompanyId);

  const fixtures: Fixtures = {
    db,
    ...taxRows,
    billingTableId: demoBillingTable.id,
    leasingCompanyId,
    newBillingTable,
    async freshBillingTable() {
      const body = newBillingTable();
      const { rows, ...terms } = body;
      const [table] = await db.insert(billingTables).values(terms).returning({ id: billingTables.id });
      const id = table?.id as string;
      await db.insert(billingTableRows).values(rows.map((r) => ({ ...r, billingTableId: id })));
      return { id, body };
    },
    demoCompanyId,
    otherCompanyId: await companyIdByName(db, "Toinen Oy"),
    groupCompanyId: group.id,
    employeeUserId,
    employeeEmploymentId: employment.id,
    beneficiaryRoleId,
    reportingRoleId: await roleId("EMPLOYER_REPORTING"),
    superAdminRoleId: await roleId("SUPER_ADMIN"),
    permissionId: permission.id,
    contactFormId: contactForm?.id as string,
    registerLinkToken: await insertRegisterLink(db, demoCompanyId),
    preferencesToken: await issuePreferencesToken(db, preferencesUser),
    unsubscribeToken: unsubscribeToken(MATRIX_SERVER_SECRET, preferencesUser, "REMINDERS"),
    loginUserEmail,
    twoFactorUserEmail,
    passkeyStepUserEmail,
    someDetails: { firstName: "Matriisi", lastName: "Kohde", personalEmail: "", language: "fi" },
    uniqueEmail,
    uniqueName: (label) => `${label} ${unique()}`,
    freshUser: () => insertUser({ email: uniqueEmail("target"), role: "BIKE_BENEFICIARY" }),
    async freshRole() {
      const [role] = await db
        .insert(roles)
        .values({ name: `Matriisi ${unique()}`, isSystem: false })
        .returning({ id: roles.id });
      return role?.id as string;
    },
    async freshPasswordToken() {
      const userId = await fixtures.freshUser();
      return { token: await createPasswordToken(db, userId, "requested"), userId };
    },
    async freshEmailChangeToken() {
      const userId = await fixtures.freshUser();
      const token = randomToken();
      const newEmail = uniqueEmail("confirmed");
      await db.insert(contactChangeRequests).values({
        userId,
        kind: "EMAIL",
        newValue: newEmail,
        secretHash: sha256(token),
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      });
      return { token, userId, newEmail };
    },
    async passwordStep(email = twoFactorUserEmail) {
      const res = await app.inject({
        method: "POST",
        url: "/api/login",
        remoteAddress: nextAddress(),
        payload: { email, password: DEMO_PASSWORD },
      });
      if (res.statusCode !== 202) throw new Error(`password step: ${res.statusCode} ${res.body}`);
      const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
      return { code: (res.json() as { devCode: string }).devCode, cookies };
    },
    async ownDetails(userId) {
      const [row] = await db
        .select({
          firstName: systemUsers.firstName,
          lastName: systemUsers.lastName,
          personalEmail: systemUsers.personalEmail,
          language: users.language,
        })
        .from(users)
        .innerJoin(systemUsers, eq(systemUsers.userId, users.id))
        .where(eq(users.id, userId));
      if (!row) throw new Error(`no profile for ${userId}`);
      return { ...row, personalEmail: row.personalEmail ?? "" };
    },
  };

  return fixtures;
}

/** A registration link of Demo Oy, as an employer would make it; answers its token. */
async function insertRegisterLink(db: Db, companyId: string): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + REGISTRATION_LINK_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(registrationLinks).values({ companyId, tokenHash: sha256(token), expiresAt });
  return token;
}

/**
 * The tax-table fixtures: a seeded row of each table, and new rows whose unique key no other row has.
 * Province rows and state-scale brackets go to 2099 with a unique name or lower limit; the payroll
 * table and the deductions are unique per year, so each new row takes a year no row of its table has
 * (a table has about 30 such rows in a run, of the 99 free years).
 */
async function taxTableFixtures(db: Db, unique: () => string) {
  const firstOf2025 = async (
    table:
      | typeof provinceTaxTables
      | typeof taxTables
      | typeof stateIncomeTaxTables
      | typeof taxpayerDeductionsTables,
  ) => {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.year, 2025)).limit(1);
    if (!row) throw new Error("the tax tables have no 2025 rows");
    return row.id;
  };
  const seededTaxRowIds: Record<TaxTableKind, string> = {
    province: await firstOf2025(provinceTaxTables),
    taxTable: await firstOf2025(taxTables),
    stateIncomeTax: await firstOf2025(stateIncomeTaxTables),
    deductions: await firstOf2025(taxpayerDeductionsTables),
  };

  const handedOut = { taxTable: new Set<number>(), deductions: new Set<number>() };
  async function freeYear(kind: "taxTable" | "deductions"): Promise<number> {
    const table = kind === "taxTable" ? taxTables : taxpayerDeductionsTables;
    const used = new Set((await db.select({ year: table.year }).from(table)).map((r) => r.year));
    for (let year = 2100; year >= 2000; year--) {
      if (!used.has(year) && !handedOut[kind].has(year)) {
        handedOut[kind].add(year);
        return year;
      }
    }
    throw new Error(`no free tax year left in ${kind}`);
  }
  let bracket = 0;

  // Each body is both what POST and PUT take and the row's insert values.
  const bodies = {
    province: async (): Promise<typeof provinceTaxTables.$inferInsert> => ({
      year: 2099,
      provinceName: `Matriisi ${unique()}`,
      municipalTaxPercent: 7.5,
      churchTaxPercent: 1.25,
    }),
    taxTable: async (): Promise<typeof taxTables.$inferInsert> => ({
      year: await freeYear("taxTable"),
      employeePensionPercent: 7.3,
      unemploymentInsurancePercent: 0.89,
      healthInsuranceDailyAllowancePercent: 0.88,
      healthInsuranceMedicalCarePercent: 0.51,
      source: "Access matrix",
    }),
    stateIncomeTax: async (): Promise<typeof stateIncomeTaxTables.$inferInsert> => {
      bracket += 1;
      return { year: 2099, lowerLimitCents: bracket * 100_000, marginalPercent: 19 };
    },
    deductions: async (): Promise<typeof taxpayerDeductionsTables.$inferInsert> => ({
      year: await freeYear("deductions"),
      deductionType: "BASIC_DEDUCTION",
      ratePercent: 100,
      maxDeductionCents: 411_500,
    }),
  };

  const newTaxRow = (kind: TaxTableKind): Promise<TaxRowBody> => bodies[kind]();

  async function freshTaxRow(kind: TaxTableKind): Promise<{ id: string; body: TaxRowBody }> {
    const inserted = async (): Promise<{ id: string; body: TaxRowBody }[]> => {
      switch (kind) {
        case "province": {
          const body = await bodies.province();
          const rows = await db
            .insert(provinceTaxTables)
            .values(body)
            .returning({ id: provinceTaxTables.id });
          return rows.map((r) => ({ id: r.id, body }));
        }
        case "taxTable": {
          const body = await bodies.taxTable();
          const rows = await db.insert(taxTables).values(body).returning({ id: taxTables.id });
          return rows.map((r) => ({ id: r.id, body }));
        }
        case "stateIncomeTax": {
          const body = await bodies.stateIncomeTax();
          const rows = await db
            .insert(stateIncomeTaxTables)
            .values(body)
            .returning({ id: stateIncomeTaxTables.id });
          return rows.map((r) => ({ id: r.id, body }));
        }
        case "deductions": {
          const body = await bodies.deductions();
          const rows = await db
            .insert(taxpayerDeductionsTables)
            .values(body)
            .returning({ id: taxpayerDeductionsTables.id });
          return rows.map((r) => ({ id: r.id, body }));
        }
      }
    };
    const [row] = await inserted();
    if (!row) throw new Error(`no fresh ${kind} row`);
    return row;
  }

  return { seededTaxRowIds, newTaxRow, freshTaxRow };
}

let addressCounter = 0;
/**
 * A client address of its own for each call. Login, contact form, reset and sign-up are limited per
 * address (a few a minute); each case is a different caller, so it must not meet the others' limits.
 */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}
