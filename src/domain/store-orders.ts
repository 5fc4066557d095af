import type { OrderStatus } from "./enums.ts";

/**
 * What a bike store does with an order, the same whether it comes by its token links or as a user of
 * its account: the package while the order waits for it (and, before the employee accepts, again to
 * replace it), then the frame serial number and the delivery date once the invoice is matched.
 */

/** The store may (re)enter the package while the order waits for it or for the employee's acceptance. */
export const PACKAGE_EDITABLE: readonly OrderStatus[] = ["PENDING", "PACKAGE_PROVIDED"];
/** The store gives the serial number and the delivery date while the order waits for them. */
export const DELIVERY_EDITABLE: readonly OrderStatus[] = ["WAITING_FOR_DELIVERY_DATE"];

/** The store's next step: what the order waits for from it now, or null when nothing. */
export type StoreStep = "PACKAGE" | "DELIVERY";

/**
 * What the store must do next. A replaceable package is not a step the order waits for, and a
 * delivery is held while the employee's cancellation request is open (the helpdesk decides first);
 * a handover the store has recorded waits for the employee's signature, not for the store.
 */
export function storeNextStep(
  status: OrderStatus,
  cancellationRequested: boolean,
  handoverRecorded = false,
): StoreStep | null {
  if (status === "PENDING") return "PACKAGE";
  if (DELIVERY_EDITABLE.includes(status) && !cancellationRequested && !handoverRecorded) return "DELIVERY";
  return null;
}

export const STORE_STEPS: readonly StoreStep[] = ["PACKAGE", "DELIVERY"];
