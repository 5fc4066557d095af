import { and, count, eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { createTestDatabase, testFileStore } from "../../../../tests/helpers/test-db.ts";
import { isValidEmail } from "../../../domain/validation/email.ts";
import { testDataKeyring } from "../../data-keys.ts";
import { currentPeriod, markedReport } from "../../modules/reporting/payroll.ts";
import type { Database } from "../client.ts";
import {
  beneficiaryEmployees,
  employeeAbsences,
  groupPayrollReportRecipients,
  leasingAgreements,
  notifications,
  payrollReportRecipients,
  payrollReportSnapshots,
  userPayments,
  users,
} from "../schema/index.ts";
import { seedDemoIfEmpty } from "./seed-demo.ts";

/**
 * A newcomer who runs `npm start` sees every screen of the employer portal
 * populated: Demo Oy about 40 employees, its sister company about 15, Toinen Oy about 10, join
 * requests waiting, leases in both tax regimes, an ended employment, a parental leave, a month of
 * notifications and payroll recipients, and last month's report as sent.
 */

let database: Database;
let ids: { demo: string; logistics: string; toinen: string };
const NOW = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoIfEmpty(database.db, testFileStore(), testDataKeyring());
  ids = {
    demo: await companyIdByName(database.db, "Demo Oy"),
    logistics: await companyIdByName(database.db, "Demo Logistiikka Oy"),
    toinen: await companyIdByName(database.db, "Toinen Oy"),
  };
});
afterAll(() => database.close());

async function employeesOf(companyId: string, status?: "PENDING" | "ACCEPTED") {
  const [row] = await database.db
    .select({ n: count() })
    .from(beneficiaryEmployees)
    .where(
      and(
        eq(beneficiaryEmployees.companyId, companyId),
        status ? eq(beneficiaryEmployees.status, status) : undefined,
      ),
    );
  return row?.n ?? 0;
}

describe("the employer portal's demo data", () => {
  it("has about 40, 15 and 10 employees, with join requests waiting in each company", async () => {
    expect(await employeesOf(ids.demo)).toBeGreaterThanOrEqual(38);
    expect(await employeesOf(ids.logistics)).toBeGreaterThanOrEqual(14);
    expect(await employeesOf(ids.toinen)).toBeGreaterThanOrEqual(10);
    for (const id of Object.values(ids)) expect(await employeesOf(id, "PENDING")).toBeGreaterThanOrEqual(1);
    const emails = await database.db.select({ email: users.email }).from(users);
    for (const { email } of emails) expect(isValidEmail(email), email).toBe(true);
  });

  it("has leases under the transition rule and taxable ones, an ended employment and a parental leave", async () => {
    const { db } = database;
    const grandfathered = await db
      .select({ n: count() })
      .from(leasingAgreements)
      .where(
        and(eq(leasingAgreements.companyId, ids.demo), eq(leasingAgreements.commitmentDate, "2025-03-14")),
      );
    expect(grandfathered[0]?.n).toBe(1);
    const report = await markedReport(db, ids.demo, currentPeriod(NOW));
    const regimes = new Set(report.rows.map((row) => row.regime));
    expect(regimes).toContain("GRANDFATHERED");
    expect(regimes).toContain("TAXABLE");
    expect(report.rows.some((row) => row.withoutPay && row.absence?.reason === "PARENTAL_LEAVE")).toBe(true);
    // Toinen Oy runs the benefit through payroll alone: an own share above its max price is deducted in
    // the month it is due (Demo Oy lets its employees pay it by invoice instead).
    const [ownShare] = await db
      .select({ dueDate: userPayments.dueDate })
      .from(userPayments)
      .where(
        and(
          eq(userPayments.companyId, ids.toinen),
          eq(userPayments.kind, "OWN_SHARE"),
          eq(userPayments.paymentMethod, "PAYROLL"),
        ),
      )
      .limit(1);
    const dueIn = await markedReport(db, ids.toinen, (ownShare?.dueDate ?? "").slice(0, 7));
    expect(dueIn.rows.some((row) => row.ownPaymentCents > 0)).toBe(true);
    expect(report.rows.some((row) => row.change === "NEW")).toBe(true);
    expect(report.totals.taxFreeCents).toBeGreaterThan(0);
    const ended = await db
      .select({ n: count() })
      .from(beneficiaryEmployees)
      .where(
        and(
          eq(beneficiaryEmployees.companyId, ids.demo),
          ne(beneficiaryEmployees.lastWorkingDayDate, "2999-01-01"),
        ),
      );
    expect(ended[0]?.n).toBeGreaterThanOrEqual(2);
    const parental = await db
      .select({ n: count() })
      .from(employeeAbsences)
      .where(and(eq(employeeAbsences.reason, "PARENTAL_LEAVE"), isNull(employeeAbsences.endDate)));
    expect(parental[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it("compares this month with last month's report as it was mailed", async () => {
    const snapshots = await database.db
      .select()
      .from(payrollReportSnapshots)
      .where(eq(payrollReportSnapshots.companyId, ids.demo));
    expect(snapshots).toHaveLength(1);
    const report = await markedReport(database.db, ids.demo, currentPeriod(NOW));
    expect(report.comparedWith.source).toBe("SENT");
  });

  it("rings the employer admins' bells with a month of notifications, some still unread", async () => {
    const { db } = database;
    const admin = await userIdByEmail(db, "employer.admin@demo.test");
    const rows = await db.select().from(notifications).where(eq(notifications.userId, admin));
    const types = new Set(rows.map((row) => row.type));
    for (const type of [
      "EMPLOYEE_REGISTRATION",
      "EMPLOYEE_ORDER",
      "ORDER_STATUS_CHANGE",
      "PAYMENT_REMINDER",
      "SYSTEM_UPDATE",
    ]) {
      expect(types, type).toContain(type);
    }
    expect(rows.filter((row) => !row.read).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.read).length).toBeGreaterThan(0);
    const oldest = Math.min(...rows.map((row) => row.createdAt.getTime()));
    expect(NOW.getTime() - oldest).toBeGreaterThan(20 * 24 * 60 * 60 * 1000);
  });

  it("names payroll report recipients for the companies and the group", async () => {
    const { db } = database;
    const [toinen] = await db
      .select({ n: count() })
      .from(payrollReportRecipients)
      .where(eq(payrollReportRecipients.companyId, ids.toinen));
    expect(toinen?.n).toBe(1);
    const [group] = await db.select({ n: count() }).from(groupPayrollReportRecipients);
    expect(group?.n).toBe(1);
  });
});
