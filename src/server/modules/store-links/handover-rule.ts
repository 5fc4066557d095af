import { and, eq } from "drizzle-orm";
import { orderTakesHandover } from "../../../domain/handovers.ts";
import type { Db } from "../../db/client.ts";
import { bikeStoreUsers, users } from "../../db/schema/index.ts";

/**
 * Whether the store has an account: a user of its own who can log in (bound to it and not
 * deactivated), who records handovers.
 */
async function storeHasAccount(db: Db, bikeStoreId: string | null): Promise<boolean> {
  if (!bikeStoreId) return false;
  const [user] = await db
    .select({ userId: bikeStoreUsers.userId })
    .from(bikeStoreUsers)
    .innerJoin(users, eq(users.id, bikeStoreUsers.userId))
    .where(and(eq(bikeStoreUsers.bikeStoreId, bikeStoreId), eq(users.deactivated, false)))
    .limit(1);
  return user !== undefined;
}

/** Whether the order's bike is handed over in its store's account rather than given by a delivery link. */
export async function takesHandover(db: Db, order: { bikeStoreId: string | null }): Promise<boolean> {
  return orderTakesHandover({ hasAccount: await storeHasAccount(db, order.bikeStoreId) });
}
