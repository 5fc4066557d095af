import { and, desc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { outboxRowsOf, sendQueuedMessages } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderDetails } from "../../../contract/orders.ts";
import { zStoreDelivery, zStoreLinkIssued, zStorePackage } from "../../../contract/store-links.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  eventLog,
  messageOutbox,
  orderItems,
  orders,
  outbox,
  users,
} from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { sha256 } from "../auth/tokens.ts";
import { BY_SYSTEM, moveOrder } from "../orders/lifecycle.ts";

/**
 * The bike store's package and delivery links, its side of an order without an account (Kallion
 * Pyöräpaja); a store with an account (Vauhti Espoo) hands the bike over instead and gets no delivery link.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER_ADMIN = "employer.admin@demo.test";
const STORE_EMAIL = "kallio@pyorapaja.test";
const STORE_USER = "myyja@vauhti.test";

let employmentId: string;
let storeId: string;
let accountStoreId: string;
let address = 0;

/** Each anonymous call from an address of its own, so the per-address limits never decide a test. */
function anon(method: "GET" | "PUT", url: string, payload?: unknown, headers: Record<string, string> = {}) {
  address += 1;
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  const db = t.database.db;
  const [row] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(users.email, EMPLOYEE));
  employmentId = row?.id as string;
  const [store] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.storeName, "Kallion Pyöräpaja"));
  storeId = store?.id as string;
  const [withAccount] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.storeName, "Vauhti Espoo"));
  accountStoreId = withAccount?.id as string;
  await db.update(bikeStores).set({ email: STORE_EMAIL }).where(eq(bikeStores.id, storeId));
});

beforeEach(async () => {
  await t.database.db
    .update(orders)
    .set({ orderStatus: "CANCELLED", previousStatus: null })
    .where(
      and(
        eq(orders.beneficiaryEmployeeId, employmentId),
        notInArray(orders.orderStatus, ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"]),
      ),
    );
});

async function lastMailTo(recipient: string, template: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row;
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${path} link in the mail`);
  return match[1];
}

/** The employee starts an order at the store; answers it and the package token from the store's mail. */
async function startOrder() {
  const res = await call("POST", "/api/orders", EMPLOYEE, {
    bikeStoreId: storeId,
    deliveryMethod: "HOME_DELIVERY",
    deliveryStreetAddress: "Mannerheimintie 5 A 3",
    deliveryPostalCode: "00100",
    deliveryCity: "Helsinki",
    customerComment: "Tunturi eSport, koko M",
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = zOrderDetails.parse(res.json());
  const mail = await lastMailTo(STORE_EMAIL, "store-package-link");
  expect(mail?.subject).toContain(String(order.orderNumber));
  return { order, token: tokenIn(mail?.bodyText ?? "", "/pyoraliike/paketti") };
}

const bike = {
  itemType: "BIKE",
  name: "Tunturi eSport 500",
  brand: "Tunturi",
  model: "eSport 500",
  modelYear: 2026,
  frameSize: "M",
  color: "Musta",
  quantity: 1,
  unitPriceCents: 329_900,
  discountCents: 10_000,
};
const lock = {
  itemType: "ACCESSORY",
  name: "Runkolukko",
  quantity: 2,
  unitPriceCents: 4_990,
  discountCents: 0,
};

const packageUrl = (token: string) => `/api/store-links/package/${token}`;
const deliveryUrl = (token: string) => `/api/store-links/delivery/${token}`;

/** An order of the employee at the store put straight into a status (for the later steps). */
async function orderIn(
  status: "WAITING_FOR_INVOICE_MATCH" | "WAITING_FOR_DELIVERY_DATE",
  atStore: () => string = () => storeId,
) {
  const [created] = await t.database.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: (await companyOfEmployment()) as string,
      bikeStoreId: atStore(),
      orderStatus: status,
      deliveryMethod: "PICKUP",
      totalPriceCents: 319_900,
      createdAt: new Date("2026-03-01T10:00:00Z"),
    })
    .returning({ id: orders.id });
  const id = created?.id as string;
  await t.database.db.insert(orderItems).values({ orderId: id, ...bike, itemType: "BIKE" });
  return id;
}

async function companyOfEmployment() {
  const [row] = await t.database.db
    .select({ companyId: beneficiaryEmployees.companyId })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.id, employmentId));
  return row?.companyId;
}

describe("the package link", () => {
  it("is mailed to the store when the order starts, and shows the order to enter the package for", async () => {
    const { order, token } = await startOrder();
    const [row] = await t.database.db
      .select({ hash: orders.packageTokenHash, expiresAt: orders.packageTokenExpiresAt })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    // Only the hash is stored, and the link works 30 days.
    expect(row?.hash).toBe(sha256(token));
    // The mail was queued with the order, naming it only: the token was minted as the mail left.
    const [queued] = await outboxRowsOf(t.database, "ORDER_STARTED", { orderId: order.orderId });
    expect(queued).toMatchObject({ userId: null, channel: "EMAIL", recipient: STORE_EMAIL, language: "fi" });
    expect(queued?.params).toEqual({ orderId: order.orderId });
    expect(JSON.stringify(queued)).not.toContain(token);
    const days = ((row?.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const res = await anon("GET", packageUrl(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const view = zStorePackage.parse(res.json());
    expect(view).toMatchObject({
      orderNumber: order.orderNumber,
      orderStatus: "PENDING",
      companyName: "Demo Oy",
      deliveryMethod: "HOME_DELIVERY",
      deliveryAddress: "Mannerheimintie 5 A 3, 00100 Helsinki",
      customerComment: "Tunturi eSport, koko M",
      items: [],
      totalPriceCents: 0,
      editable: true,
    });
    expect(view.customerName.length).toBeGreaterThan(0);
  });

  it("is minted again when its mail is sent again, and not at all for an order past the step", async () => {
    const { order, token } = await startOrder();
    const [queued] = await outboxRowsOf(t.database, "ORDER_STARTED", { orderId: order.orderId });
    const id = queued?.id as string;
    const again = async () => {
      await t.database.db
        .update(messageOutbox)
        .set({ status: "QUEUED", nextAttemptAt: new Date() })
        .where(eq(messageOutbox.id, id));
      await sendQueuedMessages(t.database);
    };
    await again();
    const fresh = tokenIn(
      (await lastMailTo(STORE_EMAIL, "store-package-link"))?.bodyText ?? "",
      "/pyoraliike/paketti",
    );
    expect(fresh).not.toBe(token);
    expectError(await anon("GET", packageUrl(token)), 404, "STORE_LINK_INVALID");
    expect((await anon("GET", packageUrl(fresh))).statusCode).toBe(200);
    // The employee has accepted the package: the link's step is done, and the mail tells the store nothing.
    await t.database.db
      .update(orders)
      .set({ orderStatus: "ALL_INFO_PROVIDED" })
      .where(eq(orders.id, order.orderId));
    await again();
    const [closed] = await outboxRowsOf(t.database, "ORDER_STARTED", { orderId: order.orderId });
    expect(closed).toMatchObject({ status: "SENT", lastAnswer: "not needed any more" });
    expect((await anon("GET", packageUrl(fresh))).statusCode).toBe(200);
  });

  it("is mailed in the store's own language: Swedish to a store that chose Swedish", async () => {
    const db = t.database.db;
    await db.update(bikeStores).set({ language: "sv" }).where(eq(bikeStores.id, storeId));
    try {
      const { order } = await startOrder();
      const mail = await lastMailTo(STORE_EMAIL, "store-package-link");
      expect(mail?.subject).toBe(`Ny förmånscykelbeställning ${order.orderNumber}: ange paketet`);
      expect(mail?.bodyText).toContain("Ange paketet");
    } finally {
      await db.update(bikeStores).set({ language: "fi" }).where(eq(bikeStores.id, storeId));
    }
  });

  it("takes the package, moves the order to PACKAGE_PROVIDED, and replaces it until the employee accepts", async () => {
    const { order, token } = await startOrder();
    const res = await anon("PUT", packageUrl(token), {
      bikeStoreOrderNumber: "  VE-2026-118 ",
      items: [bike, lock],
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = zStorePackage.parse(res.json());
    expect(view).toMatchObject({
      orderStatus: "PACKAGE_PROVIDED",
      bikeStoreOrderNumber: "VE-2026-118",
      totalPriceCents: 329_900 - 10_000 + 2 * 4_990,
      editable: true,
    });
    expect(view.items.map((i) => [i.itemType, i.name, i.brand])).toEqual([
      ["BIKE", "Tunturi eSport 500", "Tunturi"],
      ["ACCESSORY", "Runkolukko", null],
    ]);
    const details = zOrderDetails.parse((await call("GET", `/api/orders/${order.orderId}`, HELPDESK)).json());
    expect(details.events.at(-1)).toMatchObject({
      from: "PENDING",
      to: "PACKAGE_PROVIDED",
      by: "bikeStoreToken",
    });
    expect(details.totalPriceCents).toBe(view.totalPriceCents);

    // Again while PACKAGE_PROVIDED: the package is replaced and the change is logged, not a move.
    const again = await anon("PUT", packageUrl(token), { items: [{ ...bike, discountCents: 0 }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(zStorePackage.parse(again.json())).toMatchObject({
      orderStatus: "PACKAGE_PROVIDED",
      bikeStoreOrderNumber: "VE-2026-118",
      totalPriceCents: 329_900,
      items: [expect.objectContaining({ name: "Tunturi eSport 500" })],
    });
    const logged = await t.database.db
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityType, "order"), eq(eventLog.entityId, order.orderId)));
    expect(logged.filter((e) => e.data.change === "packageReplaced")).toEqual([
      {
        type: "ORDER_STATUS_UPDATED",
        data: {
          change: "packageReplaced",
          by: "bikeStoreToken",
          package: { lines: 1, totalPriceCents: 329_900 },
        },
      },
    ]);
    const afterReplace = zOrderDetails.parse(
      (await call("GET", `/api/orders/${order.orderId}`, HELPDESK)).json(),
    );
    expect(afterReplace.statusSince).toBe(details.statusSince);
    // The employee is mailed to check the changed package, once for the change (the first package
    // sent its own notice); the store had its package link's mail when the order started.
    const notices = await t.database.db
      .select({ event: messageOutbox.event, channel: messageOutbox.channel, params: messageOutbox.params })
      .from(messageOutbox)
      .where(sql`${messageOutbox.params}->>'orderId' = ${order.orderId}`);
    expect(notices.map((n) => n.event).sort()).toEqual([
      "ORDER_PACKAGE_CHANGED",
      "ORDER_PACKAGE_PROVIDED",
      "ORDER_STARTED",
    ]);
    const changed = notices.find((n) => n.event === "ORDER_PACKAGE_CHANGED");
    expect(changed).toMatchObject({ channel: "EMAIL", params: { orderNumber: details.orderNumber } });
  });

  it("is read-only once the employee has accepted: GET shows the package, PUT answers 409 STORE_LINK_USED", async () => {
    const { order, token } = await startOrder();
    expect((await anon("PUT", packageUrl(token), { items: [bike] })).statusCode).toBe(200);
    await t.database.db
      .update(orders)
      .set({ orderStatus: "ALL_INFO_PROVIDED" })
      .where(eq(orders.id, order.orderId));
    const view = zStorePackage.parse((await anon("GET", packageUrl(token))).json());
    expect(view).toMatchObject({
      orderStatus: "ALL_INFO_PROVIDED",
      editable: false,
      items: [expect.anything()],
    });
    expectError(await anon("PUT", packageUrl(token), { items: [bike] }), 409, "STORE_LINK_USED");
  });

  it("answers the same 404 STORE_LINK_INVALID for an unknown, expired, wrong-kind or cancelled order's token", async () => {
    const { order, token } = await startOrder();
    expectError(await anon("GET", packageUrl("x".repeat(43))), 404, "STORE_LINK_INVALID");
    expectError(await anon("GET", deliveryUrl(token)), 404, "STORE_LINK_INVALID");
    expectError(
      await anon("PUT", deliveryUrl(token), { frameSerialNumber: "ABC123", deliveryDate: "2026-12-01" }),
      404,
      "STORE_LINK_INVALID",
    );
    await t.database.db
      .update(orders)
      .set({ packageTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.orderId));
    expectError(await anon("GET", packageUrl(token)), 404, "STORE_LINK_INVALID");
    expectError(await anon("PUT", packageUrl(token), { items: [bike] }), 404, "STORE_LINK_INVALID");

    await t.database.db.update(orders).set({ orderStatus: "CANCELLED" }).where(eq(orders.id, order.orderId));
    const second = await startOrder();
    await t.database.db
      .update(orders)
      .set({ orderStatus: "CANCELLED" })
      .where(eq(orders.id, second.order.orderId));
    expectError(await anon("GET", packageUrl(second.token)), 404, "STORE_LINK_INVALID");
  });

  it("refuses a bad package with the failing fields", async () => {
    const { token } = await startOrder();
    const cases: [unknown, string][] = [
      [{ items: [] }, "body.items"],
      [{ items: [lock] }, "body.items"],
      [{ items: Array.from({ length: 31 }, () => bike) }, "body.items"],
      [{ items: [{ ...bike, name: "  " }] }, "body.items.0.name"],
      [{ items: [{ ...bike, name: "Rivi\nkaksi" }] }, "body.items.0.name"],
      [{ items: [{ ...bike, quantity: 21 }] }, "body.items.0.quantity"],
      [{ items: [{ ...bike, quantity: 0 }] }, "body.items.0.quantity"],
      [{ items: [{ ...bike, unitPriceCents: 10_000_001 }] }, "body.items.0.unitPriceCents"],
      [{ items: [{ ...bike, unitPriceCents: 12.5 }] }, "body.items.0.unitPriceCents"],
      [{ items: [{ ...bike, discountCents: 329_901 }] }, "body.items.0.discountCents"],
      [{ items: [{ ...bike, itemType: "CAR" }] }, "body.items.0.itemType"],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await anon("PUT", packageUrl(token), body), 400);
      expect(
        error.details?.map((d) => d.field),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
    }
    const view = zStorePackage.parse((await anon("GET", packageUrl(token))).json());
    expect(view).toMatchObject({ orderStatus: "PENDING", items: [] });
  });

  it("checks the Origin of a browser's PUT", async () => {
    const { token } = await startOrder();
    expectError(
      await anon("PUT", packageUrl(token), { items: [bike] }, { origin: "https://evil.example" }),
      403,
      "ORIGIN_NOT_ALLOWED",
    );
  });

  it("limits the calls per address", async () => {
    const url = packageUrl("y".repeat(43));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await t.app.inject({ method: "GET", url, remoteAddress: "10.8.0.1" });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("the delivery link", () => {
  async function deliveryToken() {
    const orderId = await orderIn("WAITING_FOR_INVOICE_MATCH");
    const moved = await write(t.database.db, { actor: BY_SYSTEM }, (ctx) =>
      moveOrder(ctx, { orderId, to: "WAITING_FOR_DELIVERY_DATE" }),
    );
    expect(moved.storeLink).toBe("delivery");
    const mail = await lastMailTo(STORE_EMAIL, "store-delivery-link");
    return { orderId, token: tokenIn(mail?.bodyText ?? "", "/runkonumero-ja-toimitus") };
  }

  it("is issued when the order enters WAITING_FOR_DELIVERY_DATE (60 days) and takes the serial number and date", async () => {
    const { orderId, token } = await deliveryToken();
    const [row] = await t.database.db
      .select({ hash: orders.deliveryTokenHash, expiresAt: orders.deliveryTokenExpiresAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row?.hash).toBe(sha256(token));
    expect(((row?.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000).toBeGreaterThan(59.9);

    const view = zStoreDelivery.parse((await anon("GET", deliveryUrl(token))).json());
    expect(view).toMatchObject({
      orderStatus: "WAITING_FOR_DELIVERY_DATE",
      bikeName: "Tunturi eSport 500",
      frameSerialNumber: null,
      deliveryDate: null,
      orderDate: "2026-03-01",
      editable: true,
    });

    const res = await anon("PUT", deliveryUrl(token), {
      frameSerialNumber: "  WTU 1234-AB ",
      deliveryDate: "2026-04-15",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zStoreDelivery.parse(res.json())).toMatchObject({
      orderStatus: "READY_FOR_BILLING",
      frameSerialNumber: "WTU 1234-AB",
      deliveryDate: "2026-04-15",
      editable: false,
    });
    const events = await t.database.db
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(
        and(
          eq(eventLog.entityId, orderId),
          inArray(eventLog.type, ["SERIAL_NUMBER_UPDATED", "DELIVERY_DATE_UPDATED", "ORDER_STATUS_UPDATED"]),
        ),
      );
    expect(events).toEqual(
      expect.arrayContaining([
        {
          type: "SERIAL_NUMBER_UPDATED",
          data: expect.objectContaining({ frameSerialNumber: "WTU 1234-AB" }),
        },
        { type: "DELIVERY_DATE_UPDATED", data: expect.objectContaining({ deliveryDate: "2026-04-15" }) },
        {
          type: "ORDER_STATUS_UPDATED",
          data: expect.objectContaining({ to: "READY_FOR_BILLING", by: "bikeStoreToken" }),
        },
      ]),
    );

    // A replay changes nothing; the link still shows what was entered.
    expectError(
      await anon("PUT", deliveryUrl(token), { frameSerialNumber: "OTHER-1", deliveryDate: "2026-04-16" }),
      409,
      "STORE_LINK_USED",
    );
    expect(zStoreDelivery.parse((await anon("GET", deliveryUrl(token))).json())).toMatchObject({
      frameSerialNumber: "WTU 1234-AB",
      deliveryDate: "2026-04-15",
      editable: false,
    });
  });

  it("refuses a delivery date outside the plausible span (20 years ahead, 2999)", async () => {
    const { token } = await deliveryToken();
    for (const deliveryDate of [`${new Date().getUTCFullYear() + 21}-05-01`, "2999-12-31"]) {
      const body = expectError(
        await anon("PUT", deliveryUrl(token), {
          frameSerialNumber: "ABC-123",
          deliveryDate,
        }),
        400,
        "VALIDATION_ERROR",
      );
      expect(body.details?.map((d) => [d.field, d.issue?.params?.rule])).toEqual([
        ["body.deliveryDate", "DATE_OUT_OF_RANGE"],
      ]);
    }
  });

  it("refuses a bad serial number or a date before the order", async () => {
    const { token } = await deliveryToken();
    const cases: [unknown, string][] = [
      [{ frameSerialNumber: "AB", deliveryDate: "2026-04-15" }, "body.frameSerialNumber"],
      [{ frameSerialNumber: "A".repeat(41), deliveryDate: "2026-04-15" }, "body.frameSerialNumber"],
      [{ frameSerialNumber: "ABC/123", deliveryDate: "2026-04-15" }, "body.frameSerialNumber"],
      [{ frameSerialNumber: "ABC123", deliveryDate: "15.04.2026" }, "body.deliveryDate"],
      [{ frameSerialNumber: "ABC123", deliveryDate: "2026-02-28" }, "body.deliveryDate"],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await anon("PUT", deliveryUrl(token), body), 400);
      expect(error.details?.map((d) => d.field)).toContain(field);
    }
  });
});

describe("a store with an account", () => {
  /** The order's delivery link as the store had it before it got its account. */
  async function linkOf(orderId: string): Promise<string> {
    const token = `legacy-${orderId}`;
    await t.database.db
      .update(orders)
      .set({ deliveryTokenHash: sha256(token), deliveryTokenExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(orders.id, orderId));
    return token;
  }

  it("gets no delivery link when the order comes to its delivery: its users record the handover", async () => {
    const before = new Date();
    const orderId = await orderIn("WAITING_FOR_INVOICE_MATCH", () => accountStoreId);
    const moved = await write(t.database.db, { actor: BY_SYSTEM }, (ctx) =>
      moveOrder(ctx, { orderId, to: "WAITING_FOR_DELIVERY_DATE" }),
    );
    expect(moved.storeLink ?? null).toBeNull();
    const [row] = await t.database.db
      .select({ hash: orders.deliveryTokenHash })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row?.hash).toBeNull();
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, "store-delivery-link"), gt(outbox.createdAt, before)));
    expect(mails).toEqual([]);
    // The helpdesk cannot re-issue one either.
    expectError(
      await call("POST", `/api/orders/${orderId}/store-link`, HELPDESK, { kind: "delivery" }),
      409,
      "HANDOVER_REQUIRED",
    );
  });

  it("refuses a delivery link issued before: no frame number or date without the handover", async () => {
    const orderId = await orderIn("WAITING_FOR_DELIVERY_DATE", () => accountStoreId);
    const token = await linkOf(orderId);
    expectError(
      await anon("PUT", deliveryUrl(token), { frameSerialNumber: "SKIP-1234", deliveryDate: "2026-04-15" }),
      409,
      "HANDOVER_REQUIRED",
    );
    const [row] = await t.database.db
      .select({ status: orders.orderStatus, frame: orders.frameSerialNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual({ status: "WAITING_FOR_DELIVERY_DATE", frame: null });
    expect(zStoreDelivery.parse((await anon("GET", deliveryUrl(token))).json())).toMatchObject({
      handoverRequired: true,
      editable: false,
    });
    // The store's handover view can still record the handover.
    const handover = await call("GET", `/api/store/orders/${orderId}/handover`, STORE_USER);
    expect(handover.statusCode, handover.body).toBe(200);
    expect(handover.json()).toMatchObject({ canRecord: true });
  });

  it("refuses a link issued before the store got its account, from the moment it has one", async () => {
    const created = await call("POST", "/api/bike-stores", HELPDESK, {
      storeName: `Tilin saava pyöräliike ${Math.random().toString(36).slice(2, 8)}`,
      email: "uusi@pyorat.test",
    });
    expect(created.statusCode, created.body).toBe(201);
    const newStoreId = (created.json() as { bikeStore: { bikeStoreId: string } }).bikeStore.bikeStoreId;
    const orderId = await orderIn("WAITING_FOR_DELIVERY_DATE", () => newStoreId);
    const token = await linkOf(orderId);
    expect(zStoreDelivery.parse((await anon("GET", deliveryUrl(token))).json())).toMatchObject({
      handoverRequired: false,
      editable: true,
    });
    const bound = await call("POST", `/api/bike-stores/${newStoreId}/users`, HELPDESK, {
      firstName: "Kalle",
      lastName: "Vauhkonen",
      workEmail: STORE_USER,
      phoneNumber: "+358505550311",
    });
    expect(bound.statusCode, bound.body).toBe(201);
    expectError(
      await anon("PUT", deliveryUrl(token), { frameSerialNumber: "SKIP-5678", deliveryDate: "2026-04-15" }),
      409,
      "HANDOVER_REQUIRED",
    );
  });
});

describe("POST /api/orders/{orderId}/store-link", () => {
  it("re-issues the link for the helpdesk: a new token mailed to the store, the old one dead", async () => {
    const { order, token } = await startOrder();
    const res = await call("POST", `/api/orders/${order.orderId}/store-link`, HELPDESK, { kind: "package" });
    expect(res.statusCode, res.body).toBe(200);
    const issued = zStoreLinkIssued.parse(res.json());
    expect(issued.mailed).toBe(true);
    const fresh = tokenIn(issued.url, "/pyoraliike/paketti");
    expect(fresh).not.toBe(token);
    const mail = await lastMailTo(STORE_EMAIL, "store-package-link");
    expect(mail?.bodyText).toContain(issued.url);
    // Sent at once with the very link the helpdesk is shown, and recorded without it.
    const [recorded] = await outboxRowsOf(t.database, "ORDER_STARTED");
    expect(recorded).toMatchObject({
      status: "SENT",
      recipient: STORE_EMAIL,
      params: {},
      subject: mail?.subject,
    });
    expect(JSON.stringify(recorded)).not.toContain(fresh);
    expectError(await anon("GET", packageUrl(token)), 404, "STORE_LINK_INVALID");
    expect((await anon("GET", packageUrl(fresh))).statusCode).toBe(200);

    const delivery = await call("POST", `/api/orders/${order.orderId}/store-link`, HELPDESK, {
      kind: "delivery",
    });
    const deliveryLink = zStoreLinkIssued.parse(delivery.json());
    expect(deliveryLink.url).toContain("/runkonumero-ja-toimitus/");
  });

  it("does not mail a store without an e-mail address, and still answers the link", async () => {
    const orderId = await orderIn("WAITING_FOR_DELIVERY_DATE");
    await t.database.db.update(bikeStores).set({ email: null }).where(eq(bikeStores.id, storeId));
    try {
      const res = await call("POST", `/api/orders/${orderId}/store-link`, HELPDESK, { kind: "delivery" });
      expect(zStoreLinkIssued.parse(res.json())).toMatchObject({ mailed: false });
    } finally {
      await t.database.db.update(bikeStores).set({ email: STORE_EMAIL }).where(eq(bikeStores.id, storeId));
    }
  });

  it("is for the admin tier only; an unknown order is 404 and a bad kind 400", async () => {
    const { order } = await startOrder();
    const url = `/api/orders/${order.orderId}/store-link`;
    expectError(await call("POST", url, EMPLOYER_ADMIN, { kind: "package" }), 403, "FORBIDDEN");
    expectError(await call("POST", url, EMPLOYEE, { kind: "package" }), 403, "FORBIDDEN");
    expectError(await call("POST", url, null, { kind: "package" }), 401);
    expectError(await call("POST", url, HELPDESK, { kind: "invoice" }), 400);
    expectError(
      await call("POST", "/api/orders/00000000-0000-4000-8000-00000000beef/store-link", HELPDESK, {
        kind: "package",
      }),
      404,
    );
  });
});
