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
import type { FastifyBaseLogger } from "fastify";
import type {
  TCompaniesQuery,
  TCompanyDetails,
  TCompanyOrder,
  TCompanyOrdersQuery,
  TCompanySettingsInput,
  TCreateCompany,
  TUpdateCompany,
} from "../../../contract/companies.ts";
import { ACTIVE_LEASE_STATUSES, companyDeletionBlocker } from "../../../domain/companies.ts";
import { eurosToCents } from "../../../domain/money.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { likeContains, pageEnvelope, pageOffset } from "../../db/paging.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  groupCompanies,
  leasingAgreements,
  orders,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { conflict, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { centsToMaxPrice } from "../system-users/max-price.ts";
import { companyBikePolicy } from "./bike-policy.ts";
import {
  businessIdTaken,
  changedFields,
  checkCompanyFields,
  companyValues,
  insertCompany,
  sendAdminInvitation,
} from "./company-writes.ts";
import { insertGroupCompany } from "./group-companies.ts";
import { acceptedEmployeeCount, activeLeaseCount, liveCompanyInScope, unitsOf } from "./queries.ts";

/**
 * Companies (SPEC §7 "Companies"): the scoped list with its filters and counts, the company page, its
 * orders, and the admin tier's create, update and soft delete. Every change is logged in the event log
 * in its own transaction. Cents cross the API as euros (centsToMaxPrice does that for every amount).
 */

type Log = Pick<FastifyBaseLogger, "error">;

/**
 * A unique index refused a write another request made first (the checks before the write cover the
 * ordinary case): the constraint tells which 409 it is.
 */
function uniqueConflict(error: unknown) {
  let constraint = "";
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === "string") constraint = name;
  }
  if (constraint.startsWith("group_companies")) {
    return conflict("GROUP_COMPANY_EXISTS_ERROR", "A group company with this name already exists");
  }
  if (constraint.startsWith("users")) return conflict("EMAIL_TAKEN", "The e-mail address is already in use");
  return businessIdTaken();
}

export function createCompaniesService(ctx: AppContext) {
  const { db } = ctx.database;

  async function details(companyId: string): Promise<TCompanyDetails> {
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
  const holdsRoleIn = (userId: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.companyId, companies.id))),
    );

  return {
    async list(viewer: CurrentUser, query: TCompaniesQuery) {
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
      if (query.userId) conditions.push(holdsRoleIn(query.userId));
      if (query.filtered) conditions.push(holdsRoleIn(viewer.id));
      if (query.search) {
        const pattern = likeContains(query.search);
        conditions.push(or(ilike(companies.name, pattern), ilike(companies.businessId, pattern)));
      }
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(companies).where(where);
      const page = { limit: query.limit, offset: pageOffset(query) };
      // companies_name_idx (lower(name)) serves the order.
      const byName = [asc(sql`lower(${companies.name})`), asc(companies.id)];
      if (query.names) {
        const items = await db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(where)
          .orderBy(...byName)
          .limit(page.limit)
          .offset(page.offset);
        return pageEnvelope(items, total?.n ?? 0, query);
      }
      const rows = await db
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
          createdAt: companies.createdAt,
        })
        .from(companies)
        .leftJoin(groupCompanies, eq(groupCompanies.id, companies.groupCompanyId))
        .where(where)
        .orderBy(...byName)
        .limit(page.limit)
        .offset(page.offset);
      const items = rows.map(({ maxPriceCents, createdAt, ...r }) => ({
        ...r,
        maxPrice: centsToMaxPrice(maxPriceCents),
        createdAt: createdAt.toISOString(),
      }));
      return pageEnvelope(items, total?.n ?? 0, query);
    },

    async get(viewer: CurrentUser, companyId: string): Promise<TCompanyDetails> {
      await liveCompanyInScope(db, viewer, companyId);
      return details(companyId);
    },

    async create(actor: CurrentUser, input: TCreateCompany, log: Log): Promise<TCompanyDetails> {
      await checkCompanyFields(db, actor, input);
      let created: Awaited<ReturnType<typeof insertCompany>>;
      try {
        created = await db.transaction((tx) => insertCompany(tx as unknown as Db, actor, input));
      } catch (error) {
        if (isUniqueViolation(error)) throw uniqueConflict(error);
        throw error;
      }
      if (created.invitation) await sendAdminInvitation(ctx, created.invitation, log);
      return details(created.companyId);
    },

    async update(actor: CurrentUser, companyId: string, input: TUpdateCompany): Promise<TCompanyDetails> {
      const before = await liveCompanyInScope(db, actor, companyId);
      await checkCompanyFields(db, actor, input, companyId);
      try {
        await db.transaction(async (txDb) => {
          const tx = txDb as unknown as Db;
          const values = companyValues(input);
          if (input.newGroupCompanyName) {
            const groupCompanyId = await insertGroupCompany(tx, { name: input.newGroupCompanyName });
            values.push({ field: "groupCompanyId", column: "groupCompanyId", value: groupCompanyId });
          }
          const fields = changedFields(before, values);
          if (fields.length === 0) return;
          const set = Object.fromEntries(values.map(({ column, value }) => [column, value]));
          await tx.update(companies).set(set).where(eq(companies.id, companyId));
          await tx.insert(eventLog).values({
            type: "COMPANY_UPDATED",
            actorUserId: actor.id,
            companyId,
            entityType: "company",
            entityId: companyId,
            data: { fields },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw uniqueConflict(error);
        throw error;
      }
      return details(companyId);
    },

    /**
     * The employer's own settings of its company (PUT /api/companies/{id}/settings): the max price of a
     * bike package. In the caller's scope (404 outside it); the row is locked while the change and its
     * COMPANY_UPDATED (the changed field names, as the admin's update logs them) are written together.
     */
    async updateSettings(
      actor: CurrentUser,
      companyId: string,
      input: TCompanySettingsInput,
    ): Promise<TCompanyDetails> {
      await liveCompanyInScope(db, actor, companyId);
      await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const [before] = await tx
          .select()
          .from(companies)
          .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
          .for("update");
        if (!before) throw notFound("Company");
        const values = [
          {
            field: "maxPrice" as const,
            column: "maxPriceCents" as const,
            value: input.maxPrice === null ? null : eurosToCents(input.maxPrice),
          },
        ];
        const fields = changedFields(before, values);
        if (fields.length === 0) return;
        const set = Object.fromEntries(values.map(({ column, value }) => [column, value]));
        await tx.update(companies).set(set).where(eq(companies.id, companyId));
        await tx.insert(eventLog).values({
          type: "COMPANY_UPDATED",
          actorUserId: actor.id,
          companyId,
          entityType: "company",
          entityId: companyId,
          data: { fields },
        });
      });
      return details(companyId);
    },

    /**
     * Soft delete: orders, agreements and invoices keep their company. Refused while a lease is live.
     * The company's role assignments go with it, so no one keeps access or a role through it.
     */
    async remove(actor: CurrentUser, companyId: string) {
      await liveCompanyInScope(db, actor, companyId);
      await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const [company] = await tx
          .select({ name: companies.name })
          .from(companies)
          .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
          .for("update");
        if (!company) throw notFound("Company");
        const [live] = await tx
          .select({ n: count() })
          .from(orders)
          .where(
            and(eq(orders.companyId, companyId), inArray(orders.orderStatus, [...ACTIVE_LEASE_STATUSES])),
          );
        const blocker = companyDeletionBlocker(live?.n ?? 0);
        if (blocker) throw conflict("COMPANY_HAS_ACTIVE_LEASES", blocker);
        await tx.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, companyId));
        const removed = await tx
          .delete(userRoles)
          .where(eq(userRoles.companyId, companyId))
          .returning({ id: userRoles.id });
        await tx.insert(eventLog).values({
          type: "COMPANY_DELETED",
          actorUserId: actor.id,
          companyId,
          entityType: "company",
          entityId: companyId,
          data: { name: company.name, removedRoleAssignments: removed.length },
        });
      });
      return { code: "COMPANY_DELETED", message: "Company deleted" };
    },

    /** The company page's orders and leases, newest first, with the employee and the agreement dates. */
    async orders(viewer: CurrentUser, companyId: string, query: TCompanyOrdersQuery) {
      await liveCompanyInScope(db, viewer, companyId);
      const where = and(
        eq(orders.companyId, companyId),
        query.activeLeases ? inArray(orders.orderStatus, [...ACTIVE_LEASE_STATUSES]) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      // An order may have had several agreements (a rejected one, then a new one): the newest counts.
      const agreementDate = (column: typeof leasingAgreements.startDate | typeof leasingAgreements.endDate) =>
        sql<string | null>`(select to_char(${column}, 'YYYY-MM-DD') from ${leasingAgreements}
          where ${leasingAgreements.orderId} = ${orders.id}
          order by ${leasingAgreements.createdAt} desc limit 1)`;
      const rows = await db
        .select({
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
          leaseEndDate: agreementDate(leasingAgreements.endDate),
          createdAt: orders.createdAt,
        })
        .from(orders)
        .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
        .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
        .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
        .limit(query.limit)
        .offset(pageOffset(query));
      const items = rows.map(
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
      );
      return pageEnvelope(items, total?.n ?? 0, query);
    },
  };
}
