import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { EventType, PaymentMethod, UserPaymentKind } from "../../../domain/enums.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import type { Db } from "../../db/client.ts";
import { bikeRedemptions, eventLog, redemptionPayments, userPayments } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";

/**
 * The employee's own payments (user payments, issue 13 point 5), written in one place whatever they are
 * for: the share of a package over the max price, a redemption price, a return fee, a deductible. Every
 * function works inside the caller's transaction, so a payment appears with what it is for (the
 * accepted package, the chosen redemption, the closed claim) or not at all, and writes its event rows.
 *
 * A payment is PENDING when made; "sent" (sentAt) once the employee has been asked to pay (the invoice
 * is out, or payroll has been told); PAID (paidAt, isUserPaymentDone) when the money is in; or
 * CANCELLED. A redemption's payment also keeps the redemption's own ledger: its redemption payment by
 * the employee, and the redemption's userPaymentSentAt / userPaymentPaidAt with their SPEC §4 events.
 */

export type NewUserPayment = {
  kind: UserPaymentKind;
  beneficiaryEmployeeId: string;
  companyId: string;
  orderId?: string | null;
  bikeRedemptionId?: string | null;
  insuranceClaimId?: string | null;
  /** What the employee sees the payment for, in Finnish as payroll prints it ("Pyörän lunastus"). */
  description: string;
  amountCents: number;
  /** PAYROLL: deducted from the net pay of the due date's month; BATCH: an invoice paid by transfer. */
  paymentMethod: PaymentMethod;
  /** YYYY-MM-DD: the invoice's due date, or a day of the pay period that deducts it. */
  dueDate: string;
  /** Ask the employee to pay at once (sentAt now); otherwise the helpdesk marks it sent. */
  send: boolean;
};

/** Who changes a payment: a user, or a job (null). */
export type PaymentActor = { userId: string | null };

type UserPaymentRow = typeof userPayments.$inferSelect;

/** A fresh reference number: 13 random digits after a 1, and its check digit (never guessable in order). */
function newReferenceNumber(): string {
  let base = "1";
  for (let i = 0; i < 13; i++) base += String(randomInt(10));
  return referenceNumber(base);
}

async function logEvent(
  tx: Db,
  type: EventType,
  by: PaymentActor,
  row: { companyId: string },
  entity: { type: "userPayment" | "bikeRedemption"; id: string },
  data: Record<string, unknown>,
  now: Date,
) {
  await tx.insert(eventLog).values({
    type,
    actorUserId: by.userId,
    companyId: row.companyId,
    entityType: entity.type,
    entityId: entity.id,
    data,
    createdAt: now,
  });
}

/** The redemption's side of its payment being asked for: the date on the case and its SPEC §4 event. */
async function redemptionPaymentSent(tx: Db, payment: UserPaymentRow, by: PaymentActor, now: Date) {
  if (!payment.bikeRedemptionId || payment.kind !== "REDEMPTION") return;
  await tx
    .update(bikeRedemptions)
    .set({ userPaymentSentAt: now, updatedAt: now })
    .where(eq(bikeRedemptions.id, payment.bikeRedemptionId));
  await logEvent(
    tx,
    "BIKE_REDEMPTION_USER_PAYMENT_SENT",
    by,
    payment,
    { type: "bikeRedemption", id: payment.bikeRedemptionId },
    { userPaymentId: payment.id, amountCents: payment.amountCents, paymentMethod: payment.paymentMethod },
    now,
  );
}

/** Makes a payment (PENDING), sent at once when asked; answers its id. */
export async function createUserPayment(
  tx: Db,
  input: NewUserPayment,
  by: PaymentActor,
  now: Date,
): Promise<string> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new RangeError("A user payment's amount is a positive number of cents");
  const [payment] = await tx
    .insert(userPayments)
    .values({
      kind: input.kind,
      beneficiaryEmployeeId: input.beneficiaryEmployeeId,
      companyId: input.companyId,
      orderId: input.orderId ?? null,
      bikeRedemptionId: input.bikeRedemptionId ?? null,
      insuranceClaimId: input.insuranceClaimId ?? null,
      description: input.description,
      amountCents: input.amountCents,
      paymentMethod: input.paymentMethod,
      paymentStatus: "PENDING",
      referenceNumber: newReferenceNumber(),
      dueDate: input.dueDate,
      sentAt: input.send ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!payment) throw new Error("user payment not stored");
  const facts = {
    kind: payment.kind,
    amountCents: payment.amountCents,
    paymentMethod: payment.paymentMethod,
    dueDate: payment.dueDate,
  };
  await logEvent(
    tx,
    "USER_PAYMENT_CREATED",
    by,
    payment,
    { type: "userPayment", id: payment.id },
    facts,
    now,
  );
  if (payment.kind === "REDEMPTION" && payment.bikeRedemptionId) {
    // The redemption's own ledger: the price the employee owes, paid when this payment is.
    await tx.insert(redemptionPayments).values({
      bikeRedemptionId: payment.bikeRedemptionId,
      companyId: payment.companyId,
      status: "PENDING",
      payerType: "EMPLOYEE",
      amountCents: payment.amountCents,
      referenceNumber: payment.referenceNumber,
      dueDate: payment.dueDate,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (input.send) {
    await logEvent(tx, "USER_PAYMENT_SENT", by, payment, { type: "userPayment", id: payment.id }, facts, now);
    await redemptionPaymentSent(tx, payment, by, now);
  }
  return payment.id;
}

/** The payment locked for a change; 404 when there is none. */
async function lockPayment(tx: Db, id: string): Promise<UserPaymentRow> {
  const [payment] = await tx.select().from(userPayments).where(eq(userPayments.id, id)).for("update");
  if (!payment) throw notFound("User payment");
  return payment;
}

const alreadyPaid = () =>
  new AppError(409, "USER_PAYMENT_ALREADY_PAID", "The payment has already been marked paid");
const cancelled = () => new AppError(409, "USER_PAYMENT_CANCELLED", "The payment has been cancelled");

function ensureOpen(payment: UserPaymentRow) {
  if (payment.paymentStatus === "CANCELLED") throw cancelled();
  if (payment.paymentStatus === "PAID" || payment.isUserPaymentDone) throw alreadyPaid();
}

/** The employee has been asked to pay. Sending again changes nothing (and writes nothing). */
export async function markUserPaymentSent(tx: Db, id: string, by: PaymentActor, now: Date) {
  const payment = await lockPayment(tx, id);
  ensureOpen(payment);
  if (payment.sentAt) return payment;
  const [sent] = await tx
    .update(userPayments)
    .set({ sentAt: now, updatedAt: now })
    .where(eq(userPayments.id, id))
    .returning();
  await logEvent(tx, "USER_PAYMENT_SENT", by, payment, { type: "userPayment", id }, {}, now);
  await redemptionPaymentSent(tx, payment, by, now);
  return sent as UserPaymentRow;
}

/**
 * The money is in: PAID and done (and sent, if nobody marked it so). A redemption's payment also marks
 * the employee's redemption payment paid and writes the redemption's "user payment paid" event.
 * 409 USER_PAYMENT_ALREADY_PAID the second time, USER_PAYMENT_CANCELLED for a cancelled one.
 */
export async function markUserPaymentPaid(tx: Db, id: string, by: PaymentActor, now: Date) {
  const payment = await lockPayment(tx, id);
  ensureOpen(payment);
  if (!payment.sentAt) await markUserPaymentSent(tx, id, by, now);
  const [paid] = await tx
    .update(userPayments)
    .set({ paymentStatus: "PAID", paidAt: now, isUserPaymentDone: true, updatedAt: now })
    .where(eq(userPayments.id, id))
    .returning();
  await logEvent(
    tx,
    "USER_PAYMENT_PAID",
    by,
    payment,
    { type: "userPayment", id },
    { amountCents: payment.amountCents },
    now,
  );
  if (payment.kind === "REDEMPTION" && payment.bikeRedemptionId) {
    await tx
      .update(bikeRedemptions)
      .set({ userPaymentPaidAt: now, updatedAt: now })
      .where(eq(bikeRedemptions.id, payment.bikeRedemptionId));
    await tx
      .update(redemptionPayments)
      .set({ status: "PAID", paidAt: now, updatedAt: now })
      .where(
        and(
          eq(redemptionPayments.bikeRedemptionId, payment.bikeRedemptionId),
          eq(redemptionPayments.payerType, "EMPLOYEE"),
          eq(redemptionPayments.status, "PENDING"),
        ),
      );
    await logEvent(
      tx,
      "BIKE_REDEMPTION_USER_PAYMENT_PAID",
      by,
      payment,
      { type: "bikeRedemption", id: payment.bikeRedemptionId },
      { userPaymentId: id, amountCents: payment.amountCents },
      now,
    );
  }
  return paid as UserPaymentRow;
}

/** The payment is no longer owed (the case it was for changed): CANCELLED, with the reason in its event. */
export async function cancelUserPayment(tx: Db, id: string, by: PaymentActor, now: Date, reason: string) {
  const payment = await lockPayment(tx, id);
  ensureOpen(payment);
  const [done] = await tx
    .update(userPayments)
    .set({ paymentStatus: "CANCELLED", updatedAt: now })
    .where(eq(userPayments.id, id))
    .returning();
  if (payment.kind === "REDEMPTION" && payment.bikeRedemptionId) {
    await tx
      .update(redemptionPayments)
      .set({ status: "CANCELLED", updatedAt: now })
      .where(
        and(
          eq(redemptionPayments.bikeRedemptionId, payment.bikeRedemptionId),
          eq(redemptionPayments.payerType, "EMPLOYEE"),
          eq(redemptionPayments.status, "PENDING"),
        ),
      );
  }
  await logEvent(tx, "USER_PAYMENT_CANCELLED", by, payment, { type: "userPayment", id }, { reason }, now);
  return done as UserPaymentRow;
}
