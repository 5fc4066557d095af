import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  BIKE_BROKERAGE_CREATED,
  BIKE_BROKERAGE_DELETED,
  BIKE_BROKERAGE_UPDATED,
  zBikeBrokerageDetails,
  zBikeBrokeragePage,
  zBikeBrokerageSaved,
  zBrokerageInquiry,
} from "../../../contract/bike-brokerage.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import {
  beneficiaryEmployees,
  bikeBrokerageInquiries,
  bikeBrokerages,
  eventLog,
  leasingAgreements,
  orderItems,
  orders,
  users,
} from "../../db/schema/index.ts";

/**
 * The helpdesk's bike brokerage (docs/api-surface.md "Bike brokerage"): adding bikes from an order or by hand,
 * the list and a bike's page, changing, listing, selling, withdrawing and deleting bikes, and handling
 * inquiries.
 * Every test makes its own bikes and orders, with names no other test uses.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const SUPER_ADMIN = "admin@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";
const NOT_ADMINS = [EMPLOYER, "employer.editor@demo.test", "reporting@demo.test", EMPLOYEE, OTHER_TENANT];

let demoOyId: string;
let employmentId: string;
let helpdeskId: string;
let employeeUserId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  helpdeskId = await userIdByEmail(db, HELPDESK);
  employeeUserId = await userIdByEmail(db, EMPLOYEE);
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = employment?.id as string;
});

let counter = 0;
/** A name no other test uses, so a search finds only this test's bikes. */
const unique = (label: string) => `${label}${++counter}x${randomUUID().slice(0, 6)}`;

/** A Demo Oy order in `status` with a Helkama in its package and a lease started on 1.3.2023. */
async function leasedOrder(status: OrderStatus = "ACTIVE_LEASING", model = unique("E3 Peak")) {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderStatus: status,
      totalPriceCents: 289_000,
      residualValueCents: 14_450,
      leaseTimeMonths: 36,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = order?.id as string;
  await db.insert(orderItems).values([
    { orderId, itemType: "ACCESSORY", name: "Kypärä", unitPriceCents: 9_000, sortOrder: 0 },
    {
      orderId,
      itemType: "BIKE",
      name: "Sähköpyörä",
      brand: "Helkama",
      model,
      modelYear: 2022,
      frameSize: "M",
      unitPriceCents: 280_000,
      sortOrder: 1,
    },
  ]);
  const [leasingCompany] = await db.query.leasingCompanies.findMany({ limit: 1 });
  await db.insert(leasingAgreements).values({
    orderId,
    beneficiaryEmployeeId: employmentId,
    companyId: demoOyId,
    leasingCompanyId: leasingCompany?.id as string,
    status: "ACCEPTED",
    leaseTimeMonths: 36,
    monthlyPaymentCents: 8_000,
    totalPriceCents: 289_000,
    residualValueCents: 14_450,
    startDate: "2023-03-01",
    endDate: "2026-02-28",
  });
  return { orderId, orderNumber: order?.orderNumber as number, model };
}

const byHand = (model = unique("Jopo")) => ({
  brand: "Helkama",
  model,
  modelYear: 2021,
  frameSize: "S",
  description: "Huollettu, uudet renkaat.",
  askingPriceCents: 24_000,
  city: "Tampere",
  listed: false,
});

async function createBike(body: object = byHand()) {
  const res = await call("POST", "/api/bike-brokerage", HELPDESK, body);
  expect(res.statusCode, res.body).toBe(201);
  return zBikeBrokerageSaved.parse(res.json()).bikeBrokerage;
}

async function details(id: string) {
  const res = await call("GET", `/api/bike-brokerage/${id}`, HELPDESK);
  expect(res.statusCode, res.body).toBe(200);
  return zBikeBrokerageDetails.parse(res.json());
}

async function inquiry(bikeId: string, handled = false) {
  const [row] = await t.database.db
    .insert(bikeBrokerageInquiries)
    .values({
      bikeBrokerageId: bikeId,
      userId: employeeUserId,
      name: "Maija Meikäläinen",
      email: "maija@demo.test",
      message: "Onko vielä myynnissä?",
      handledAt: handled ? new Date() : null,
    })
    .returning({ id: bikeBrokerageInquiries.id });
  return row?.id as string;
}

const bikeCount = () => t.database.db.$count(bikeBrokerages);

describe("POST /api/bike-brokerage", () => {
  it("adds a bike by hand: waiting for a look until listed, Pedaali the seller, the event with its actor", async () => {
    const body = byHand();
    const res = await call("POST", "/api/bike-brokerage", HELPDESK, {
      ...body,
      description: "  Huollettu.  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = zBikeBrokerageSaved.parse(res.json());
    expect(saved.message).toBe(BIKE_BROKERAGE_CREATED);
    expect(saved.bikeBrokerage).toMatchObject({
      brand: "Helkama",
      model: body.model,
      modelYear: 2021,
      frameSize: "S",
      description: "Huollettu.",
      askingPriceCents: 24_000,
      city: "Tampere",
      status: "PENDING",
      stage: "WAITING",
      listed: false,
      listedAt: null,
      orderId: null,
      orderNumber: null,
      companyName: null,
      openInquiryCount: 0,
    });
    const [row] = await t.database.db
      .select()
      .from(bikeBrokerages)
      .where(eq(bikeBrokerages.id, saved.bikeBrokerage.bikeBrokerageId));
    expect(row).toMatchObject({ contactName: "Pedaali asiakaspalvelu", contactEmail: "info@pedaali.fi" });
    const page = await details(saved.bikeBrokerage.bikeBrokerageId);
    expect(page.suggestion).toBeNull();
    expect(page.events).toEqual([
      expect.objectContaining({ type: "BIKE_BROKERAGE_LISTED", actorName: expect.any(String), action: null }),
    ]);
  });

  it("adds an order's bike with the package's details and the suggested price, and lists it at once", async () => {
    const order = await leasedOrder();
    const bike = await createBike({ orderId: order.orderId, city: "Espoo", listed: true });
    expect(bike).toMatchObject({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      companyName: "Demo Oy",
      brand: "Helkama",
      model: order.model,
      modelYear: 2022,
      frameSize: "M",
      city: "Espoo",
      stage: "FOR_SALE",
      listed: true,
    });
    expect(bike.listedAt).not.toBeNull();
    // Our rule on 2 890 €, the lease from 1.3.2023: the price, or the residual 144,50 € → 145 € at least.
    const page = await details(bike.bikeBrokerageId);
    expect(page.suggestion).toMatchObject({
      packagePriceCents: 289_000,
      leaseStartDate: "2023-03-01",
      residualValueCents: 14_450,
      priceCents: bike.askingPriceCents,
    });
    expect(bike.askingPriceCents).toBeGreaterThanOrEqual(28_900);
    expect((bike.askingPriceCents ?? 0) % 100).toBe(0);
  });

  it("takes the given fields over the package's", async () => {
    const order = await leasedOrder();
    const bike = await createBike({
      orderId: order.orderId,
      model: "E3 Peak (huollettu)",
      frameSize: "L",
      askingPriceCents: 150_000,
      listed: false,
    });
    expect(bike).toMatchObject({ brand: "Helkama", model: "E3 Peak (huollettu)", frameSize: "L" });
    expect(bike.askingPriceCents).toBe(150_000);
  });

  it("sells an order's bike once: a second listing, an order not in leasing and an unknown order are refused", async () => {
    const order = await leasedOrder();
    await createBike({ orderId: order.orderId, listed: false });
    const before = await bikeCount();
    expectError(
      await call("POST", "/api/bike-brokerage", HELPDESK, { orderId: order.orderId, listed: false }),
      409,
      "CONFLICT",
    );
    const open = await leasedOrder("PROCESSED");
    expectError(
      await call("POST", "/api/bike-brokerage", HELPDESK, { orderId: open.orderId, listed: false }),
      409,
      "CONFLICT",
    );
    const unknown = expectError(
      await call("POST", "/api/bike-brokerage", HELPDESK, { orderId: MISSING, listed: false }),
      400,
    );
    expect(unknown.details?.[0]?.field).toBe("body.orderId");
    expect(await bikeCount()).toBe(before);
  });

  it("refuses bad input as 400 and stores nothing", async () => {
    const before = await bikeCount();
    for (const bad of [
      { ...byHand(), brand: undefined },
      { ...byHand(), model: "" },
      { ...byHand(), askingPriceCents: undefined },
      { ...byHand(), askingPriceCents: -1 },
      { ...byHand(), askingPriceCents: 12.5 },
      { ...byHand(), askingPriceCents: 10_000_001 },
      { ...byHand(), modelYear: 1800 },
      { ...byHand(), brand: "Helk\u0000ama" },
      { ...byHand(), city: "x".repeat(101) },
      { ...byHand(), listed: "yes" },
      { ...byHand(), listed: undefined },
      { ...byHand(), orderId: "10042" },
    ]) {
      expectError(await call("POST", "/api/bike-brokerage", HELPDESK, bad), 400);
    }
    const missing = expectError(
      await call("POST", "/api/bike-brokerage", HELPDESK, { listed: false, city: "Turku" }),
      400,
    );
    expect(missing.details?.map((d) => d.field).sort()).toEqual([
      "body.askingPriceCents",
      "body.brand",
      "body.model",
    ]);
    expect(await bikeCount()).toBe(before);
  });

  it("is the admin tier's", async () => {
    const before = await bikeCount();
    expect((await call("POST", "/api/bike-brokerage", SUPER_ADMIN, byHand())).statusCode).toBe(201);
    expectError(await call("POST", "/api/bike-brokerage", null, byHand()), 401);
    for (const who of NOT_ADMINS) expectError(await call("POST", "/api/bike-brokerage", who, byHand()), 403);
    expect(await bikeCount()).toBe(before + 1);
  });
});

describe("GET /api/bike-brokerage", () => {
  it("finds bikes by brand, model or city and by order number, newest first, with their open inquiries", async () => {
    const model = unique("Kathmandu");
    const first = await createBike({ ...byHand(model), brand: "Cube" });
    const second = await createBike({ ...byHand(`${model} SLX`), brand: "Cube", listed: true });
    await inquiry(second.bikeBrokerageId);
    await inquiry(second.bikeBrokerageId);
    await inquiry(second.bikeBrokerageId, true);
    const res = await call("GET", `/api/bike-brokerage?search=${encodeURIComponent(model)}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const page = zBikeBrokeragePage.parse(res.json());
    expect(page).toMatchObject({ page: 1, limit: 20, total: 2, totalPages: 1 });
    expect(page.items.map((b) => [b.bikeBrokerageId, b.openInquiryCount])).toEqual([
      [second.bikeBrokerageId, 2],
      [first.bikeBrokerageId, 0],
    ]);

    const listed = zBikeBrokeragePage.parse(
      (
        await call("GET", `/api/bike-brokerage?search=${encodeURIComponent(model)}&listed=true`, HELPDESK)
      ).json(),
    );
    expect(listed.items.map((b) => b.bikeBrokerageId)).toEqual([second.bikeBrokerageId]);
    const unlisted = zBikeBrokeragePage.parse(
      (
        await call("GET", `/api/bike-brokerage?search=${encodeURIComponent(model)}&listed=false`, HELPDESK)
      ).json(),
    );
    expect(unlisted.items.map((b) => b.bikeBrokerageId)).toEqual([first.bikeBrokerageId]);
    const asked = zBikeBrokeragePage.parse(
      (
        await call(
          "GET",
          `/api/bike-brokerage?search=${encodeURIComponent(model)}&openInquiries=true`,
          HELPDESK,
        )
      ).json(),
    );
    expect(asked.items.map((b) => b.bikeBrokerageId)).toEqual([second.bikeBrokerageId]);

    const order = await leasedOrder();
    const fromOrder = await createBike({ orderId: order.orderId, listed: false });
    const byNumber = zBikeBrokeragePage.parse(
      (await call("GET", `/api/bike-brokerage?search=${order.orderNumber}`, HELPDESK)).json(),
    );
    expect(byNumber.items.map((b) => b.bikeBrokerageId)).toEqual([fromOrder.bikeBrokerageId]);
  });

  it("filters by status and pages", async () => {
    const model = unique("Allant");
    const sold = await createBike({ ...byHand(model), listed: true });
    await call("PUT", `/api/bike-brokerage/${sold.bikeBrokerageId}`, HELPDESK, { status: "COMPLETED" });
    await createBike(byHand(model));
    await createBike(byHand(model));
    const search = encodeURIComponent(model);
    const completed = zBikeBrokeragePage.parse(
      (await call("GET", `/api/bike-brokerage?search=${search}&status=COMPLETED`, HELPDESK)).json(),
    );
    expect(completed.items.map((b) => [b.bikeBrokerageId, b.stage])).toEqual([
      [sold.bikeBrokerageId, "SOLD"],
    ]);
    const second = zBikeBrokeragePage.parse(
      (await call("GET", `/api/bike-brokerage?search=${search}&page=2&limit=2`, HELPDESK)).json(),
    );
    expect(second).toMatchObject({
      page: 2,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasPrevious: true,
      hasNext: false,
    });
    expect(second.items).toHaveLength(1);
  });

  it("refuses a bad query as 400 and is the admin tier's", async () => {
    for (const query of [
      "status=SOLD",
      "listed=maybe",
      "openInquiries=1",
      "limit=0",
      "limit=101",
      "page=0",
      "search=a%00b",
    ]) {
      expectError(await call("GET", `/api/bike-brokerage?${query}`, HELPDESK), 400);
    }
    expectError(await call("GET", "/api/bike-brokerage", null), 401);
    for (const who of NOT_ADMINS) expectError(await call("GET", "/api/bike-brokerage", who), 403);
  });
});

describe("GET /api/bike-brokerage/{id}", () => {
  it("shows the bike's inquiries, newest first, and its events", async () => {
    const bike = await createBike({ ...byHand(), listed: true });
    const older = await inquiry(bike.bikeBrokerageId);
    const newer = await inquiry(bike.bikeBrokerageId, true);
    const page = await details(bike.bikeBrokerageId);
    expect(page.inquiryCount).toBe(2);
    expect(page.inquiries.map((i) => [i.inquiryId, i.handled])).toEqual([
      [newer, true],
      [older, false],
    ]);
    expect(page.openInquiryCount).toBe(1);
  });

  it("answers 404 for an unknown bike, 400 for a bad id, and is the admin tier's", async () => {
    const bike = await createBike();
    expectError(await call("GET", `/api/bike-brokerage/${MISSING}`, HELPDESK), 404);
    expectError(await call("GET", "/api/bike-brokerage/not-an-id", HELPDESK), 400);
    expectError(await call("GET", `/api/bike-brokerage/${bike.bikeBrokerageId}`, null), 401);
    for (const who of NOT_ADMINS)
      expectError(await call("GET", `/api/bike-brokerage/${bike.bikeBrokerageId}`, who), 403);
  });
});

describe("PUT /api/bike-brokerage/{id}", () => {
  const put = (id: string, body: object, who = HELPDESK) =>
    call("PUT", `/api/bike-brokerage/${id}`, who, body);

  it("changes fields, empties optional ones with null, and says so in the event log", async () => {
    const bike = await createBike();
    const res = await put(bike.bikeBrokerageId, { askingPriceCents: 21_000, city: null, description: "" });
    expect(res.statusCode, res.body).toBe(200);
    const saved = zBikeBrokerageSaved.parse(res.json());
    expect(saved.message).toBe(BIKE_BROKERAGE_UPDATED);
    expect(saved.bikeBrokerage).toMatchObject({
      askingPriceCents: 21_000,
      city: null,
      description: null,
      brand: "Helkama",
    });
    const [event] = (await details(bike.bikeBrokerageId)).events;
    expect(event).toMatchObject({ type: "BIKE_BROKERAGE_UPDATED", action: null });
    const [row] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, bike.bikeBrokerageId), eq(eventLog.type, "BIKE_BROKERAGE_UPDATED")));
    expect([...((row?.data.changes as string[] | undefined) ?? [])].sort()).toEqual([
      "askingPriceCents",
      "city",
      "description",
    ]);
  });

  it("lists a bike for sale, unlists it, and writes nothing when nothing changes", async () => {
    const bike = await createBike();
    const listed = zBikeBrokerageSaved.parse((await put(bike.bikeBrokerageId, { listed: true })).json());
    expect(listed.bikeBrokerage).toMatchObject({ stage: "FOR_SALE", listed: true });
    const again = zBikeBrokerageSaved.parse((await put(bike.bikeBrokerageId, { listed: true })).json());
    expect(again.bikeBrokerage.listedAt).toBe(listed.bikeBrokerage.listedAt);
    const unlisted = zBikeBrokerageSaved.parse((await put(bike.bikeBrokerageId, { listed: false })).json());
    expect(unlisted.bikeBrokerage).toMatchObject({ stage: "WAITING", listed: false, listedAt: null });
    expect((await details(bike.bikeBrokerageId)).events.map((e) => [e.type, e.action])).toEqual([
      ["BIKE_BROKERAGE_UPDATED", "UNLISTED"],
      ["BIKE_BROKERAGE_LISTED", null],
      ["BIKE_BROKERAGE_LISTED", null],
    ]);
  });

  it("marks a bike sold, which stays sold", async () => {
    const bike = await createBike({ ...byHand(), listed: true });
    const sold = zBikeBrokerageSaved.parse((await put(bike.bikeBrokerageId, { status: "COMPLETED" })).json());
    expect(sold.bikeBrokerage).toMatchObject({ status: "COMPLETED", stage: "SOLD" });
    expect(sold.bikeBrokerage.soldAt).not.toBeNull();
    expect((await details(bike.bikeBrokerageId)).events[0]?.type).toBe("BIKE_BROKERAGE_SOLD");
    expectError(await put(bike.bikeBrokerageId, { status: "PENDING" }), 409, "CONFLICT");
    expectError(await put(bike.bikeBrokerageId, { status: "CANCELLED" }), 409, "CONFLICT");
  });

  it("withdraws a bike, and one put back on sale waits to be listed again", async () => {
    const bike = await createBike({ ...byHand(), listed: true });
    const withdrawn = zBikeBrokerageSaved.parse(
      (await put(bike.bikeBrokerageId, { status: "CANCELLED" })).json(),
    );
    expect(withdrawn.bikeBrokerage.stage).toBe("WITHDRAWN");
    expectError(await put(bike.bikeBrokerageId, { status: "COMPLETED" }), 409, "CONFLICT");
    const back = zBikeBrokerageSaved.parse((await put(bike.bikeBrokerageId, { status: "PENDING" })).json());
    expect(back.bikeBrokerage).toMatchObject({ stage: "WAITING", listed: false });
    expect((await details(bike.bikeBrokerageId)).events.slice(0, 2).map((e) => e.action)).toEqual([
      "REOPENED",
      "WITHDRAWN",
    ]);
  });

  it("lists only a bike for sale with an asking price", async () => {
    const order = await leasedOrder();
    const bike = await createBike({ orderId: order.orderId, listed: false });
    await t.database.db
      .update(bikeBrokerages)
      .set({ askingPriceCents: null })
      .where(eq(bikeBrokerages.id, bike.bikeBrokerageId));
    const noPrice = expectError(await put(bike.bikeBrokerageId, { listed: true }), 400);
    expect(noPrice.details?.[0]?.field).toBe("body.askingPriceCents");
    expect((await put(bike.bikeBrokerageId, { listed: true, askingPriceCents: 90_000 })).statusCode).toBe(
      200,
    );
    const sold = await createBike();
    await put(sold.bikeBrokerageId, { status: "COMPLETED" });
    expectError(await put(sold.bikeBrokerageId, { listed: true }), 409, "CONFLICT");
  });

  it("refuses bad input as 400 and changes nothing", async () => {
    const bike = await createBike();
    for (const bad of [
      { brand: "" },
      { brand: null },
      { askingPriceCents: -5 },
      { status: "SOLD" },
      { listed: "true" },
      { modelYear: "2020" },
      { description: "a\u0007b" },
    ]) {
      expectError(await put(bike.bikeBrokerageId, bad), 400);
    }
    expect((await details(bike.bikeBrokerageId)).events).toHaveLength(1);
  });

  it("answers 404 for an unknown bike and is the admin tier's", async () => {
    const bike = await createBike();
    expectError(await put(MISSING, { listed: true }), 404);
    expectError(await put(bike.bikeBrokerageId, { listed: true }, null as unknown as string), 401);
    for (const who of NOT_ADMINS)
      expectError(await put(bike.bikeBrokerageId, { status: "COMPLETED" }, who), 403);
    expect((await details(bike.bikeBrokerageId)).status).toBe("PENDING");
  });
});

describe("DELETE /api/bike-brokerage/{id}", () => {
  it("deletes a bike nobody asked about, leaving its event log", async () => {
    const bike = await createBike();
    const res = await call("DELETE", `/api/bike-brokerage/${bike.bikeBrokerageId}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: BIKE_BROKERAGE_DELETED });
    expectError(await call("GET", `/api/bike-brokerage/${bike.bikeBrokerageId}`, HELPDESK), 404);
    const events = await t.database.db
      .select({ type: eventLog.type, actor: eventLog.actorUserId })
      .from(eventLog)
      .where(eq(eventLog.entityId, bike.bikeBrokerageId));
    expect(events).toContainEqual({ type: "BIKE_BROKERAGE_DELETED", actor: helpdeskId });
  });

  it("keeps a bike someone asked about (BROKERAGE_IN_USE) and answers 404 for an unknown one", async () => {
    const bike = await createBike({ ...byHand(), listed: true });
    await inquiry(bike.bikeBrokerageId, true);
    expectError(
      await call("DELETE", `/api/bike-brokerage/${bike.bikeBrokerageId}`, HELPDESK),
      409,
      "BROKERAGE_IN_USE",
    );
    expect((await details(bike.bikeBrokerageId)).bikeBrokerageId).toBe(bike.bikeBrokerageId);
    expectError(await call("DELETE", `/api/bike-brokerage/${MISSING}`, HELPDESK), 404);
    expectError(await call("DELETE", "/api/bike-brokerage/x", HELPDESK), 400);
  });

  it("is the admin tier's", async () => {
    const bike = await createBike();
    expectError(await call("DELETE", `/api/bike-brokerage/${bike.bikeBrokerageId}`, null), 401);
    for (const who of NOT_ADMINS)
      expectError(await call("DELETE", `/api/bike-brokerage/${bike.bikeBrokerageId}`, who), 403);
    expect((await details(bike.bikeBrokerageId)).bikeBrokerageId).toBe(bike.bikeBrokerageId);
  });
});

describe("PUT /api/bike-brokerage/inquiries/{inquiryId}", () => {
  const path = (id: string) => `/api/bike-brokerage/inquiries/${id}`;

  it("marks an inquiry handled and open again, each an event", async () => {
    const bike = await createBike({ ...byHand(), listed: true });
    const id = await inquiry(bike.bikeBrokerageId);
    const res = await call("PUT", path(id), HELPDESK, { handled: true });
    expect(res.statusCode, res.body).toBe(200);
    const handled = zBrokerageInquiry.parse(res.json());
    expect(handled).toMatchObject({ inquiryId: id, bikeBrokerageId: bike.bikeBrokerageId, handled: true });
    expect(handled.handledAt).not.toBeNull();
    expect((await details(bike.bikeBrokerageId)).openInquiryCount).toBe(0);
    const reopened = zBrokerageInquiry.parse(
      (await call("PUT", path(id), HELPDESK, { handled: false })).json(),
    );
    expect(reopened).toMatchObject({ handled: false, handledAt: null });
    expect((await details(bike.bikeBrokerageId)).events.slice(0, 2).map((e) => e.action)).toEqual([
      "INQUIRY_REOPENED",
      "INQUIRY_HANDLED",
    ]);
  });

  it("answers 400 for bad input, 404 for an unknown inquiry, and is the admin tier's", async () => {
    const bike = await createBike({ ...byHand(), listed: true });
    const id = await inquiry(bike.bikeBrokerageId);
    for (const bad of [{}, { handled: "yes" }, { handled: null }])
      expectError(await call("PUT", path(id), HELPDESK, bad), 400);
    expectError(await call("PUT", path(MISSING), HELPDESK, { handled: true }), 404);
    expectError(await call("PUT", path(id), null, { handled: true }), 401);
    for (const who of NOT_ADMINS) expectError(await call("PUT", path(id), who, { handled: true }), 403);
    const [row] = await t.database.db
      .select({ handledAt: bikeBrokerageInquiries.handledAt })
      .from(bikeBrokerageInquiries)
      .where(eq(bikeBrokerageInquiries.id, id));
    expect(row?.handledAt).toBeNull();
  });
});
