import { eq } from "drizzle-orm";
import { bikeStores } from "../../src/server/db/schema/index.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Bike stores and their groups. Rows read as those of access-matrix.ts (see its header);
 * only types come from there, so the import does not loop at run time.
 *
 * bike-stores.read: the admin tier and the employee (who chooses where to order); the employer roles
 * have no business with the stores' contact details. bike-stores.manage: the admin tier only.
 */
const storeReaders: Expectations = { anonymous: 401, admins: "ok", BIKE_BENEFICIARY: "ok", rest: 403 };
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

const storeBody = (f: Fixtures) => ({
  storeName: f.uniqueName("Matriisin pyöräliike"),
  businessId: "2980005-2",
  email: "myynti@matriisi.test",
  postalCode: "00100",
  city: "Helsinki",
  isOnlineStore: false,
  active: true,
});

/** A seeded active store, only ever read. */
async function seededStoreId(f: Fixtures): Promise<string> {
  const [store] = await f.db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.storeName, "Vauhti Espoo"));
  return store?.id as string;
}

/** A throw-away store for the calls that change or delete one. */
async function freshStoreId(f: Fixtures): Promise<string> {
  const [store] = await f.db
    .insert(bikeStores)
    .values({ storeName: f.uniqueName("Kertakäyttöinen pyöräliike") })
    .returning({ id: bikeStores.id });
  return store?.id as string;
}

export const BIKE_STORE_ROWS: readonly MatrixRow[] = [
  { operation: "GET /api/bike-stores", call: () => ({ query: { search: "Vauhti" } }), expect: storeReaders },
  { operation: "GET /api/bike-stores/minimal", call: () => ({}), expect: storeReaders },
  {
    operation: "GET /api/bike-stores/{id}",
    call: async (f) => ({ params: { id: await seededStoreId(f) } }),
    expect: storeReaders,
  },
  { operation: "POST /api/bike-stores", ok: 201, call: (f) => ({ body: storeBody(f) }), expect: adminsOnly },
  {
    operation: "PUT /api/bike-stores/{id}",
    call: async (f) => ({ params: { id: await freshStoreId(f) }, body: storeBody(f) }),
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/bike-stores/{id}",
    call: async (f) => ({ params: { id: await freshStoreId(f) } }),
    expect: adminsOnly,
  },
  { operation: "GET /api/bike-store-groups", call: () => ({}), expect: storeReaders },
];
