import { z } from "zod";
import { LANGUAGES } from "../domain/enums.ts";
import { MAX_COMMISSION_PERCENT } from "../domain/store-payouts.ts";
import { zBic, zIban } from "./bank-account.ts";
import { orNone, zMessage, zPage, zPageQuery } from "./common.ts";
import { zIdParams } from "./companies.ts";
import { zBusinessId, zOptionalPhoneNumber, zPostalCode } from "./company-fields.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zBooleanString, zEmailAddress } from "./system-users.ts";
import { zOptionalSingleLineText, zSingleLineText } from "./text.ts";

/**
 * Bike stores and their groups (docs/data-model.md "Bike store", docs/api-surface.md "Bike stores"). The admin tier manages them
 * (bike-stores.manage); an employee reads the active ones to choose where to order (bike-stores.read).
 *
 * - GET /api/bike-stores `zBikeStoresQuery` → the default page of `zBikeStore`, by name; an employee
 *   sees active stores only;
 * - GET /api/bike-stores/minimal → `{ bikeStores: [{ bikeStoreId, storeName, isOnlineStore, city }] }`,
 *   the active stores for a choice list;
 * - GET /api/bike-stores/{id} → the store (404 unknown, and for an employee an inactive one);
 * - POST /api/bike-stores `zBikeStoreInput` → 201 `{ message: 'Bike store created successfully',
 *   bikeStore }`; PUT /api/bike-stores/{id} `zBikeStoreUpdate` → `{ message: 'Bike store updated successfully',
 *   bikeStore }`; a change of the store's bank account needs `currentPassword` (400 without it, 403
 *   REAUTHENTICATION_FAILED when wrong, 429 after too many wrong ones), and is told to the store's users
 *   and to customer service;
 * - DELETE /api/bike-stores/{id} → `{ message: 'Bike store deleted successfully' }`, or 409
 *   BIKE_STORE_IN_USE when orders name the store (deactivate it instead);
 * - GET /api/bike-store-groups → `{ bikeStoreGroups: [{ id, name, storeCount }] }` by name.
 */

export const BIKE_STORE_CREATED = "Bike store created successfully";
export const BIKE_STORE_UPDATED = "Bike store updated successfully";
export const BIKE_STORE_DELETED = "Bike store deleted successfully";

export const zBikeStore = lazy(() =>
  z.object({
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    bikeStoreGroupId: z.uuid().nullable(),
    bikeStoreGroupName: z.string().nullable(),
    businessId: z.string().nullable(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    website: z.string().nullable(),
    streetAddress: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    /** An online shop: its orders are delivered, not picked up. */
    isOnlineStore: z.boolean(),
    /** Only active stores take new orders. */
    active: z.boolean(),
    /** Where Pedaali pays the store (in groups of four) and its bank; the admin tier's only (null to others). */
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    /** The commission Pedaali keeps of each order's price, in percent; null when none (the admin tier's). */
    commissionPercent: z.number().nullable(),
    /** The store's own language: its order mails go in it. */
    language: z.enum(LANGUAGES),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TBikeStore = z.infer<typeof zBikeStore>;

export const zBikeStoresQuery = lazy(() =>
  zPageQuery.extend({
    /** Part of the name or the city, trimmed; empty means all. */
    search: zSingleLineText({ max: 100 }).optional(),
    bikeStoreGroupId: z.uuid().optional(),
    /** true: only active stores, false: only inactive ones (the admin tier; an employee sees active ones). */
    active: zBooleanString.optional(),
  }),
);
export type TBikeStoresQuery = z.infer<typeof zBikeStoresQuery>;

export const zBikeStorePage = lazy(() => zPage(zBikeStore));

const zBikeStoreOption = lazy(() =>
  z.object({
    bikeStoreId: z.uuid(),
    storeName: z.string(),
    isOnlineStore: z.boolean(),
    city: z.string().nullable(),
  }),
);
export const zBikeStoreOptions = lazy(() => z.object({ bikeStores: z.array(zBikeStoreOption) }));
export type TBikeStoreOptions = z.infer<typeof zBikeStoreOptions>;

/** The fields a store is created and updated with; an empty optional field means none. */
const zBikeStoreInput = lazy(() =>
  z.object({
    storeName: zSingleLineText({ min: 2, max: 200 }),
    bikeStoreGroupId: z.uuid().nullable().optional(),
    businessId: orNone(zBusinessId),
    email: orNone(zEmailAddress),
    phoneNumber: zOptionalPhoneNumber,
    website: orNone(z.url({ protocol: /^https?$/ }).max(300)),
    streetAddress: zOptionalSingleLineText(200),
    postalCode: orNone(zPostalCode),
    city: zOptionalSingleLineText(100),
    isOnlineStore: z.boolean().default(false),
    active: z.boolean().default(true),
    iban: orNone(zIban),
    bic: orNone(zBic),
    /** In percent with at most two decimals (8.33); none when left out. */
    commissionPercent: z.number().min(0).max(MAX_COMMISSION_PERCENT).multipleOf(0.01).nullable().optional(),
    /** The store's own language for its order mails; left out, Finnish for a new store and unchanged on an update. */
    language: z.enum(LANGUAGES).optional(),
  }),
);
export type TBikeStoreInput = z.infer<typeof zBikeStoreInput>;

/**
 * A store's update: its fields, and the helpdesk user's current password when the update changes the
 * store's bank account (IBAN or BIC), so a session left open cannot redirect a store's payouts. Not
 * trimmed: spaces belong to a password.
 */
const zBikeStoreUpdate = lazy(() =>
  zBikeStoreInput.extend({
    currentPassword: z.string().max(1024).optional(),
  }),
);
export type TBikeStoreUpdate = z.infer<typeof zBikeStoreUpdate>;

export const zBikeStoreSaved = lazy(() => z.object({ message: z.string(), bikeStore: zBikeStore }));
export type TBikeStoreSaved = z.infer<typeof zBikeStoreSaved>;

const zBikeStoreGroup = lazy(() => z.object({ id: z.uuid(), name: z.string(), storeCount: z.int() }));
export const zBikeStoreGroups = lazy(() => z.object({ bikeStoreGroups: z.array(zBikeStoreGroup) }));
export type TBikeStoreGroups = z.infer<typeof zBikeStoreGroups>;

export const bikeStoresApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/bike-stores",
    summary: "Bike stores by name, paged, searched by name or city (an employee sees the active ones)",
    query: zBikeStoresQuery,
    response: zBikeStorePage,
    errors: [400, 401, 403],
  }),
  minimal: endpoint({
    method: "GET",
    path: "/bike-stores/minimal",
    summary: "The active bike stores for a choice list",
    response: zBikeStoreOptions,
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: "GET",
    path: "/bike-stores/:id",
    summary: "A bike store",
    params: zIdParams,
    response: zBikeStore,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/bike-stores",
    summary: "Create a bike store ('Bike store created successfully')",
    body: zBikeStoreInput,
    status: 201,
    response: zBikeStoreSaved,
    errors: [400, 401, 403],
  }),
  update: endpoint({
    method: "PUT",
    path: "/bike-stores/:id",
    summary:
      "Update a bike store ('Bike store updated successfully'); a new bank account asks for the current password",
    params: zIdParams,
    body: zBikeStoreUpdate,
    response: zBikeStoreSaved,
    errors: [400, 401, 403, 404, 429],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/bike-stores/:id",
    summary: "Delete a bike store no order names (409 BIKE_STORE_IN_USE otherwise: deactivate it)",
    params: zIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  groups: endpoint({
    method: "GET",
    path: "/bike-store-groups",
    summary: "Bike store groups by name, with their number of stores",
    response: zBikeStoreGroups,
    errors: [400, 401, 403],
  }),
}));
