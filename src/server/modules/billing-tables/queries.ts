import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { billingTables } from "../../db/schema/index.ts";

/** The reads other areas make of the billing tables (the calculator, the leasing time). */

export type BillingTableRow = typeof billingTables.$inferSelect;

/**
 * The billing table that prices a company's leases: its own (companies.billingTableId), else the one
 * default table; null when there is neither. Pass null for the default alone (the public calculator).
 */
export async function billingTableFor(db: Db, ownTableId: string | null): Promise<BillingTableRow | null> {
  if (ownTableId) {
    const [own] = await db.select().from(billingTables).where(eq(billingTables.id, ownTableId));
    if (own) return own;
  }
  const [fallback] = await db.select().from(billingTables).where(eq(billingTables.isDefault, true));
  return fallback ?? null;
}
