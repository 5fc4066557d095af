import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { simpleState } from "./enums.ts";
import { orders } from "./orders.ts";
import { bikeRedemptions } from "./redemptions.ts";
import { users } from "./users.ts";

/**
 * A bike in the bike brokerage (bikeBrokerageId): a returned benefit bike, or one handed to
 * brokerage at its lease's end, that Pedaali sells on. PENDING while for sale (shown on
 * /bikeBrokerageService once listedAt is set), COMPLETED when sold (soldAt), CANCELLED when withdrawn.
 */
export const bikeBrokerages = pgTable(
  "bike_brokerages",
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    /** The benefit bike's order when the bike being sold is one. */
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    /** The redemption case that handed the bike to brokerage, when one did. */
    bikeRedemptionId: uuid().references(() => bikeRedemptions.id, { onDelete: "set null" }),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhoneNumber: text(),
    brand: text(),
    model: text(),
    modelYear: integer(),
    frameSize: text(),
    description: text(),
    askingPriceCents: integer(),
    /** Where the bike can be seen and collected. */
    city: text(),
    status: simpleState().notNull().default("PENDING"),
    adminNote: text(),
    /** When the helpdesk put it on /bikeBrokerageService; null while not shown there. */
    listedAt: timestamptz(),
    soldAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index("bike_brokerages_status_idx").on(t.status, t.createdAt),
    // The helpdesk's list, newest first: a page walks it and stops, where 20,000 bikes were sorted.
    index("bike_brokerages_created_idx").on(t.createdAt, t.id),
    index("bike_brokerages_user_idx").on(t.userId),
    index("bike_brokerages_company_idx").on(t.companyId),
    index("bike_brokerages_listed_idx").on(t.status, t.listedAt),
    index("bike_brokerages_redemption_idx").on(t.bikeRedemptionId),
    check("bike_brokerages_price_check", sql`${t.askingPriceCents} is null or ${t.askingPriceCents} >= 0`),
  ],
);

/** Someone logged in asks to buy a bike of the brokerage; the helpdesk answers them. */
export const bikeBrokerageInquiries = pgTable(
  "bike_brokerage_inquiries",
  {
    id: id(),
    bikeBrokerageId: uuid()
      .notNull()
      .references(() => bikeBrokerages.id, { onDelete: "cascade" }),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    email: text().notNull(),
    phoneNumber: text(),
    message: text(),
    /** When the helpdesk answered it. */
    handledAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index("bike_brokerage_inquiries_brokerage_idx").on(t.bikeBrokerageId, t.createdAt),
    index("bike_brokerage_inquiries_open_idx").on(t.createdAt).where(sql`${t.handledAt} is null`),
    index("bike_brokerage_inquiries_user_idx").on(t.userId),
  ],
);
