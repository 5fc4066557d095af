import { eq } from "drizzle-orm";
import { bankTransferInstructions } from "../../../domain/payment-instructions.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, orders, systemUsers, userPayments, users } from "../../db/schema/index.ts";
import { userPaymentInvoiceMail } from "../../messaging/user-payment-mails.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";

/** The outbox event of a BATCH payment's invoice to the employee. */
const USER_PAYMENT_INVOICE_EVENT = "USER_PAYMENT_INVOICE";

/** The payment with its employee and order, as the invoice mail names them. */
async function paymentOf(db: Db, paymentId: string) {
  const [row] = await db
    .select({
      payment: userPayments,
      userId: users.id,
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
  return row ?? null;
}

/** Only a sent BATCH payment with its reference number is paid by an invoice to mail. */
const isInvoice = (payment: typeof userPayments.$inferSelect) =>
  payment.paymentMethod === "BATCH" && payment.sentAt !== null && Boolean(payment.referenceNumber);

/**
 * Queues the employee's invoice of a sent BATCH payment in the caller's transaction (the one that sent
 * it), in their language. Any area that sends a BATCH payment through the ledger calls this inside its
 * transaction; the row names the payment only, and the mail tells it as it is when sent.
 */
export async function queueUserPaymentInvoice(tx: Db, paymentId: string): Promise<void> {
  const row = await paymentOf(tx, paymentId);
  if (!row || !isInvoice(row.payment)) return;
  await queueMessage(tx, {
    userId: row.userId,
    event: USER_PAYMENT_INVOICE_EVENT,
    channel: "EMAIL",
    recipient: row.email,
    language: row.language,
    params: { paymentId },
  });
}

/** USER_PAYMENT_INVOICE: the invoice with its bank transfer; none once the payment is cancelled. */
export const renderUserPaymentInvoiceMail: OutboxRenderer = async (row, deps) => {
  const found = await paymentOf(deps.db, String(row.params.paymentId));
  const payment = found?.payment;
  const referenceNumber = payment?.referenceNumber;
  if (!found || !payment || !referenceNumber || !isInvoice(payment) || payment.paymentStatus === "CANCELLED")
    return null;
  const mail = userPaymentInvoiceMail(row.language, {
    name: found.firstName,
    kind: payment.kind,
    description: payment.description,
    orderNumber: found.orderNumber,
    bankTransfer: bankTransferInstructions({
      amountCents: payment.amountCents,
      referenceNumber,
      dueDate: payment.dueDate,
    }),
    link: `${deps.publicUrl}/mybike`,
  });
  return { kind: "mail", mail };
};
