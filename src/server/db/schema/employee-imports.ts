import { date, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/**
 * A staff file written into a company (modules/employee-import): who, when, which file and what it
 * did. Every employee it added, changed or ended has an event row carrying its id, so an import can be
 * listed and explained later. Previews are not kept.
 */
export const employeeImports = pgTable(
  "employee_imports",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    fileName: text().notNull(),
    created: integer().notNull(),
    changed: integer().notNull(),
    unchanged: integer().notNull(),
    ending: integer().notNull(),
    /** Rows left out for their errors (with validRowsOnly). */
    skipped: integer().notNull(),
    /** The last working day given to the employees the file did not list; null: they were left. */
    leaversOn: date({ mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [index("employee_imports_company_idx").on(t.companyId, t.createdAt)],
);

/**
 * What a company said its files' unknown headers are (by the header as compared, headerKey): a field,
 * or "" for a column left out. The next file with the same headers needs no mapping step.
 */
export const employeeImportColumns = pgTable("employee_import_columns", {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  columns: jsonb().$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamptz().notNull().defaultNow(),
});
