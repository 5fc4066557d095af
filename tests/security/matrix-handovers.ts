import { handoverPhotos, handovers } from "../../src/server/db/schema/index.ts";
import { userIdByEmail } from "../helpers/ids.ts";
import { SAMPLE_PNG } from "../helpers/sample-files.ts";
import { testFileStore } from "../helpers/test-db.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";
import { freshOrder, storeIdOf } from "./matrix-store-accounts.ts";

/**
 * The handover of the bike. Rows read as those of access-matrix.ts (see its header); only types come
 * from there.
 *
 * The store's side is the store user's alone (their own store's order answers, another store's is
 * 404, every other role 403). The order's side reads as an order does (the employee their own, the
 * employer roles their companies', the helpdesk all; the other tenant 404, the store user 403); signing
 * and reporting a defect are the employee's own (the admin tier's own-order permission finds the order
 * not theirs: 404).
 */
const storeUserOnly: Expectations = { anonymous: 401, BIKE_STORE: "ok", rest: 403 };
const anotherStore: Expectations = { anonymous: 401, BIKE_STORE: 404, rest: 403 };
const orderReaders: Expectations = { anonymous: 401, BIKE_STORE: 403, otherTenant: 404, rest: "ok" };
const employeeOnly: Expectations = {
  anonymous: 401,
  BIKE_BENEFICIARY: "ok",
  admins: { status: 404, code: "NOT_FOUND", why: "the demo employee's order is not the admin's own" },
  rest: 403,
};

const waiting = (f: Fixtures, store = "Vauhti Espoo") => freshOrder(f, store, "WAITING_FOR_DELIVERY_DATE");

async function storedPng(f: Fixtures) {
  return testFileStore().put(f.db, {
    fileName: "runko.png",
    mimeType: "image/png",
    content: SAMPLE_PNG,
    companyId: f.demoCompanyId,
    uploadedByUserId: null,
  });
}

/** A throw-away order waiting for its delivery, with one photo of the store's. */
async function orderWithPhoto(f: Fixtures, store = "Vauhti Espoo") {
  const orderId = await waiting(f, store);
  const stored = await storedPng(f);
  const [photo] = await f.db
    .insert(handoverPhotos)
    .values({ orderId, fileId: stored.id })
    .returning({ id: handoverPhotos.id });
  return { orderId, photoId: photo?.id as string };
}

/** A throw-away shipped order whose handover the store has recorded and the employee is to sign. */
async function recordedHandover(f: Fixtures, status: "AWAITING_EMPLOYEE" | "COMPLETED") {
  const orderId = await freshOrder(f, "Vauhti Espoo", "WAITING_FOR_DELIVERY_DATE", "HOME_DELIVERY");
  const storeUserId = await userIdByEmail(f.db, "myyja@vauhti.test");
  const completed = status === "COMPLETED" ? await storedPng(f) : null;
  await f.db.insert(handovers).values({
    orderId,
    companyId: f.demoCompanyId,
    bikeStoreId: await storeIdOf(f, "Vauhti Espoo"),
    kind: "SHIPPED",
    status,
    frameSerialNumber: "MTX123456",
    storeSignedByUserId: storeUserId,
    storeSignedAt: new Date("2026-11-20T10:00:00Z"),
    ...(completed
      ? {
          employeeSigningPlace: "OWN_DEVICE" as const,
          employeeSignerName: "Emilia Esimerkki",
          employeeSignedAt: new Date("2026-11-21T10:00:00Z"),
          handoverDate: "2026-11-21",
          defectWindowEndsOn: "2099-12-31",
          fileId: completed.id,
          documentSha256: `${completed.sha256}-${orderId}`,
        }
      : {}),
  });
  return orderId;
}

const HANDED_OVER = { frameSerialNumber: "MTX123456", batterySerial: "", accessories: ["Runkolukko"] };

export const HANDOVER_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/store/orders/{orderId}/handover",
    call: async (f) => ({ params: { orderId: await waiting(f) } }),
    expect: storeUserOnly,
  },
  {
    // A shipped bike needs no pickup code: the store's record alone is the call.
    operation: "POST /api/store/orders/{orderId}/handover",
    ok: 201,
    call: async (f) => ({
      params: { orderId: await freshOrder(f, "Vauhti Espoo", "WAITING_FOR_DELIVERY_DATE", "HOME_DELIVERY") },
      body: HANDED_OVER,
    }),
    expect: storeUserOnly,
  },
  {
    operation: "POST /api/store/orders/{orderId}/handover/photos",
    ok: 201,
    upload: true,
    call: async (f) => ({
      params: { orderId: await waiting(f) },
      query: { fileName: "runko.png" },
      rawBody: SAMPLE_PNG,
    }),
    expect: storeUserOnly,
  },
  {
    // Another store's photo: out of the store user's reach.
    operation: "GET /api/store/orders/{orderId}/handover/photos/{photoId}",
    call: async (f) => ({ params: await orderWithPhoto(f, "Vauhti Tampere") }),
    expect: anotherStore,
  },
  {
    operation: "DELETE /api/store/orders/{orderId}/handover/photos/{photoId}",
    call: async (f) => ({ params: await orderWithPhoto(f) }),
    expect: storeUserOnly,
  },
  {
    operation: "GET /api/store/orders/{orderId}/handover/pdf",
    call: async (f) => ({ params: { orderId: await recordedHandover(f, "COMPLETED") } }),
    expect: storeUserOnly,
  },
  {
    operation: "GET /api/orders/{orderId}/handover",
    call: async (f) => ({ params: { orderId: await waiting(f) } }),
    expect: orderReaders,
  },
  {
    operation: "GET /api/orders/{orderId}/handover/pdf",
    call: async (f) => ({ params: { orderId: await recordedHandover(f, "COMPLETED") } }),
    expect: orderReaders,
  },
  {
    operation: "POST /api/orders/{orderId}/handover/signature",
    call: async (f) => ({
      params: { orderId: await recordedHandover(f, "AWAITING_EMPLOYEE") },
      body: { received: true },
    }),
    expect: employeeOnly,
  },
  {
    operation: "POST /api/orders/{orderId}/handover/defects",
    ok: 201,
    call: async (f) => ({
      params: { orderId: await recordedHandover(f, "COMPLETED") },
      body: { description: "Takavaihtaja on vääntynyt kuljetuksessa." },
    }),
    expect: employeeOnly,
  },
];
