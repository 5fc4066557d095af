import { and, eq, ne } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { ownSharePaymentTerms } from "../../../domain/user-payments.ts";
import { companies, orders, userPayments } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { cancelUserPayment, createUserPayment } from "./ledger.ts";

/** The reason an earlier open own share is cancelled with, as the helpdesk reads it. */
const NEW_PACKAGE_REASON = "Uusi paketti hyväksytty";

// The employee's own share of a package (the part above the max price) is money owed only once the
// order is confirmed: the employee has accepted the package and signed, and the employer has approved
// where the bike policy asks. Nothing is invoiced at the acceptance, so an order the employer refuses or
// the employee cancels before signing leaves no invoice behind.

/**
 * At a package's acceptance: an open own share of a package accepted before (an order whose package was
 * replaced, or one accepted when the share was still owed from the acceptance) is no longer owed.
 */
export async function cancelReplacedOwnShare(ctx: WriteContext, orderId: string): Promise<void> {
  const open = await ctx.tx
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(
      and(
        eq(userPayments.orderId, orderId),
        eq(userPayments.kind, "OWN_SHARE"),
        eq(userPayments.paymentStatus, "PENDING"),
        eq(userPayments.isUserPaymentDone, false),
      ),
    );
  for (const payment of open) await cancelUserPayment(ctx, payment.id, NEW_PACKAGE_REASON);
}

/**
 * At the order's confirmation, in the move's transaction: the own share fixed on the order at the
 * acceptance (orders.userPaymentCents) becomes its OWN_SHARE payment, sent at once on the terms of the
 * company's payment mode (src/domain/user-payments.ts). Once per order: an own share the order already
 * has and that is not cancelled (an older order's, owed from its acceptance) is kept and nothing new is
 * made. Answers the new payment's id, or null when nothing was made.
 */
export async function issueOwnShare(ctx: WriteContext, orderId: string): Promise<string | null> {
  const { tx, now } = ctx;
  const [order] = await tx
    .select({
      id: orders.id,
      companyId: orders.companyId,
      beneficiaryEmployeeId: orders.beneficiaryEmployeeId,
      userPaymentCents: orders.userPaymentCents,
      paymentMode: companies.paymentMode,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, orderId));
  if (!order || order.userPaymentCents <= 0) return null;
  const [existing] = await tx
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(
      and(
        eq(userPayments.orderId, orderId),
        eq(userPayments.kind, "OWN_SHARE"),
        ne(userPayments.paymentStatus, "CANCELLED"),
      ),
    )
    .limit(1);
  if (existing) return null;
  const terms = ownSharePaymentTerms(order.paymentMode, toHelsinkiDateString(now));
  return createUserPayment(ctx, {
    kind: "OWN_SHARE",
    beneficiaryEmployeeId: order.beneficiaryEmployeeId,
    companyId: order.companyId,
    orderId,
    amountCents: order.userPaymentCents,
    paymentMethod: terms.paymentMethod,
    dueDate: terms.dueDate,
    send: true,
  });
}
