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
 * beneficiary_employees.has_active_lease and has_order (migration 0020) say whether any of the
 * employee's orders is in ACTIVE_LEASE_STATUSES, and whether the employee has any order, whatever writes
 * the orders: the employee list's "active lease" and "with order" filters read only the flags.
 */

const t = setupTestApp({}, { demoData: true });

/** Employees whose flag differs from their orders (the consistency check's rule). */
async function stale(db: Db) {
  return (await checkConsistency(db)).filter(
    (finding) => finding.rule === CONSISTENCY_RULES.orderFlagsFollowOrders,
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
  return (await flagsOf(db, employeeId))?.activeLease;
}

async function flagsOf(db: Db, employeeId: string) {
  const [row] = await db
    .select({ activeLease: beneficiaryEmployees.hasActiveLease, order: beneficiaryEmployees.hasOrder })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.id, employeeId));
  return row;
}

describe("has_active_lease and has_order", () => {
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
    expect(await flagsOf(db, employeeId)).toEqual({ activeLease: false, order: false });
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
      expect(await flagsOf(db, employeeId), status).toEqual({
        activeLease: isActiveLeaseStatus(status),
        order: true,
      });
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
    expect([await flagsOf(db, first), await flagsOf(db, second)]).toEqual([
      { activeLease: true, order: true },
      { activeLease: false, order: true },
    ]);

    // The active order moves to the second employee: the active-lease flags turn; both still have orders.
    await db
      .update(orders)
      .set({ beneficiaryEmployeeId: second })
      .where(eq(orders.id, added[0]?.id as string));
    expect([await flagsOf(db, first), await flagsOf(db, second)]).toEqual([
      { activeLease: false, order: true },
      { activeLease: true, order: true },
    ]);

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
    expect([await flagsOf(db, first), await flagsOf(db, second)]).toEqual([
      { activeLease: false, order: false },
      { activeLease: false, order: false },
    ]);
    expect(await stale(db)).toEqual([]);
  });
});
