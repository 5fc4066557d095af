import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
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
