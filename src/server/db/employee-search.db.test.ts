import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyIdByName } from "../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../tests/helpers/test-app.ts";
import type { Db } from "./client.ts";
import { rawRows } from "./raw.ts";
import { beneficiaryEmployees, employeeSearch, systemUsers, users } from "./schema/index.ts";

/**
 * employee_search (migration 0016) holds each employee's "First Last" and e-mail as the users and
 * system_users tables have them, whatever is written and in whichever order.
 */

const t = setupTestApp({}, { demoData: true });

/** Rows whose kept name or e-mail differs from what the people tables say, and employees without a row. */
async function stale(db: Db) {
  return rawRows<{ id: string }>(
    db,
    sql`select be.id from beneficiary_employees be
      join users u on u.id = be.user_id
      left join system_users su on su.user_id = be.user_id
      left join employee_search s on s.beneficiary_employee_id = be.id
      where s.beneficiary_employee_id is null
        or s.user_id <> be.user_id
        or s.name is distinct from su.first_name || ' ' || su.last_name
        or s.email is distinct from u.email`,
  );
}

async function newUser(db: Db, email: string) {
  const [user] = await db.insert(users).values({ email }).returning({ id: users.id });
  return user?.id as string;
}

describe("employee_search", () => {
  it("holds every demo employee's name and e-mail", async () => {
    const [row] = await rawRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from employee_search`,
    );
    expect(row?.n).toBeGreaterThan(0);
    expect(await stale(t.database.db)).toEqual([]);
  });

  it("follows a new employee, its later profile, a changed name and e-mail, another user and a deletion", async () => {
    const db = t.database.db;
    const companyId = await companyIdByName(db, "Demo Oy");
    // The employee before the profile: the name arrives with system_users.
    const userId = await newUser(db, "hakusana.testi@demo.test");
    const [employee] = await db
      .insert(beneficiaryEmployees)
      .values({ userId, companyId })
      .returning({ id: beneficiaryEmployees.id });
    const employeeId = employee?.id as string;
    expect(await stale(db)).toEqual([]);
    await db.insert(systemUsers).values({ userId, firstName: "Hakusana", lastName: "Testinen", companyId });
    expect(await stale(db)).toEqual([]);
    const kept = async () =>
      (await db.select().from(employeeSearch).where(eq(employeeSearch.beneficiaryEmployeeId, employeeId)))[0];
    expect(await kept()).toMatchObject({ name: "Hakusana Testinen", email: "hakusana.testi@demo.test" });

    await db.update(systemUsers).set({ lastName: "Uusinimi" }).where(eq(systemUsers.userId, userId));
    await db.update(users).set({ email: "uusi.osoite@demo.test" }).where(eq(users.id, userId));
    expect(await kept()).toMatchObject({ name: "Hakusana Uusinimi", email: "uusi.osoite@demo.test" });

    const otherUser = await newUser(db, "toinen.henkilo@demo.test");
    await db
      .update(beneficiaryEmployees)
      .set({ userId: otherUser })
      .where(eq(beneficiaryEmployees.id, employeeId));
    expect(await kept()).toMatchObject({ userId: otherUser, name: null, email: "toinen.henkilo@demo.test" });
    expect(await stale(db)).toEqual([]);

    await db.delete(systemUsers).where(eq(systemUsers.userId, userId));
    await db.delete(beneficiaryEmployees).where(eq(beneficiaryEmployees.id, employeeId));
    expect(await kept()).toBeUndefined();
    expect(await stale(db)).toEqual([]);
  });
});
