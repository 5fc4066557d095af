import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyIdByName } from "../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../tests/helpers/test-app.ts";
import { isActiveLeaseStatus } from "../../domain/companies.ts";
import { ORDER_STATUSES } from "../../domain/enums.ts";
import type { Db } from "./client.ts";
import { CONSISTENCY_RULES, checkConsistency } from "./consistency.ts";
import { rawRows } from "./raw.ts";
import { beneficiaryEmployees, orders, users } from "./schema/index.ts";

/**
 * beneficiary_employees.has_active_lease (migration 0020) says whether any of the employee's orders is
 * in ACTIVE_LEASE_STATUSES, whatever writes the orders: the employee list's "active lease" filter reads
 * only the flag.
 */

const t = setupTestApp({}, { demoData: true });

/** Employees whose flag differs from their orders (the consistency check's rule). */
async function stale(db: Db) {
  return (await checkConsistency(db)).filter(
    (finding) => finding.rule === CONSISTENCY_RULES.activeLeaseFlagFollowsOrders,
  );
}

async function newEmployee(db: Db, companyId: string, email: string): Promise<string> {
  const [user] = await db.insert(users).values({ email }).returning({ id: users.id });
  const [employee] = await db
    .insert(beneficiaryEmployees)
    .values({ userId: user?.id as string, companyId })
    .returning({ id: beneficiaryEmployees.id });
  return employee?.id as string;
}

async function flagOf(db: Db, employeeId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ flag: beneficiaryEmployees.hasActiveLease })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.id, employeeId));
  return row?.flag;
}

describe("has_active_lease", () => {
  it("is true for exactly the demo employees with an order in an active-lease status", async () => {
    const db = t.database.db;
    const [flagged] = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from beneficiary_employees where has_active_lease`,
    );
    expect(flagged?.n).toBeGreaterThan(0);
    expect(await stale(db)).toEqual([]);
  });

  it("follows each order status as the domain names the active ones", async () => {
    const db = t.database.db;
    const companyId = await companyIdByName(db, "Demo Oy");
    const employeeId = await newEmployee(db, companyId, "aktiivinen.vuokra@demo.test");
    const [order] = await db
      .insert(orders)
      .values({ beneficiaryEmployeeId: employeeId, companyId })
      .returning({ id: orders.id, status: orders.orderStatus });
    expect(await flagOf(db, employeeId)).toBe(isActiveLeaseStatus(order?.status ?? "PENDING"));
    for (const status of ORDER_STATUSES) {
      await db
        .update(orders)
        // A comment awaited remembers the status it came from (orders_previous_status_check).
        .set({
          orderStatus: status,
          previousStatus: status === "WAITING_FOR_CUSTOMER_COMMENT" ? "PENDING" : null,
        })
        .where(eq(orders.id, order?.id as string));
      expect(await flagOf(db, employeeId), status).toBe(isActiveLeaseStatus(status));
    }
  });

  it("follows a bulk insert, an order moved to another employee, a delete and a rolled-back write", async () => {
    const db = t.database.db;
    const companyId = await companyIdByName(db, "Demo Oy");
    const first = await newEmployee(db, companyId, "ensimmainen.vuokra@demo.test");
    const second = await newEmployee(db, companyId, "toinen.vuokra@demo.test");
    const added = await db
      .insert(orders)
      .values([
        { beneficiaryEmployeeId: first, companyId, orderStatus: "ACTIVE_LEASING" as const },
        { beneficiaryEmployeeId: first, companyId, orderStatus: "PENDING" as const },
        { beneficiaryEmployeeId: second, companyId, orderStatus: "PENDING" as const },
      ])
      .returning({ id: orders.id });
    expect([await flagOf(db, first), await flagOf(db, second)]).toEqual([true, false]);

    // The active order moves to the second employee: both flags turn.
    await db
      .update(orders)
      .set({ beneficiaryEmployeeId: second })
      .where(eq(orders.id, added[0]?.id as string));
    expect([await flagOf(db, first), await flagOf(db, second)]).toEqual([false, true]);

    await expect(
      db.transaction(async (tx) => {
        await tx.delete(orders).where(eq(orders.id, added[0]?.id as string));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await flagOf(db, second)).toBe(true);

    await db.delete(orders).where(
      inArray(
        orders.id,
        added.map((o) => o.id),
      ),
    );
    expect([await flagOf(db, first), await flagOf(db, second)]).toEqual([false, false]);
    expect(await stale(db)).toEqual([]);
  });
});
