import { and, eq, notInArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zMyOrders, zOrderDetails } from "../../../contract/orders.ts";
import {
  beneficiaryEmployees,
  bikePolicies,
  bikeStores,
  notifications,
  orders,
  users,
} from "../../db/schema/index.ts";

/** The employee starts an order and follows their own (the server's side). */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const DEMO_ADMIN = "employer.admin@demo.test";

let employment: { id: string; jobTrialPeriodEndDate: string | null };
let demoOyId: string;
let storeId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const [row] = await db
    .select({
      id: beneficiaryEmployees.id,
      jobTrialPeriodEndDate: beneficiaryEmployees.jobTrialPeriodEndDate,
    })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(users.email, EMPLOYEE));
  employment = row as typeof employment;
  const [store] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.storeName, "Vauhti Espoo"));
  storeId = store?.id as string;
});

// Each test starts from an employee with no order on its way.
beforeEach(async () => {
  await t.database.db
    .update(orders)
    .set({ orderStatus: "CANCELLED", previousStatus: null })
    .where(
      and(
        eq(orders.beneficiaryEmployeeId, employment.id),
        notInArray(orders.orderStatus, ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"]),
      ),
    );
});

const pickup = () => ({
  bikeStoreId: storeId,
  deliveryMethod: "PICKUP",
  customerComment: "Ajattelin Tunturi eSportia.",
});

describe("POST /api/orders", () => {
  it("starts an order that waits for the store, tells the employer, and lists it first in the employee's own", async () => {
    const res = await call("POST", "/api/orders", EMPLOYEE, pickup());
    expect(res.statusCode, res.body).toBe(201);
    const order = zOrderDetails.parse(res.json());
    expect(order).toMatchObject({
      orderStatus: "PENDING",
      waitingOn: "BIKE_STORE",
      deliveryMethod: "PICKUP",
      customerComment: "Ajattelin Tunturi eSportia.",
      bikeStore: { bikeStoreId: storeId, storeName: "Vauhti Espoo" },
      company: { companyId: demoOyId },
    });
    expect(order.events.map((e) => [e.from, e.to, e.by, e.actorName])).toEqual([
      ["NOT_STARTED", "PENDING", "user", null],
    ]);
    const bell = await t.database.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.entityId, order.orderId));
    expect(bell.map((n) => n.type)).toContain("EMPLOYEE_ORDER");
    const mine = zMyOrders.parse((await call("GET", "/api/orders/my", EMPLOYEE)).json());
    expect(mine.items[0]?.orderId).toBe(order.orderId);

    expectError(await call("POST", "/api/orders", EMPLOYEE, pickup()), 409, "ORDER_ALREADY_OPEN");
  });

  it("needs the address for home delivery and keeps it; a pickup keeps none", async () => {
    const missing = expectError(
      await call("POST", "/api/orders", EMPLOYEE, { bikeStoreId: storeId, deliveryMethod: "HOME_DELIVERY" }),
      400,
    );
    expect(missing.details?.map((d) => d.field)).toEqual(
      expect.arrayContaining(["body.deliveryStreetAddress", "body.deliveryPostalCode", "body.deliveryCity"]),
    );
    const home = {
      bikeStoreId: storeId,
      deliveryMethod: "HOME_DELIVERY",
      deliveryStreetAddress: "Mannerheimintie 5 A 3",
      deliveryPostalCode: "00100",
      deliveryCity: "Helsinki",
    };
    const order = zOrderDetails.parse((await call("POST", "/api/orders", EMPLOYEE, home)).json());
    expect(order).toMatchObject({ deliveryCity: "Helsinki", deliveryPostalCode: "00100" });
  });

  it("refuses an inactive or unknown store at bikeStoreId, and bad input", async () => {
    const [inactive] = await t.database.db
      .insert(bikeStores)
      .values({ storeName: "Suljettu pyöräliike", active: false })
      .returning({ id: bikeStores.id });
    for (const bikeStoreId of [inactive?.id, "00000000-0000-4000-8000-00000000beef"]) {
      const error = expectError(
        await call("POST", "/api/orders", EMPLOYEE, { ...pickup(), bikeStoreId }),
        400,
      );
      expect(error.details?.[0]?.field).toBe("body.bikeStoreId");
    }
    expectError(await call("POST", "/api/orders", EMPLOYEE, { ...pickup(), deliveryMethod: "DRONE" }), 400);
    expectError(
      await call("POST", "/api/orders", EMPLOYEE, { ...pickup(), customerComment: "a\u0000b" }),
      400,
    );
  });

  it("refuses an employee whose trial period the bike policy waits for", async () => {
    const db = t.database.db;
    const [existing] = await db.select().from(bikePolicies).where(eq(bikePolicies.companyId, demoOyId));
    try {
      await db
        .update(beneficiaryEmployees)
        .set({ jobTrialPeriodEndDate: "2999-12-31" })
        .where(eq(beneficiaryEmployees.id, employment.id));
      if (existing)
        await db
          .update(bikePolicies)
          .set({ eligibility: "AFTER_TRIAL_PERIOD" })
          .where(eq(bikePolicies.id, existing.id));
      else await db.insert(bikePolicies).values({ companyId: demoOyId, eligibility: "AFTER_TRIAL_PERIOD" });
      expectError(await call("POST", "/api/orders", EMPLOYEE, pickup()), 409, "NOT_ELIGIBLE_TO_ORDER");
    } finally {
      await db
        .update(beneficiaryEmployees)
        .set({ jobTrialPeriodEndDate: employment.jobTrialPeriodEndDate })
        .where(eq(beneficiaryEmployees.id, employment.id));
      if (existing)
        await db
          .update(bikePolicies)
          .set({ eligibility: existing.eligibility })
          .where(eq(bikePolicies.id, existing.id));
      else await db.delete(bikePolicies).where(eq(bikePolicies.companyId, demoOyId));
    }
  });

  it("starts one of two simultaneous orders of one employee", async () => {
    const results = await Promise.all([
      call("POST", "/api/orders", EMPLOYEE, pickup()),
      call("POST", "/api/orders", EMPLOYEE, pickup()),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("is the employee's own: an employer admin gets 403, the anonymous 401", async () => {
    expectError(await call("POST", "/api/orders", DEMO_ADMIN, pickup()), 403);
    expectError(await call("GET", "/api/orders/my", DEMO_ADMIN), 403);
    expectError(await call("POST", "/api/orders", null, pickup()), 401);
  });
});
