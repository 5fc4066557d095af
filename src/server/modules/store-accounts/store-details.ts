import { asc, eq, inArray } from "drizzle-orm";
import type { TStoreDetails, TStoreDetailsInput } from "../../../contract/store-accounts.ts";
import type { Db } from "../../db/client.ts";
import { bikeStores } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";

/**
 * The store's own details as its users keep them: the contact person, phone, address, the bank
 * account Pedaali pays to and the e-mail the order mails go to. The name, business ID and whether the
 * store is active stay the helpdesk's (PUT /api/bike-stores/{id}).
 */

/**
 * The store the request means among the caller's: the one named (the guard has checked it is theirs),
 * or their only one; a user of several stores must name it (400), a user of none has none (404).
 */
export function storeOfCaller(storeIds: readonly string[], named: string | undefined): string {
  if (named) {
    if (!storeIds.includes(named)) throw notFound("Bike store");
    return named;
  }
  // A user of several stores who names none gets the one they were bound to first; the details list
  // the others to switch to.
  const [first] = storeIds;
  if (!first) throw notFound("Bike store");
  return first;
}

const EDITABLE = [
  "contactPersonName",
  "contactPersonEmail",
  "phoneNumber",
  "streetAddress",
  "postalCode",
  "city",
  "iban",
  "bic",
  "email",
] as const satisfies readonly (keyof TStoreDetailsInput)[];

export async function storeDetailsOf(
  db: Db,
  storeIds: readonly string[],
  bikeStoreId: string,
): Promise<TStoreDetails> {
  const stores = await db
    .select()
    .from(bikeStores)
    .where(inArray(bikeStores.id, [...storeIds]))
    .orderBy(asc(bikeStores.storeName), asc(bikeStores.id));
  const store = stores.find((s) => s.id === bikeStoreId);
  if (!store) throw notFound("Bike store");
  return {
    bikeStoreId: store.id,
    storeName: store.storeName,
    businessId: store.businessId,
    email: store.email,
    contactPersonName: store.contactPersonName,
    contactPersonEmail: store.contactPersonEmail,
    phoneNumber: store.phoneNumber,
    streetAddress: store.streetAddress,
    postalCode: store.postalCode,
    city: store.city,
    iban: store.iban,
    bic: store.bic,
    language: store.language,
    updatedAt: store.updatedAt.toISOString(),
    stores: stores.map((s) => ({ bikeStoreId: s.id, storeName: s.storeName })),
  };
}

/**
 * The store's users change its details, in `ctx.tx` with the store's row (`before`) locked; answers
 * the fields that changed. The account's re-authentication, event row and notices are the one store
 * change's (bike-stores/account-change.ts).
 */
export async function applyStoreDetails(
  ctx: WriteContext,
  before: typeof bikeStores.$inferSelect,
  input: TStoreDetailsInput,
): Promise<string[]> {
  const { tx, now } = ctx;
  const after = Object.fromEntries(EDITABLE.map((field) => [field, input[field] || null])) as Record<
    (typeof EDITABLE)[number],
    string | null
  >;
  const changed: string[] = EDITABLE.filter((field) => (before[field] ?? null) !== after[field]);
  // The language is never empty: left out, the store keeps its own.
  const language = input.language ?? before.language;
  if (language !== before.language) changed.push("language");
  if (changed.length === 0) return [];
  await tx
    .update(bikeStores)
    .set({ ...after, language, updatedAt: now })
    .where(eq(bikeStores.id, before.id));
  return changed;
}
