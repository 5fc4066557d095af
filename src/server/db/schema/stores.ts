import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, percent, timestamps } from "../columns.ts";
import { language } from "./enums.ts";
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
    /** An online shop (its orders are isOnlineOrder). */
    isOnlineStore: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    /** Whom the helpdesk and Pedaali's people call about the store's orders; the store keeps it. */
    contactPersonName: text(),
    contactPersonEmail: text(),
    /** Where Pedaali pays the store (compact, upper case), and its bank; none until the store gives them. */
    iban: text(),
    bic: text(),
    /** The commission the store has agreed Pedaali keeps of each order's price, in percent; none by default. */
    commissionPercent: percent(),
    /** The store's own language: its mails (package and delivery links, purchase orders) go in it. */
    language: language().notNull().default("fi"),
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
