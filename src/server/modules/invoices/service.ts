import type {
  TCreateInvoice,
  TInvoice,
  TInvoiceStatusChange,
  TInvoicesQuery,
} from "../../../contract/invoices.ts";
import type { AppContext } from "../../context.ts";
import { write } from "../../db/transaction.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { changeInvoiceStatus } from "./change-invoice-status.ts";
import { eInvoiceOf } from "./e-invoice.ts";
import { matchPurchaseInvoice } from "./match-purchase-invoice.ts";
import { type InvoiceClerk, type InvoiceViewer, invoiceOf, listInvoices } from "./queries.ts";
import { createPurchaseInvoice } from "./record-purchase-invoice.ts";

/**
 * Invoices (contract/invoices.ts): the bike store's purchase invoice of an order, recorded and matched
 * to the order by the helpdesk, and the invoices we send (the bill to the leasing company is issued by
 * POST /api/orders/{orderId}/bill through issue-invoice.ts). Status moves follow
 * src/domain/invoice-status.ts.
 */

const clerkOf = (user: CurrentUser): InvoiceClerk => ({
  userId: user.id,
  roleNames: user.roleNames,
  scope: user.scope,
});

export function createInvoicesService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    get: (viewer: InvoiceViewer, id: string) => invoiceOf(db, viewer, id),

    list: (viewer: InvoiceViewer, query: TInvoicesQuery) => listInvoices(db, viewer, query),

    /** Our bill to a leasing company as a Finvoice message, made now. */
    eInvoice: (viewer: InvoiceViewer, id: string) => eInvoiceOf(db, viewer, id, new Date()),

    /** A bike store's purchase invoice of an order, as received: we pay it (payer PEDAALI). */
    async create(user: CurrentUser, input: TCreateInvoice): Promise<TInvoice> {
      const created = await write(db, { actor: clerkOf(user) }, (w) => createPurchaseInvoice(w, input));
      return invoiceOf(db, user, created.id);
    },

    /**
     * Matches a received purchase invoice to its order: equal totals, the invoice VERIFIED, the order on
     * to WAITING_FOR_DELIVERY_DATE (whose delivery link's mail to the store is queued with the move).
     */
    async match(user: CurrentUser, id: string): Promise<TInvoice> {
      await write(db, { actor: clerkOf(user) }, (w) => matchPurchaseInvoice(w, id));
      return invoiceOf(db, user, id);
    },

    async changeStatus(user: CurrentUser, id: string, change: TInvoiceStatusChange): Promise<TInvoice> {
      await write(db, { actor: clerkOf(user) }, (w) => changeInvoiceStatus(w, id, change));
      return invoiceOf(db, user, id);
    },
  };
}
