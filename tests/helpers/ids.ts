import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { beneficiaryEmployees, bikeStores, companies, users } from "../../src/server/db/schema/index.ts";

/** The id of a (demo) user by e-mail, in any case; throws when there is none, so a typo fails loudly. */
export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The id of a (demo) company by name; throws when there is none. */
export async function companyIdByName(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (!row) throw new Error(`no company ${name}`);
  return row.id;
}

/** The id of a (demo) bike store by name; throws when there is none. */
export async function bikeStoreIdByName(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ id: bikeStores.id }).from(bikeStores).where(eq(bikeStores.storeName, name));
  if (!row) throw new Error(`no bike store ${name}`);
  return row.id;
}

/** The id of a user's employment in a company; throws when they are not employed there. */
export async function employmentIdOf(db: Db, userId: string, companyId: string): Promise<string> {
  const [row] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(and(eq(beneficiaryEmployees.userId, userId), eq(beneficiaryEmployees.companyId, companyId)));
  if (!row) throw new Error(`no employment of ${userId} in ${companyId}`);
  return row.id;
}
