import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { PaymentMethod, UserPaymentKind } from "../../../domain/enums.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeRedemptions, redemptionPayments, userPayments } from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { userPaymentAlreadyPaid, userPaymentCancelled } from "./errors.ts";

/**
 * The employee's own payments (user payments, ADR 009), written in one place whatever they are
 * for: the share of a package over the max price, a redemption price, a return fee, a deductible. Every
 * function works inside the caller's transaction, so a payment appears with what it is for (the
 * accepted package, the chosen redemption, the closed claim) or not at all, and writes its event rows.
 *
 * A payment is PENDING when made; "sent" (sentAt) once the employee has been asked to pay (the invoice
 * is out, or payroll has been told); PAID (paidAt, isUserPaymentDone) when the money is in; or
 * CANCELLED. A redemption's payment also keeps the redemption's own ledger: its redemption payment by
 * the employee, and the redemption's userPaymentSentAt / userPaymentPaidAt with their docs/product.md "States" events.
 */

export type NewUserPayment = {
  kind: UserPaymentKind;
  beneficiaryEmployeeId: string;
  companyId: string;
  orderId?: string | null;
  bikeRedemptionId?: string | null;
  insuranceClaimId?: string | null;
  /**
   * Only what a person typed for the payment (the helpdesk's hand-made one). A payment Pedaali makes
   * itself has none: its kind and order say what it is, in each reader's own language.
   */
  description?: string | null;
  amountCents: number;
  /** PAYROLL: deducted from the net pay of the due date's month; BATCH: an invoice paid by transfer. */
  paymentMethod: PaymentMethod;
  /** YYYY-MM-DD: the invoice's due date, or a day of the pay period that deducts it. */
  dueDate: string;
  /** Ask the employee to pay at once (sentAt now); otherwise the helpdesk marks it sent. */
  send: boolean;
};

type UserPaymentRow = typeof userPayments.$inferSelect;

/** A fresh reference number: 13 random digits after a 1, and its check digit (never guessable in order). */
function newReferenceNumber(): string {
  let base = "1";
  for (let i = 0; i < 13; i++) base += String(randomInt(10));
  return referenceNumber(base);
}

/** An event on the payment itself (entity userPayment), in its company. */
const onPayment = (payment: { id: string; companyId: string }) => ({
  entity: { type: "userPayment" as const, id: payment.id },
  companyId: payment.companyId,
});

/** The redemption's side of its payment being asked for: the date on the case and its docs/product.md "States" event. */
async function redemptionPaymentSent(ctx: WriteContext, payment: UserPaymentRow) {
  if (!payment.bikeRedemptionId || payment.kind !== "REDEMPTION") return;
  await lockRows(
    ctx.tx,
    "redemptionCase",
    ctx.tx
      .update(bikeRedemptions)
      .set({ userPaymentSentAt: ctx.now, updatedAt: ctx.now })
      .where(eq(bikeRedemptions.id, payment.bikeRedemptionId)),
  );
  await recordEvent(ctx, {
    type: "BIKE_REDEMPTION_USER_PAYMENT_SENT",
    entity: { type: "bikeRedemption", id: payment.bikeRedemptionId },
    companyId: payment.companyId,
    data: {
      userPaymentId: payment.id,
      amountCents: payment.amountCents,
      paymentMethod: payment.paymentMethod,
    },
  });
}

/** Makes a payment (PENDING), sent at once when asked; answers its id. */
export async function createUserPayment(ctx: WriteContext, input: NewUserPayment): Promise<string> {
  const { tx, now } = ctx;
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
      description: input.description ?? null,
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
  await recordEvent(ctx, { type: "USER_PAYMENT_CREATED", ...onPayment(payment), data: facts });
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
    await recordEvent(ctx, { type: "USER_PAYMENT_SENT", ...onPayment(payment), data: facts });
    await redemptionPaymentSent(ctx, payment);
  }
  return payment.id;
}

/** The payment locked for a change; 404 when there is none. */
async function lockPayment(tx: Tx, id: string): Promise<UserPaymentRow> {
  const [payment] = await lockRows(
    tx,
    "userPayment",
    tx.select().from(userPayments).where(eq(userPayments.id, id)).for("update"),
  );
  if (!payment) throw notFound("User payment");
  return payment;
}

/**
 * The payment locked for a change that also writes its redemption case (the case's dates of asking and
 * paying): the case first, in the lock order (db/lock-order.ts), as the case's own changes lock it
 * before they cancel its payments. The payment's case never changes, so it is read unlocked.
 */
export async function lockPaymentAndCase(tx: Tx, id: string): Promise<UserPaymentRow> {
  const [seen] = await tx
    .select({ kind: userPayments.kind, bikeRedemptionId: userPayments.bikeRedemptionId })
    .from(userPayments)
    .where(eq(userPayments.id, id));
  if (seen?.kind === "REDEMPTION" && seen.bikeRedemptionId) {
    await lockRows(
      tx,
      "redemptionCase",
      tx
        .select({ id: bikeRedemptions.id })
        .from(bikeRedemptions)
        .where(eq(bikeRedemptions.id, seen.bikeRedemptionId))
        .for("update"),
    );
  }
  return lockPayment(tx, id);
}

function ensureOpen(payment: UserPaymentRow) {
  if (payment.paymentStatus === "CANCELLED") throw userPaymentCancelled();
  if (payment.paymentStatus === "PAID" || payment.isUserPaymentDone) throw userPaymentAlreadyPaid();
}

/** The employee has been asked to pay. Sending again changes nothing (and writes nothing). */
export async function markUserPaymentSent(ctx: WriteContext, id: string) {
  const { tx, now } = ctx;
  const payment = await lockPaymentAndCase(tx, id);
  ensureOpen(payment);
  if (payment.sentAt) return payment;
  const [sent] = await tx
    .update(userPayments)
    .set({ sentAt: now, updatedAt: now })
    .where(eq(userPayments.id, id))
    .returning();
  await recordEvent(ctx, { type: "USER_PAYMENT_SENT", ...onPayment(payment), data: {} });
  await redemptionPaymentSent(ctx, payment);
  return sent as UserPaymentRow;
}

/**
 * The money is in: PAID and done (and sent, if nobody marked it so). A redemption's payment also marks
 * the employee's redemption payment paid and writes the redemption's "user payment paid" event.
 * 409 USER_PAYMENT_ALREADY_PAID the second time, USER_PAYMENT_CANCELLED for a cancelled one.
 */
export async function markUserPaymentPaid(ctx: WriteContext, id: string) {
  const { tx, now } = ctx;
  const payment = await lockPaymentAndCase(tx, id);
  ensureOpen(payment);
  if (!payment.sentAt) await markUserPaymentSent(ctx, id);
  const [paid] = await tx
    .update(userPayments)
    .set({ paymentStatus: "PAID", paidAt: now, isUserPaymentDone: true, updatedAt: now })
    .where(eq(userPayments.id, id))
    .returning();
  await recordEvent(ctx, {
    type: "USER_PAYMENT_PAID",
    ...onPayment(payment),
    data: { amountCents: payment.amountCents },
  });
  if (payment.kind === "REDEMPTION" && payment.bikeRedemptionId) {
    await lockRows(
      tx,
      "redemptionCase",
      tx
        .update(bikeRedemptions)
        .set({ userPaymentPaidAt: now, updatedAt: now })
        .where(eq(bikeRedemptions.id, payment.bikeRedemptionId)),
    );
    await lockRows(
      tx,
      "redemptionPayment",
      tx
        .update(redemptionPayments)
        .set({ status: "PAID", paidAt: now, updatedAt: now })
        .where(
          and(
            eq(redemptionPayments.bikeRedemptionId, payment.bikeRedemptionId),
            eq(redemptionPayments.payerType, "EMPLOYEE"),
            eq(redemptionPayments.status, "PENDING"),
          ),
        ),
    );
    await recordEvent(ctx, {
      type: "BIKE_REDEMPTION_USER_PAYMENT_PAID",
      entity: { type: "bikeRedemption", id: payment.bikeRedemptionId },
      companyId: payment.companyId,
      data: { userPaymentId: id, amountCents: payment.amountCents },
    });
  }
  return paid as UserPaymentRow;
}

/** The payment is no longer owed (the case it was for changed): CANCELLED, with the reason in its event. */
export async function cancelUserPayment(ctx: WriteContext, id: string, reason: string) {
  const { tx, now } = ctx;
  const payment = await lockPayment(tx, id);
  ensureOpen(payment);
  const [done] = await tx
    .update(userPayments)
    .set({ paymentStatus: "CANCELLED", updatedAt: now })
    .where(eq(userPayments.id, id))
    .returning();
  if (payment.kind === "REDEMPTION" && payment.bikeRedemptionId) {
    await lockRows(
      tx,
      "redemptionPayment",
      tx
        .update(redemptionPayments)
        .set({ status: "CANCELLED", updatedAt: now })
        .where(
          and(
            eq(redemptionPayments.bikeRedemptionId, payment.bikeRedemptionId),
            eq(redemptionPayments.payerType, "EMPLOYEE"),
            eq(redemptionPayments.status, "PENDING"),
          ),
        ),
    );
  }
  await recordEvent(ctx, { type: "USER_PAYMENT_CANCELLED", ...onPayment(payment), data: { reason } });
  return done as UserPaymentRow;
}
