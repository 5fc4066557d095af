/**
 * The whole Drizzle schema, one file per domain area. drizzle-kit reads this file to generate
 * migrations; the app passes it to drizzle() for relational queries. docs/data-model.md describes it.
 */
export * from "./auth.ts";
export * from "./brokerage.ts";
export * from "./companies.ts";
export * from "./company-settings.ts";
export * from "./employee-imports.ts";
export * from "./employee-search.ts";
export * from "./employees.ts";
export * from "./enums.ts";
export * from "./event-log.ts";
export * from "./files.ts";
export * from "./finance.ts";
export * from "./handovers.ts";
export * from "./idempotency.ts";
export * from "./identity.ts";
export * from "./insurance.ts";
export * from "./invoices.ts";
export * from "./lease-invoices.ts";
export * from "./leasing.ts";
export * from "./legal-holds.ts";
export * from "./messaging.ts";
export * from "./orders.ts";
export * from "./page-visits.ts";
export * from "./payouts.ts";
export * from "./person-access.ts";
export * from "./platform-settings.ts";
export * from "./redemptions.ts";
export * from "./relations.ts";
export * from "./row-counts.ts";
export * from "./stores.ts";
export * from "./tax.ts";
export * from "./users.ts";
