import { randomUUID } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zConfirmedOnlineCount,
  zOrderDetails,
  zOrderListData,
  zOrderPage,
} from "../../../contract/orders.ts";
import { type TTask, zTasks } from "../../../contract/tasks.ts";
import { ORDER_STATUS_FILTER_POST_PROCESSING, type OrderStatus } from "../../../domain/enums.ts";
import { ORDER_WAITING_ON } from "../../../domain/order-state-machine.ts";
import {
  beneficiaryEmployees,
  bikeBrokerageInquiries,
  bikeBrokerages,
  bikeRedemptions,
  bikeStores,
  insuranceClaims,
  orderCancellations,
  orders,
  systemUsers,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { BY_BIKE_STORE, moveOrder, type OrderMover } from "./lifecycle.ts";

/** Reading orders: the list, its counts, one order with its timeline, the online count. */

const t = setupTestApp({}, { demoData: true });
const { as, call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const EMPLOYEE = "employee@demo.test";

let demoOyId: string;
let logistiikkaId: string;
let toinenId: string;
let employeeId: string;
let adminUserId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  logistiikkaId = await companyIdByName(db, "Demo Logistiikka Oy");
  toinenId = await companyIdByName(db, "Toinen Oy");
  adminUserId = await userIdByEmail(db, ADMIN);
  const [employee] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(users.email, EMPLOYEE));
  employeeId = employee?.id as string;
});

async function list(query: string, who = ADMIN) {
  const res = await call("GET", `/api/orders/all?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zOrderPage.parse(res.json());
}

async function newOrder(values: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await t.database.db
    .insert(orders)
    .values({ beneficiaryEmployeeId: employeeId, companyId: demoOyId, ...values })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  return order as { id: string; orderNumber: number };
}

const countIn = async (companyIds: string[]) =>
  (await t.database.db.select({ n: count() }).from(orders).where(inArray(orders.companyId, companyIds)))[0]
    ?.n;

describe("GET /api/orders/all", () => {
  it("pages every company's orders newest first for the admin tier", async () => {
    const [all] = await t.database.db.select({ n: count() }).from(orders);
    const first = await list("limit=5");
    expect(first).toMatchObject({ page: 1, limit: 5, total: all?.n, hasPrevious: false });
    const times = first.items.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list("limit=5&page=2");
    expect(second.items.map((o) => o.orderId)).not.toContain(first.items[0]?.orderId);
  });

  it("keeps every employer to their companies: the admin, the group admin, another tenant", async () => {
    const demo = await list("limit=100", DEMO_ADMIN);
    expect(demo.total).toBe(await countIn([demoOyId]));
    expect(new Set(demo.items.map((o) => o.company.companyId))).toEqual(new Set([demoOyId]));
    const group = await list("limit=100", GROUP_ADMIN);
    expect(group.total).toBe(await countIn([demoOyId, logistiikkaId]));
    const toinen = await list(`limit=100&companyId=${demoOyId}`, TOINEN_ADMIN);
    expect(toinen.total).toBe(0);
    const own = await list("limit=100", TOINEN_ADMIN);
    expect(own.items.every((o) => o.company.companyId === toinenId)).toBe(true);
  });

  it("pages a group's orders newest first across its companies, each once, ties by id", async () => {
    // Orders of both companies made at the same moment: the pages must still agree with one sort.
    const moment = new Date("2030-01-01T08:00:00Z");
    for (const companyId of [demoOyId, logistiikkaId, demoOyId, logistiikkaId]) {
      await newOrder({ companyId, createdAt: moment, orderStatus: "PENDING" });
    }
    // Unfiltered and by status, each company's newest are merged; a search's few are found in one sort.
    const filters = [
      { query: "", where: undefined },
      { query: "&status=PENDING", where: eq(orders.orderStatus, "PENDING") },
      {
        query: `&search=${encodeURIComponent(EMPLOYEE)}`,
        where: eq(orders.beneficiaryEmployeeId, employeeId),
      },
    ];
    for (const { query: filter, where } of filters) {
      const expected = (
        await t.database.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(inArray(orders.companyId, [demoOyId, logistiikkaId]), where))
          .orderBy(desc(orders.createdAt), desc(orders.id))
      ).map((o) => o.id);
      expect(expected.length).toBeGreaterThan(3);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 3); page++) {
        const { items, total } = await list(`limit=3&page=${page}${filter}`, GROUP_ADMIN);
        expect(total).toBe(expected.length);
        paged.push(...items.map((o) => o.orderId));
      }
      expect(paged).toEqual(expected);
    }
  });

  it("filters by status, status subset, company and store, and searches by number, name or e-mail", async () => {
    const post = await list("statusGroup=POST_PROCESSING&limit=100");
    expect(post.items.every((o) => ORDER_STATUS_FILTER_POST_PROCESSING.includes(o.orderStatus))).toBe(true);
    const active = await list("status=ACTIVE_LEASING&limit=100");
    expect(active.total).toBeGreaterThan(0);
    expect(active.items.every((o) => o.orderStatus === "ACTIVE_LEASING")).toBe(true);
    const demo = await list(`companyId=${demoOyId}&limit=1`);
    expect(demo.total).toBe(await countIn([demoOyId]));

    const [store] = await t.database.db.select({ id: bikeStores.id }).from(bikeStores).limit(1);
    const order = await newOrder({ bikeStoreId: store?.id, orderStatus: "PENDING" });
    const byStore = await list(`bikeStoreId=${store?.id}&limit=100`);
    expect(byStore.items.every((o) => o.bikeStore?.bikeStoreId === store?.id)).toBe(true);
    expect((await list(`search=${order.orderNumber}`)).items.map((o) => o.orderId)).toEqual([order.id]);

    const [person] = await t.database.db
      .select({ lastName: systemUsers.lastName })
      .from(systemUsers)
      .innerJoin(users, eq(users.id, systemUsers.userId))
      .where(eq(users.email, EMPLOYEE));
    const byName = await list(`search=${encodeURIComponent(` ${person?.lastName ?? ""} `)}&limit=100`);
    expect(byName.items.map((o) => o.orderId)).toContain(order.id);
    expect((await list("search=employee%40demo.test&limit=100")).items.map((o) => o.orderId)).toContain(
      order.id,
    );
    expect((await list("search=%25_%25")).total).toBe(0);
  });

  it("sends a page compressed as the browser asks, whole and with its length", async () => {
    const url = "/api/orders/all?limit=50";
    const plain = await call("GET", url, ADMIN);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [encoding, decompress] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        url,
        headers: { ...(await as(ADMIN)).headers(), "accept-encoding": encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decompress(res.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
  });

  it("refuses bad input, the employee and the anonymous", async () => {
    expectError(await call("GET", "/api/orders/all?status=SHIPPED", ADMIN), 400);
    expectError(await call("GET", "/api/orders/all?limit=1000", ADMIN), 400);
    expectError(await call("GET", "/api/orders/all?companyId=abc", ADMIN), 400);
    expectError(await call("GET", "/api/orders/all", EMPLOYEE), 403);
    expectError(await call("GET", "/api/orders/all", null), 401);
  });
});

describe("GET /api/orders/{orderId}", () => {
  it("answers the order, whom it waits for, since when, and its timeline of moves", async () => {
    const order = await newOrder();
    const move = (to: OrderStatus, by: OrderMover) =>
      write(t.database.db, { actor: by }, (ctx) => moveOrder(ctx, { orderId: order.id, to }));
    await move("PENDING", { kind: "user", userId: adminUserId, roleNames: ["SUPER_ADMIN"] });
    const last = await move("PACKAGE_PROVIDED", BY_BIKE_STORE);

    const admin = zOrderDetails.parse((await call("GET", `/api/orders/${order.id}`, ADMIN)).json());
    expect(admin).toMatchObject({ orderStatus: "PACKAGE_PROVIDED", waitingOn: "EMPLOYEE" });
    expect(admin.events.map((e) => [e.from, e.to, e.by])).toEqual([
      ["NOT_STARTED", "PENDING", "user"],
      ["PENDING", "PACKAGE_PROVIDED", "bikeStoreToken"],
    ]);
    expect(admin.events[0]?.actorName).toBeTruthy();
    expect(admin.events.at(-1)?.id).toBe(last.eventLogId);
    expect(admin.statusSince).toBe(admin.events.at(-1)?.createdAt);

    // The employer sees the same order and timeline, without the helpdesk's names.
    const employer = zOrderDetails.parse((await call("GET", `/api/orders/${order.id}`, DEMO_ADMIN)).json());
    expect(employer.events.map((e) => e.to)).toEqual(admin.events.map((e) => e.to));
    expect(employer.events.every((e) => e.actorName === null)).toBe(true);
    expect(employer.waitingOn).toBe(admin.waitingOn);
  });

  it("dates a never-moved order's status from its creation", async () => {
    const order = await newOrder();
    const details = zOrderDetails.parse((await call("GET", `/api/orders/${order.id}`, ADMIN)).json());
    expect(details).toMatchObject({ orderStatus: "NOT_STARTED", waitingOn: "EMPLOYEE", events: [] });
    expect(details.statusSince).toBe(details.createdAt);
  });

  it("is 404 for another tenant and an unknown order, 400 for a bad id, 403 for the employee", async () => {
    const order = await newOrder();
    expectError(await call("GET", `/api/orders/${order.id}`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `/api/orders/${randomUUID()}`, ADMIN), 404);
    expectError(await call("GET", "/api/orders/12345", ADMIN), 400);
    expectError(await call("GET", `/api/orders/${order.id}`, EMPLOYEE), 403);
  });
});

describe("GET /api/orders/list-data and confirmedOnlineCount", () => {
  it("counts the orders in reach by status, adding up to the list's total", async () => {
    for (const [who, query] of [
      [ADMIN, ""],
      [GROUP_ADMIN, ""],
      [ADMIN, `?companyId=${logistiikkaId}`],
    ] as const) {
      const data = zOrderListData.parse((await call("GET", `/api/orders/list-data${query}`, who)).json());
      expect(data.statusCounts.reduce((sum, s) => sum + s.count, 0)).toBe(data.total);
      const listed = await list(`limit=1${query.replace("?", "&")}`, who);
      expect(data.total, `${who} ${query}`).toBe(listed.total);
    }
    const toinen = zOrderListData.parse(
      (await call("GET", `/api/orders/list-data?companyId=${demoOyId}`, TOINEN_ADMIN)).json(),
    );
    expect(toinen.total).toBe(0);
  });

  it("counts the confirmed online orders waiting for processing, for the admin tier only", async () => {
    const before = zConfirmedOnlineCount.parse(
      (await call("GET", "/api/orders/confirmedOnlineCount", ADMIN)).json(),
    );
    await newOrder({ isOnlineOrder: true, isOrderConfirmed: true, orderStatus: "CONFIRMED" });
    await newOrder({ isOnlineOrder: true, isOrderConfirmed: true, orderStatus: "PROCESSED" });
    await newOrder({ isOnlineOrder: false, isOrderConfirmed: true, orderStatus: "CONFIRMED" });
    const after = zConfirmedOnlineCount.parse(
      (await call("GET", "/api/orders/confirmedOnlineCount", ADMIN)).json(),
    );
    expect(after.count).toBe(before.count + 1);
    const [direct] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.isOnlineOrder, true),
          eq(orders.isOrderConfirmed, true),
          eq(orders.orderStatus, "CONFIRMED"),
        ),
      );
    expect(after.count).toBe(direct?.n);
    expectError(await call("GET", "/api/orders/confirmedOnlineCount", DEMO_ADMIN), 403);
  });
});

describe("GET /api/tasks", () => {
  const tasksNow = async () => zTasks.parse((await call("GET", "/api/tasks", ADMIN)).json()).data;

  it("counts what waits for the helpdesk: orders by status, sign-ups and contact forms", async () => {
    const before = await tasksNow();
    expect(before.every((task) => task.count > 0)).toBe(true);
    for (const task of before.filter((x) => x.kind === "ORDER")) {
      expect(ORDER_WAITING_ON[task.orderStatus as OrderStatus], task.orderStatus ?? "").toBe("HELPDESK");
      const [direct] = await t.database.db
        .select({ n: count() })
        .from(orders)
        .where(eq(orders.orderStatus, task.orderStatus as OrderStatus));
      expect(task.count).toBe(direct?.n);
    }
    // The demo's two company sign-ups wait for review.
    expect(before.find((task) => task.kind === "COMPANY_APPLICATION")?.count).toBeGreaterThanOrEqual(2);

    const caseX = () => before.find((task) => task.orderStatus === "CASE_X")?.count ?? 0;
    const had = caseX();
    await newOrder({ orderStatus: "CASE_X" });
    const after = await tasksNow();
    expect(after.find((task) => task.orderStatus === "CASE_X")?.count).toBe(had + 1);
    // Orders waiting for someone else are not the helpdesk's tasks.
    expect(
      after.some((task) => task.orderStatus === "PENDING" || task.orderStatus === "ACTIVE_LEASING"),
    ).toBe(false);
  });

  it("counts the after-sale work waiting for the helpdesk, each kind by its own rule", async () => {
    const db = t.database.db;
    const countOf = (tasks: TTask[], kind: TTask["kind"]) =>
      tasks.find((task) => task.kind === kind)?.count ?? 0;
    const before = await tasksNow();
    const leasing = await newOrder({ orderStatus: "ACTIVE_LEASING" });
    const cancelled = await newOrder({ orderStatus: "CANCELLED" });
    await db
      .insert(orderCancellations)
      .values({ orderId: cancelled.id, companyId: demoOyId, reason: "Tehtävätesti" });
    await db.insert(insuranceClaims).values({
      beneficiaryEmployeeId: employeeId,
      companyId: demoOyId,
      orderId: leasing.id,
      type: "DAMAGE",
    });
    // A case the employee has not chosen for waits for them, not for the helpdesk; one overdue does.
    const redemption = (values: Partial<typeof bikeRedemptions.$inferInsert>) =>
      db.insert(bikeRedemptions).values({
        orderId: values.orderId as string,
        beneficiaryEmployeeId: employeeId,
        companyId: demoOyId,
        redemptionPriceCents: 15_000,
        ...values,
      });
    await redemption({ orderId: leasing.id, decisionDeadline: "2999-01-01" });
    const chosen = await newOrder({ orderStatus: "ACTIVE_LEASING" });
    await redemption({ orderId: chosen.id, choice: "RETURN", decisionDeadline: "2999-01-01" });
    const unpaid = await newOrder({ orderStatus: "ACTIVE_LEASING" });
    await redemption({ orderId: unpaid.id, choice: "REDEEM", decisionDeadline: "2999-01-01" });
    const overdue = await newOrder({ orderStatus: "ACTIVE_LEASING" });
    await redemption({ orderId: overdue.id, decisionDeadline: "2000-01-01" });
    await db.insert(userPayments).values([
      { beneficiaryEmployeeId: employeeId, companyId: demoOyId, amountCents: 1_000 },
      { beneficiaryEmployeeId: employeeId, companyId: demoOyId, amountCents: 1_000, sentAt: new Date() },
    ]);
    const [bike] = await db
      .insert(bikeBrokerages)
      .values({ contactName: "Pedaali", contactEmail: "info@pedaali.fi" })
      .returning({ id: bikeBrokerages.id });
    await db.insert(bikeBrokerageInquiries).values([
      { bikeBrokerageId: bike?.id as string, name: "Kysyjä", email: "kysyja@demo.test" },
      { bikeBrokerageId: bike?.id as string, name: "Vastattu", email: "v@demo.test", handledAt: new Date() },
    ]);

    const after = await tasksNow();
    expect(countOf(after, "ORDER_CANCELLATION")).toBe(countOf(before, "ORDER_CANCELLATION") + 1);
    expect(countOf(after, "INSURANCE_CLAIM")).toBe(countOf(before, "INSURANCE_CLAIM") + 1);
    expect(countOf(after, "BIKE_REDEMPTION")).toBe(countOf(before, "BIKE_REDEMPTION") + 2);
    expect(countOf(after, "USER_PAYMENT")).toBe(countOf(before, "USER_PAYMENT") + 1);
    expect(countOf(after, "BROKERAGE_INQUIRY")).toBe(countOf(before, "BROKERAGE_INQUIRY") + 1);
  });

  it("is the admin tier's only", async () => {
    expectError(await call("GET", "/api/tasks", DEMO_ADMIN), 403);
    expectError(await call("GET", "/api/tasks", EMPLOYEE), 403);
    expectError(await call("GET", "/api/tasks", null), 401);
  });
});
