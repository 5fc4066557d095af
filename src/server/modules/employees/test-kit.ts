import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, systemUsers, users } from "../../db/schema/index.ts";

/**
 * The employee API tests (employee-lists, add-employee, employee-details and decide-employee
 * .db.test.ts): the demo people who call, and employees of the test's own made straight in the database.
 */

export const ADMIN = "admin@pedaali.test";
export const DEMO_ADMIN = "employer.admin@demo.test";
export const EDITOR = "employer.editor@demo.test";
export const GROUP_ADMIN = "group.admin@demo.test";
export const REPORTING = "reporting@demo.test";
export const EMPLOYEE = "employee@demo.test";
export const TOINEN_ADMIN = "employer.admin@toinen.test";

export const unique = () => randomUUID().slice(0, 8);

type EmployeeSeed = Partial<typeof beneficiaryEmployees.$inferInsert> & {
  firstName?: string;
  lastName?: string;
  email?: string;
};

/** An employee (with a user and a profile) straight in the database. */
export async function seedEmployee(db: Db, companyId: string, seed: EmployeeSeed = {}) {
  const { firstName = "Testi", lastName = `Henkilö${unique()}`, email, ...employee } = seed;
  const [user] = await db
    .insert(users)
    .values({ email: email ?? `${unique()}@employees.test` })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await db.insert(systemUsers).values({ userId, firstName, lastName, companyId });
  const [row] = await db
    .insert(beneficiaryEmployees)
    .values({ userId, companyId, status: "ACCEPTED", ...employee })
    .returning();
  return row as typeof beneficiaryEmployees.$inferSelect;
}
