import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "../columns.ts";
import { users } from "./users.ts";

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
    /** Whom the helpdesk and Pedaali's people call about the store's orders; the store keeps it. */
    contactPersonName: text(),
    contactPersonEmail: text(),
    /** Where Pedaali pays the store's purchase invoices: an IBAN (mod-97 checked) and its bank's BIC. */
    iban: text(),
    bic: text(),
    /** An online shop (its orders are isOnlineOrder). */
    isOnlineStore: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index("bike_stores_group_idx").on(t.bikeStoreGroupId),
    index("bike_stores_name_idx").on(sql`lower(${t.storeName})`),
  ],
);

/**
 * A bike store's own users: each row lets a user holding BIKE_STORE act for the store (its orders,
 * package and delivery, its details). A user may be bound to several stores of a chain.
 */
export const bikeStoreUsers = pgTable(
  "bike_store_users",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bikeStoreId: uuid()
      .notNull()
      .references(() => bikeStores.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bikeStoreId] }),
    // The store's users, for the helpdesk's store page.
    index("bike_store_users_store_idx").on(t.bikeStoreId),
  ],
);
