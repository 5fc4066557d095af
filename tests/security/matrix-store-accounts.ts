import { eq } from "drizzle-orm";
import type { DeliveryMethod, OrderStatus } from "../../src/domain/enums.ts";
import { referenceNumber } from "../../src/domain/reference-number.ts";
import {
  bikeStores,
  bikeStoreUsers,
  invoices,
  orderItems,
  orders,
} from "../../src/server/db/schema/index.ts";
import { DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import { bikeStoreIdByName, userIdByEmail } from "../helpers/ids.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * A bike store's own account. Rows read as those of access-matrix.ts (see its header); only types come
 * from there, so the import does not loop at run time.
 *
 * The store's endpoints are the store user's alone (BIKE_STORE, bound to Vauhti Espoo): their own
 * store's order answers, another store's is 404 (never 403 or 200); every other role is 403, the
 * helpdesk included (it has its own ways to the same orders). The store's users are the helpdesk's
 * (bike-stores.manage).
 */
const storeUserOnly: Expectations = { anonymous: 401, BIKE_STORE: "ok", rest: 403 };
const anotherStore: Expectations = { anonymous: 401, BIKE_STORE: 404, rest: 403 };
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

export const storeIdOf = (f: Fixtures, name: string): Promise<string> => bikeStoreIdByName(f.db, name);

/** A throw-away order of Demo Oy's employee at the store, in the status. */
export async function freshOrder(
  f: Fixtures,
  storeName: string,
  status: OrderStatus,
  deliveryMethod: DeliveryMethod = "PICKUP",
): Promise<string> {
  const [order] = await f.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      bikeStoreId: await storeIdOf(f, storeName),
      orderStatus: status,
      deliveryMethod,
      totalPriceCents: 150_000,
      createdAt: new Date("2026-03-01T10:00:00Z"),
    })
    .returning({ id: orders.id });
  const id = order?.id as string;
  await f.db
    .insert(orderItems)
    .values({ orderId: id, itemType: "BIKE", name: "Matriisipyörä", quantity: 1, unitPriceCents: 150_000 });
  return id;
}

/** A throw-away order of Vauhti Espoo that its store user invoiced from the account. */
async function invoicedOrder(f: Fixtures): Promise<string> {
  const orderId = await freshOrder(f, "Vauhti Espoo", "WAITING_FOR_INVOICE_MATCH");
  const [order] = await f.db
    .select({ orderNumber: orders.orderNumber, bikeStoreId: orders.bikeStoreId })
    .from(orders)
    .where(eq(orders.id, orderId));
  await f.db.insert(invoices).values({
    invoiceNumber: f.uniqueName("VE"),
    status: "RECEIVED",
    payerType: "PEDAALI",
    companyId: f.demoCompanyId,
    orderId,
    bikeStoreId: order?.bikeStoreId ?? null,
    amountCents: 119_522,
    vatCents: 30_478,
    totalCents: 150_000,
    referenceNumber: referenceNumber(order?.orderNumber ?? 10_001),
    issueDate: "2026-03-02",
    dueDate: "2026-03-16",
    sentByStoreUserId: await userIdByEmail(f.db, "myyja@vauhti.test"),
  });
  return orderId;
}

/** A throw-away store, for the helpdesk's invitations and removals. */
async function freshStoreId(f: Fixtures): Promise<string> {
  const [store] = await f.db
    .insert(bikeStores)
    .values({ storeName: f.uniqueName("Matriisin liike") })
    .returning({ id: bikeStores.id });
  return store?.id as string;
}

const bikePackage = {
  items: [
    { itemType: "BIKE", name: "Matriisipyörä", quantity: 1, unitPriceCents: 150_000, discountCents: 0 },
  ],
};

export const STORE_ACCOUNT_ROWS: readonly MatrixRow[] = [
  { operation: "GET /api/store/orders", call: () => ({ query: { limit: "5" } }), expect: storeUserOnly },
  {
    operation: "GET /api/store/orders/{orderId}",
    call: async (f) => ({ params: { orderId: await freshOrder(f, "Vauhti Espoo", "PENDING") } }),
    expect: storeUserOnly,
  },
  {
    // Another store's order: out of the store user's reach.
    operation: "PUT /api/store/orders/{orderId}/package",
    call: async (f) => ({
      params: { orderId: await freshOrder(f, "Vauhti Tampere", "PENDING") },
      body: bikePackage,
    }),
    expect: anotherStore,
  },
  {
    operation: "POST /api/store/orders/{orderId}/invoice",
    ok: 201,
    call: async (f) => ({
      params: { orderId: await freshOrder(f, "Vauhti Espoo", "WAITING_FOR_INVOICE_MATCH") },
      body: { invoiceNumber: f.uniqueName("VE") },
    }),
    expect: storeUserOnly,
  },
  {
    operation: "GET /api/store/orders/{orderId}/invoice/finvoice.xml",
    call: async (f) => ({ params: { orderId: await invoicedOrder(f) } }),
    expect: storeUserOnly,
  },
  { operation: "GET /api/store/details", call: () => ({}), expect: storeUserOnly },
  {
    operation: "PUT /api/store/details",
    call: () => ({
      body: {
        contactPersonName: "Kalle Vauhkonen",
        phoneNumber: "+358505550301",
        streetAddress: "Piispansilta 9",
        postalCode: "02230",
        city: "Espoo",
        iban: "FI21 1234 5600 0007 85",
        bic: "NDASFIHH",
        email: "espoo@vauhti.test",
        // A new account asks for the store user's password; the demo users share one.
        currentPassword: DEMO_PASSWORD,
      },
    }),
    expect: storeUserOnly,
  },
  {
    // Named by its id, so the guard's reach decides: the store user's own store answers.
    operation: "GET /api/store/payouts",
    call: async (f) => ({ query: { storeId: await storeIdOf(f, "Vauhti Espoo"), limit: "5" } }),
    expect: storeUserOnly,
  },
  {
    operation: "GET /api/bike-stores/{id}/users",
    call: async (f) => ({ params: { id: await storeIdOf(f, "Vauhti Espoo") } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/bike-stores/{id}/users",
    ok: 201,
    call: async (f) => {
      const email = f.uniqueEmail("store.user");
      return {
        params: { id: await freshStoreId(f) },
        body: { firstName: "Maija", lastName: "Matriisi", workEmail: email, phoneNumber: "0401234567" },
        createsUser: { email, roles: ["BIKE_STORE@global"] },
      };
    },
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/bike-stores/{id}/users/{userId}",
    call: async (f) => {
      const id = await freshStoreId(f);
      const userId = await f.freshUser();
      await f.db.insert(bikeStoreUsers).values({ userId, bikeStoreId: id });
      return { params: { id, userId } };
    },
    expect: adminsOnly,
  },
];
