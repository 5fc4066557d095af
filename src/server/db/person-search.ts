import { getTableName, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias, type PgTable } from "drizzle-orm/pg-core";
import { likeContains } from "./paging.ts";
import { employeeSearch, orders, systemUsers, users } from "./schema/index.ts";

/**
 * How the lists of people's records search them (orders, agreements, cancellations, claims, redemption
 * cases, payments, signed documents, a role's holders): by the person's name ("First Last") or
 * e-mail, "contains" and without regard to case, and by an order number typed as digits.
 *
 * Each is a condition on the listed table's own column (its employee, user or order), so a list's
 * conditions never need its joins: the page's count reads the listed table alone. People and
 * employees are found through trigram indexes (pg_trgm, gin_trgm_ops): users.email and system_users'
 * "First Last" for a user, employee_search's copies of both for an employee, a few thousand index
 * entries instead of every person of a 100,000-employee group. What is found is handed on as an array
 * (`= any(array(...))`), which each next table looks up in its index: given a set instead, PostgreSQL
 * joined it by reading all 100,000 employees.
 */

/** "First Last" as system_users_full_name_trgm_idx indexes it (the expression must stay the same). */
export const fullNameOf = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql`(${table.firstName} || ' ' || ${table.lastName})`;

/** The users (ids) whose "First Last" or e-mail contains the text. */
function peopleMatching(search: string): SQL {
  const pattern = likeContains(search);
  return sql`(select ${systemUsers.userId} from ${systemUsers} where ${fullNameOf(systemUsers)} ilike ${pattern}
    union select ${users.id} from ${users} where ${users.email} ilike ${pattern})`;
}

/** The user in `userId` (a users.id column) has a name or e-mail containing the text. */
export function userMatches(userId: AnyPgColumn, search: string): SQL {
  return sql`${userId} = any(array${peopleMatching(search)})`;
}

/**
 * The employees (ids) whose "First Last", or with `email` whose e-mail, contains the text: found in
 * employee_search, which holds both beside each employee (kept by triggers), through its trigram
 * indexes. Going from the people found to their employees looked up each person (a common surname's
 * 5,400: 21 ms, in the count and again in the page).
 */
function employeesMatching(search: string, by: { email: boolean }): SQL {
  const pattern = likeContains(search);
  const s = employeeSearch;
  return sql`(select ${s.beneficiaryEmployeeId} from ${s}
    where ${s.name} ilike ${pattern}${by.email ? sql` or ${s.email} ilike ${pattern}` : sql``})`;
}

/** The employees (ids, a subquery) whose "First Last" or e-mail contains the text. */
export function employeesFound(search: string): SQL {
  return employeesMatching(search, { email: true });
}

/** The employee in `employeeId` (a beneficiary_employees.id column) has a name or e-mail containing the text. */
export function employeeMatches(employeeId: AnyPgColumn, search: string): SQL {
  return sql`${employeeId} = any(array${employeesFound(search)})`;
}

/** The employee in `employeeId` has a name ("First Last") containing the text. */
export function employeeNameMatches(employeeId: AnyPgColumn, search: string): SQL {
  return sql`${employeeId} = any(array${employeesMatching(search, { email: false })})`;
}

/** An order number: 1 to 9 digits, nothing else. */
export const orderNumberOf = (search: string): number | null =>
  /^\d{1,9}$/.test(search) ? Number(search) : null;

/** The order in `orderId` (an orders.id column) has the number. */
export function orderNumberIs(orderId: AnyPgColumn, orderNumber: number): SQL {
  return sql`${orderId} = any(array(select ${orders.id} from ${orders} where ${orders.orderNumber} = ${orderNumber}))`;
}

/**
 * Digits alone are the order's number; anything else the employee's name or e-mail: the employee in
 * `employeeId`, or without one the order's own employee.
 */
export function orderOrEmployeeMatches(
  record: { orderId: AnyPgColumn; employeeId?: AnyPgColumn },
  search: string,
): SQL {
  const orderNumber = orderNumberOf(search);
  if (orderNumber !== null) return orderNumberIs(record.orderId, orderNumber);
  if (record.employeeId) return employeeMatches(record.employeeId, search);
  return sql`${record.orderId} = any(array(select ${orders.id} from ${orders} where ${employeeMatches(orders.beneficiaryEmployeeId, search)}))`;
}

/**
 * The row in `table` is one that any of several ways finds (an employee by name, by e-mail or by
 * number; a claim by its order, its police report or its employee), each way a condition on the
 * table's own columns served by its own index: the ways' rows are gathered and the list reads them
 * by id. Written as one OR, no index could serve the whole and PostgreSQL checked every row against
 * every way, comparing it with each found person one by one (a common surname: 5,400 people, 0.1–0.7 s).
 * `ways` gets the table under another name, whose columns its conditions must use.
 */
export function foundByAnyOf<T extends PgTable & { id: AnyPgColumn }>(
  table: T,
  ways: (found: T) => (SQL | undefined)[],
): SQL {
  const name = `found_${getTableName(table)}`;
  const found = alias(table, name) as unknown as T;
  const selects = ways(found).flatMap((condition) =>
    condition ? [sql`select ${found.id} from ${table} as ${sql.identifier(name)} where ${condition}`] : [],
  );
  return selects.length === 0 ? sql`false` : sql`${table.id} in (${sql.join(selects, sql` union all `)})`;
}
