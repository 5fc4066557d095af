import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { loginAs } from "../../../../tests/helpers/auth.ts";
import { bikeStoreIdByName, companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zStoreDetails,
  zStoreOrder,
  zStoreOrderPage,
  zStoreUserInvited,
  zStoreUserPage,
} from "../../../contract/store-accounts.ts";
import { zStorePayouts } from "../../../contract/store-payouts.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  bikeStoreUsers,
  eventLog,
  orderItems,
  orders,
  outbox,
  users,
} from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { loadCurrentUser } from "../auth/session-user.ts";

/**
 * A bike store's own account: its user reads the orders of their stores across employers, gives the
 * package through the token link's own step (the delivery is the handover's, handovers.db.test.ts),
 * keeps the store's details; the helpdesk invites and removes the store's users. Another store's order
 * is 404, other roles 403.
 */

const t = setupTestApp({}, { demoData: true });
const { call, forget } = apiCaller(t);

const STORE_USER = "myyja@vauhti.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER_ADMIN = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";

let espoo: string;
let tampere: string;

const storeId = (name: string) => bikeStoreIdByName(t.database.db, name);

/** An employment of the company, to make an order for. */
async function employmentIn(companyName: string) {
  const companyId = await companyIdByName(t.database.db, companyName);
  const [row] = await t.database.db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.companyId, companyId))
    .limit(1);
  return { companyId, employmentId: row?.id as string };
}

/** An order of the company's employee at the store, put straight into a status. */
async function orderAt(store: string, status: OrderStatus, companyName = "Demo Oy") {
  const { companyId, employmentId } = await employmentIn(companyName);
  const [created] = await t.database.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId,
      bikeStoreId: store,
      orderStatus: status,
      deliveryMethod: "PICKUP",
      totalPriceCents: 199_000,
      monthlyPaymentCents: 5_500,
      createdAt: new Date("2026-03-01T10:00:00Z"),
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  await t.database.db.insert(orderItems).values({
    orderId: created?.id as string,
    itemType: "BIKE",
    name: "Tunturi eSport 500",
    quantity: 1,
    unitPriceCents: 199_000,
    discountCents: 0,
  });
  return { id: created?.id as string, orderNumber: created?.orderNumber as number };
}

/** An order of the store whose purchase invoice the helpdesk records and matches: it becomes payable. */
async function payableOrderAt(store: string) {
  const order = await orderAt(store, "WAITING_FOR_INVOICE_MATCH");
  const created = await call("POST", "/api/invoices", HELPDESK, {
    orderId: order.id,
    invoiceNumber: `VA-${order.orderNumber}`,
    amountCents: 159_000,
    vatCents: 40_000,
    issueDate: "2026-03-02",
  });
  expect(created.statusCode, created.body).toBe(201);
  const matched = await call(
    "POST",
    `/api/invoices/${(created.json() as { id: string }).id}/match`,
    HELPDESK,
  );
  expect(matched.statusCode, matched.body).toBe(200);
  return order;
}

const bikePackage = {
  bikeStoreOrderNumber: "VE-1001",
  items: [
    { itemType: "BIKE", name: "Tunturi eSport 500", quantity: 1, unitPriceCents: 249_000, discountCents: 0 },
  ],
};

beforeAll(async () => {
  espoo = await storeId("Vauhti Espoo");
  tampere = await storeId("Vauhti Tampere");
});

describe("the store user's session", () => {
  it("holds the stores they are bound to and no company, so no employer list reaches them", async () => {
    const user = await loadCurrentUser(t.database.db, await userIdByEmail(t.database.db, STORE_USER));
    expect(user?.storeIds).toEqual([espoo]);
    expect(user?.scope).toEqual({ kind: "companies", companyIds: [] });
    expect(user?.companies).toEqual([]);
    expectError(await call("GET", "/api/orders/all", STORE_USER), 403);
  });
});

describe("the store's order list", () => {
  it("lists the orders of the caller's store across employers, newest first, and never another store's", async () => {
    const demo = await orderAt(espoo, "PENDING");
    const toinen = await orderAt(espoo, "WAITING_FOR_DELIVERY_DATE", "Toinen Oy");
    const other = await orderAt(tampere, "PENDING");
    const res = await call("GET", "/api/store/orders?limit=100", STORE_USER);
    expect(res.statusCode, res.body).toBe(200);
    const page = zStoreOrderPage.parse(res.json());
    const ids = page.items.map((o) => o.orderId);
    expect(ids).toEqual(expect.arrayContaining([demo.id, toinen.id]));
    expect(ids).not.toContain(other.id);
    expect(page.items.every((o) => o.bikeStoreId === espoo)).toBe(true);
    const companies = new Set(page.items.map((o) => o.companyName));
    expect(companies.has("Demo Oy") && companies.has("Toinen Oy")).toBe(true);
    const times = page.items.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const byId = new Map(page.items.map((o) => [o.orderId, o]));
    expect(byId.get(demo.id)?.nextStep).toBe("PACKAGE");
    expect(byId.get(toinen.id)?.nextStep).toBe("DELIVERY");
  });

  it("filters by status and by the step, and searches by order number", async () => {
    const order = await orderAt(espoo, "WAITING_FOR_DELIVERY_DATE");
    const byStatus = zStoreOrderPage.parse(
      (await call("GET", "/api/store/orders?status=WAITING_FOR_DELIVERY_DATE&limit=100", STORE_USER)).json(),
    );
    expect(byStatus.items.every((o) => o.orderStatus === "WAITING_FOR_DELIVERY_DATE")).toBe(true);
    expect(byStatus.items.map((o) => o.orderId)).toContain(order.id);
    const byStep = zStoreOrderPage.parse(
      (await call("GET", "/api/store/orders?step=PACKAGE&limit=100", STORE_USER)).json(),
    );
    expect(byStep.items.every((o) => o.nextStep === "PACKAGE")).toBe(true);
    const found = zStoreOrderPage.parse(
      (await call("GET", `/api/store/orders?search=${order.orderNumber}`, STORE_USER)).json(),
    );
    expect(found.items.map((o) => o.orderId)).toEqual([order.id]);
    expect(found.total).toBe(1);
  });

  it("answers 400 for a bad filter, 404 for a store not the caller's, 403 for other roles", async () => {
    expectError(await call("GET", "/api/store/orders?status=NOPE", STORE_USER), 400);
    expectError(await call("GET", `/api/store/orders?storeId=${tampere}`, STORE_USER), 404);
    expectError(await call("GET", "/api/store/orders", EMPLOYER_ADMIN), 403);
    expectError(await call("GET", "/api/store/orders", HELPDESK), 403);
    expectError(await call("GET", "/api/store/orders", null), 401);
  });
});

describe("one order of the store", () => {
  it("shows who and what with the timeline, and no lease terms or pay", async () => {
    const order = await orderAt(espoo, "PENDING");
    const res = await call("GET", `/api/store/orders/${order.id}`, STORE_USER);
    expect(res.statusCode, res.body).toBe(200);
    const body = zStoreOrder.parse(res.json());
    expect(body.items.map((i) => i.name)).toEqual(["Tunturi eSport 500"]);
    expect(body.packageEditable).toBe(true);
    expect(body.waitingOn).toBe("BIKE_STORE");
    const raw = res.json() as Record<string, unknown>;
    for (const secret of ["monthlyPaymentCents", "leaseTimeMonths", "agreement", "userPaymentCents"]) {
      expect(raw).not.toHaveProperty(secret);
    }
  });

  it("is 404 for another store's order, 403 for other roles, 400 for a bad id", async () => {
    const other = await orderAt(tampere, "PENDING");
    expectError(await call("GET", `/api/store/orders/${other.id}`, STORE_USER), 404);
    expectError(await call("GET", `/api/store/orders/${other.id}`, EMPLOYEE), 403);
    expectError(await call("GET", "/api/store/orders/not-an-id", STORE_USER), 400);
  });
});

describe("the store's package", () => {
  it("gives the package through the link's own step: PACKAGE_PROVIDED, the event by the store's user", async () => {
    const order = await orderAt(espoo, "PENDING");
    const res = await call("PUT", `/api/store/orders/${order.id}/package`, STORE_USER, bikePackage);
    expect(res.statusCode, res.body).toBe(200);
    const body = zStoreOrder.parse(res.json());
    expect(body.orderStatus).toBe("PACKAGE_PROVIDED");
    expect(body.totalPriceCents).toBe(249_000);
    expect(body.bikeStoreOrderNumber).toBe("VE-1001");
    expect(body.events.at(-1)).toMatchObject({ from: "PENDING", to: "PACKAGE_PROVIDED", by: "user" });
    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityType, "order"), eq(eventLog.entityId, order.id)))
      .orderBy(desc(eventLog.createdAt));
    expect(event?.actorUserId).toBe(await userIdByEmail(t.database.db, STORE_USER));
  });

  it("refuses a step the order does not wait for (409), bad input (400), another store's order (404)", async () => {
    const pending = await orderAt(espoo, "PENDING");
    const delivering = await orderAt(espoo, "WAITING_FOR_DELIVERY_DATE");
    expectError(
      await call("PUT", `/api/store/orders/${delivering.id}/package`, STORE_USER, bikePackage),
      409,
      "STORE_ORDER_STEP_CLOSED",
    );
    expectError(await call("PUT", `/api/store/orders/${pending.id}/package`, STORE_USER, { items: [] }), 400);
    const other = await orderAt(tampere, "PENDING");
    expectError(await call("PUT", `/api/store/orders/${other.id}/package`, STORE_USER, bikePackage), 404);
    expectError(
      await call("PUT", `/api/store/orders/${pending.id}/package`, EMPLOYER_ADMIN, bikePackage),
      403,
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, other.id));
    expect(row?.orderStatus).toBe("PENDING");
  });
});

describe("the store's invoice from its account", () => {
  const invoiceUrl = (orderId: string) => `/api/store/orders/${orderId}/invoice`;

  it("invoices Pedaali for the package's lines once the order waits for it, and the helpdesk matches it", async () => {
    const order = await orderAt(espoo, "WAITING_FOR_INVOICE_MATCH");
    const before = zStoreOrder.parse((await call("GET", `/api/store/orders/${order.id}`, STORE_USER)).json());
    expect(before).toMatchObject({ nextStep: "INVOICE", invoiceEditable: true, invoice: null });

    const res = await call("POST", invoiceUrl(order.id), STORE_USER, { invoiceNumber: "VE-2026-118" });
    expect(res.statusCode, res.body).toBe(201);
    const sent = zStoreOrder.parse(res.json());
    // 1 990,00 € with 25.5 % VAT in it: 1 585,66 € + 404,34 €.
    expect(sent).toMatchObject({ nextStep: null, invoiceEditable: false });
    expect(sent.invoice).toMatchObject({
      invoiceNumber: "VE-2026-118",
      amountCents: 158_566,
      vatCents: 40_434,
      totalCents: 199_000,
      status: "RECEIVED",
      sentFromAccount: true,
    });
    expectError(
      await call("POST", invoiceUrl(order.id), STORE_USER, { invoiceNumber: "VE-2" }),
      409,
      "STORE_ORDER_STEP_CLOSED",
    );

    const [event] = await t.database.db
      .select({ actor: eventLog.actorUserId, data: eventLog.data })
      .from(eventLog)
      .where(
        and(eq(eventLog.type, "STORE_INVOICE_SENT"), eq(eventLog.entityId, sent.invoice?.invoiceId ?? "")),
      );
    expect(event?.actor).toBe(await userIdByEmail(t.database.db, STORE_USER));
    expect(event?.data).toMatchObject({ orderNumber: order.orderNumber, totalCents: 199_000 });

    // The e-invoice: the store sells, Pedaali buys, the reference is the order's, a row per package line.
    const file = await call("GET", `${invoiceUrl(order.id)}/finvoice.xml`, STORE_USER);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers["content-type"]).toContain("application/xml");
    expect(file.body).toContain("<SellerOrganisationName>Vauhti Espoo</SellerOrganisationName>");
    expect(file.body).toContain("<BuyerOrganisationName>Pedaali Oy</BuyerOrganisationName>");
    expect(file.body).toContain("<InvoiceNumber>VE-2026-118</InvoiceNumber>");
    expect(file.body).toContain(referenceNumber(order.orderNumber));
    expect(file.body.match(/<InvoiceRow>/g)).toHaveLength(1);
    expect(file.body).toContain(
      '<InvoiceTotalVatIncludedAmount AmountCurrencyIdentifier="EUR">1990,00</InvoiceTotalVatIncludedAmount>',
    );

    // It is a received purchase invoice like any other: its total is the order's, so it matches.
    const matched = await call("POST", `/api/invoices/${sent.invoice?.invoiceId}/match`, HELPDESK);
    expect(matched.statusCode, matched.body).toBe(200);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.orderStatus).toBe("WAITING_FOR_DELIVERY_DATE");
  });

  it("is refused for an order that does not wait for it, a missing number, another store and other roles", async () => {
    const pending = await orderAt(espoo, "PENDING");
    expectError(
      await call("POST", invoiceUrl(pending.id), STORE_USER, { invoiceNumber: "VE-1" }),
      409,
      "STORE_ORDER_STEP_CLOSED",
    );
    const waiting = await orderAt(espoo, "WAITING_FOR_INVOICE_MATCH");
    expectError(await call("POST", invoiceUrl(waiting.id), STORE_USER, { invoiceNumber: "" }), 400);
    expectError(
      await call("POST", invoiceUrl(waiting.id), STORE_USER, { invoiceNumber: "x".repeat(41) }),
      400,
    );
    const other = await orderAt(tampere, "WAITING_FOR_INVOICE_MATCH");
    expectError(await call("POST", invoiceUrl(other.id), STORE_USER, { invoiceNumber: "VE-1" }), 404);
    expectError(await call("GET", `${invoiceUrl(other.id)}/finvoice.xml`, STORE_USER), 404);
    expectError(await call("POST", invoiceUrl(waiting.id), EMPLOYEE, { invoiceNumber: "VE-1" }), 403);
    // No invoice sent from the account yet: no e-invoice to give.
    expectError(await call("GET", `${invoiceUrl(waiting.id)}/finvoice.xml`, STORE_USER), 404);
  });

  it("asks for the store's business ID and bank account when its details lack them", async () => {
    const order = await orderAt(espoo, "WAITING_FOR_INVOICE_MATCH");
    const [store] = await t.database.db.select().from(bikeStores).where(eq(bikeStores.id, espoo));
    await t.database.db.update(bikeStores).set({ bic: null }).where(eq(bikeStores.id, espoo));
    try {
      expectError(
        await call("POST", invoiceUrl(order.id), STORE_USER, { invoiceNumber: "VE-3" }),
        409,
        "STORE_DETAILS_INCOMPLETE",
      );
    } finally {
      await t.database.db
        .update(bikeStores)
        .set({ bic: store?.bic ?? null })
        .where(eq(bikeStores.id, espoo));
    }
  });
});

describe("the store's own details", () => {
  it("reads and changes the store's details; the IBAN is kept in its electronic form", async () => {
    const before = zStoreDetails.parse((await call("GET", "/api/store/details", STORE_USER)).json());
    expect(before).toMatchObject({ bikeStoreId: espoo, storeName: "Vauhti Espoo" });
    const res = await call("PUT", "/api/store/details", STORE_USER, {
      contactPersonName: "Kalle Vauhkonen",
      contactPersonEmail: "kalle@vauhti.test",
      phoneNumber: "+358505550301",
      streetAddress: "Piispansilta 9",
      postalCode: "02230",
      city: "Espoo",
      iban: "fi21 1234 5600 0007 85",
      bic: "nda sfi hh",
      email: "espoo@vauhti.test",
      // A new bank account asks for the store user's current password.
      currentPassword: DEMO_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zStoreDetails.parse(res.json())).toMatchObject({ iban: "FI2112345600000785", bic: "NDASFIHH" });
    // This change's own row: the store's latest (other tests of the file change its details too).
    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.type, "BIKE_STORE_DETAILS_UPDATED"), eq(eventLog.entityId, espoo)))
      .orderBy(desc(eventLog.createdAt))
      .limit(1);
    expect(event?.data).toMatchObject({ changed: expect.arrayContaining(["iban", "bic"]) });
    expect(JSON.stringify(event?.data)).not.toContain("FI2112345600000785");
  });

  it("sets the store's language for its order mails, and keeps it when a change leaves it out", async () => {
    // The details as they are, sent back with only the language changed: the form sends every field,
    // and the other tests of this file read the same store's account.
    const current = zStoreDetails.parse((await call("GET", "/api/store/details", STORE_USER)).json());
    const asSaved = {
      contactPersonName: current.contactPersonName,
      contactPersonEmail: current.contactPersonEmail,
      phoneNumber: current.phoneNumber,
      streetAddress: current.streetAddress,
      postalCode: current.postalCode,
      city: current.city,
      iban: current.iban,
      bic: current.bic,
      email: current.email ?? "espoo@vauhti.test",
    };
    const res = await call("PUT", "/api/store/details", STORE_USER, { ...asSaved, language: "sv" });
    expect(res.statusCode, res.body).toBe(200);
    expect(zStoreDetails.parse(res.json())).toMatchObject({ language: "sv", iban: current.iban });
    const kept = await call("PUT", "/api/store/details", STORE_USER, asSaved);
    expect(zStoreDetails.parse(kept.json()).language).toBe("sv");
    expectError(await call("PUT", "/api/store/details", STORE_USER, { ...asSaved, language: "de" }), 400);
    const back = await call("PUT", "/api/store/details", STORE_USER, { ...asSaved, language: "fi" });
    expect(zStoreDetails.parse(back.json())).toMatchObject({
      language: "fi",
      iban: current.iban,
      bic: current.bic,
    });
  });

  it("refuses an IBAN with wrong check digits (400), another store (404), other roles (403)", async () => {
    const body = expectError(
      await call("PUT", "/api/store/details", STORE_USER, {
        email: "espoo@vauhti.test",
        iban: "FI22 1234 5600 0007 85",
      }),
      400,
    );
    expect(body.details?.map((d) => d.field)).toContain("body.iban");
    expectError(await call("GET", `/api/store/details?storeId=${tampere}`, STORE_USER), 404);
    expectError(await call("GET", "/api/store/details", EMPLOYER_ADMIN), 403);
  });
});

describe("the store's own payouts", () => {
  it("reads what is open and each order's payable with its employer, of the caller's store alone: the helpdesk's view of it", async () => {
    const mine = await payableOrderAt(espoo);
    const theirs = await payableOrderAt(tampere);
    const res = await call("GET", "/api/store/payouts?limit=100", STORE_USER);
    expect(res.statusCode, res.body).toBe(200);
    const body = zStorePayouts.parse(res.json());
    expect(body).toMatchObject({ bikeStoreId: espoo, storeName: "Vauhti Espoo" });
    const ids = body.payables.items.map((p) => p.orderId);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(body.payables.items.find((p) => p.orderId === mine.id)).toMatchObject({
      status: "OPEN",
      companyName: "Demo Oy",
      grossCents: 199_000,
      batchNumber: null,
    });
    expect(body.open.payableCount).toBeGreaterThan(0);
    const helpdesk = await call("GET", `/api/bike-stores/${espoo}/payouts?limit=100`, HELPDESK);
    expect(zStorePayouts.parse(helpdesk.json())).toEqual(body);
    const named = await call("GET", `/api/store/payouts?storeId=${espoo}&page=2&limit=1`, STORE_USER);
    expect(zStorePayouts.parse(named.json()).payables).toMatchObject({
      page: 2,
      limit: 1,
      hasPrevious: true,
    });
  });

  it("answers 400 for a bad page or store id, 404 for another store, 403 for other roles", async () => {
    expectError(await call("GET", "/api/store/payouts?limit=0", STORE_USER), 400);
    expectError(await call("GET", "/api/store/payouts?storeId=nope", STORE_USER), 400);
    expectError(await call("GET", `/api/store/payouts?storeId=${tampere}`, STORE_USER), 404);
    expectError(await call("GET", "/api/store/payouts", HELPDESK), 403);
    expectError(await call("GET", "/api/store/payouts", EMPLOYER_ADMIN), 403);
    expectError(await call("GET", "/api/store/payouts", null), 401);
  });
});

describe("the store's users, kept by the helpdesk", () => {
  it("invites a store user: an account with BIKE_STORE bound to the store, a set-password mail; then removes them", async () => {
    const res = await call("POST", `/api/bike-stores/${tampere}/users`, HELPDESK, {
      firstName: "Tiina",
      lastName: "Tammela",
      workEmail: "tiina.tammela@vauhti.test",
      phoneNumber: "0401234567",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { user, created } = zStoreUserInvited.parse(res.json());
    expect(created).toBe(true);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "tiina.tammela@vauhti.test"));
    expect(mail?.bodyText).toContain("/reset/");
    const list = zStoreUserPage.parse(
      (await call("GET", `/api/bike-stores/${tampere}/users`, HELPDESK)).json(),
    );
    expect(list.items.map((u) => u.userId)).toContain(user.userId);

    // Bound to a second store of the chain, then removed from both: the role goes with the last.
    const again = await call("POST", `/api/bike-stores/${espoo}/users`, HELPDESK, {
      firstName: "Tiina",
      lastName: "Tammela",
      workEmail: "tiina.tammela@vauhti.test",
      phoneNumber: "0401234567",
    });
    expect(zStoreUserInvited.parse(again.json()).created).toBe(false);
    expectError(
      await call("POST", `/api/bike-stores/${espoo}/users`, HELPDESK, {
        firstName: "Tiina",
        lastName: "Tammela",
        workEmail: "tiina.tammela@vauhti.test",
        phoneNumber: "0401234567",
      }),
      409,
      "STORE_USER_EXISTS",
    );
    expect(
      (await call("DELETE", `/api/bike-stores/${espoo}/users/${user.userId}`, HELPDESK)).statusCode,
    ).toBe(200);
    expect(
      (await call("DELETE", `/api/bike-stores/${tampere}/users/${user.userId}`, HELPDESK)).statusCode,
    ).toBe(200);
    const bound = await t.database.db
      .select()
      .from(bikeStoreUsers)
      .where(eq(bikeStoreUsers.userId, user.userId));
    expect(bound).toEqual([]);
    const roles = await t.database.db.query.userRoles.findMany({
      where: (ur, { eq: is }) => is(ur.userId, user.userId),
    });
    expect(roles).toEqual([]);
  });

  it("moves the store user's session with their binding: an unbound store's orders are gone at once", async () => {
    const res = await call("POST", `/api/bike-stores/${tampere}/users`, HELPDESK, {
      firstName: "Olli",
      lastName: "Otava",
      workEmail: "olli.otava@vauhti.test",
      phoneNumber: "0401234568",
    });
    const { user } = zStoreUserInvited.parse(res.json());
    await t.database.db
      .update(users)
      .set({ passwordHash: (await passwordOf(STORE_USER)) as string })
      .where(eq(users.id, user.userId));
    const session = await loginAs(t.app, "olli.otava@vauhti.test");
    const order = await orderAt(tampere, "PENDING");
    const read = () =>
      t.app.inject({ method: "GET", url: `/api/store/orders/${order.id}`, headers: session.headers() });
    expect((await read()).statusCode).toBe(200);
    await call("POST", `/api/bike-stores/${espoo}/users`, HELPDESK, {
      firstName: "Olli",
      lastName: "Otava",
      workEmail: "olli.otava@vauhti.test",
      phoneNumber: "0401234568",
    });
    await call("DELETE", `/api/bike-stores/${tampere}/users/${user.userId}`, HELPDESK);
    expectError(await read(), 404);
  });

  it("refuses a taken e-mail (409), a bad phone (400), an unknown store (404), other roles (403)", async () => {
    const invite = { firstName: "A", lastName: "B", workEmail: EMPLOYEE, phoneNumber: "0401234567" };
    expectError(await call("POST", `/api/bike-stores/${espoo}/users`, HELPDESK, invite), 409, "EMAIL_TAKEN");
    expectError(
      await call("POST", `/api/bike-stores/${espoo}/users`, HELPDESK, {
        ...invite,
        workEmail: "x1@vauhti.test",
        phoneNumber: "abc",
      }),
      400,
    );
    expectError(
      await call("POST", "/api/bike-stores/00000000-0000-4000-8000-000000000000/users", HELPDESK, {
        ...invite,
        workEmail: "x2@vauhti.test",
      }),
      404,
    );
    expectError(await call("GET", `/api/bike-stores/${espoo}/users`, EMPLOYER_ADMIN), 403);
    expectError(await call("GET", `/api/bike-stores/${espoo}/users`, STORE_USER), 403);
  });
});

async function passwordOf(email: string) {
  const [row] = await t.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return row?.hash;
}

describe("a user of several stores", () => {
  it("gets the store they were bound to first when they name none, with every store listed to switch to", async () => {
    const userId = await userIdByEmail(t.database.db, STORE_USER);
    await t.database.db.insert(bikeStoreUsers).values({ userId, bikeStoreId: tampere });
    forget(STORE_USER);
    try {
      const details = zStoreDetails.parse((await call("GET", "/api/store/details", STORE_USER)).json());
      expect(details.bikeStoreId).toBe(espoo);
      expect(details.stores.map((s) => s.bikeStoreId).sort()).toEqual([espoo, tampere].sort());
      const named = await call("GET", `/api/store/details?storeId=${tampere}`, STORE_USER);
      expect(zStoreDetails.parse(named.json()).bikeStoreId).toBe(tampere);
      expect((await call("GET", "/api/store/payouts", STORE_USER)).statusCode).toBe(200);
    } finally {
      await t.database.db
        .delete(bikeStoreUsers)
        .where(and(eq(bikeStoreUsers.userId, userId), eq(bikeStoreUsers.bikeStoreId, tampere)));
      forget(STORE_USER);
    }
  });
});
