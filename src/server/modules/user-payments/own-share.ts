import { and, eq } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { ownSharePaymentTerms } from "../../../domain/user-payments.ts";
import { companies, userPayments } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { cancelUserPayment, createUserPayment } from "./ledger.ts";

/** The reason an earlier open own share is cancelled with, as the helpdesk reads it. */
export const NEW_PACKAGE_REASON = "Uusi paketti hyväksytty";

/**
 * The own share of an accepted package (the part above the max price), owed from the acceptance:
 * inside the acceptance's transaction, an earlier open own share of the order is cancelled (a new
 * package replaces the old one) and, when the share is above 0, its OWN_SHARE payment is made and
 * sent at once, on the terms of the company's payment mode (src/domain/user-payments.ts). Answers the
 * new payment's id, or null when nothing is owed.
 */
export async function chargeOwnShare(
  ctx: WriteContext,
  order: { id: string; orderNumber: number; companyId: string; beneficiaryEmployeeId: string },
  amountCents: number,
): Promise<string | null> {
  const { tx, now } = ctx;
  const open = await tx
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(
      and(
        eq(userPayments.orderId, order.id),
        eq(userPayments.kind, "OWN_SHARE"),
        eq(userPayments.paymentStatus, "PENDING"),
      ),
    );
  for (const payment of open) await cancelUserPayment(ctx, payment.id, NEW_PACKAGE_REASON);
  if (amountCents <= 0) return null;
  const [company] = await tx
    .select({ paymentMode: companies.paymentMode })
    .from(companies)
    .where(eq(companies.id, order.companyId));
  const terms = ownSharePaymentTerms(company?.paymentMode ?? "PAYROLL", toHelsinkiDateString(now));
  return createUserPayment(ctx, {
    kind: "OWN_SHARE",
    beneficiaryEmployeeId: order.beneficiaryEmployeeId,
    companyId: order.companyId,
    orderId: order.id,
    amountCents,
    paymentMethod: terms.paymentMethod,
    dueDate: terms.dueDate,
    send: true,
  });
}
