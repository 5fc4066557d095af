import { sql } from "drizzle-orm";
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { beneficiaryEmployees } from "./employees.ts";

/**
 * Each employee's "First Last" and e-mail beside the employee, for the lists' searches by a person's
 * name or e-mail (db/person-search.ts): one trigram index finds the employees themselves, where going
 * from the people found to their employees looked up each of them (a common surname's 5,400 people:
 * about 21 ms per statement, twice per page). Kept by triggers from users, system_users and
 * beneficiary_employees (migration 0016_employee_search), so no writer of the app keeps it.
 */
export const employeeSearch = pgTable(
  "employee_search",
  {
    beneficiaryEmployeeId: uuid()
      .primaryKey()
      .references(() => beneficiaryEmployees.id, { onDelete: "cascade" }),
    userId: uuid().notNull(),
    /** system_users' first_name || ' ' || last_name, as system_users_full_name_trgm_idx indexes it. */
    name: text(),
    email: text(),
  },
  (t) => [
    index("employee_search_user_idx").on(t.userId),
    index("employee_search_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("employee_search_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);
