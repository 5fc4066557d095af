import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, percent, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { beneficiaryEmployees } from "./employees.ts";
import {
  deliveryMethod,
  orderCancellationRequester,
  orderCancellationStatus,
  orderItemType,
  orderStatus,
  payerType,
} from "./enums.ts";
import { files } from "./files.ts";
import { billingTables, leasingCompanies } from "./finance.ts";
import { bikeStores } from "./stores.ts";
import { users } from "./users.ts";

/**
 * An order of a benefit bike (orderId). companyId is the employee's company, copied here so every
 * order query can be scoped by tenant without a join. Totals are cents incl. VAT.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    /** Human-readable running number (tilausnumero) for the back office and mails. */
    orderNumber: integer().notNull().generatedAlwaysAsIdentity({ startWith: 10001 }),
    beneficiaryEmployeeId: uuid()
      .notNull()
      .references(() => beneficiaryEmployees.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    bikeStoreId: uuid().references(() => bikeStores.id, { onDelete: "restrict" }),
    leasingCompanyId: uuid().references(() => leasingCompanies.id, { onDelete: "restrict" }),
    billingTableId: uuid().references(() => billingTables.id, { onDelete: "set null" }),
    orderStatus: orderStatus().notNull().default("NOT_STARTED"),
    /** Where a WAITING_FOR_CUSTOMER_COMMENT order returns to; set exactly while in that side state. */
    previousStatus: orderStatus(),
    /**
     * When the employee answered the helpdesk's question; set only in WAITING_FOR_CUSTOMER_COMMENT,
     * where the answered order then waits for the helpdesk (every move clears it).
     */
    customerAnsweredAt: timestamptz(),
    isOnlineOrder: boolean().notNull().default(false),
    isOrderConfirmed: boolean().notNull().default(false),
    bikeStoreOrderNumber: text(),
    /** Id in an external shop (WIX imports). */
    externalOrderId: text(),
    orderPaidDate: date({ mode: "string" }),
    deliveryMethod: deliveryMethod(),
    deliveryStreetAddress: text(),
    deliveryPostalCode: text(),
    deliveryCity: text(),
    totalPriceCents: integer().notNull().default(0),
    vatPercent: percent(),
    leaseTimeMonths: integer(),
    monthlyPaymentCents: integer(),
    /** Redemption price at the end of the lease. */
    residualValueCents: integer(),
    frameSerialNumber: text(),
    deliveryDate: date({ mode: "string" }),
    /** Hash of the store's token for /runkonumero-ja-toimitus/{token}. */
    deliveryTokenHash: text(),
    deliveryTokenExpiresAt: timestamptz(),
    /** Hash of the store's token for entering the bike package (mailed when the order starts). */
    packageTokenHash: text(),
    packageTokenExpiresAt: timestamptz(),
    /** The employee's own share of a package above their max price (a user payment), cents incl. VAT. */
    userPaymentCents: integer().notNull().default(0),
    /** Fixed when the employee accepts the package: the policy then asked the employer to approve. */
    employerApprovalRequired: boolean().notNull().default(false),
    employerApprovedAt: timestamptz(),
    employerApprovedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    customerComment: text(),
    adminNote: text(),
    confirmedAt: timestamptz(),
    processedAt: timestamptz(),
    cancelledAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("orders_order_number_unique").on(t.orderNumber),
    uniqueIndex("orders_delivery_token_hash_unique").on(t.deliveryTokenHash),
    uniqueIndex("orders_package_token_hash_unique").on(t.packageTokenHash),
    uniqueIndex("orders_external_order_id_unique").on(t.externalOrderId),
    index("orders_company_status_idx").on(t.companyId, t.orderStatus, t.createdAt),
    index("orders_status_created_idx").on(t.orderStatus, t.createdAt),
    // The lists' newest first: the helpdesk's across all companies, and each company's own
    // (newestFirstPage merges a group's companies through it).
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("orders_processed_idx").on(t.processedAt),
    index("orders_online_confirmed_idx").on(t.isOnlineOrder, t.isOrderConfirmed, t.orderStatus),
    index("orders_employee_idx").on(t.beneficiaryEmployeeId),
    // A store user's order list, newest first (bike_store_users): the store's rows in order.
    index("orders_bike_store_idx").on(t.bikeStoreId, t.createdAt, t.id),
    index("orders_leasing_company_idx").on(t.leasingCompanyId),
    index("orders_frame_serial_number_idx").on(t.frameSerialNumber),
    // The orders whose leases are gone (cancelled or refunded): the reporting reads rule a company's
    // leases out against this small index instead of looking up every lease's order.
    index("orders_gone_idx").on(t.id).where(sql`${t.orderStatus} in ('CANCELLED', 'REFUNDED')`),
    check("orders_total_price_check", sql`${t.totalPriceCents} >= 0`),
    check(
      "orders_monthly_payment_check",
      sql`${t.monthlyPaymentCents} is null or ${t.monthlyPaymentCents} >= 0`,
    ),
    check("orders_user_payment_check", sql`${t.userPaymentCents} >= 0`),
    check(
      "orders_residual_value_check",
      sql`${t.residualValueCents} is null or ${t.residualValueCents} >= 0`,
    ),
    check(
      "orders_lease_time_check",
      sql`${t.leaseTimeMonths} is null or ${t.leaseTimeMonths} between 12 and 60`,
    ),
    check("orders_vat_check", sql`${t.vatPercent} is null or ${t.vatPercent} between 0 and 100`),
    check(
      "orders_previous_status_check",
      sql`(${t.orderStatus} = 'WAITING_FOR_CUSTOMER_COMMENT') = (${t.previousStatus} is not null)
        and (${t.previousStatus} is null or ${t.previousStatus} <> 'WAITING_FOR_CUSTOMER_COMMENT')`,
    ),
  ],
);

/** The lines of an order's bike package (the bike, accessories, services); owned by the order. */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    itemType: orderItemType().notNull().default("BIKE"),
    name: text().notNull(),
    brand: text(),
    model: text(),
    modelYear: integer(),
    frameSize: text(),
    color: text(),
    quantity: integer().notNull().default(1),
    /** Price of one unit incl. VAT. */
    unitPriceCents: integer().notNull(),
    /** Discount on the whole line incl. VAT. */
    discountCents: integer().notNull().default(0),
    vatPercent: percent(),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId, t.sortOrder),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check(
      "order_items_cents_check",
      sql`${t.unitPriceCents} >= 0 and ${t.discountCents} >= 0
        and ${t.discountCents} <= ${t.unitPriceCents} * ${t.quantity}`,
    ),
    check("order_items_vat_check", sql`${t.vatPercent} is null or ${t.vatPercent} between 0 and 100`),
  ],
);

/** An order cancellation (orderCancellationId); opened, then completed (POST .../complete). */
export const orderCancellations = pgTable(
  "order_cancellations",
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    status: orderCancellationStatus().notNull().default("PENDING"),
    reason: text(),
    /** The amount to refund, who pays it back (payerType) and to whom (refundToType). */
    refundAmountCents: integer().notNull().default(0),
    payerType: payerType(),
    refundToType: payerType(),
    note: text(),
    /** Who asked: the employee, the employer or the helpdesk (migration 0009). */
    requestedBy: orderCancellationRequester().notNull().default("HELPDESK"),
    /** The order's status when the cancellation was asked for (the order may have moved since). */
    orderStatusAtRequest: orderStatus(),
    requestedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    completedAt: timestamptz(),
    completedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // At most one open cancellation per order.
    uniqueIndex("order_cancellations_open_unique").on(t.orderId).where(sql`${t.status} = 'PENDING'`),
    index("order_cancellations_order_idx").on(t.orderId),
    index("order_cancellations_company_idx").on(t.companyId, t.createdAt),
    index("order_cancellations_status_idx").on(t.status, t.createdAt),
    // The list's order (newest first, ties by id) for the helpdesk and a large group.
    index("order_cancellations_created_idx").on(t.createdAt, t.id),
    check("order_cancellations_refund_check", sql`${t.refundAmountCents} >= 0`),
  ],
);

/** Refund receipts uploaded to a cancellation (uploadedRefunds, refundUploadId). */
export const refundUploads = pgTable(
  "refund_uploads",
  {
    id: id(),
    orderCancellationId: uuid()
      .notNull()
      .references(() => orderCancellations.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "restrict" }),
    fileName: text().notNull(),
    amountCents: integer(),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("refund_uploads_cancellation_idx").on(t.orderCancellationId),
    index("refund_uploads_file_idx").on(t.fileId),
    check("refund_uploads_amount_check", sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
  ],
);
