import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SIGNING_POLICIES } from "../../../domain/identification.ts";
import { id, percent, timestamps, timestamptz } from "../columns.ts";
import { paymentMode, previousProvider } from "./enums.ts";
import { billingTables, leasingCompanies } from "./finance.ts";

/** A group of companies (konserni); a group admin sees every company of the group. */
export const groupCompanies = pgTable(
  "group_companies",
  {
    id: id(),
    name: text().notNull(),
    businessId: text(),
    ...timestamps(),
  },
  // Creating a second group with the same name answers 409 GROUP_COMPANY_EXISTS_ERROR.
  (t) => [uniqueIndex("group_companies_name_unique").on(sql`lower(${t.name})`)],
);

/** An employer. Tenancy root: every employer-scoped row carries its companyId. */
export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text().notNull(),
    /** Y-tunnus, e.g. 3401234-1. */
    businessId: text(),
    groupCompanyId: uuid().references(() => groupCompanies.id, { onDelete: "set null" }),
    countryCode: text().notNull().default("FI"),
    /** The company's VAT value; null = the current rate of its country from vat_rates. */
    vatPercent: percent(),
    /** Max price of a bike package (incl. VAT) for this company's employees; null = no limit. */
    maxPriceCents: integer(),
    /** Whether payments go through payroll, in batches, or both (ALL). */
    paymentMode: paymentMode().notNull().default("PAYROLL"),
    /** How its employees sign and its employer users approve: src/domain/identification.ts. */
    signingPolicy: text({ enum: SIGNING_POLICIES }).notNull().default("SMS_CODE"),
    leasingCompanyId: uuid().references(() => leasingCompanies.id, { onDelete: "set null" }),
    billingTableId: uuid().references(() => billingTables.id, { onDelete: "set null" }),
    streetAddress: text(),
    postalCode: text(),
    city: text(),
    billingEmail: text(),
    eInvoiceAddress: text(),
    eInvoiceOperator: text(),
    contactName: text(),
    contactEmail: text(),
    contactPhoneNumber: text(),
    /** The bike-benefit provider the company came from (docs/product.md "Constants" partner names); null = none. */
    previousProvider: previousProvider(),
    /** Soft delete: orders and agreements keep referring to the company (FKs restrict a hard delete). */
    deletedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index("companies_group_company_idx").on(t.groupCompanyId),
    index("companies_name_idx").on(sql`lower(${t.name})`),
    uniqueIndex("companies_business_id_unique")
      .on(t.businessId)
      .where(sql`${t.businessId} is not null and ${t.deletedAt} is null`),
    check("companies_max_price_check", sql`${t.maxPriceCents} is null or ${t.maxPriceCents} >= 0`),
    check(
      "companies_signing_policy_check",
      sql`${t.signingPolicy} in ('SMS_CODE', 'STRONG_OR_SMS_CODE', 'STRONG')`,
    ),
    check("companies_vat_check", sql`${t.vatPercent} is null or ${t.vatPercent} between 0 and 100`),
    check("companies_country_code_check", sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

/** A company's units (toimipiste); owned by the company and deleted with it. */
export const companyUnits = pgTable(
  "company_units",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    unitName: text().notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("company_units_company_name_unique").on(t.companyId, sql`lower(${t.unitName})`),
    check("company_units_name_check", sql`length(trim(${t.unitName})) > 0`),
  ],
);
