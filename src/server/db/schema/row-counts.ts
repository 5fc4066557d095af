import { bigint, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

/**
 * How many rows each company has in the tables whose lists are paged by company: beneficiary_employees,
 * orders, leasing_agreements and user_payments. Kept by triggers on those tables (migration
 * 0015_company_row_counts), so no writer of the app keeps it and none can forget to; read by a list
 * whose only condition is the caller's companies (modules/auth/tenancy.ts `rowsInScope`), where
 * counting a group's 100,000 employees row by row took most of the page's time.
 */
export const companyRowCounts = pgTable(
  "company_row_counts",
  {
    /** The counted table's name. */
    tableName: text().notNull(),
    companyId: uuid().notNull(),
    rowCount: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "company_row_counts_pkey", columns: [t.tableName, t.companyId] })],
);
