import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs, type Session } from "../../tests/helpers/auth.ts";
import { statementsOf } from "../../tests/helpers/query-count.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db.ts";
import { buildApp } from "./app.ts";
import { testConfig } from "./config.ts";
import { companies } from "./db/schema/index.ts";
import { DEMO_PASSWORD } from "./db/seed/demo-data.ts";
import { SCALE_ADMIN_EMAIL, SCALE_COMPANIES, seedScale } from "./db/seed/seed-scale.ts";
import { hashPassword } from "./modules/auth/passwords.ts";

/**
 * What the hot calls cost in SQL statements, session check and all: a signed-in call's session and
 * user are kept in memory by the instance (modules/auth/session-cache.ts), so its check reads nothing
 * after the first call. Each bound is today's count: a
 * change that adds a statement to a call has to raise its bound here, in review, and a query per row
 * (N+1) fails at once, because the same call runs on a group of 3 employees and on one of 30 and must
 * send as many statements on both. The employer's calls run as the scale group's admin (its employees,
 * orders and leases grow with the size); the after-sales lists read the demo data as its users do.
 */

type Instance = { database: TestDatabase; app: FastifyInstance; sessions: Map<string, Session> };
const SIZES = [3, 30] as const;
const instances: Instance[] = [];
const ADMIN = "admin@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";

beforeAll(async () => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const employees of SIZES) {
    const database = await createTestDatabase({ demoData: true });
    await seedScale(database.db, { employees, passwordHash });
    const app = await buildApp(testConfig({}), { database });
    await app.ready();
    instances.push({ database, app, sessions: new Map() });
  }
});
afterAll(async () => {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
});

async function sessionOf(instance: Instance, email: string): Promise<Session> {
  let session = instance.sessions.get(email);
  if (!session) {
    session = await loginAs(instance.app, email);
    instance.sessions.set(email, session);
  }
  return session;
}

/** The scale group's bigger company, whose reports the employer reads. */
async function scaleCompanyId(instance: Instance): Promise<string> {
  const [company] = await instance.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, SCALE_COMPANIES[0]));
  if (!company) throw new Error("the scale seed made its companies");
  return company.id;
}

/** The statements one call sends on each size, after a first call has warmed what the process keeps. */
async function statementCounts(
  who: string,
  method: "GET" | "POST",
  url: string,
  payload?: object,
): Promise<number[]> {
  const counts: number[] = [];
  for (const instance of instances) {
    const session = await sessionOf(instance, who);
    const address = url.replace(":scaleCompany", await scaleCompanyId(instance));
    const call = () =>
      instance.app.inject({
        method,
        url: address,
        headers: session.headers(),
        ...(payload ? { payload } : {}),
      });
    const warm = await call();
    expect(warm.statusCode, `${url}: ${warm.body.slice(0, 300)}`).toBe(200);
    const { statements } = await statementsOf(instance.database, call);
    counts.push(statements.filter((statement) => !isRateCount(statement)).length);
  }
  return counts;
}

/**
 * A rate-limited call's one statement of the shared counters (src/server/counters.ts, where no Redis is
 * set): the caller's count, not the call's own reading, and always one however many rows there are.
 */
const isRateCount = (statement: string) => statement.includes('"rate_limit_counters"');

const CALCULATION = {
  year: 2026,
  contractDate: "2026-03-15",
  bikePrice: 2_490,
  accessoriesPrice: 210.5,
  leaseTimeMonths: 36,
  monthlyGrossSalary: 3_800,
  municipality: "Tampere",
  churchMember: true,
  age: 41,
};

describe("the statements of a hot call do not grow with the rows", () => {
  it.each([
    ["GET /api/user", SCALE_ADMIN_EMAIL, "GET", "/api/user", 0],
    [
      "the bell's checker",
      EMPLOYER,
      "GET",
      "/api/notifications/checker?lastFetch=2020-01-01T00:00:00.000Z",
      1,
    ],
    ["the bell's unread count", EMPLOYER, "GET", "/api/notifications/unread-count", 1],
    // The employee list's reads each write one row of who looked at whom (person-access/record.ts).
    [
      "the employee list's first page",
      SCALE_ADMIN_EMAIL,
      "GET",
      "/api/beneficiary-employee/employeesOptimizedList",
      4,
    ],
    [
      "the employee list's name search",
      SCALE_ADMIN_EMAIL,
      "GET",
      "/api/beneficiary-employee/employeesOptimizedList?search=Eino",
      4,
    ],
    [
      "the employee list's filter",
      SCALE_ADMIN_EMAIL,
      "GET",
      "/api/beneficiary-employee/employeesOptimizedList?filterType=ACTIVE_LEASE",
      4,
    ],
    [
      "the employee list's page 3",
      SCALE_ADMIN_EMAIL,
      "GET",
      "/api/beneficiary-employee/employeesOptimizedList?page=3&pageSize=1",
      4,
    ],
    ["the leasing agreements", SCALE_ADMIN_EMAIL, "GET", "/api/leasing-agreements/list", 3],
    ["the companies' orders", SCALE_ADMIN_EMAIL, "GET", "/api/orders/all", 3],
    ["the bike redemptions", ADMIN, "GET", "/api/bike-redemption", 3],
    ["the employees' payments", ADMIN, "GET", "/api/user-payment/optimized", 3],
    ["the order cancellations", ADMIN, "GET", "/api/order-cancellations", 3],
    ["the insurance claims", ADMIN, "GET", "/api/insurance-claims", 3],
    // Its open lease ends and their overdue count are one statement of their own, the Pyörät list's rule.
    [
      "the reporting dashboard",
      SCALE_ADMIN_EMAIL,
      "GET",
      "/api/reporting/dashboard?companyId=:scaleCompany",
      10,
    ],
    ["the payroll report", SCALE_ADMIN_EMAIL, "GET", "/api/reporting/payroll?companyId=:scaleCompany", 11],
  ] as const)("%s sends at most its count", async (_what, who, method, url, bound) => {
    const [small, large] = await statementCounts(who, method, url);
    expect(large, "the same call on ten times the rows").toBe(small);
    expect(small, `${_what}: today's count is ${bound}`).toBeLessThanOrEqual(bound);
  });

  it("the calculator reads nothing after its first call; the caller's rate is one count", async () => {
    const [small, large] = await statementCounts(EMPLOYEE, "POST", "/api/calculator", CALCULATION);
    expect(large).toBe(small);
    expect(small, "the calculator: today's count is 0").toBe(0);
    const instance = instances[0];
    if (!instance) throw new Error("no instance");
    const session = await sessionOf(instance, EMPLOYEE);
    const { statements } = await statementsOf(instance.database, () =>
      instance.app.inject({
        method: "POST",
        url: "/api/calculator",
        headers: session.headers(),
        payload: CALCULATION,
      }),
    );
    expect(statements.filter(isRateCount)).toHaveLength(1);
  });
});
