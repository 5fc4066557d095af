import type { OrderStatus } from "./enums.ts";

/**
 * What a bike store does with an order, the same whether it comes by its token links or as a user of
 * its account: the package while the order waits for it (and, before the employee accepts, again to
 * replace it), its invoice once Pedaali has ordered the bike (an account's store may send it from the
 * account), then the frame serial number and the delivery date once the invoice is matched.
 */

/** The store may (re)enter the package while the order waits for it or for the employee's acceptance. */
export const PACKAGE_EDITABLE: readonly OrderStatus[] = ["PENDING", "PACKAGE_PROVIDED"];
/** The store invoices Pedaali for the bike while the order waits for the store's invoice. */
export const INVOICE_EDITABLE: readonly OrderStatus[] = ["WAITING_FOR_INVOICE_MATCH"];
/** The store gives the serial number and the delivery date while the order waits for them. */
export const DELIVERY_EDITABLE: readonly OrderStatus[] = ["WAITING_FOR_DELIVERY_DATE"];

/** The store's next step: what the order waits for from it now, or null when nothing. */
export type StoreStep = "PACKAGE" | "INVOICE" | "DELIVERY";

/** What is known of the order besides its status. */
export type StoreStepFacts = {
  /** The employee's cancellation request is open: the helpdesk decides first. */
  cancellationRequested: boolean;
  /** The store has recorded the handover: it waits for the employee's signature. */
  handoverRecorded?: boolean;
  /** The store's invoice of the order has reached Pedaali: it waits for Pedaali's match. */
  invoiceRecorded?: boolean;
};

/**
 * What the store must do next. A replaceable package is not a step the order waits for; an invoice
 * and a delivery are held while the employee's cancellation request is open; an invoice that has
 * reached Pedaali waits for Pedaali's match, and a recorded handover for the employee's signature.
 */
export function storeNextStep(status: OrderStatus, facts: StoreStepFacts): StoreStep | null {
  if (status === "PENDING") return "PACKAGE";
  if (facts.cancellationRequested) return null;
  if (INVOICE_EDITABLE.includes(status) && !facts.invoiceRecorded) return "INVOICE";
  if (DELIVERY_EDITABLE.includes(status) && !facts.handoverRecorded) return "DELIVERY";
  return null;
}

export const STORE_STEPS: readonly StoreStep[] = ["PACKAGE", "INVOICE", "DELIVERY"];
