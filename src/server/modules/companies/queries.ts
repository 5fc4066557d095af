import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type {
  TCompaniesQuery,
  TCompanyDetails,
  TCompanyOrder,
  TCompanyOrdersQuery,
  TCompanyUnit,
} from "../../../contract/companies.ts";
import { hasBillingAddress } from "../../../domain/billing-address.ts";
import { ACTIVE_LEASE_STATUSES } from "../../../domain/companies.ts";
import type { Db } from "../../db/client.ts";
import { countOver, likeContains, readPage, totalOf } from "../../db/paging.ts";
import {
  beneficiaryEmployees,
  companies,
  companyUnits,
  groupCompanies,
  leasingAgreements,
  orders,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, ensureCompanyInScope } from "../auth/tenancy.ts";
import { effectiveLeaseEndSql } from "../leasing/lease-last-day-sql.ts";
import { centsToMaxPrice } from "../system-users/max-price.ts";
import { companyBikePolicy } from "./bike-policy.ts";

/**
 * The company area's reads: a live company in the caller's reach, the counts of its list row and page
 * (correlated subqueries on indexed columns, never tables loaded into memory), its units, the list,
 * the company page and its orders. Cents cross the API as euros (centsToMaxPrice does that for every
 * amount).
 */

export type CompanyViewer = Pick<CurrentUser, "id" | "scope" | "companies" | "userRoles">;

/** A company that is not deleted and is in the viewer's scope; 404 otherwise (whichever it is). */
export async function liveCompanyInScope(db: Db, viewer: CompanyViewer, companyId: string) {
  ensureCompanyInScope(viewer, companyId, "Company");
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!company) throw notFound("Company");
  return company;
}

/** Beneficiary employees of the row's company whose employment is ACCEPTED (index company, status). */
const acceptedEmployeeCount = (companyId: SQL | typeof companies.id = companies.id) =>
  sql<number>`(select count(*)::int from ${beneficiaryEmployees}
    where ${beneficiaryEmployees.companyId} = ${companyId} and ${beneficiaryEmployees.status} = 'ACCEPTED')`;

/** Orders of the row's company in ACTIVE_LEASE_STATUSES (index company, status). */
const activeLeaseCount = (companyId: SQL | typeof companies.id = companies.id) =>
  sql<number>`(select count(*)::int from ${orders}
    where ${orders.companyId} = ${companyId} and ${inArray(orders.orderStatus, [...ACTIVE_LEASE_STATUSES])})`;

/** The company's units by name, each with the number of employees in it. */
export async function unitsOf(db: Db, companyId: string): Promise<TCompanyUnit[]> {
  return (
    db
      .select({
        unitId: companyUnits.id,
        unitName: companyUnits.unitName,
        companyId: companyUnits.companyId,
        employeeCount: count(beneficiaryEmployees.id),
      })
      .from(companyUnits)
      // A join rather than a correlated subquery: in a single-table select Drizzle leaves column names
      // unqualified, so a subquery's "id" would bind to the inner table and count nothing.
      .leftJoin(beneficiaryEmployees, eq(beneficiaryEmployees.unitId, companyUnits.id))
      .where(eq(companyUnits.companyId, companyId))
      .groupBy(companyUnits.id)
      .orderBy(asc(sql`lower(${companyUnits.unitName})`), asc(companyUnits.id))
  );
}

/** A group admin of the group (the role held in one of its companies); the admin tier always. */
export function isGroupAdminOf(viewer: CompanyViewer, groupCompanyId: string): boolean {
  if (viewer.scope.kind === "all") return true;
  const groupAdminIn = new Set(
    viewer.userRoles.filter((ur) => ur.role.name === "EMPLOYER_GROUP_ADMIN").map((ur) => ur.companyId),
  );
  return viewer.companies.some((c) => c.groupCompanyId === groupCompanyId && groupAdminIn.has(c.id));
}

/** An employer-side viewer sees a group only when one of their companies is in it. */
export function isGroupVisibleTo(viewer: CompanyViewer, groupCompanyId: string): boolean {
  return viewer.scope.kind === "all" || viewer.companies.some((c) => c.groupCompanyId === groupCompanyId);
}

/** The company page: the company with its group, units, counts and bike policy (404 when deleted). */
export async function companyDetails(db: Db, companyId: string): Promise<TCompanyDetails> {
  const [row] = await db
    .select({
      company: companies,
      groupCompanyName: groupCompanies.name,
      employeeCount: acceptedEmployeeCount(),
      activeLeaseCount: activeLeaseCount(),
    })
    .from(companies)
    .leftJoin(groupCompanies, eq(groupCompanies.id, companies.groupCompanyId))
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  if (!row) throw notFound("Company");
  const { company: c } = row;
  return {
    companyId: c.id,
    name: c.name,
    businessId: c.businessId,
    groupCompanyId: c.groupCompanyId,
    groupCompanyName: row.groupCompanyName,
    countryCode: c.countryCode,
    vatPercent: c.vatPercent,
    maxPrice: centsToMaxPrice(c.maxPriceCents),
    paymentMode: c.paymentMode,
    leasingCompanyId: c.leasingCompanyId,
    billingTableId: c.billingTableId,
    streetAddress: c.streetAddress,
    postalCode: c.postalCode,
    city: c.city,
    billingEmail: c.billingEmail,
    eInvoiceAddress: c.eInvoiceAddress,
    eInvoiceOperator: c.eInvoiceOperator,
    hasBillingAddress: hasBillingAddress(c),
    contactName: c.contactName,
    contactEmail: c.contactEmail,
    contactPhoneNumber: c.contactPhoneNumber,
    previousProvider: c.previousProvider,
    companyUnits: await unitsOf(db, c.id),
    employeeCount: row.employeeCount,
    activeLeaseCount: row.activeLeaseCount,
    bikePolicy: await companyBikePolicy(db, c.id),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Companies where the user holds a role. */
const holdsRoleIn = (db: Db, userId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.companyId, companies.id))),
  );

/** The companies in the viewer's scope with their filters and counts, by name. */
export async function listCompanies(db: Db, viewer: CurrentUser, query: TCompaniesQuery) {
  const conditions: (SQL | undefined)[] = [
    isNull(companies.deletedAt),
    companyScopeWhere(viewer, companies.id),
  ];
  if (query.groupCompany !== undefined) {
    conditions.push(
      query.groupCompany ? isNotNull(companies.groupCompanyId) : isNull(companies.groupCompanyId),
    );
  }
  if (query.groupCompanyId) conditions.push(eq(companies.groupCompanyId, query.groupCompanyId));
  if (query.userId) conditions.push(holdsRoleIn(db, query.userId));
  if (query.filtered) conditions.push(holdsRoleIn(db, viewer.id));
  if (query.search) {
    const pattern = likeContains(query.search);
    conditions.push(or(ilike(companies.name, pattern), ilike(companies.businessId, pattern)));
  }
  const where = and(...conditions);
  const countPastEnd = async () => (await db.select({ n: count() }).from(companies).where(where))[0]?.n ?? 0;
  // companies_name_idx (lower(name)) serves the order.
  const byName = [asc(sql`lower(${companies.name})`), asc(companies.id)];
  if (query.names) {
    return readPage(query, {
      rows: (page) =>
        db
          .select({ id: companies.id, name: companies.name, total: countOver() })
          .from(companies)
          .where(where)
          .orderBy(...byName)
          .limit(page.limit)
          .offset(page.offset),
      items: (rows) => rows.map(({ id, name }) => ({ id, name })),
      countPastEnd,
    });
  }
  return readPage(query, {
    rows: (page) =>
      db
        .select({
          id: companies.id,
          name: companies.name,
          businessId: companies.businessId,
          groupCompanyId: companies.groupCompanyId,
          groupCompanyName: groupCompanies.name,
          city: companies.city,
          employeeCount: acceptedEmployeeCount(),
          activeLeaseCount: activeLeaseCount(),
          maxPriceCents: companies.maxPriceCents,
          previousProvider: companies.previousProvider,
          billingEmail: companies.billingEmail,
          eInvoiceAddress: companies.eInvoiceAddress,
          eInvoiceOperator: companies.eInvoiceOperator,
          createdAt: companies.createdAt,
          total: countOver(),
        })
        .from(companies)
        .leftJoin(groupCompanies, eq(groupCompanies.id, companies.groupCompanyId))
        .where(where)
        .orderBy(...byName)
        .limit(page.limit)
        .offset(page.offset),
    items: (rows) =>
      rows.map(
        ({ maxPriceCents, createdAt, billingEmail, eInvoiceAddress, eInvoiceOperator, total: _, ...r }) => ({
          ...r,
          maxPrice: centsToMaxPrice(maxPriceCents),
          hasBillingAddress: hasBillingAddress({ billingEmail, eInvoiceAddress, eInvoiceOperator }),
          createdAt: createdAt.toISOString(),
        }),
      ),
    countPastEnd,
  });
}

/** The company page's orders and leases, newest first, with the employee and the agreement dates. */
export async function companyOrders(
  db: Db,
  viewer: CurrentUser,
  companyId: string,
  query: TCompanyOrdersQuery,
) {
  await liveCompanyInScope(db, viewer, companyId);
  const where = and(
    eq(orders.companyId, companyId),
    query.activeLeases ? inArray(orders.orderStatus, [...ACTIVE_LEASE_STATUSES]) : undefined,
  );
  // An order may have had several agreements (a rejected one, then a new one): the newest counts. Its
  // end is the lease's last day as every view shows it: an open redemption case's day when it ends sooner.
  const agreementDate = (column: typeof leasingAgreements.startDate | SQL) =>
    sql<string | null>`(select to_char(${column}, 'YYYY-MM-DD') from ${leasingAgreements}
      where ${leasingAgreements.orderId} = ${orders.id}
      order by ${leasingAgreements.createdAt} desc limit 1)`;
  // A company's orders may be tens of thousands: the total is their own count beside the page (decision 012).
  const counted = db.select({ n: count() }).from(orders).where(where);
  return readPage(query, {
    rows: (page) =>
      db
        .select({
          total: totalOf(counted.getSQL()),
          orderId: orders.id,
          orderNumber: orders.orderNumber,
          orderStatus: orders.orderStatus,
          firstName: systemUsers.firstName,
          lastName: systemUsers.lastName,
          email: users.email,
          totalPriceCents: orders.totalPriceCents,
          monthlyPaymentCents: orders.monthlyPaymentCents,
          leaseTimeMonths: orders.leaseTimeMonths,
          leaseStartDate: agreementDate(leasingAgreements.startDate),
          leaseEndDate: agreementDate(effectiveLeaseEndSql(orders.id, leasingAgreements.endDate)),
          createdAt: orders.createdAt,
        })
        .from(orders)
        .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
        .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
        .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
        .limit(page.limit)
        .offset(page.offset),
    items: (rows) =>
      rows.map(
        (r): TCompanyOrder => ({
          orderId: r.orderId,
          orderNumber: r.orderNumber,
          orderStatus: r.orderStatus,
          employeeName: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email,
          totalPrice: centsToMaxPrice(r.totalPriceCents) ?? 0,
          monthlyPayment: centsToMaxPrice(r.monthlyPaymentCents),
          leaseTimeMonths: r.leaseTimeMonths,
          leaseStartDate: r.leaseStartDate,
          leaseEndDate: r.leaseEndDate,
          createdAt: r.createdAt.toISOString(),
        }),
      ),
    countPastEnd: async () => (await counted)[0]?.n ?? 0,
  });
}
