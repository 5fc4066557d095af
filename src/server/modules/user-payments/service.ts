import type {
  TCreateUserPayment,
  TUserPayment,
  TUserPaymentDetails,
  TUserPaymentPage,
  TUserPaymentsQuery,
} from "../../../contract/user-payments.ts";
import type { AppContext } from "../../context.ts";
import { type WriteContext, write } from "../../db/transaction.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { addUserPayment } from "./add-payment.ts";
import { cancelUserPayment, lockPaymentAndCase, markUserPaymentPaid, markUserPaymentSent } from "./ledger.ts";
import { queueUserPaymentInvoice } from "./mails.ts";
import { listPayments, myPayments, type PaymentViewer, paymentDetails, paymentOf } from "./queries.ts";

/**
 * User payments (contract/user-payments.ts): the reads of queries.ts, and the helpdesk's changes through
 * the ledger (ledger.ts), each in one transaction on a payment the caller may read. A BATCH payment's
 * invoice mail is queued in the transaction that sends it (mails.ts).
 */

export function createUserPaymentsService(ctx: AppContext) {
  const { db } = ctx.database;

  /** Runs a ledger change in a transaction, on a payment the viewer may read (else 404). */
  async function change(viewer: CurrentUser, id: string, act: (change: WriteContext) => Promise<unknown>) {
    await write(db, { actor: { userId: viewer.id } }, async (change) => {
      await paymentOf(change.tx, viewer, id);
      await act(change);
    });
  }

  return {
    /** Every payment of the caller's employments, newest first. */
    mine: (user: PaymentViewer): Promise<{ items: TUserPayment[] }> => myPayments(db, user),

    list: (viewer: PaymentViewer, query: TUserPaymentsQuery): Promise<TUserPaymentPage> =>
      listPayments(db, viewer, query),

    /** One payment with its events, oldest first; names of who did what for the admin tier only. */
    details: (viewer: PaymentViewer, id: string): Promise<TUserPaymentDetails> =>
      paymentDetails(db, viewer, id),

    /** A payment made by hand for an employee of any company in the viewer's reach. */
    async create(user: CurrentUser, input: TCreateUserPayment): Promise<TUserPayment> {
      const id = await write(db, { actor: { userId: user.id } }, async (change) => {
        const made = await addUserPayment(change, user, input);
        await queueUserPaymentInvoice(change.tx, made);
        return made;
      });
      return paymentOf(db, user, id);
    },

    /** Asks the employee to pay; a BATCH invoice is mailed the first time only. */
    async send(user: CurrentUser, id: string): Promise<TUserPayment> {
      await change(user, id, async (change) => {
        const before = await lockPaymentAndCase(change.tx, id);
        await markUserPaymentSent(change, id);
        if (!before.sentAt) await queueUserPaymentInvoice(change.tx, id);
      });
      return paymentOf(db, user, id);
    },

    async pay(user: CurrentUser, id: string): Promise<TUserPayment> {
      await change(user, id, (change) => markUserPaymentPaid(change, id));
      return paymentOf(db, user, id);
    },

    async cancel(user: CurrentUser, id: string, reason: string): Promise<TUserPayment> {
      await change(user, id, (change) => cancelUserPayment(change, id, reason));
      return paymentOf(db, user, id);
    },
  };
}
