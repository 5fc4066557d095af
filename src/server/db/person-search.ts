import { eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { likeContains } from "./paging.ts";
import { orders, systemUsers, users } from "./schema/index.ts";

/**
 * How the lists of people's records search them (orders, agreements, cancellations, claims, lease-end
 * cases, payments, signed documents): by the person's name ("First Last") or e-mail, and by an order
 * number typed as digits. The query must join `users` and `system_users` (and `orders` for the order
 * number).
 */

/** "First Last" of the joined profile, as a person types it. */
export const fullName = sql`coalesce(${systemUsers.firstName}, '') || ' ' || coalesce(${systemUsers.lastName}, '')`;

/** The person's e-mail or full name contains the text. */
export function personMatches(search: string): SQL {
  const pattern = likeContains(search);
  return or(ilike(users.email, pattern), ilike(fullName, pattern)) as SQL;
}

/** Digits alone are an order number; anything else the person's name or e-mail. */
export function orderOrPersonMatches(search: string): SQL {
  return /^\d{1,9}$/.test(search) ? eq(orders.orderNumber, Number(search)) : personMatches(search);
}
