import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  BIKE_STORE_CREATED,
  BIKE_STORE_DELETED,
  BIKE_STORE_UPDATED,
  zBikeStore,
  zBikeStoreGroups,
  zBikeStoreOptions,
  zBikeStorePage,
  zBikeStoreSaved,
} from "../../../contract/bike-stores.ts";
import { beneficiaryEmployees, bikeStoreGroups, bikeStores, orders, users } from "../../db/schema/index.ts";

/** Bike stores and their groups (docs/api-surface.md "Bike stores"). */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYEE = "employee@demo.test";
const EMPLOYER = "employer.admin@demo.test";

let vauhtiGroupId: string;

beforeAll(async () => {
  const [group] = await t.database.db
    .select({ id: bikeStoreGroups.id })
    .from(bikeStoreGroups)
    .where(eq(bikeStoreGroups.name, "Vauhti-pyöräliikkeet"));
  vauhtiGroupId = group?.id as string;
});

const unique = () => randomUUID().slice(0, 8);

const newStore = (storeName = `Polkupyöräliike ${unique()}`) => ({
  storeName,
  bikeStoreGroupId: null,
  businessId: "2980005-2",
  email: "myynti@polkupyora.test",
  phoneNumber: "+358401234567",
  website: "https://polkupyora.test",
  streetAddress: "Hämeenkatu 1",
  postalCode: "33100",
  city: "Tampere",
  isOnlineStore: false,
  active: true,
});

async function created(body = newStore(), who = ADMIN) {
  const res = await call("POST", "/api/bike-stores", who, body);
  expect(res.statusCode, res.body).toBe(201);
  return zBikeStoreSaved.parse(res.json());
}

describe("bike stores", () => {
  it("creates, reads, updates and deletes a store with the spec's messages", async () => {
    const saved = await created();
    expect(saved.message).toBe(BIKE_STORE_CREATED);
    expect(saved.bikeStore).toMatchObject({ city: "Tampere", active: true, bikeStoreGroupName: null });
    const id = saved.bikeStore.bikeStoreId;

    const read = zBikeStore.parse((await call("GET", `/api/bike-stores/${id}`, HELPDESK)).json());
    expect(read).toEqual(saved.bikeStore);

    const changed = { ...newStore(saved.bikeStore.storeName), bikeStoreGroupId: vauhtiGroupId, website: "" };
    const updated = zBikeStoreSaved.parse(
      (await call("PUT", `/api/bike-stores/${id}`, ADMIN, changed)).json(),
    );
    expect(updated.message).toBe(BIKE_STORE_UPDATED);
    expect(updated.bikeStore).toMatchObject({ bikeStoreGroupName: "Vauhti-pyöräliikkeet", website: null });

    const deleted = await call("DELETE", `/api/bike-stores/${id}`, ADMIN);
    expect(deleted.json()).toEqual({ message: BIKE_STORE_DELETED });
    expectError(await call("GET", `/api/bike-stores/${id}`, ADMIN), 404, "NOT_FOUND");
  });

  it("pages and searches by name or city in SQL, and filters by group and activity", async () => {
    const city = `Kylä${unique()}`;
    await created({ ...newStore(), city });
    await created({ ...newStore(), city, active: false });
    const byCity = zBikeStorePage.parse((await call("GET", `/api/bike-stores?search=${city}`, ADMIN)).json());
    expect(byCity.total).toBe(2);
    const activeOnly = zBikeStorePage.parse(
      (await call("GET", `/api/bike-stores?search=${city}&active=true`, ADMIN)).json(),
    );
    expect(activeOnly.items.map((s) => s.active)).toEqual([true]);
    const vauhti = zBikeStorePage.parse(
      (await call("GET", `/api/bike-stores?bikeStoreGroupId=${vauhtiGroupId}&limit=1&page=2`, ADMIN)).json(),
    );
    expect(vauhti).toMatchObject({ page: 2, limit: 1, total: 2, hasPrevious: true, hasNext: false });
    expect(vauhti.items[0]?.bikeStoreGroupName).toBe("Vauhti-pyöräliikkeet");
    // A search with LIKE's own characters matches them literally.
    const literal = zBikeStorePage.parse((await call("GET", "/api/bike-stores?search=%25_", ADMIN)).json());
    expect(literal.total).toBe(0);
  });

  it("shows an employee only the active stores, in the list, the minimal list and by id", async () => {
    const city = `Kaupunki${unique()}`;
    await created({ ...newStore(), city });
    const hidden = await created({ ...newStore(), city, active: false });
    const list = zBikeStorePage.parse(
      (await call("GET", `/api/bike-stores?search=${city}&active=false`, EMPLOYEE)).json(),
    );
    expect(list.items.map((s) => s.active)).toEqual([true]);
    const minimal = zBikeStoreOptions.parse((await call("GET", "/api/bike-stores/minimal", EMPLOYEE)).json());
    expect(minimal.bikeStores.some((s) => s.bikeStoreId === hidden.bikeStore.bikeStoreId)).toBe(false);
    expect(minimal.bikeStores.map((s) => s.storeName)).toContain("Vauhti Espoo");
    expectError(await call("GET", `/api/bike-stores/${hidden.bikeStore.bikeStoreId}`, EMPLOYEE), 404);
    // The admin tier sees it.
    expect((await call("GET", `/api/bike-stores/${hidden.bikeStore.bikeStoreId}`, HELPDESK)).statusCode).toBe(
      200,
    );
  });

  it("lists the groups with their number of stores", async () => {
    const groups = zBikeStoreGroups.parse((await call("GET", "/api/bike-store-groups", ADMIN)).json());
    expect(groups.bikeStoreGroups).toContainEqual({
      id: vauhtiGroupId,
      name: "Vauhti-pyöräliikkeet",
      storeCount: 2,
    });
  });

  it("refuses to delete a store that orders name (409 BIKE_STORE_IN_USE) and keeps it", async () => {
    const saved = await created();
    const id = saved.bikeStore.bikeStoreId;
    const db = t.database.db;
    const [employee] = await db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(eq(users.email, EMPLOYEE));
    await db.insert(orders).values({
      beneficiaryEmployeeId: employee?.id as string,
      companyId: await companyIdByName(db, "Demo Oy"),
      bikeStoreId: id,
    });
    expectError(await call("DELETE", `/api/bike-stores/${id}`, ADMIN), 409, "BIKE_STORE_IN_USE");
    expect(await db.select().from(bikeStores).where(eq(bikeStores.id, id))).toHaveLength(1);
  });

  it("refuses bad input with the failing fields, changing nothing", async () => {
    for (const body of [
      { ...newStore(), storeName: " " },
      { ...newStore(), businessId: "1234567-8" },
      { ...newStore(), email: "ei-osoite" },
      { ...newStore(), postalCode: "1234" },
      { ...newStore(), website: "javascript:alert(1)" },
      { ...newStore(), city: "Tampere\u0000" },
      { ...newStore(), bikeStoreGroupId: randomUUID() },
    ]) {
      const res = await call("POST", "/api/bike-stores", ADMIN, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expectError(await call("PUT", `/api/bike-stores/${randomUUID()}`, ADMIN, newStore()), 404);
    expectError(await call("DELETE", `/api/bike-stores/${randomUUID()}`, ADMIN), 404);
    expectError(await call("GET", "/api/bike-stores/not-an-id", ADMIN), 400);
  });

  it("holds a store's phone number to the one phone rule, and stores it normalised", async () => {
    for (const phoneNumber of ["soita minulle", "12"]) {
      const body = expectError(
        await call("POST", "/api/bike-stores", ADMIN, { ...newStore(), phoneNumber }),
        400,
        "VALIDATION_ERROR",
      );
      expect(body.details?.map((d) => [d.field, d.message])).toEqual([
        ["body.phoneNumber", "Unsupported phone number format"],
      ]);
    }
    const saved = await created({ ...newStore(), phoneNumber: "40 123 4567" });
    expect(saved.bikeStore.phoneNumber).toBe("0401234567");
    expectError(
      await call("PUT", `/api/bike-stores/${saved.bikeStore.bikeStoreId}`, ADMIN, {
        ...newStore(saved.bikeStore.storeName),
        phoneNumber: "soita minulle",
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect((await created({ ...newStore(), phoneNumber: "" })).bikeStore.phoneNumber).toBeNull();
  });

  it("lets only the admin tier change stores; employer roles do not read them", async () => {
    expectError(await call("POST", "/api/bike-stores", EMPLOYEE, newStore()), 403);
    expectError(await call("POST", "/api/bike-stores", EMPLOYER, newStore()), 403);
    const saved = await created();
    const id = saved.bikeStore.bikeStoreId;
    expectError(await call("PUT", `/api/bike-stores/${id}`, EMPLOYEE, newStore()), 403);
    expectError(await call("DELETE", `/api/bike-stores/${id}`, EMPLOYER), 403);
    expectError(await call("GET", "/api/bike-stores", EMPLOYER), 403);
    expectError(await call("GET", "/api/bike-stores", null), 401);
  });
});
