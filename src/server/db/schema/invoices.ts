import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { invoiceStatus, payerType } from "./enums.ts";
import { files } from "./files.ts";
import { leasingCompanies } from "./finance.ts";
import { insuranceClaims } from "./insurance.ts";
import { orders } from "./orders.ts";
import { bikeRedemptions } from "./redemptions.ts";
import { bikeStores } from "./stores.ts";
import { users } from "./users.ts";

/**
 * An invoice in either direction: a store's purchase invoice matched to an order, Pedaali's invoice
 * to the leasing company (GRENKE_INVOICE_SENT), a redemption or insurance repair invoice. payerType
 * says who pays it; the nullable references say what it is about.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    invoiceNumber: text(),
    status: invoiceStatus().notNull().default("UNFINISHED"),
    payerType: payerType().notNull(),
    companyId: uuid().references(() => companies.id, { onDelete: "restrict" }),
    orderId: uuid().references(() => orders.id, { onDelete: "restrict" }),
    bikeStoreId: uuid().references(() => bikeStores.id, { onDelete: "restrict" }),
    leasingCompanyId: uuid().references(() => leasingCompanies.id, { onDelete: "restrict" }),
    bikeRedemptionId: uuid().references(() => bikeRedemptions.id, { onDelete: "restrict" }),
    insuranceClaimId: uuid().references(() => insuranceClaims.id, { onDelete: "restrict" }),
    description: text(),
    /** Amount excl. VAT + VAT = total, all cents. */
    amountCents: integer().notNull(),
    vatCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    paidAmountCents: integer().notNull().default(0),
    /** Finnish reference number (viitenumero). */
    referenceNumber: text(),
    issueDate: date({ mode: "string" }),
    dueDate: date({ mode: "string" }),
    sentAt: timestamptz(),
    paidAt: timestamptz(),
    fileId: uuid().references(() => files.id, { onDelete: "set null" }),
    /**
     * The store's user who sent this purchase invoice from the store's own account (its lines are then
     * the order's package); null for an invoice that reached Pedaali otherwise.
     */
    sentByStoreUserId: uuid().references(() => users.id, { onDelete: "restrict" }),
    ...timestamps(),
  },
  (t) => [
    // Not unique: invoices of different stores may carry the same number.
    index("invoices_number_idx").on(t.invoiceNumber),
    index("invoices_status_idx").on(t.status, t.createdAt),
    index("invoices_company_idx").on(t.companyId, t.createdAt),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_bike_store_idx").on(t.bikeStoreId),
    index("invoices_leasing_company_idx").on(t.leasingCompanyId),
    index("invoices_redemption_idx").on(t.bikeRedemptionId),
    index("invoices_insurance_claim_idx").on(t.insuranceClaimId),
    index("invoices_due_date_idx").on(t.dueDate),
    check(
      "invoices_cents_check",
      sql`${t.amountCents} >= 0 and ${t.vatCents} >= 0 and ${t.paidAmountCents} >= 0
        and ${t.totalCents} = ${t.amountCents} + ${t.vatCents}`,
    ),
  ],
);
