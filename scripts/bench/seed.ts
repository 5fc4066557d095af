/**
 * The bench's data (seedBenchData below) and a database of its own for the in-process check.
 */

import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import pg from "pg";
import { DAY_MS } from "../../src/domain/dates.ts";
import { testDataKeyring } from "../../src/server/data-keys.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import {
  bikeBrokerages,
  bikeRedemptions,
  companies,
  insuranceClaims,
  orderCancellations,
  orders,
  redemptionPayments,
  userPayments,
} from "../../src/server/db/schema/index.ts";
import { DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import { seedDemoIfEmpty } from "../../src/server/db/seed/seed-demo.ts";
import { seedMultiTenantScale } from "../../src/server/db/seed/seed-multi-tenant-scale.ts";
import { SCALE_ADMIN_EMAIL, SCALE_COMPANIES, seedScale } from "../../src/server/db/seed/seed-scale.ts";
import type { FileStore } from "../../src/server/files/file-store.ts";
import { hashPassword } from "../../src/server/modules/auth/passwords.ts";

/** A new database of its own: in-memory PGlite, or a new PostgreSQL database next to DATABASE_URL's. */
export async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: "memory://" });
    return { database, drop: async () => {} };
  }
  const name = `pedaali_bench_${randomBytes(4).toString("hex")}`;
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: target.toString(),
    pgliteDir: "memory://",
    nodeEnv: "development",
  });
  return {
    database,
    drop: async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const BENCH_SCALE_EMPLOYEES = Number(process.env.BENCH_SCALE_EMPLOYEES ?? 100_000);
/** The multi-tenant shape's size factor (1 = full size). */
const BENCH_FACTOR = Number(process.env.BENCH_FACTOR ?? 1);

const BENCH_AFTER_SALES = Number(process.env.BENCH_AFTER_SALES ?? 20000);

/**
 * After the sale at scale (ADR 009): for the scale group's orders, BENCH_AFTER_SALES each of
 * cancellations, insurance claims, redemption cases with their redemption payments, user payments
 * (twice as many) and brokerage bikes, in the statuses the lists filter by.
 */
async function seedAfterSalesScale(database: Database, companyIds: readonly string[]): Promise<void> {
  const { db } = database;
  const rows = await db
    .select({ id: orders.id, companyId: orders.companyId, employeeId: orders.beneficiaryEmployeeId })
    .from(orders)
    .where(inArray(orders.companyId, [...companyIds]))
    .limit(BENCH_AFTER_SALES);
  const now = Date.now();
  const at = (i: number) => new Date(now - (i % 700) * DAY_MS);
  const states = ["PENDING", "COMPLETED", "CANCELLED"] as const;
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    // One open (PENDING) cancellation and case per order at most: every third row is open.
    await db.insert(orderCancellations).values(
      batch.map((o, k) => ({
        orderId: o.id,
        companyId: o.companyId,
        status: states[(start + k) % 3] as (typeof states)[number],
        reason: "Työsuhde päättyy ennen toimitusta",
        requestedBy: (["EMPLOYEE", "EMPLOYER", "HELPDESK"] as const)[(start + k) % 3],
        refundAmountCents: ((start + k) % 5) * 10_000,
        createdAt: at(start + k),
        updatedAt: at(start + k),
      })),
    );
    await db.insert(insuranceClaims).values(
      batch.map((o, k) => ({
        beneficiaryEmployeeId: o.employeeId,
        companyId: o.companyId,
        orderId: o.id,
        type: (start + k) % 4 === 0 ? ("THEFT" as const) : ("DAMAGE" as const),
        status: states[(start + k) % 3] as (typeof states)[number],
        policeReportNumber: (start + k) % 4 === 0 ? `5500/R/${10_000 + start + k}/26` : null,
        createdAt: at(start + k),
        updatedAt: at(start + k),
      })),
    );
    const cases = await db
      .insert(bikeRedemptions)
      .values(
        batch.map((o, k) => ({
          orderId: o.id,
          beneficiaryEmployeeId: o.employeeId,
          companyId: o.companyId,
          status: states[(start + k) % 3] as (typeof states)[number],
          paymentMethod: (start + k) % 2 ? ("BATCH" as const) : ("PAYROLL" as const),
          choice: (start + k) % 3 === 0 ? null : ("REDEEM" as const),
          redemptionPriceCents: 15_000 + ((start + k) % 50) * 1_000,
          createdAt: at(start + k),
          updatedAt: at(start + k),
        })),
      )
      .returning({ id: bikeRedemptions.id, companyId: bikeRedemptions.companyId });
    await db.insert(redemptionPayments).values(
      cases.map((c, k) => ({
        bikeRedemptionId: c.id,
        companyId: c.companyId,
        payerType: "PEDAALI" as const,
        status: (start + k) % 2 ? ("PAID" as const) : ("PENDING" as const),
        amountCents: 15_000,
        createdAt: at(start + k),
        updatedAt: at(start + k),
      })),
    );
    await db.insert(userPayments).values(
      batch.flatMap((o, k) =>
        [0, 1].map((n) => {
          const i = start + k + n * 7;
          const sent = i % 3 !== 0;
          const paid = i % 3 === 2;
          return {
            beneficiaryEmployeeId: o.employeeId,
            companyId: o.companyId,
            orderId: o.id,
            kind: n ? ("RETURN_FEE" as const) : ("OWN_SHARE" as const),
            description: n ? "Palautusmaksu" : "Enimmäishinnan ylittävä osuus",
            amountCents: 5_000 + (i % 30) * 1_000,
            paymentMethod: i % 2 ? ("BATCH" as const) : ("PAYROLL" as const),
            paymentStatus: paid ? ("PAID" as const) : ("PENDING" as const),
            referenceNumber: `1${String(10_000_000 + i)}`,
            sentAt: sent ? at(i) : null,
            paidAt: paid ? at(i) : null,
            isUserPaymentDone: paid,
            createdAt: at(i),
            updatedAt: at(i),
          };
        }),
      ),
    );
    await db.insert(bikeBrokerages).values(
      batch.map((o, k) => ({
        companyId: o.companyId,
        orderId: o.id,
        contactName: "Pedaali asiakaspalvelu",
        contactEmail: "info@pedaali.fi",
        brand: ["Tunturi", "Helkama", "Cube", "Trek"][(start + k) % 4],
        model: `Malli ${(start + k) % 40}`,
        askingPriceCents: 40_000 + ((start + k) % 60) * 1_000,
        city: (start + k) % 2 ? "Tampere" : "Espoo",
        status: states[(start + k) % 3] as (typeof states)[number],
        listedAt: (start + k) % 3 === 0 ? at(start + k) : null,
        createdAt: at(start + k),
        updatedAt: at(start + k),
      })),
    );
  }
}

/**
 * Everything the bench measures against, seeded into a migrated database: the demo data, the
 * multi-tenant shape (1,000 companies in 100 groups, 100,000 employees, their orders, leases,
 * notifications and event log) and the one-group shape (BENCH_SCALE_EMPLOYEES in one group, the
 * largest customer's lists) with its after-sales rows. Prints what each took.
 */
export async function seedBenchData(database: Database, files: FileStore): Promise<void> {
  await database.migrate();
  await seedDemoIfEmpty(database.db, files, testDataKeyring());
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tenants = await seedMultiTenantScale(database.db, { factor: BENCH_FACTOR, passwordHash });
  console.info(`multi-tenant shape (factor ${BENCH_FACTOR}) in ${tenants.totalSeconds.toFixed(1)} s`);
  const scale = await seedScale(database.db, { employees: BENCH_SCALE_EMPLOYEES, passwordHash });
  console.info(
    `one group: ${scale.employees} employees and ${scale.orders} orders in ${scale.seconds.toFixed(1)} s`,
  );
  const scaleCompanyIds = (
    await database.db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.name, [...SCALE_COMPANIES]))
  ).map((c) => c.id);
  const afterSalesStart = performance.now();
  await seedAfterSalesScale(database, scaleCompanyIds);
  console.info(
    `the group's after-sales: ${BENCH_AFTER_SALES} each of cancellations, claims, redemption cases, brokerage bikes and twice as many user payments in ${((performance.now() - afterSalesStart) / 1000).toFixed(1)} s`,
  );
  // The planner's statistics of the new rows: without them the first minutes of a run (before
  // autovacuum gets there) measure plans made for empty tables.
  await database.db.execute(sql`analyze`);
}

export { BENCH_SCALE_EMPLOYEES, SCALE_ADMIN_EMAIL, SCALE_COMPANIES };
