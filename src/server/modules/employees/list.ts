import {
  and,
  asc,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { TEmployeesListQuery } from "../../../contract/employee-list-queries.ts";
import type { TAbsence, TEmployee, TEmployeeOrder } from "../../../contract/employees.ts";
import type { EmployeeFilterType, GrantableEmployerRole } from "../../../domain/employees.ts";
import { GRANTABLE_EMPLOYER_ROLES } from "../../../domain/employees.ts";
import type { AbsenceReason, EmployeeStatus, OrderStatus } from "../../../domain/enums.ts";
import type { Db } from "../../db/client.ts";
import { onHelsinkiDates } from "../../db/helsinki.ts";
import {
  amongPageIds,
  countOf,
  type NewestPosition,
  type Page,
  pageEnvelope,
  pageOffset,
  readPage,
  rowsOfPage,
  searchedPositions,
  totalOf,
} from "../../db/paging.ts";
import { employeesFound } from "../../db/person-search.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  companyUnits,
  employeeAbsences,
  leasingAgreements,
  orders,
  roles,
  signedDocuments,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { badRequest } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, ensureCompanyInScope } from "../auth/tenancy.ts";
import { effectiveLeaseEndSql } from "../leasing/lease-last-day-sql.ts";

/**
 * The employer's employee lists in SQL (docs/architecture.md Lists): every filter is a condition on
 * beneficiary_employees or an EXISTS on an indexed child table, the order is the index's (newest
 * first), and the page's ids are found before any row detail is computed, so a deep page of a
 * 100,000-employee group costs an index walk, not 100,000 subqueries.
 */

const be = beneficiaryEmployees;

/** How many orders a list row carries (SPEC "Order list"; the details page shows the same). */
const ORDERS_PER_EMPLOYEE = 10;

/** The filters of the manage list that narrow employees (everything but paging). */
export type EmployeeFilters = Omit<TEmployeesListQuery, "page" | "pageSize" | "after" | "before">;

const hasOrderWhere = (condition: SQL) =>
  exists(sql`(select 1 from ${orders} where ${orders.beneficiaryEmployeeId} = ${be.id} and ${condition})`);

/** An absence of the employee covers the day. */
const absentOnWhere = (day: string) =>
  exists(
    sql`(select 1 from ${employeeAbsences} where ${employeeAbsences.beneficiaryEmployeeId} = ${be.id}
      and ${employeeAbsences.startDate} <= ${day}
      and (${employeeAbsences.endDate} is null or ${employeeAbsences.endDate} >= ${day}))`,
  );

function filterTypeWhere(filterType: EmployeeFilterType, today: string): SQL | undefined {
  switch (filterType) {
    case "ALL":
      return undefined;
    case "PENDING":
    case "ACCEPTED":
    case "REJECTED":
    case "INACTIVE":
      return eq(be.status, filterType satisfies EmployeeStatus);
    // Flags the orders' triggers keep beside each employee (the partial indexes' predicates, as they are).
    case "WITH_ORDER":
      return sql`${be.hasOrder}`;
    case "WITHOUT_ORDER":
      return sql`not ${be.hasOrder}`;
    case "ACTIVE_LEASE":
      return sql`${be.hasActiveLease}`;
    case "ON_ABSENCE":
      return absentOnWhere(today);
    case "EMPLOYMENT_ENDED":
      return lt(be.lastWorkingDayDate, today);
    case "MISSING_PAYROLL_DATA":
      return and(eq(be.status, "ACCEPTED"), or(isNull(be.employeeNumber), isNull(be.costUnit)));
  }
}

/** `%`, `_` and `\` typed by a user match themselves in a LIKE pattern; the pattern matches prefixes. */
function likePrefix(value: string): string {
  return `${value.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The search box (docs/product.md "Field rules": trimmed): a name ("First Last") or work e-mail containing the text, as every
 * list searches people (db/person-search.ts: employee_search's trigram indexes), or an employee number
 * starting with it (its text_pattern_ops index). The employees found each way are gathered and looked
 * up by id. Sought as prefixes of first and last names through system_users, a common surname's
 * 4,300 people were found by user and then by employee, one index probe each: 54 ms at 100,000
 * employees, against 25 ms this way.
 */
function searchWhere(search: string): SQL {
  return sql`${be.id} in (${employeesFound(search)} union all
    select found.id from ${be} as found where lower(found.employee_number) like ${likePrefix(search)})`;
}

/**
 * The WHERE of a list: the caller's companies (docs/architecture.md tenancy, in the query), then each filter.
 * A companyId outside the caller's companies is a 404, as any other tenant's object. `onlyCompanies`
 * says that nothing but the caller's companies (or the one asked) narrows it: its total is then the
 * count the database keeps per company (rowsInScope). `searched` says that the search box narrows it
 * (readEmployeePage then counts and pages it in one statement).
 */
export function employeeFilters(
  viewer: CurrentUser,
  filters: Partial<EmployeeFilters>,
  today: string,
): { where: SQL | undefined; onlyCompanies: boolean; searched: boolean } {
  if (filters.companyId) ensureCompanyInScope(viewer, filters.companyId, "Company");
  const narrowing: (SQL | undefined)[] = [];
  if (filters.costUnit) narrowing.push(eq(be.costUnit, filters.costUnit));
  if (filters.payRollOther) narrowing.push(eq(be.payRollOther, filters.payRollOther));
  if (filters.unitId) narrowing.push(eq(be.unitId, filters.unitId));
  if (filters.filterType) narrowing.push(filterTypeWhere(filters.filterType, today));
  if (filters.orderStatus) narrowing.push(hasOrderWhere(eq(orders.orderStatus, filters.orderStatus)));
  if (filters.paymentStatus) {
    narrowing.push(
      exists(
        sql`(select 1 from ${signedDocuments} where ${signedDocuments.beneficiaryEmployeeId} = ${be.id}
          and ${signedDocuments.paymentStatus} = ${filters.paymentStatus})`,
      ),
    );
  }
  narrowing.push(...onHelsinkiDates(be.createdAt, filters.createdStart, filters.createdEnd));
  if (filters.processedStart || filters.processedEnd) {
    // The employees of the orders processed in the range (orders_processed_idx), looked up by id: asked
    // of each employee newest first, the newest, whose orders are not processed yet, were read by the
    // ten thousand before the first one matched.
    const processed = and(
      ...onHelsinkiDates(orders.processedAt, filters.processedStart, filters.processedEnd),
    );
    narrowing.push(
      sql`${be.id} = any(array(select ${orders.beneficiaryEmployeeId} from ${orders} where ${processed}))`,
    );
  }
  if (filters.search) narrowing.push(searchWhere(filters.search));
  const present = narrowing.filter((condition) => condition !== undefined);
  return {
    where: and(
      companyScopeWhere(viewer, be.companyId),
      filters.companyId ? eq(be.companyId, filters.companyId) : undefined,
      ...present,
    ),
    onlyCompanies: present.length === 0,
    searched: !!filters.search,
  };
}

/** The WHERE of employeeFilters alone. */
export function employeeFiltersWhere(viewer: CurrentUser, filters: Partial<EmployeeFilters>, today: string) {
  return employeeFilters(viewer, filters, today).where;
}

/** Newest first, ties by id: the order of beneficiary_employees_created_idx walked backwards. */
export const NEWEST_FIRST = [desc(be.createdAt), desc(be.id)];

/**
 * A row's place in the list's order: its joined time exactly as the database writes it (microseconds
 * and offset, which a JavaScript Date would round) and its id.
 */
type Position = NewestPosition;

/** The cursor of a position, opaque to the web: base64url of its JSON. */
function cursorOf(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The position a cursor names; a cursor this list did not give is a 400 on its field. */
function positionOf(cursor: string, field: "after" | "before"): Position {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (
      typeof createdAt === "string" &&
      TIMESTAMP.test(createdAt) &&
      typeof id === "string" &&
      UUID.test(id)
    ) {
      return { createdAt, id };
    }
  } catch {
    // Not JSON: refused below like any other cursor the list did not give.
  }
  throw badRequest("The page cursor is not one this list gave", [
    { field: `querystring.${field}`, message: "Not a cursor of this list" },
  ]);
}

/**
 * One page of the employees a WHERE built above finds, newest first, in the SPEC's "Page of
 * employees" envelope (employees, currentPage, totalPages, totalCount) with the cursors of the pages
 * next to it. The page's ids are found first; `rowsOf` builds their rows in that order. With a cursor
 * (`after` the next page, `before` the previous) the ids are sought from its position down the
 * (created_at, id) index, so a deep page costs what the first does; without one, `page` is counted
 * to by OFFSET (a jump straight to a page number). Decision 011 says why.
 */
export async function readEmployeePage<T>(
  db: Db,
  where: SQL | undefined,
  query: { page: number; pageSize: number; after?: string | undefined; before?: string | undefined },
  rowsOf: (ids: string[]) => Promise<T[]>,
  how: {
    /** The list's total's statement when something cheaper than counting `where` knows it (keptRowCount). */
    counted?: SQLWrapper;
    /** A search narrows `where`: a page without a cursor is counted and found in one statement. */
    searched?: boolean;
  } = {},
) {
  const after = query.after ? positionOf(query.after, "after") : null;
  const before = !after && query.before ? positionOf(query.before, "before") : null;
  const args = { page: query.page, limit: query.pageSize };
  let positions: Position[] = [];
  let page: Page<T>;
  if (how.searched && !after && !before) {
    const found = await searchedPositions(db, be, where, { limit: args.limit, offset: pageOffset(args) });
    positions = found.positions;
    page = pageEnvelope(await rowsOf(positions.map((p) => p.id)), found.total, args);
  } else {
    // The total beside the page's positions in their statement (totalOf: a cursor's condition narrows
    // the statement, and a group has 100,000 employees; decision 012).
    const counted = how.counted ?? db.select({ n: sql<number>`count(*)` }).from(be).where(where);
    page = await readPage(args, {
      rows: async ({ limit, offset }) => {
        const ids = db
          .select({ id: be.id, createdAt: sql<string>`${be.createdAt}::text`, total: totalOf(counted) })
          .from(be);
        const rowKey = sql`(${be.createdAt}, ${be.id})`;
        if (after) {
          positions = await ids
            .where(and(where, sql`${rowKey} < (${after.createdAt}::timestamptz, ${after.id}::uuid)`))
            .orderBy(...NEWEST_FIRST)
            .limit(limit);
        } else if (before) {
          const older = await ids
            .where(and(where, sql`${rowKey} > (${before.createdAt}::timestamptz, ${before.id}::uuid)`))
            .orderBy(asc(be.createdAt), asc(be.id))
            .limit(limit);
          positions = older.reverse();
        } else {
          positions = await ids
            .where(where)
            .orderBy(...NEWEST_FIRST)
            .limit(limit)
            .offset(offset);
        }
        return positions as (Position & { total: number })[];
      },
      items: (found) => rowsOf(found.map((r) => r.id)),
      countPastEnd: () => countOf(db, counted),
    });
  }
  const first = positions[0];
  const last = positions.at(-1);
  return {
    employees: page.items,
    currentPage: page.page,
    totalPages: page.totalPages,
    totalCount: page.total,
    nextCursor: page.hasNext && last ? cursorOf(last) : null,
    previousCursor: page.hasPrevious && first ? cursorOf(first) : null,
  };
}

type OrderJson = {
  orderId: string;
  orderNumber: number;
  orderStatus: OrderStatus;
  isOnlineOrder: boolean;
  isOrderConfirmed: boolean;
  bikeStoreId: string | null;
  storeName: string | null;
  totalPriceCents: number;
  monthlyPaymentCents: number | null;
  leaseTimeMonths: number | null;
  leaseStartDate: string | null;
  leaseEndDate: string | null;
  processedAt: string | null;
  createdAt: string;
};

type AbsenceJson = {
  id: string;
  beneficiaryEmployeeId: string;
  reason: AbsenceReason;
  reasonOther: string | null;
  startDate: string;
  endDate: string | null;
  note: string | null;
  createdAt: string;
};

const centsToEuros = (cents: number) => cents / 100;
const iso = (value: string | Date) => new Date(value).toISOString();

function toOrder(o: OrderJson): TEmployeeOrder {
  return {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    orderStatus: o.orderStatus,
    isOnlineOrder: o.isOnlineOrder,
    isOrderConfirmed: o.isOrderConfirmed,
    bikeStore: o.bikeStoreId ? { bikeStoreId: o.bikeStoreId, storeName: o.storeName ?? "" } : null,
    totalPrice: centsToEuros(o.totalPriceCents),
    monthlyPayment: o.monthlyPaymentCents === null ? null : centsToEuros(o.monthlyPaymentCents),
    leaseTimeMonths: o.leaseTimeMonths,
    leaseStartDate: o.leaseStartDate,
    leaseEndDate: o.leaseEndDate,
    processedAt: o.processedAt ? iso(o.processedAt) : null,
    createdAt: iso(o.createdAt),
  };
}

export function toAbsence(a: AbsenceJson | typeof employeeAbsences.$inferSelect): TAbsence {
  return {
    absenceId: a.id,
    beneficiaryEmployeeId: a.beneficiaryEmployeeId,
    reason: a.reason,
    reasonOther: a.reasonOther,
    startDate: a.startDate,
    endDate: a.endDate,
    note: a.note,
    createdAt: iso(a.createdAt),
  };
}

/** The employee's latest orders with their store and lease dates, as JSON (orders_employee_idx). */
const ordersJson = sql<OrderJson[] | null>`(select json_agg(o order by o."createdAt" desc) from (
  select ${orders.id} as "orderId", ${orders.orderNumber} as "orderNumber", ${orders.orderStatus} as "orderStatus",
    ${orders.isOnlineOrder} as "isOnlineOrder", ${orders.isOrderConfirmed} as "isOrderConfirmed",
    ${bikeStores.id} as "bikeStoreId", ${bikeStores.storeName} as "storeName",
    ${orders.totalPriceCents} as "totalPriceCents", ${orders.monthlyPaymentCents} as "monthlyPaymentCents",
    ${orders.leaseTimeMonths} as "leaseTimeMonths",
    (select ${leasingAgreements.startDate} from ${leasingAgreements} where ${leasingAgreements.orderId} = ${orders.id}
      order by ${leasingAgreements.createdAt} desc limit 1) as "leaseStartDate",
    (select ${effectiveLeaseEndSql(orders.id, leasingAgreements.endDate)} from ${leasingAgreements}
      where ${leasingAgreements.orderId} = ${orders.id}
      order by ${leasingAgreements.createdAt} desc limit 1) as "leaseEndDate",
    ${orders.processedAt} as "processedAt", ${orders.createdAt} as "createdAt"
  from ${orders} left join ${bikeStores} on ${bikeStores.id} = ${orders.bikeStoreId}
  where ${orders.beneficiaryEmployeeId} = ${be.id}
  order by ${orders.createdAt} desc limit ${ORDERS_PER_EMPLOYEE}) o)`;

/** The absence that covers the day, if any (the latest to start). */
const currentAbsenceJson = (day: SQLWrapper | string) => sql<AbsenceJson | null>`(select json_build_object(
    'id', ${employeeAbsences.id}, 'beneficiaryEmployeeId', ${employeeAbsences.beneficiaryEmployeeId},
    'reason', ${employeeAbsences.reason}, 'reasonOther', ${employeeAbsences.reasonOther},
    'startDate', ${employeeAbsences.startDate}, 'endDate', ${employeeAbsences.endDate},
    'note', ${employeeAbsences.note}, 'createdAt', ${employeeAbsences.createdAt})
  from ${employeeAbsences} where ${employeeAbsences.beneficiaryEmployeeId} = ${be.id}
    and ${employeeAbsences.startDate} <= ${day}
    and (${employeeAbsences.endDate} is null or ${employeeAbsences.endDate} >= ${day})
  order by ${employeeAbsences.startDate} desc limit 1)`;

/** The employer roles the person holds in the employee's company. */
const employerRolesOf = sql<string[] | null>`(select array_agg(distinct ${roles.name} order by ${roles.name})
  from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${be.userId} and ${userRoles.companyId} = ${be.companyId}
    and ${inArray(roles.name, [...GRANTABLE_EMPLOYER_ROLES])})`;

/**
 * The rows of a page's employees (amongPageIds), prepared once per database handle: its joins and
 * subqueries took PostgreSQL longer to plan than to run (1.1 ms against 0.9 for a page of ten).
 */
const employeeRowsStatement = preparedPerDatabase((db) =>
  db
    .select({
      employee: be,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      workEmail: users.email,
      phoneNumber: users.phoneNumber,
      companyName: companies.name,
      companyMaxPriceCents: companies.maxPriceCents,
      unitName: companyUnits.unitName,
      orders: ordersJson,
      orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.beneficiaryEmployeeId} = ${be.id})`,
      currentAbsence: currentAbsenceJson(sql.placeholder("today")),
      employerRoles: employerRolesOf,
    })
    .from(be)
    .innerJoin(users, eq(users.id, be.userId))
    .innerJoin(companies, eq(companies.id, be.companyId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .leftJoin(companyUnits, eq(companyUnits.id, be.unitId))
    .where(amongPageIds(be.id))
    .prepare("employee_list_rows"),
);

/** The rows of the given employees, in the order of `ids` (a page found by readEmployeePage). */
export async function employeesByIds(db: Db, ids: readonly string[], today: string): Promise<TEmployee[]> {
  const rows = await rowsOfPage(employeeRowsStatement(db), ids, (r) => r.employee.id, { today });
  return rows.map(
    (r): TEmployee => ({
      beneficiaryEmployeeId: r.employee.id,
      userId: r.employee.userId,
      companyId: r.employee.companyId,
      companyName: r.companyName,
      systemUser: {
        firstName: r.firstName ?? "",
        lastName: r.lastName ?? "",
        workEmail: r.workEmail,
        phoneNumber: r.phoneNumber,
      },
      costUnit: r.employee.costUnit,
      unitId: r.employee.unitId,
      unitName: r.unitName,
      employeeNumber: r.employee.employeeNumber,
      payRollOther: r.employee.payRollOther,
      lastWorkingDayDate: r.employee.lastWorkingDayDate,
      jobTrialPeriodEndDate: r.employee.jobTrialPeriodEndDate,
      status: r.employee.status,
      employerNote: r.employee.employerNote,
      maxPrice: r.employee.maxPriceCents === null ? null : centsToEuros(r.employee.maxPriceCents),
      companyMaxPrice: r.companyMaxPriceCents === null ? null : centsToEuros(r.companyMaxPriceCents),
      employmentEnded: r.employee.lastWorkingDayDate < today,
      currentAbsence: r.currentAbsence ? toAbsence(r.currentAbsence) : null,
      orders: (r.orders ?? []).map(toOrder),
      orderCount: r.orderCount,
      employerRoles: (r.employerRoles ?? []).filter((name): name is GrantableEmployerRole =>
        (GRANTABLE_EMPLOYER_ROLES as readonly string[]).includes(name),
      ),
      decidedAt: r.employee.decidedAt ? r.employee.decidedAt.toISOString() : null,
      createdAt: r.employee.createdAt.toISOString(),
    }),
  );
}

/** Employees with complete payroll data: accepted, with an employee number and a cost unit. */
export const completePayrollDataWhere = and(
  eq(be.status, "ACCEPTED"),
  isNotNull(be.employeeNumber),
  isNotNull(be.costUnit),
);
