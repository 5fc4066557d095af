import { and, eq } from "drizzle-orm";
import {
  beneficiaryEmployees,
  employeeAbsences,
  employmentInvitations,
  systemUsers,
  userRoles,
  users,
} from "../../src/server/db/schema/index.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * The employer's employees: lists, details, export, create, update, decide, absences. Rows
 * read as those of access-matrix.ts (see its header); only types come from there, so the import does
 * not loop at run time. Writes act on throw-away employees of Demo Oy made with `f.db`.
 *
 * employees.read: the admin tier and every employer role (reporting too); employees.manage and
 * employees.decide: the admin tier, the employer admin, the editor and the group admin. The employee
 * has neither. Toinen Oy's admin may use the calls, so Demo Oy's objects answer 404 to them.
 */

/** A list of the caller's own companies: every reader succeeds, Toinen Oy's admin with its own rows. */
const listReaders: Expectations = { anonymous: 401, BIKE_BENEFICIARY: 403, BIKE_STORE: 403, rest: "ok" };
/** One of Demo Oy's employees, read. */
const demoReaders: Expectations = {
  anonymous: 401,
  BIKE_BENEFICIARY: 403,
  BIKE_STORE: 403,
  otherTenant: 404,
  rest: "ok",
};
/** One of Demo Oy's employees, changed. */
const demoManagers: Expectations = {
  anonymous: 401,
  admins: "ok",
  employerManagers: "ok",
  otherTenant: 404,
  rest: 403,
};

/** A throw-away employee of Demo Oy (with an account holding BIKE_BENEFICIARY there). */
async function freshEmployee(f: Fixtures, status: "PENDING" | "ACCEPTED" = "ACCEPTED") {
  const [user] = await f.db
    .insert(users)
    .values({ email: f.uniqueEmail("employee") })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await f.db
    .insert(systemUsers)
    .values({ userId, firstName: "Matriisi", lastName: "Työntekijä", companyId: f.demoCompanyId });
  await f.db.insert(userRoles).values({ userId, roleId: f.beneficiaryRoleId, companyId: f.demoCompanyId });
  const [employee] = await f.db
    .insert(beneficiaryEmployees)
    .values({ userId, companyId: f.demoCompanyId, status })
    .returning({ id: beneficiaryEmployees.id });
  return { id: employee?.id as string, userId };
}

/**
 * A waiting invitation of `companyId` to a person: the caller when given (their own to answer),
 * else a throw-away account that belongs to no company.
 */
async function freshInvitation(f: Fixtures, companyId: string, userId?: string | null) {
  let personId = userId;
  if (!personId) {
    const [user] = await f.db
      .insert(users)
      .values({ email: f.uniqueEmail("invited") })
      .returning({ id: users.id });
    personId = user?.id as string;
  } else {
    // A caller's earlier case declined theirs, which stays open: withdraw it so a new one may be made.
    await f.db
      .update(employmentInvitations)
      .set({ status: "WITHDRAWN" })
      .where(and(eq(employmentInvitations.userId, personId), eq(employmentInvitations.companyId, companyId)));
  }
  const [invitation] = await f.db
    .insert(employmentInvitations)
    .values({
      companyId,
      userId: personId,
      email: f.uniqueEmail("typed"),
      firstName: "Kutsuttu",
      lastName: "Henkilö",
      source: "employer",
    })
    .returning({ id: employmentInvitations.id });
  return invitation?.id as string;
}

/** Invitations answered by the invited person only: everyone else 404, as for an id that is none. */
const invitedOnly: Expectations = { anonymous: 401, BIKE_BENEFICIARY: "ok", rest: 404 };

async function freshAbsence(f: Fixtures) {
  const employee = await freshEmployee(f);
  const [absence] = await f.db
    .insert(employeeAbsences)
    .values({
      beneficiaryEmployeeId: employee.id,
      companyId: f.demoCompanyId,
      reason: "SICK_LEAVE",
      startDate: "2026-01-05",
      endDate: "2026-01-09",
    })
    .returning({ id: employeeAbsences.id });
  return { employee, absenceId: absence?.id as string };
}

export const EMPLOYEE_ROWS: readonly MatrixRow[] = [
  // ---- Invitations of people who already have an account ----
  {
    // Demo Oy's invitations: its readers; Toinen Oy's admin asks about a company outside its scope.
    operation: "GET /api/beneficiary-employee/invitations",
    call: (f) => ({ query: { companyId: f.demoCompanyId } }),
    expect: demoReaders,
  },
  {
    operation: "POST /api/beneficiary-employee/invitations/{id}/withdraw",
    call: async (f) => ({ params: { id: await freshInvitation(f, f.demoCompanyId) } }),
    expect: demoManagers,
  },
  {
    // Every active user may be invited; the list holds only their own.
    operation: "GET /api/account/invitations",
    call: () => ({}),
    expect: { anonymous: 401, rest: "ok" },
  },
  {
    // Another person's invitation: nobody else answers it, not even the inviting company.
    operation: "POST /api/account/invitations/{id}/accept",
    call: async (f) => ({ params: { id: await freshInvitation(f, f.demoCompanyId) } }),
    expect: { anonymous: 401, rest: 404 },
  },
  {
    // The employee declines their own (a new one each case); anyone else's invitation is 404.
    operation: "POST /api/account/invitations/{id}/decline",
    call: async (f, caller) => ({
      params: {
        id: await freshInvitation(
          f,
          f.otherCompanyId,
          caller.identity === "BIKE_BENEFICIARY" ? caller.userId : null,
        ),
      },
    }),
    expect: invitedOnly,
  },
  {
    operation: "GET /api/beneficiary-employee/employeesOptimizedList",
    call: () => ({ query: { page: "1", pageSize: "10", search: " a " } }),
    expect: listReaders,
  },
  {
    operation: "GET /api/beneficiary-employee/export",
    call: (f) => ({ query: { companyId: f.demoCompanyId, format: "csv" } }),
    expect: demoReaders,
  },
  {
    operation: "GET /api/beneficiary-employee/companies/{id}/employees",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: demoReaders,
  },
  {
    operation: "GET /api/beneficiary-employee/employeesWithAllDataOnly",
    call: () => ({ query: { minimalData: "true" } }),
    expect: listReaders,
  },
  { operation: "GET /api/employeesWithOrders", call: () => ({}), expect: listReaders },
  {
    operation: "GET /api/beneficiary-employee/filter-options",
    call: (f) => ({ query: { companyId: f.demoCompanyId } }),
    expect: demoReaders,
  },
  {
    operation: "GET /api/beneficiary-employee/details/{id}",
    call: (f) => ({ params: { id: f.employeeEmploymentId } }),
    expect: demoReaders,
  },
  {
    operation: "POST /api/beneficiary-employee/create",
    ok: 201,
    call: (f) => {
      const email = f.uniqueEmail("added");
      return {
        body: { companyId: f.demoCompanyId, firstName: "Lisätty", lastName: "Työntekijä", workEmail: email },
        createsUser: { email, roles: [`BIKE_BENEFICIARY@${f.demoCompanyId}`] },
      };
    },
    expect: demoManagers,
  },
  {
    operation: "POST /api/beneficiary-employee/{id}/update",
    call: async (f) => {
      const employee = await freshEmployee(f);
      return {
        params: { id: employee.id },
        body: { costUnit: "4100", lastWorkingDayDate: "2027-06-30" },
        target: { userId: employee.userId, changes: [], roles: [`BIKE_BENEFICIARY@${f.demoCompanyId}`] },
      };
    },
    expect: demoManagers,
  },
  {
    operation: "POST /api/beneficiary-employee/{id}/decide",
    call: async (f) => {
      const employee = await freshEmployee(f, "PENDING");
      return {
        params: { id: employee.id },
        body: { decision: "ACCEPTED", costUnit: "4100" },
        target: { userId: employee.userId, changes: [], roles: [`BIKE_BENEFICIARY@${f.demoCompanyId}`] },
      };
    },
    expect: demoManagers,
  },
  {
    operation: "GET /api/beneficiary-employee/{id}/absences",
    call: (f) => ({ params: { id: f.employeeEmploymentId } }),
    expect: demoReaders,
  },
  {
    operation: "POST /api/beneficiary-employee/{id}/absences",
    ok: 201,
    call: async (f) => ({
      params: { id: (await freshEmployee(f)).id },
      body: { reason: "PARENTAL_LEAVE", startDate: "2026-03-01", endDate: null },
    }),
    expect: demoManagers,
  },
  {
    operation: "PUT /api/beneficiary-employee/{id}/absences/{absenceId}",
    call: async (f) => {
      const { employee, absenceId } = await freshAbsence(f);
      return {
        params: { id: employee.id, absenceId },
        body: { reason: "SICK_LEAVE", startDate: "2026-01-05", endDate: "2026-01-16" },
      };
    },
    expect: demoManagers,
  },
  {
    operation: "DELETE /api/beneficiary-employee/{id}/absences/{absenceId}",
    call: async (f) => {
      const { employee, absenceId } = await freshAbsence(f);
      return { params: { id: employee.id, absenceId } };
    },
    expect: demoManagers,
  },
];
