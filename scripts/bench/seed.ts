/**
 * The bench's data: the demo data plus BENCH_USERS beneficiaries (default 5 000) in Demo Oy, the admin
 * area's scale (BENCH_COMPANIES companies, BENCH_ORDERS orders, BENCH_EVENTS event-log rows), the
 * employer portal's scale seed (BENCH_SCALE_EMPLOYEES employees in one group, default 100 000, as
 * `npm run seed:scale`) and the after-sales rows of that group (BENCH_AFTER_SALES each).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { EVENT_TYPES, ORDER_STATUSES } from "../../src/domain/enums.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import {
  beneficiaryEmployees,
  bikeBrokerages,
  bikeRedemptions,
  companies,
  eventLog,
  insuranceClaims,
  orderCancellations,
  orders,
  redemptionPayments,
  roles,
  systemUsers,
  userPayments,
  userRoles,
  users,
} from "../../src/server/db/schema/index.ts";
import { DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import { seedDemoIfEmpty } from "../../src/server/db/seed/seed-demo.ts";
import { SCALE_ADMIN_EMAIL, SCALE_COMPANIES, seedScale } from "../../src/server/db/seed/seed-scale.ts";
import { hashPassword } from "../../src/server/modules/auth/passwords.ts";

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const FIRST = [
  "Aino",
  "Eino",
  "Helmi",
  "Väinö",
  "Sofia",
  "Onni",
  "Aada",
  "Leo",
  "Elsa",
  "Veeti",
  "Lilja",
  "Eetu",
];
const LAST = [
  "Virtanen",
  "Korhonen",
  "Mäkinen",
  "Nieminen",
  "Mäkelä",
  "Hämäläinen",
  "Laine",
  "Heikkinen",
  "Koskinen",
  "Järvinen",
];

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

export async function seedBenchUsers(database: Database): Promise<void> {
  const { db } = database;
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Oy"));
  const [beneficiary] = await db.select().from(roles).where(eq(roles.name, "BIKE_BENEFICIARY"));
  const [template] = await db.select().from(users).where(eq(users.email, "employee@demo.test"));
  for (let start = 0; start < USERS; start += 500) {
    const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, k) => start + k);
    const created = await db
      .insert(users)
      .values(
        batch.map((i) => ({
          email: `bench.user${i}@demo.test`,
          passwordHash: template?.passwordHash ?? null,
          phoneNumber: `+35850${String(7000000 + i)}`,
        })),
      )
      .returning({ id: users.id });
    await db.insert(systemUsers).values(
      created.map((u, k) => ({
        userId: u.id,
        firstName: FIRST[(start + k) % FIRST.length] as string,
        lastName: LAST[(start + k) % LAST.length] as string,
        companyId: demo?.id ?? null,
      })),
    );
    await db
      .insert(userRoles)
      .values(created.map((u) => ({ userId: u.id, roleId: beneficiary?.id as string, companyId: demo?.id })));
    await db.insert(beneficiaryEmployees).values(
      created.map((u, k) => ({
        userId: u.id,
        companyId: demo?.id as string,
        employeeNumber: `B${start + k}`,
        status: "ACCEPTED" as const,
      })),
    );
  }
}

const BENCH_SCALE_EMPLOYEES = Number(process.env.BENCH_SCALE_EMPLOYEES ?? 100_000);
const BENCH_COMPANIES = Number(process.env.BENCH_COMPANIES ?? 1000);
const BENCH_ORDERS = Number(process.env.BENCH_ORDERS ?? 5000);
const BENCH_EVENTS = Number(process.env.BENCH_EVENTS ?? 20000);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The admin area's scale: companies for its list and search, orders of the bench employees
 * over two years for the company page and the platform report, and event-log rows for the audit view.
 */
export async function seedAdminScale(database: Database): Promise<void> {
  const { db } = database;
  for (let start = 0; start < BENCH_COMPANIES; start += 500) {
    const batch = Array.from({ length: Math.min(500, BENCH_COMPANIES - start) }, (_, k) => start + k);
    await db.insert(companies).values(
      batch.map((i) => ({
        name: `${LAST[i % LAST.length]} ${FIRST[i % FIRST.length]} ${i} Oy`,
        city: i % 2 ? "Tampere" : "Espoo",
      })),
    );
  }
  const employees = await db
    .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId })
    .from(beneficiaryEmployees);
  const now = Date.now();
  for (let start = 0; start < BENCH_ORDERS; start += 500) {
    const batch = Array.from({ length: Math.min(500, BENCH_ORDERS - start) }, (_, k) => start + k);
    await db.insert(orders).values(
      batch.map((i) => {
        const employee = employees[i % employees.length] as (typeof employees)[number];
        const createdAt = new Date(now - (i % 730) * DAY_MS);
        return {
          beneficiaryEmployeeId: employee.id,
          companyId: employee.companyId,
          orderStatus: ORDER_STATUSES[i % ORDER_STATUSES.length] as (typeof ORDER_STATUSES)[number],
          previousStatus:
            ORDER_STATUSES[i % ORDER_STATUSES.length] === "WAITING_FOR_CUSTOMER_COMMENT"
              ? ("PENDING" as const)
              : null,
          totalPriceCents: 150_000 + (i % 40) * 5_000,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
  }
  const companyIds = (await db.select({ id: companies.id }).from(companies)).map((c) => c.id);
  for (let start = 0; start < BENCH_EVENTS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, BENCH_EVENTS - start) }, (_, k) => start + k);
    await db.insert(eventLog).values(
      batch.map((i) => ({
        type: EVENT_TYPES[i % EVENT_TYPES.length] as (typeof EVENT_TYPES)[number],
        companyId: companyIds[i % companyIds.length] ?? null,
        entityType: "order",
        entityId: randomUUID(),
        createdAt: new Date(now - (i % 730) * DAY_MS - (i % 1000) * 1000),
      })),
    );
  }
}

const BENCH_AFTER_SALES = Number(process.env.BENCH_AFTER_SALES ?? 20000);

/**
 * After the sale at scale (ADR 009): for the scale group's orders, BENCH_AFTER_SALES each of
 * cancellations, insurance claims, lease-end cases with their redemption payments, user payments
 * (twice as many) and brokerage bikes, in the statuses the lists filter by.
 */
export async function seedAfterSalesScale(database: Database, companyIds: readonly string[]): Promise<void> {
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

/** Everything the bench measures against, seeded into a migrated database; prints what it took. */
export async function seedBenchData(database: Database): Promise<void> {
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const seedStart = performance.now();
  await seedBenchUsers(database);
  await seedAdminScale(database);
  console.info(
    `database: ${database.kind}; ${USERS} extra users, ${BENCH_COMPANIES} companies, ${BENCH_ORDERS} orders, ${BENCH_EVENTS} events seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const scale = await seedScale(database.db, {
    employees: BENCH_SCALE_EMPLOYEES,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  console.info(
    `scale seed: ${scale.employees} employees and ${scale.orders} orders in one group in ${scale.seconds.toFixed(1)} s`,
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
    `after the sale: ${BENCH_AFTER_SALES} each of cancellations, claims, lease-end cases, brokerage bikes and twice as many user payments in ${((performance.now() - afterSalesStart) / 1000).toFixed(1)} s`,
  );
}

export { BENCH_SCALE_EMPLOYEES, SCALE_ADMIN_EMAIL, SCALE_COMPANIES };
