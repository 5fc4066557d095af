import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  companies,
  leasingAgreements,
  leasingCompanies,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";

/** The reporting tests' own rows: companies, employees and leases written straight to the database. */

const unique = () => randomUUID().slice(0, 8);

/** A company of its own, so that a test's figures are its rows alone. */
export async function freshCompany(db: Db): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values({ name: `Raportti ${unique()} Oy` })
    .returning({ id: companies.id });
  return row?.id as string;
}

/** An accepted employee of the company, named "Testi <lastName>", the last name also the employee number. */
export async function employee(
  db: Db,
  companyId: string,
  lastName: string,
  extra: Partial<typeof beneficiaryEmployees.$inferInsert> = {},
) {
  const [user] = await db
    .insert(users)
    .values({ email: `${unique()}@raportti.test` })
    .returning({ id: users.id });
  await db
    .insert(systemUsers)
    .values({ userId: user?.id as string, firstName: "Testi", lastName, companyId });
  const [row] = await db
    .insert(beneficiaryEmployees)
    .values({
      userId: user?.id as string,
      companyId,
      status: "ACCEPTED",
      employeeNumber: lastName,
      costUnit: "100",
      ...extra,
    })
    .returning();
  return row as typeof beneficiaryEmployees.$inferSelect;
}

/**
 * A signed lease of the employee: started on `start` (a 1st), `months` long, committed on `committed`,
 * of an ACTIVE_LEASING order, with the first leasing company of the demo data.
 */
export async function lease(
  db: Db,
  who: { id: string; companyId: string },
  lease: { monthlyPaymentCents: number; start: string; months: number; committed: string },
) {
  const [leasing] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: who.id,
      companyId: who.companyId,
      orderStatus: "ACTIVE_LEASING",
      totalPriceCents: 300_000,
      leaseTimeMonths: lease.months,
      monthlyPaymentCents: lease.monthlyPaymentCents,
    })
    .returning();
  const [agreement] = await db
    .insert(leasingAgreements)
    .values({
      orderId: order?.id as string,
      beneficiaryEmployeeId: who.id,
      companyId: who.companyId,
      leasingCompanyId: leasing?.id as string,
      status: "SIGNED",
      leaseTimeMonths: lease.months,
      monthlyPaymentCents: lease.monthlyPaymentCents,
      totalPriceCents: 300_000,
      startDate: lease.start,
      commitmentDate: lease.committed,
    })
    .returning();
  return {
    order: order as typeof orders.$inferSelect,
    agreement: agreement as typeof leasingAgreements.$inferSelect,
  };
}
