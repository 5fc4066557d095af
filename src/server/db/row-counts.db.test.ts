import { count, eq, getTableName, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller } from "../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../tests/helpers/test-app.ts";
import { zOrderPage } from "../../contract/orders.ts";
import { rowsInScope } from "../modules/auth/tenancy.ts";
import type { Db } from "./client.ts";
import {
  beneficiaryEmployees,
  companies,
  companyRowCounts,
  leasingAgreements,
  orders,
  userPayments,
} from "./schema/index.ts";

/**
 * The counts the database keeps per company (company_row_counts, migration 0015) equal the rows, after
 * the demo data, a bulk insert, deletes, a move to another company, a rolled-back write and a truncate.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const COUNTED = [beneficiaryEmployees, orders, leasingAgreements, userPayments] as const;

/** Each counted table's rows per company, counted one by one, beside the kept counts. */
async function countsAndRows(db: Db) {
  const kept = await db.select().from(companyRowCounts);
  const result: { table: string; companyId: string; kept: number; rows: number }[] = [];
  for (const table of COUNTED) {
    const rows = await db
      .select({ companyId: table.companyId, n: count() })
      .from(table)
      .groupBy(table.companyId);
    const name = getTableName(table);
    const ofTable = kept.filter((k) => k.tableName === name);
    const companyIds = new Set([...rows.map((r) => r.companyId), ...ofTable.map((k) => k.companyId)]);
    for (const companyId of companyIds) {
      result.push({
        table: name,
        companyId,
        kept: ofTable.find((k) => k.companyId === companyId)?.rowCount ?? 0,
        rows: rows.find((r) => r.companyId === companyId)?.n ?? 0,
      });
    }
  }
  return result;
}

async function expectCountsToMatchRows(db: Db) {
  const compared = await countsAndRows(db);
  expect(compared.length).toBeGreaterThan(0);
  for (const row of compared)
    expect(row, `${row.table} of ${row.companyId}`).toMatchObject({ kept: row.rows });
}

describe("company_row_counts", () => {
  it("counts the demo data's rows of every company", async () => {
    await expectCountsToMatchRows(t.database.db);
  });

  it("follows a bulk insert, deletes and a move to another company", async () => {
    const db = t.database.db;
    const demoOy = await companyIdByName(db, "Demo Oy");
    const toinen = await companyIdByName(db, "Toinen Oy");
    const [employee] = await db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.companyId, demoOy))
      .limit(1);
    const employeeId = employee?.id as string;
    const added = await db
      .insert(orders)
      .values(
        [demoOy, demoOy, toinen, demoOy, toinen].map((companyId) => ({
          beneficiaryEmployeeId: employeeId,
          companyId,
        })),
      )
      .returning({ id: orders.id });
    await expectCountsToMatchRows(db);

    const [first, second, third] = added.map((o) => o.id);
    await db
      .update(orders)
      .set({ companyId: toinen })
      .where(eq(orders.id, first as string));
    await db
      .update(orders)
      .set({ orderStatus: "PENDING" })
      .where(eq(orders.id, second as string));
    await expectCountsToMatchRows(db);

    await db.delete(orders).where(inArray(orders.id, [second as string, third as string]));
    await expectCountsToMatchRows(db);
  });

  it("keeps nothing of a write that is rolled back", async () => {
    const db = t.database.db;
    const before = await db.select().from(companyRowCounts);
    const [company] = await db.insert(companies).values({ name: "Peruttu Oy" }).returning();
    await expect(
      db.transaction(async (tx) => {
        const [employee] = await tx
          .select({ id: beneficiaryEmployees.id })
          .from(beneficiaryEmployees)
          .limit(1);
        await tx
          .insert(orders)
          .values({ beneficiaryEmployeeId: employee?.id as string, companyId: company?.id as string });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await db.select().from(companyRowCounts)).toEqual(expect.arrayContaining(before));
    expect(
      await rowsInScope(db, { scope: { kind: "companies", companyIds: [company?.id as string] } }, orders),
    ).toBe(0);
    await expectCountsToMatchRows(db);
  });

  it("gives a list's total: the caller's companies, one of them, none, or all", async () => {
    const db = t.database.db;
    const demoOy = await companyIdByName(db, "Demo Oy");
    const logistiikka = await companyIdByName(db, "Demo Logistiikka Oy");
    const toinen = await companyIdByName(db, "Toinen Oy");
    const rowsIn = async (companyIds: string[]) =>
      (await db.select({ n: count() }).from(orders).where(inArray(orders.companyId, companyIds)))[0]?.n;
    const group = { scope: { kind: "companies" as const, companyIds: [demoOy, logistiikka] } };
    expect(await rowsInScope(db, group, orders)).toBe(await rowsIn([demoOy, logistiikka]));
    expect(await rowsInScope(db, group, orders, demoOy)).toBe(await rowsIn([demoOy]));
    expect(await rowsInScope(db, group, orders, toinen)).toBe(0);
    expect(await rowsInScope(db, { scope: { kind: "companies", companyIds: [] } }, orders)).toBe(0);
    const [all] = await db.select({ n: count() }).from(orders);
    expect(await rowsInScope(db, { scope: { kind: "all" } }, orders)).toBe(all?.n);

    const res = await call("GET", "/api/orders/all?limit=5", "group.admin@demo.test");
    expect(zOrderPage.parse(res.json()).total).toBe(await rowsIn([demoOy, logistiikka]));
  });

  it("starts again from nothing when a table is truncated", async () => {
    const db = t.database.db;
    await db.execute(sql`truncate ${userPayments}`);
    const [left] = await db
      .select({ n: count() })
      .from(companyRowCounts)
      .where(eq(companyRowCounts.tableName, "user_payments"));
    expect(left?.n).toBe(0);
    await expectCountsToMatchRows(db);
  });
});
