import { sql } from "drizzle-orm";
import { boolean, check, pgTable, smallint, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "../columns.ts";
import { users } from "./users.ts";

/**
 * The platform's own settings, one row: what a super admin decides for everyone. Its writes move
 * auth_generation (migration 0022), so every session user is read again with the new setting.
 */
export const platformSettings = pgTable(
  "platform_settings",
  {
    id: smallint().primaryKey().default(1),
    /** Admins and the helpdesk must log in with an authenticator app, not only a code by SMS. */
    staffAuthenticatorRequired: boolean().notNull().default(false),
    updatedAt: timestamptz().notNull().default(sql`now()`),
    updatedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("platform_settings_one_row", sql`${t.id} = 1`)],
);
