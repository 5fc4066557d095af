/**
 * `npm run bench -- --in-process`: the quick check. Builds the app in this process on a fresh database
 * (in-memory PGlite, or a new PostgreSQL database when DATABASE_URL is set) with the bench's data
 * (./seed.ts) and times requests through app.inject (no network), one at a time, printing p50/p95/max
 * per endpoint.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";
import { beneficiaryEmployees, companies, roles } from "../../src/server/db/schema/index.ts";
import { memoryBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore } from "../../src/server/files/file-store.ts";
import { cookieHeader, cookieJar } from "../../tests/helpers/auth.ts";
import {
  BENCH_SCALE_EMPLOYEES,
  openBenchDatabase,
  SCALE_ADMIN_EMAIL,
  SCALE_COMPANIES,
  seedBenchData,
} from "./seed.ts";

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

/**
 * A call's p50, p95 and max over `runs`, after one run that is not counted: the first run of a call
 * compiles its code and plans its statements, and with 5 runs of the payroll report it was the p50's
 * neighbour.
 */
async function time(label: string, runs: number, call: () => Promise<{ statusCode: number }>) {
  await call();
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
  const files = createFileStore(memoryBlobStore());
  await seedBenchData(database, files);
  const app = await buildApp(testConfig({ logLevel: "silent" }), { database, files });
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
  await time("GET reporting/payroll (60 000 employees)", 9, () =>
    app.inject({ url: `/api/reporting/payroll?companyId=${scaleCompany?.id}`, headers: groupAdmin }),
  );
  await time("GET reporting/dashboard (60 000 employees)", 9, () =>
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
