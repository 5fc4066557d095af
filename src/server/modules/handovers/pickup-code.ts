import { pickupCodeFromHash } from "../../../domain/handovers.ts";
import { keyedHash } from "../../server-keys.ts";

/** The key the pickup codes are derived with: the server's secret, for this use alone. */
const PICKUP_CODE_INFO = "pedaali pickup code";

/**
 * The order's pickup code, derived from the server's secret, never stored: the employee's page shows
 * it, the text message of a bike ready at the store carries it, the store types it.
 */
export function pickupCodeOf(serverSecret: string, orderId: string): string {
  return pickupCodeFromHash(keyedHash(serverSecret, PICKUP_CODE_INFO, orderId));
}
