import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, percent, timestamps } from "../columns.ts";

/** A chain or group of bike stores (GET /api/bike-store-groups). */
export const bikeStoreGroups = pgTable(
  "bike_store_groups",
  {
    id: id(),
    name: text().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("bike_store_groups_name_unique").on(sql`lower(${t.name})`)],
);

/** A bike store that sells benefit bikes; the API calls its key bikeStoreId. */
export const bikeStores = pgTable(
  "bike_stores",
  {
    id: id(),
    storeName: text().notNull(),
    bikeStoreGroupId: uuid().references(() => bikeStoreGroups.id, { onDelete: "set null" }),
    businessId: text(),
    email: text(),
    phoneNumber: text(),
    website: text(),
    streetAddress: text(),
    postalCode: text(),
    city: text(),
    /** An online shop (its orders are isOnlineOrder). */
    isOnlineStore: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    /** Where Pedaali pays the store (compact, upper case), and its bank; none until the store gives them. */
    iban: text(),
    bic: text(),
    /** The commission the store has agreed Pedaali keeps of each order's price, in percent; none by default. */
    commissionPercent: percent(),
    ...timestamps(),
  },
  (t) => [
    index("bike_stores_group_idx").on(t.bikeStoreGroupId),
    index("bike_stores_name_idx").on(sql`lower(${t.storeName})`),
    check(
      "bike_stores_commission_check",
      sql`${t.commissionPercent} is null or (${t.commissionPercent} >= 0 and ${t.commissionPercent} <= 100)`,
    ),
  ],
);
