import { eq } from "drizzle-orm";
import { bankTransferInstructions } from "../../../domain/payment-instructions.ts";
import type { AppContext } from "../../context.ts";
import { beneficiaryEmployees, orders, systemUsers, userPayments, users } from "../../db/schema/index.ts";
import { userPaymentInvoiceMail } from "../../messaging/user-payment-mails.ts";

/**
 * Mails the employee the invoice of a sent BATCH payment (after the commit that sent it), in their
 * language. Any area that sends a BATCH payment through the ledger calls this once it has committed;
 * a failed mail is logged and never undoes the payment. Answers whether a mail went out.
 */
export async function mailUserPaymentInvoice(
  ctx: AppContext,
  paymentId: string,
  logFailure: (error: unknown, what: string) => void,
): Promise<boolean> {
  try {
    const [row] = await ctx.database.db
      .select({
        payment: userPayments,
        email: users.email,
        language: users.language,
        firstName: systemUsers.firstName,
        orderNumber: orders.orderNumber,
      })
      .from(userPayments)
      .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, userPayments.beneficiaryEmployeeId))
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .leftJoin(orders, eq(orders.id, userPayments.orderId))
      .where(eq(userPayments.id, paymentId));
    const payment = row?.payment;
    if (!row || !payment || payment.paymentMethod !== "BATCH" || !payment.referenceNumber) return false;
    const mail = userPaymentInvoiceMail(row.language, {
      name: row.firstName,
      kind: payment.kind,
      description: payment.description,
      orderNumber: row.orderNumber,
      bankTransfer: bankTransferInstructions({
        amountCents: payment.amountCents,
        referenceNumber: payment.referenceNumber,
        dueDate: payment.dueDate,
      }),
      link: `${ctx.config.publicUrl}/mybike`,
    });
    await ctx.messaging.sendMail({ to: row.email, ...mail });
    return true;
  } catch (error) {
    logFailure(error, "user payment invoice mail failed");
    return false;
  }
}
