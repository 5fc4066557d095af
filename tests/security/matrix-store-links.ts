import { eq } from "drizzle-orm";
import { DAY_MS, toHelsinkiDateString } from "../../src/domain/dates.ts";
import { bikeStores, orderItems, orders } from "../../src/server/db/schema/index.ts";
import { randomToken, sha256 } from "../../src/server/modules/auth/tokens.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * The bike store's links. Rows read as those of access-matrix.ts (see its header);
 * only types come from there, so the import does not loop at run time.
 *
 * The package and delivery links are anonymous: the token in the path is the credential, so every
 * identity (a logged-in one too) gets the same answer. Re-issuing a link is orders.process: the admin
 * tier only.
 */
const everyone: Expectations = { rest: "ok" };
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

/**
 * A throw-away Demo Oy order at a seeded store in the status, with a working link of the kind. A
 * delivery link is of a store without an account (Kallion Pyöräpaja): one with an account (Vauhti
 * Espoo) records a handover instead, and its link answers 409 HANDOVER_REQUIRED.
 */
async function orderWithLink(
  f: Fixtures,
  status: "PENDING" | "WAITING_FOR_DELIVERY_DATE",
): Promise<{ orderId: string; token: string }> {
  const storeName = status === "PENDING" ? "Vauhti Espoo" : "Kallion Pyöräpaja";
  const [store] = await f.db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.storeName, storeName));
  const token = randomToken();
  const expiresAt = new Date(Date.now() + 30 * DAY_MS);
  const link =
    status === "PENDING"
      ? { packageTokenHash: sha256(token), packageTokenExpiresAt: expiresAt }
      : { deliveryTokenHash: sha256(token), deliveryTokenExpiresAt: expiresAt };
  const [order] = await f.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      bikeStoreId: store?.id ?? null,
      orderStatus: status,
      deliveryMethod: "PICKUP",
      ...link,
    })
    .returning({ id: orders.id });
  const orderId = order?.id as string;
  await f.db
    .insert(orderItems)
    .values({ orderId, itemType: "BIKE", name: "Matriisipyörä", quantity: 1, unitPriceCents: 250_000 });
  return { orderId, token };
}

const packageBody = {
  bikeStoreOrderNumber: "M-1",
  items: [
    { itemType: "BIKE", name: "Matriisipyörä", quantity: 1, unitPriceCents: 250_000, discountCents: 0 },
  ],
};

export const STORE_LINK_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/store-links/package/{token}",
    call: async (f) => ({ params: { token: (await orderWithLink(f, "PENDING")).token } }),
    expect: everyone,
  },
  {
    operation: "PUT /api/store-links/package/{token}",
    call: async (f) => ({ params: { token: (await orderWithLink(f, "PENDING")).token }, body: packageBody }),
    expect: everyone,
  },
  {
    operation: "GET /api/store-links/delivery/{token}",
    call: async (f) => ({ params: { token: (await orderWithLink(f, "WAITING_FOR_DELIVERY_DATE")).token } }),
    expect: everyone,
  },
  {
    operation: "PUT /api/store-links/delivery/{token}",
    call: async (f) => ({
      params: { token: (await orderWithLink(f, "WAITING_FOR_DELIVERY_DATE")).token },
      body: { frameSerialNumber: "MTX-0001", deliveryDate: toHelsinkiDateString(new Date()) },
    }),
    expect: everyone,
  },
  {
    operation: "POST /api/orders/{orderId}/store-link",
    call: async (f) => ({
      params: { orderId: (await orderWithLink(f, "PENDING")).orderId },
      body: { kind: "package" },
    }),
    expect: adminsOnly,
  },
];
