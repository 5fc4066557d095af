import type { DataKeyring } from "../../data-keys.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { Db } from "../client.ts";
import { seedBrokerageDemo } from "./seed-brokerage-demo.ts";
import { seedCancellationsDemo } from "./seed-cancellations-demo.ts";
import { seedInsuranceDemo } from "./seed-insurance-demo.ts";
import { seedRedemptionsDemo } from "./seed-redemptions-demo.ts";
import { seedUserPaymentsDemo } from "./seed-user-payments-demo.ts";

/**
 * The demo of what follows the sale (ADR 009): a cancelled order with its refund receipt, insurance claims open
 * and closed, a lease near its end with its redemption offer and one redeemed and paid, bikes listed in
 * the brokerage, open and paid user payments. Each area seeds its own part, in this order, on the
 * demo's one clock; each works through the area's own service functions, so the demo holds what the
 * real work leaves behind (events, files, payments).
 */
export async function seedAfterSalesDemo(
  db: Db,
  files: FileStore,
  now: Date,
  dataKeys: DataKeyring,
): Promise<void> {
  await seedCancellationsDemo(db, files, now);
  await seedInsuranceDemo(db, files, now, dataKeys);
  await seedRedemptionsDemo(db, files, now);
  await seedUserPaymentsDemo(db, now);
  await seedBrokerageDemo(db, now);
}
