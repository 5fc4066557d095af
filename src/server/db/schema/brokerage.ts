import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "../columns.ts";
import { companies } from "./companies.ts";
import { simpleState } from "./enums.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/** A bike brokerage request (bikeBrokerageId): a user asks Pedaali to sell (broker) a bike. */
export const bikeBrokerages = pgTable(
  "bike_brokerages",
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    /** The benefit bike's order when the bike being sold is one. */
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhoneNumber: text(),
    brand: text(),
    model: text(),
    modelYear: integer(),
    frameSize: text(),
    description: text(),
    askingPriceCents: integer(),
    status: simpleState().notNull().default("PENDING"),
    adminNote: text(),
    ...timestamps(),
  },
  (t) => [
    index("bike_brokerages_status_idx").on(t.status, t.createdAt),
    index("bike_brokerages_user_idx").on(t.userId),
    index("bike_brokerages_company_idx").on(t.companyId),
    check("bike_brokerages_price_check", sql`${t.askingPriceCents} is null or ${t.askingPriceCents} >= 0`),
  ],
);
