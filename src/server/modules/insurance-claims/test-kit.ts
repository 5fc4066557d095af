import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import { zInsuranceClaim } from "../../../contract/insurance-claims.ts";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  insuranceClaims,
  leasingAgreements,
  leasingCompanies,
  orders,
  users,
} from "../../db/schema/index.ts";

/**
 * What the insurance claims' tests share: a demo employee's employment, and a fresh bike in use (an
 * ACTIVE_LEASING order with its accepted agreement) for each test, so that no test relies on another's.
 */

export const HELPDESK = "helpdesk@pedaali.test";
export const EMPLOYEE = "employee@demo.test";
export const EMPLOYER = "employer.admin@demo.test";
export const OTHER_TENANT = "employer.admin@toinen.test";
export const MISSING = "00000000-0000-4000-8000-00000000dead";

/** The demo user's employment in their company (the first, should there be several). */
export async function employmentOf(db: Db, email: string) {
  const [row] = await db
    .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId, userId: users.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!row) throw new Error(`no employment of ${email}`);
  return row;
}

let fresh = 0;

/** A new accepted employment of a new user (no login) in the company, with no order yet. */
export async function freshEmployment(db: Db, companyId: string) {
  const email = `vahinko.${Date.now().toString(36)}.${++fresh}@demo.test`;
  const [user] = await db.insert(users).values({ email }).returning({ id: users.id });
  const userId = user?.id as string;
  const [employment] = await db
    .insert(beneficiaryEmployees)
    .values({ userId, companyId, status: "ACCEPTED" })
    .returning({ id: beneficiaryEmployees.id });
  return { id: employment?.id as string, companyId, userId };
}

/** A new ACTIVE_LEASING order of the employment, its lease accepted and started on `startDate`. */
export async function bikeInUse(
  db: Db,
  employment: { id: string; companyId: string },
  options: { startDate?: string; priceCents?: number } = {},
): Promise<string> {
  const startDate = options.startDate ?? "2025-06-01";
  const priceCents = options.priceCents ?? 300_000;
  const [leasingCompany] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employment.id,
      companyId: employment.companyId,
      orderStatus: "ACTIVE_LEASING",
      totalPriceCents: priceCents,
      frameSerialNumber: "WTU123456789",
    })
    .returning({ id: orders.id });
  const orderId = order?.id as string;
  await db.insert(leasingAgreements).values({
    orderId,
    beneficiaryEmployeeId: employment.id,
    companyId: employment.companyId,
    leasingCompanyId: leasingCompany?.id as string,
    status: "ACCEPTED",
    leaseTimeMonths: 36,
    monthlyPaymentCents: 9_900,
    totalPriceCents: priceCents,
    startDate,
    endDate: "2029-05-31",
  });
  return orderId;
}

/** The order's agreement's end date as it now stands. */
export async function agreementEndDate(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ endDate: leasingAgreements.endDate })
    .from(leasingAgreements)
    .where(and(eq(leasingAgreements.orderId, orderId)));
  return row?.endDate ?? null;
}

/** A Demo Oy employee with one bike in use and the demo password. */
export const COLLEAGUE = "juho.nieminen@demo.test";
/** A Demo Oy employee whose order is still on its way (no bike in use). */
export const NO_BIKE = "ville.hamalainen@demo.test";
export const EMPLOYER_ROLES = [
  EMPLOYER,
  "employer.editor@demo.test",
  "group.admin@demo.test",
  "reporting@demo.test",
];

export const daysAgo = (n: number) => toHelsinkiDateString(new Date(Date.now() - n * DAY_MS));
let sequence = 0;
/** A police report number no other test uses, to find its claim by. */
const policeNumber = () => `5500/R/${Date.now().toString(36)}${++sequence}`;

type Employment = Awaited<ReturnType<typeof employmentOf>>;

/**
 * The claims API tests' calls and steps on the app of their file (report-claim, read-claims and
 * handle-claim.db.test.ts): the employee's and their colleague's employments, filled in before the tests
 * run, claims reported through the API, and the helpdesk's outcome and steps.
 */
export function claimKit(t: TestApp) {
  const { call } = apiCaller(t);
  const employee = {} as Employment;
  const colleague = {} as Employment;

  beforeAll(async () => {
    Object.assign(employee, await employmentOf(t.database.db, EMPLOYEE));
    Object.assign(colleague, await employmentOf(t.database.db, COLLEAGUE));
  });

  async function reportTheft(who = EMPLOYEE, extra: Record<string, unknown> = {}) {
    const orderId = await bikeInUse(t.database.db, employee);
    const res = await call("POST", "/api/insurance-claims", who, {
      beneficiaryEmployeeId: employee.id,
      type: "THEFT",
      orderId,
      incidentDate: daysAgo(2),
      description: "Pyörä vietiin lukittuna Kampin pyöräparkista.",
      policeReportNumber: policeNumber(),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { orderId, claim: zInsuranceClaim.parse(res.json()) };
  }

  async function reportDamage(who = EMPLOYEE) {
    const orderId = await bikeInUse(t.database.db, employee);
    const res = await call("POST", "/api/insurance-claims", who, {
      beneficiaryEmployeeId: employee.id,
      type: "DAMAGE",
      orderId,
      incidentDate: daysAgo(1),
      description: "Kaatuminen liukkaalla, takavaihtaja ja kehä vääntyivät.",
    });
    expect(res.statusCode, res.body).toBe(201);
    return { orderId, claim: zInsuranceClaim.parse(res.json()) };
  }

  const claimCount = () => t.database.db.$count(insuranceClaims);

  async function claimEvents(id: string) {
    const rows = await t.database.db
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityType, "insuranceClaim"), eq(eventLog.entityId, id)));
    return rows;
  }

  async function step(id: string, name: string, who: string | null = HELPDESK) {
    return call("POST", `/api/insurance-claims/${id}/steps`, who, { step: name });
  }

  /** Demo Oy's payment mode, which decides how a deductible is paid. */
  async function paymentMode(mode: "PAYROLL" | "BATCH" | "ALL") {
    await t.database.db
      .update(companies)
      .set({ paymentMode: mode })
      .where(eq(companies.id, employee.companyId));
  }

  async function setOutcome(id: string, body: Record<string, unknown>) {
    const res = await call("PUT", `/api/insurance-claims/${id}`, HELPDESK, body);
    expect(res.statusCode, res.body).toBe(200);
    return zInsuranceClaim.parse(res.json());
  }

  return {
    call,
    employee,
    colleague,
    reportTheft,
    reportDamage,
    claimCount,
    claimEvents,
    step,
    paymentMode,
    setOutcome,
  };
}
