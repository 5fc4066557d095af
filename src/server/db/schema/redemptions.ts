import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, percent, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { beneficiaryEmployees } from "./employees.ts";
import {
  payerType,
  paymentMethod,
  paymentStatus,
  redemptionChoice,
  redemptionReason,
  simpleState,
  userPaymentKind,
} from "./enums.ts";
import { files } from "./files.ts";
import { insuranceClaims } from "./insurance.ts";
import { leasingAgreements } from "./leasing.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * A bike redemption case (lunastus, ADR 009): what becomes of a leased bike when its lease ends, at
 * the end of its term or early (reason). It opens with the redemption offer (price by the rules of
 * src/domain/redemption.ts) and a decision deadline; the employee's choice (redeem, return, brokerage,
 * transfer, continue) decides what follows; it is COMPLETED when the bike has its new owner or is back,
 * or CANCELLED. At most one open (PENDING) case per order.
 */
export const bikeRedemptions = pgTable(
  "bike_redemptions",
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    beneficiaryEmployeeId: uuid()
      .notNull()
      .references(() => beneficiaryEmployees.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    leasingAgreementId: uuid().references(() => leasingAgreements.id, { onDelete: "restrict" }),
    status: simpleState().notNull().default("PENDING"),
    reason: redemptionReason().notNull().default("LEASE_TERM_ENDS"),
    /** The employee's choice; null until made. */
    choice: redemptionChoice(),
    choiceMadeAt: timestamptz(),
    choiceByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The last day to choose; the lease's last day as the case sees it (the term's end, or the early end). */
    decisionDeadline: date({ mode: "string" }),
    leaseEndsOn: date({ mode: "string" }),
    /** TRANSFER: the colleague who takes the lease over. */
    transferToEmail: text(),
    /** RETURN on an early end: the return fee and delivery the employee pays (0 when the employer does). */
    returnFeeCents: integer(),
    openedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    paymentMethod: paymentMethod().notNull().default("PAYROLL"),
    /** Redemption price incl. VAT. */
    redemptionPriceCents: integer().notNull(),
    vatPercent: percent(),
    note: text(),
    userPaymentSentAt: timestamptz(),
    userPaymentPaidAt: timestamptz(),
    leasingCompanyInvoiceSentAt: timestamptz(),
    completedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index("bike_redemptions_status_idx").on(t.status, t.createdAt),
    index("bike_redemptions_payment_method_idx").on(t.paymentMethod, t.status),
    index("bike_redemptions_company_idx").on(t.companyId, t.createdAt),
    // The list's order (newest first, ties by id) for the helpdesk and a large group.
    index("bike_redemptions_created_idx").on(t.createdAt, t.id),
    index("bike_redemptions_order_idx").on(t.orderId),
    index("bike_redemptions_employee_idx").on(t.beneficiaryEmployeeId),
    // At most one open case per order.
    uniqueIndex("bike_redemptions_open_unique").on(t.orderId).where(sql`${t.status} = 'PENDING'`),
    check("bike_redemptions_price_check", sql`${t.redemptionPriceCents} >= 0`),
    check("bike_redemptions_return_fee_check", sql`${t.returnFeeCents} is null or ${t.returnFeeCents} >= 0`),
  ],
);

/** A redemption offer document uploaded to a redemption (POST /api/redemptionOffer). */
export const redemptionOffers = pgTable(
  "redemption_offers",
  {
    id: id(),
    bikeRedemptionId: uuid()
      .notNull()
      .references(() => bikeRedemptions.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "restrict" }),
    fileName: text().notNull(),
    offerPriceCents: integer(),
    validUntil: date({ mode: "string" }),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("redemption_offers_redemption_idx").on(t.bikeRedemptionId),
    index("redemption_offers_file_idx").on(t.fileId),
    check("redemption_offers_price_check", sql`${t.offerPriceCents} is null or ${t.offerPriceCents} >= 0`),
  ],
);

/** A payment of a redemption price, by whoever pays it (payerType). */
export const redemptionPayments = pgTable(
  "redemption_payments",
  {
    id: id(),
    bikeRedemptionId: uuid()
      .notNull()
      .references(() => bikeRedemptions.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    status: paymentStatus().notNull().default("PENDING"),
    payerType: payerType().notNull().default("EMPLOYEE"),
    amountCents: integer().notNull(),
    referenceNumber: text(),
    dueDate: date({ mode: "string" }),
    paidAt: timestamptz(),
    note: text(),
    ...timestamps(),
  },
  (t) => [
    index("redemption_payments_status_idx").on(t.status, t.createdAt),
    index("redemption_payments_redemption_idx").on(t.bikeRedemptionId),
    // The list's newest first, across all companies and per company (newestFirstPage).
    index("redemption_payments_company_idx").on(t.companyId, t.createdAt, t.id),
    index("redemption_payments_created_idx").on(t.createdAt, t.id),
    check("redemption_payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * A payment the employee makes themself (the part over the max price, a redemption, a cancellation
 * cost): a payment request is sent (sentAt), then paid (paidAt) and marked done.
 */
export const userPayments = pgTable(
  "user_payments",
  {
    id: id(),
    beneficiaryEmployeeId: uuid()
      .notNull()
      .references(() => beneficiaryEmployees.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    orderId: uuid().references(() => orders.id, { onDelete: "restrict" }),
    bikeRedemptionId: uuid().references(() => bikeRedemptions.id, { onDelete: "restrict" }),
    insuranceClaimId: uuid().references(() => insuranceClaims.id, { onDelete: "restrict" }),
    /** What the payment is for (migration 0009); payroll reports it by this. */
    kind: userPaymentKind().notNull().default("OTHER"),
    description: text(),
    amountCents: integer().notNull(),
    paymentMethod: paymentMethod().notNull().default("BATCH"),
    paymentStatus: paymentStatus().notNull().default("PENDING"),
    referenceNumber: text(),
    dueDate: date({ mode: "string" }),
    sentAt: timestamptz(),
    paidAt: timestamptz(),
    isUserPaymentDone: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // The list's order (newest first, ties by id) for the helpdesk and a large group.
    index("user_payments_created_idx").on(t.createdAt, t.id),
    // The list's search by description and reference number, "contains" (beside the person's).
    index("user_payments_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    index("user_payments_reference_trgm_idx").using("gin", sql`${t.referenceNumber} gin_trgm_ops`),
    index("user_payments_sent_idx").on(t.sentAt),
    index("user_payments_paid_idx").on(t.paidAt),
    index("user_payments_done_created_idx").on(t.isUserPaymentDone, t.createdAt),
    index("user_payments_company_idx").on(t.companyId, t.createdAt),
    index("user_payments_employee_idx").on(t.beneficiaryEmployeeId),
    index("user_payments_order_idx").on(t.orderId),
    index("user_payments_redemption_idx").on(t.bikeRedemptionId),
    index("user_payments_claim_idx").on(t.insuranceClaimId),
    check("user_payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);
