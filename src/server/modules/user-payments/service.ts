import { eq } from "drizzle-orm";
import type {
  TCreateUserPayment,
  TUserPayment,
  TUserPaymentDetails,
  TUserPaymentPage,
  TUserPaymentsQuery,
} from "../../../contract/user-payments.ts";
import type { AppContext } from "../../context.ts";
import { userPayments } from "../../db/schema/index.ts";
import { type WriteContext, write } from "../../db/transaction.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { addUserPayment } from "./add-payment.ts";
import { cancelUserPayment, markUserPaymentPaid, markUserPaymentSent } from "./ledger.ts";
import { mailUserPaymentInvoice } from "./mails.ts";
import { listPayments, myPayments, paymentDetails, paymentOf, type Viewer } from "./queries.ts";

/**
 * User payments (contract/user-payments.ts): the reads of queries.ts, and the helpdesk's changes through
 * the ledger (ledger.ts), each in one transaction on a payment the caller may read. A BATCH payment's
 * invoice is mailed after the commit (mails.ts).
 */

type Log = (error: unknown, what: string) => void;

export function createUserPaymentsService(ctx: AppContext) {
  const { db } = ctx.database;

  /** Runs a ledger change in a transaction, on a payment the viewer may read (else 404). */
  async function change(viewer: CurrentUser, id: string, act: (change: WriteContext) => Promise<unknown>) {
    await write(db, { actor: { userId: viewer.id } }, async (change) => {
      await paymentOf(change.tx, viewer, id);
      await act(change);
    });
  }

  async function mailIfInvoice(payment: TUserPayment, log: Log) {
    if (payment.paymentMethod === "BATCH" && payment.sentAt)
      await mailUserPaymentInvoice(ctx, payment.id, log);
  }

  return {
    /** Every payment of the caller's employments, newest first. */
    mine: (user: Viewer): Promise<{ items: TUserPayment[] }> => myPayments(db, user),

    list: (viewer: Viewer, query: TUserPaymentsQuery): Promise<TUserPaymentPage> =>
      listPayments(db, viewer, query),

    /** One payment with its events, oldest first; names of who did what for the admin tier only. */
    details: (viewer: Viewer, id: string): Promise<TUserPaymentDetails> => paymentDetails(db, viewer, id),

    /** A payment made by hand for an employee of any company in the viewer's reach. */
    async create(user: CurrentUser, input: TCreateUserPayment, log: Log): Promise<TUserPayment> {
      const id = await write(db, { actor: { userId: user.id } }, (change) =>
        addUserPayment(change, user, input),
      );
      const payment = await paymentOf(db, user, id);
      await mailIfInvoice(payment, log);
      return payment;
    },

    /** Asks the employee to pay; a BATCH invoice is mailed the first time only. */
    async send(user: CurrentUser, id: string, log: Log): Promise<TUserPayment> {
      let firstTime = false;
      await change(user, id, async (change) => {
        const [before] = await change.tx
          .select({ sentAt: userPayments.sentAt })
          .from(userPayments)
          .where(eq(userPayments.id, id))
          .for("update");
        await markUserPaymentSent(change, id);
        firstTime = !before?.sentAt;
      });
      const payment = await paymentOf(db, user, id);
      if (firstTime) await mailIfInvoice(payment, log);
      return payment;
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
