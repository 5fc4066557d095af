import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, percent, timestamps, timestamptz } from "../columns.ts";

/** Leasing (financing) companies: Grenkeleasing Oy, LeasePlus OÜ, Pedaali Oy (docs/product.md "Constants"). */
export const leasingCompanies = pgTable(
  "leasing_companies",
  {
    id: id(),
    companyName: text().notNull(),
    businessId: text(),
    email: text(),
    phoneNumber: text(),
    /**
     * Where our invoices to the leasing company go as e-invoices (Finvoice): its e-invoice address (an
     * OVT code or an IBAN) and its operator's ID (an OVT code or a BIC), src/domain/validation/e-invoice.ts.
     */
    eInvoiceAddress: text(),
    eInvoiceOperator: text(),
    /** Whether new orders may be financed by this company. */
    active: boolean().notNull().default(true),
    /** When the leasing-company sync job last fetched agreement data (GET /api/last-fetch-time). */
    lastFetchedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("leasing_companies_name_unique").on(sql`lower(${t.companyName})`)],
);

/**
 * A billing table: a leasing company's terms (docs/data-model.md). The monthly payment of a package is an annuity
 * on its price at annualInterestPercent that leaves residualValuePercent at the end, plus insurance,
 * the maintenance budget and the service fee (src/domain/calculator/lease-payment.ts). Its rows set the
 * lease period by price bracket (POST /api/leasing/get-leasing-time-months). The one isDefault table
 * prices the public calculator.
 */
export const billingTables = pgTable(
  "billing_tables",
  {
    id: id(),
    name: text().notNull(),
    leasingCompanyId: uuid().references(() => leasingCompanies.id, { onDelete: "restrict" }),
    validFrom: date({ mode: "string" }),
    validTo: date({ mode: "string" }),
    /** Monthly service fee added to each payment, in cents. */
    monthlyServiceFeeCents: integer().notNull().default(0),
    /** Residual (redemption) value at the end of the lease, percent of the total price. */
    residualValuePercent: percent(),
    annualInterestPercent: percent().notNull().default(0),
    /** Yearly insurance premium, percent of the package price. */
    insurancePercentPerYear: percent().notNull().default(0),
    /** The maintenance budget included in each payment, in cents. */
    monthlyMaintenanceCents: integer().notNull().default(0),
    minLeaseMonths: integer().notNull().default(12),
    maxLeaseMonths: integer().notNull().default(60),
    /** A campaign discount on the package price, given only for leases of campaignMinLeaseMonths or more. */
    campaignDiscountPercent: percent(),
    campaignMinLeaseMonths: integer(),
    isDefault: boolean().notNull().default(false),
    notes: text(),
    ...timestamps(),
  },
  (t) => [
    index("billing_tables_leasing_company_idx").on(t.leasingCompanyId),
    uniqueIndex("billing_tables_one_default").on(t.isDefault).where(sql`${t.isDefault}`),
    check(
      "billing_tables_service_fee_check",
      sql`${t.monthlyServiceFeeCents} >= 0 and ${t.monthlyMaintenanceCents} >= 0`,
    ),
    check(
      "billing_tables_terms_check",
      sql`${t.annualInterestPercent} between 0 and 100 and ${t.insurancePercentPerYear} between 0 and 100
        and (${t.campaignDiscountPercent} is null or ${t.campaignDiscountPercent} between 0 and 100)`,
    ),
    check(
      "billing_tables_lease_months_check",
      sql`${t.minLeaseMonths} between 1 and 120 and ${t.maxLeaseMonths} between ${t.minLeaseMonths} and 120
        and (${t.campaignMinLeaseMonths} is null or ${t.campaignMinLeaseMonths} between 1 and 120)`,
    ),
    check(
      "billing_tables_residual_value_check",
      sql`${t.residualValuePercent} is null or ${t.residualValuePercent} between 0 and 100`,
    ),
    check(
      "billing_tables_validity_check",
      sql`${t.validTo} is null or ${t.validFrom} is null or ${t.validTo} >= ${t.validFrom}`,
    ),
  ],
);

export const billingTableRows = pgTable(
  "billing_table_rows",
  {
    id: id(),
    billingTableId: uuid()
      .notNull()
      .references(() => billingTables.id, { onDelete: "cascade" }),
    leaseTimeMonths: integer().notNull(),
    /** The price bracket (package total incl. VAT) whose leases run leaseTimeMonths; max null = no upper limit. */
    minTotalCents: integer().notNull().default(0),
    maxTotalCents: integer(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("billing_table_rows_bracket_unique").on(t.billingTableId, t.minTotalCents),
    check("billing_table_rows_lease_time_check", sql`${t.leaseTimeMonths} between 12 and 60`),
    check(
      "billing_table_rows_bracket_check",
      sql`${t.minTotalCents} >= 0 and (${t.maxTotalCents} is null or ${t.maxTotalCents} > ${t.minTotalCents})`,
    ),
  ],
);

/** VAT rates per country and validity start (Finland 25.5 % from 1.9.2024). */
export const vatRates = pgTable(
  "vat_rates",
  {
    id: id(),
    /** ISO 3166-1 alpha-2, upper case (FI, EE, SE). */
    countryCode: text().notNull(),
    ratePercent: percent().notNull(),
    validFrom: date({ mode: "string" }).notNull(),
    validTo: date({ mode: "string" }),
    description: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("vat_rates_country_valid_from_unique").on(t.countryCode, t.validFrom),
    check("vat_rates_rate_check", sql`${t.ratePercent} between 0 and 100`),
    check("vat_rates_country_code_check", sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check("vat_rates_validity_check", sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);
