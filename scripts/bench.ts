/**
 * `npm run bench`: measures the API on a database with a realistic number of users. It builds the real
 * app in-process on a fresh database (in-memory PGlite, or a new PostgreSQL database when DATABASE_URL
 * is set), seeds the demo data plus BENCH_USERS beneficiaries (default 5 000), the admin area's scale
 * and the employer portal's scale seed (BENCH_SCALE_EMPLOYEES employees in one group, default 100 000,
 * the same as `npm run seed:scale`), and times requests through app.inject (no network), printing
 * p50/p95/max per endpoint.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { EVENT_TYPES, ORDER_STATUSES } from "../src/domain/enums.ts";
import { buildApp } from "../src/server/app.ts";
import { testConfig } from "../src/server/config.ts";
import { type Database, openDatabase } from "../src/server/db/client.ts";
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
} from "../src/server/db/schema/index.ts";
import { DEMO_PASSWORD } from "../src/server/db/seed/demo-data.ts";
import { seedDemoIfEmpty } from "../src/server/db/seed/seed-demo.ts";
import { SCALE_ADMIN_EMAIL, SCALE_COMPANIES, seedScale } from "../src/server/db/seed/seed-scale.ts";
import { hashPassword } from "../src/server/modules/auth/passwords.ts";
import { cookieHeader, cookieJar } from "../tests/helpers/auth.ts";

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

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
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

async function seedBenchUsers(database: Database): Promise<void> {
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
async function seedAdminScale(database: Database): Promise<void> {
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

async function login(app: FastifyInstance, email: string): Promise<Record<string, string>> {
  const res = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password: "Pedaali2026!" },
  });
  let jar = cookieJar({}, res);
  if (res.statusCode === 202) {
    const verified = await app.inject({
      method: "POST",
      url: "/api/verify",
      headers: { cookie: cookieHeader(jar) },
      payload: { email, code: res.json().devCode },
    });
    jar = cookieJar(jar, verified);
  }
  return { cookie: cookieHeader(jar), "x-csrf-token": jar.csrfToken ?? "" };
}

async function time(label: string, runs: number, call: () => Promise<{ statusCode: number }>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await call();
    samples.push(performance.now() - started);
    if (res.statusCode >= 400) throw new Error(`${label}: HTTP ${res.statusCode}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    (samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number).toFixed(1);
  console.info(
    `${label.padEnd(58)} ${String(runs).padStart(4)}  p50 ${at(0.5).padStart(6)} ms  p95 ${at(0.95).padStart(6)} ms  max ${at(1).padStart(6)} ms`,
  );
}

const { database, drop } = await openBenchDatabase();
try {
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
  const app = await buildApp(testConfig({ logLevel: "silent" }), { database });
  await app.ready();
  const admin = await login(app, "admin@pedaali.test");
  const employee = await login(app, "employee@demo.test");
  const [role] = await database.db.select().from(roles).where(eq(roles.name, "BIKE_BENEFICIARY"));

  await time("GET /api/health-check", 300, () => app.inject({ url: "/api/health-check" }));
  await time("GET /api/user (beneficiary)", 300, () => app.inject({ url: "/api/user", headers: employee }));
  await time("GET /api/system-users page 1 (admin)", 100, () =>
    app.inject({ url: "/api/system-users?isForList=true&page=1&limit=20", headers: admin }),
  );
  await time("GET /api/system-users page 200 (admin)", 100, () =>
    app.inject({ url: "/api/system-users?isForList=true&page=200&limit=20", headers: admin }),
  );
  await time("GET /api/system-users lastName=mäki (admin)", 100, () =>
    app.inject({ url: `/api/system-users?lastName=${encodeURIComponent("mäki")}&limit=20`, headers: admin }),
  );
  await time("GET /api/user-roles/roles/:id/users search (admin)", 100, () =>
    app.inject({ url: `/api/user-roles/roles/${role?.id}/users?search=aino&limit=20`, headers: admin }),
  );
  const [demo] = await database.db.select().from(companies).where(eq(companies.name, "Demo Oy"));
  const adminCalls: [string, string][] = [
    ["GET /api/companies page 1 (admin)", "/api/companies?page=1&limit=20"],
    ["GET /api/companies search=virtanen (admin)", "/api/companies?search=virtanen&limit=20"],
    ["GET /api/companies?names=true limit 500 (admin)", "/api/companies?names=true&limit=500"],
    ["GET /api/companies/:demo (admin)", `/api/companies/${demo?.id}`],
    ["GET /api/companies/:demo/orders page 1 (admin)", `/api/companies/${demo?.id}/orders?page=1&limit=20`],
    ["GET /api/event-log page 1 (admin)", "/api/event-log?page=1&limit=20"],
    ["GET /api/event-log page 500 (admin)", "/api/event-log?page=500&limit=20"],
    ["GET /api/event-log types=ORDER_CONFIRMED (admin)", "/api/event-log?types=ORDER_CONFIRMED&limit=20"],
    [
      "GET /api/event-log company + dates (admin)",
      `/api/event-log?companyId=${demo?.id}&from=2026-01-01&to=2026-06-30`,
    ],
    ["GET /api/admin/reports (admin)", "/api/admin/reports"],
    ["GET /api/admin/search?q=virtanen (admin)", "/api/admin/search?q=virtanen"],
    ["GET /api/company-applications (admin)", "/api/company-applications?status=PENDING"],
    ["GET /api/tasks (admin)", "/api/tasks"],
    ["GET /api/orders/all page 1 (admin)", "/api/orders/all?page=1&limit=20"],
    ["GET /api/invoices page 1 (admin)", "/api/invoices?page=1&limit=20"],
    ["GET /api/signed-documents page 1 (admin)", "/api/signed-documents?page=1&limit=20"],
  ];
  for (const [label, url] of adminCalls) {
    await time(label, 50, () => app.inject({ url, headers: admin }));
  }
  // The employer portal at scale: the group admin of a 100 000-employee group.
  const groupAdmin = await login(app, SCALE_ADMIN_EMAIL);
  const [scaleCompany] = await database.db
    .select()
    .from(companies)
    .where(eq(companies.name, SCALE_COMPANIES[0]));
  const [someone] = await database.db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.companyId, scaleCompany?.id as string))
    .limit(1);
  const list = "/api/beneficiary-employee/employeesOptimizedList";
  const deepPage = Math.max(1, Math.floor(BENCH_SCALE_EMPLOYEES / 20));
  const employerCalls: [string, string][] = [
    ["GET employeesOptimizedList page 1 (group admin)", `${list}?page=1&pageSize=10`],
    [`GET employeesOptimizedList page ${deepPage} (deep)`, `${list}?page=${deepPage}&pageSize=10`],
    ["GET employeesOptimizedList search=salonen (1 in 30)", `${list}?search=salonen`],
    [
      "GET employeesOptimizedList search=aino salonen",
      `${list}?search=${encodeURIComponent("aino salonen")}`,
    ],
    ["GET employeesOptimizedList search=s1234 (employee no.)", `${list}?search=s1234`],
    ["GET employeesOptimizedList filterType=ACTIVE_LEASE", `${list}?filterType=ACTIVE_LEASE`],
    ["GET employeesOptimizedList costUnit + company", `${list}?costUnit=4005&companyId=${scaleCompany?.id}`],
    [
      "GET employeesOptimizedList processed dates",
      `${list}?processedStart=2025-01-01&processedEnd=2025-03-31`,
    ],
    ["GET beneficiary-employee/filter-options", "/api/beneficiary-employee/filter-options"],
    ["GET beneficiary-employee/details/:id", `/api/beneficiary-employee/details/${someone?.id}`],
    ["GET orders/all page 1 (group admin)", "/api/orders/all?page=1&limit=20"],
    ["GET orders/all search=salonen", "/api/orders/all?search=salonen&limit=20"],
    ["GET orders/all statusGroup=POST_PROCESSING", "/api/orders/all?statusGroup=POST_PROCESSING&limit=20"],
    ["GET orders/list-data (counts per status)", "/api/orders/list-data"],
    ["GET leasing-agreements/list page 1", "/api/leasing-agreements/list?page=1&limit=20"],
    ["GET leasing-agreements/list searchName=salonen", "/api/leasing-agreements/list?searchName=salonen"],
    ["GET orders/awaiting-employer", "/api/orders/awaiting-employer"],
    ["GET signed-documents page 1 (group admin)", "/api/signed-documents?page=1&limit=20"],
    ["GET employeesWithOrders page 1", "/api/employeesWithOrders?page=1&pageSize=20"],
  ];
  for (const [label, url] of employerCalls) {
    await time(label, 50, () => app.inject({ url, headers: groupAdmin }));
  }
  await time("GET beneficiary-employee/export csv (1 cost unit)", 5, () =>
    app.inject({
      url: `/api/beneficiary-employee/export?costUnit=4005&companyId=${scaleCompany?.id}`,
      headers: groupAdmin,
    }),
  );
  await time("GET reporting/payroll (60 000 employees)", 5, () =>
    app.inject({ url: `/api/reporting/payroll?companyId=${scaleCompany?.id}`, headers: groupAdmin }),
  );
  await time("GET reporting/dashboard (60 000 employees)", 5, () =>
    app.inject({ url: `/api/reporting/dashboard?companyId=${scaleCompany?.id}`, headers: groupAdmin }),
  );

  // After the sale: the helpdesk's lists over everything, the group admin's over the group.
  const afterSales = (who: string): [string, string][] => [
    [`GET order-cancellations page 1 (${who})`, "/api/order-cancellations?page=1&limit=20"],
    [`GET order-cancellations status=PENDING (${who})`, "/api/order-cancellations?status=PENDING&limit=20"],
    [`GET order-cancellations search=salonen (${who})`, "/api/order-cancellations?search=salonen&limit=20"],
    [`GET insurance-claims page 1 (${who})`, "/api/insurance-claims?page=1&limit=10"],
    [
      `GET insurance-claims type=THEFT status=PENDING (${who})`,
      "/api/insurance-claims?type=THEFT&status=PENDING",
    ],
    [`GET insurance-claims searchTerm=salonen (${who})`, "/api/insurance-claims?searchTerm=salonen"],
    [`GET bike-redemption page 1 (${who})`, "/api/bike-redemption?page=1&limit=20"],
    [
      `GET bike-redemption status + paymentMethod (${who})`,
      "/api/bike-redemption?status=PENDING&paymentMethod=BATCH&limit=20",
    ],
    [`GET bike-redemption search=salonen (${who})`, "/api/bike-redemption?search=salonen&limit=20"],
    [`GET redemption-payment page 1 (${who})`, "/api/redemption-payment?page=1&limit=20"],
    [`GET user-payment/optimized page 1 (${who})`, "/api/user-payment/optimized?page=1&pageSize=10"],
    [
      `GET user-payment/optimized searchTerm=salonen (${who})`,
      "/api/user-payment/optimized?searchTerm=salonen&pageSize=10",
    ],
    [
      `GET user-payment/optimized sent range, not done (${who})`,
      "/api/user-payment/optimized?sentFrom=2026-01-01&sentTo=2026-06-30&isUserPaymentDone=false&pageSize=10",
    ],
    [
      `GET user-payment/optimized paid range (${who})`,
      "/api/user-payment/optimized?paidFrom=2025-07-01&paidTo=2025-12-31&pageSize=10",
    ],
  ];
  for (const [label, url] of afterSales("admin"))
    await time(label, 30, () => app.inject({ url, headers: admin }));
  for (const [label, url] of afterSales("group admin"))
    await time(label, 30, () => app.inject({ url, headers: groupAdmin }));
  for (const [label, url] of [
    ["GET bike-brokerage page 1 (admin)", "/api/bike-brokerage?page=1&limit=20"],
    [
      "GET bike-brokerage listed=true search=tunturi (admin)",
      "/api/bike-brokerage?listed=true&search=tunturi",
    ],
  ] as const)
    await time(label, 30, () => app.inject({ url, headers: admin }));
  await time("GET bike-brokerage/listed page 1 (beneficiary)", 30, () =>
    app.inject({ url: "/api/bike-brokerage/listed?page=1&limit=12", headers: employee }),
  );
  await time("GET user-payment (beneficiary's own)", 30, () =>
    app.inject({ url: "/api/user-payment", headers: employee }),
  );

  await time("POST /api/login (beneficiary, argon2id)", 20, () =>
    app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "ville.hamalainen@demo.test", password: "Pedaali2026!" },
    }),
  );
  await app.close();
} finally {
  await database.close();
  await drop();
}
