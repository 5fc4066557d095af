import { and, eq, ne } from "drizzle-orm";
import type { PaymentMethod } from "../../../domain/enums.ts";
import { leaseEndPaymentDueDate } from "../../../domain/redemption.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeBrokerages, userPayments } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { AppError } from "../../errors.ts";
import { listBikeForBrokerage } from "../brokerage/listing.ts";
import { cancelUserPayment, createUserPayment } from "../user-payments/ledger.ts";
import { type CaseFacts, rulePriceOf, todayOf } from "./case-facts.ts";

/**
 * What a redemption choice sets going, shared by the choice, the helpdesk's changes, the cancellation
 * and the completion: the employee's payment through the user payments ledger, the bike handed to the
 * brokerage, and undoing both while nothing has followed from them yet.
 */

/**
 * Undoes what the case's choice started, while nothing has followed from it: its open user payments
 * are cancelled through the ledger, its unlisted brokerage row withdrawn. A paid payment or a listed
 * bike means something has: `locked` says what to answer then.
 */
export async function releaseChoice(ctx: WriteContext, facts: CaseFacts, locked: (why: string) => AppError) {
  const { tx, now } = ctx;
  const id = facts.redemption.id;
  // One after another on the transaction's one connection (db/transaction.ts).
  const payments = await tx
    .select()
    .from(userPayments)
    .where(and(eq(userPayments.bikeRedemptionId, id), ne(userPayments.paymentStatus, "CANCELLED")));
  const brokerages = await tx
    .select()
    .from(bikeBrokerages)
    .where(and(eq(bikeBrokerages.bikeRedemptionId, id), ne(bikeBrokerages.status, "CANCELLED")));
  if (payments.some((p) => p.paymentStatus === "PAID" || p.isUserPaymentDone))
    throw locked("Its payment is paid");
  if (brokerages.some((b) => b.listedAt !== null || b.status === "COMPLETED"))
    throw locked("The bike is listed in the brokerage");
  for (const payment of payments) await cancelUserPayment(ctx, payment.id, "The lease-end choice changed");
  for (const brokerage of brokerages) {
    await lockRows(
      tx,
      "bikeBrokerage",
      tx
        .update(bikeBrokerages)
        .set({ status: "CANCELLED", updatedAt: now })
        .where(eq(bikeBrokerages.id, brokerage.id)),
    );
    await recordEvent(ctx, {
      type: "BIKE_BROKERAGE_UPDATED",
      entity: { type: "bikeBrokerage", id: brokerage.id },
      companyId: facts.redemption.companyId,
      data: { status: "CANCELLED", bikeRedemptionId: id, reason: "The lease-end choice changed" },
    });
  }
}

/** The employee's own payment of the case through the ledger, sent at once. */
export async function redemptionUserPayment(
  ctx: WriteContext,
  facts: CaseFacts,
  payment: { kind: "REDEMPTION" | "RETURN_FEE"; amountCents: number; method: PaymentMethod },
) {
  if (payment.amountCents <= 0) return;
  const { redemption } = facts;
  const today = todayOf(ctx.now);
  await createUserPayment(ctx, {
    kind: payment.kind,
    beneficiaryEmployeeId: redemption.beneficiaryEmployeeId,
    companyId: redemption.companyId,
    orderId: redemption.orderId,
    bikeRedemptionId: redemption.id,
    amountCents: payment.amountCents,
    paymentMethod: payment.method,
    dueDate: leaseEndPaymentDueDate(payment.method, redemption.leaseEndsOn ?? today, today),
    send: true,
  });
}

/** Hands the case's bike to the brokerage at the price by rule, not listed until the helpdesk has seen it. */
export async function handToBrokerage(ctx: WriteContext, facts: CaseFacts) {
  await listBikeForBrokerage(ctx, {
    orderId: facts.redemption.orderId,
    bikeRedemptionId: facts.redemption.id,
    askingPriceCents: rulePriceOf(facts),
    city: facts.returnCity,
    listNow: false,
  });
}

/** How the company's employees pay by default: by invoice where only that is allowed, else payroll. */
export const defaultMethod = (facts: CaseFacts): PaymentMethod =>
  facts.companyPaymentMode === "BATCH" ? "BATCH" : "PAYROLL";
