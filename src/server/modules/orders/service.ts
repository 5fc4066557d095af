import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  OrderStatusGroup,
  TOrderAgreement,
  TOrderDetails,
  TOrderItem,
  TOrderListData,
  TOrderListItem,
  TOrdersQuery,
} from "../../../contract/orders.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import {
  ORDER_STATUS_FILTER_FROM_PROCESSED,
  ORDER_STATUS_FILTER_GENERAL,
  ORDER_STATUS_FILTER_POST_PROCESSING,
  ORDER_STATUSES,
  type OrderStatus,
} from "../../../domain/enums.ts";
import { effectiveLeaseEndDate } from "../../../domain/lease-dates.ts";
import {
  BEFORE_ACCEPTANCE_STATUSES,
  employeeCapCents,
  orderShareAndApproval,
} from "../../../domain/order-offer.ts";
import { personName } from "../../../domain/person-name.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  amongPageIds,
  countOf,
  newestIdsOf,
  readPage,
  readSearchedPage,
  rowsOfPage,
  totalOf,
} from "../../db/paging.ts";
import { orderOrEmployeeMatches } from "../../db/person-search.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  bikeStores,
  companies,
  leasingAgreements,
  orderCancellations,
  orderItems,
  orders,
  signedDocuments,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, keptRowCount, newestFirstPage } from "../auth/tenancy.ts";
import { employeeBikePolicy } from "../companies/bike-policy.ts";
import { signingMethodsFor } from "../identification/policy.ts";
import { orderInvoicesOf } from "../invoices/queries.ts";
import { agreementTaxRegime } from "../leasing/agreements.ts";
import { orderAfterSalesOf } from "./after-sales.ts";
import { type OrderCaller, orderActions, orderMoves } from "./allowed-actions.ts";
import { customerQuestionOf, orderTimelineOf, orderWaitingOn, statusSinceOf } from "./timeline.ts";

type OrderViewer = Pick<CurrentUser, "scope">;

const STATUS_GROUPS: Record<OrderStatusGroup, readonly OrderStatus[]> = {
  GENERAL: ORDER_STATUS_FILTER_GENERAL,
  POST_PROCESSING: ORDER_STATUS_FILTER_POST_PROCESSING,
  FROM_PROCESSED: ORDER_STATUS_FILTER_FROM_PROCESSED,
};

const be = beneficiaryEmployees;

const listColumns = {
  order: orders,
  // The open-cancellation index answers this per row (at most one open request per order).
  cancellationOpen: sql<boolean>`exists (select 1 from ${orderCancellations} where ${orderCancellations.orderId} = ${orders.id} and ${orderCancellations.status} = 'PENDING')`,
  storeName: bikeStores.storeName,
  companyName: companies.name,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
};

type ListRow = {
  order: typeof orders.$inferSelect;
  cancellationOpen: boolean;
  storeName: string | null;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
};

function toListItem({ order: o, ...row }: ListRow): TOrderListItem {
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    orderStatus: o.orderStatus,
    previousStatus: o.previousStatus,
    isOnlineOrder: o.isOnlineOrder,
    isOrderConfirmed: o.isOrderConfirmed,
    bikeStore:
      o.bikeStoreId && row.storeName !== null
        ? { bikeStoreId: o.bikeStoreId, storeName: row.storeName }
        : null,
    bikeStoreOrderNumber: o.bikeStoreOrderNumber,
    orderPaidDate: o.orderPaidDate,
    company: { companyId: o.companyId, name: row.companyName },
    employee: {
      beneficiaryEmployeeId: o.beneficiaryEmployeeId,
      name: personName(row.firstName, row.lastName, row.email),
      email: row.email,
    },
    deliveryMethod: o.deliveryMethod,
    totalPriceCents: o.totalPriceCents,
    monthlyPaymentCents: o.monthlyPaymentCents,
    leaseTimeMonths: o.leaseTimeMonths,
    cancellationOpen: row.cancellationOpen,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/**
 * The own share and the employer's approval the order shows: before the acceptance the ones the offer
 * on its package gives now (the max price and the employee's bike policy), afterwards the order's own.
 */
async function shareAndApprovalShown(
  db: Db,
  o: typeof orders.$inferSelect,
  row: { employeeUserId: string; ownCapCents: number | null; companyCapCents: number | null },
) {
  const before = BEFORE_ACCEPTANCE_STATUSES.includes(o.orderStatus);
  const policy = before ? await employeeBikePolicy(db, o.companyId, row.employeeUserId) : null;
  return orderShareAndApproval(o, {
    capCents: employeeCapCents(row.ownCapCents, row.companyCapCents),
    policyRequiresApproval: policy?.requiresEmployerApproval ?? false,
  });
}

/** The joins of everything the list shows, the same for a page and for its count. */
function withOrderJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(be, eq(be.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .leftJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId));
}

/** The package's lines in the store's order. */
export async function orderItemsOf(db: Db, orderId: string): Promise<TOrderItem[]> {
  const rows = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt), asc(orderItems.id));
  return rows.map((i) => ({
    id: i.id,
    itemType: i.itemType,
    name: i.name,
    brand: i.brand,
    model: i.model,
    modelYear: i.modelYear,
    frameSize: i.frameSize,
    color: i.color,
    quantity: i.quantity,
    unitPriceCents: i.unitPriceCents,
    discountCents: i.discountCents,
    lineTotalCents: i.unitPriceCents * i.quantity - i.discountCents,
  }));
}

/** The order's leasing agreement (its newest, should there be several) with its signed document. */
export async function orderAgreementOf(db: Db, orderId: string): Promise<TOrderAgreement | null> {
  const [row] = await db
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  if (!row) return null;
  const [signed] = await db
    .select({ id: signedDocuments.id })
    .from(signedDocuments)
    .where(eq(signedDocuments.leasingAgreementId, row.id))
    .orderBy(desc(signedDocuments.createdAt), desc(signedDocuments.id))
    .limit(1);
  const [redemptionCase] = await db
    .select({
      status: bikeRedemptions.status,
      choice: bikeRedemptions.choice,
      leaseEndsOn: bikeRedemptions.leaseEndsOn,
    })
    .from(bikeRedemptions)
    .where(eq(bikeRedemptions.orderId, orderId))
    .orderBy(desc(bikeRedemptions.createdAt), desc(bikeRedemptions.id))
    .limit(1);
  return {
    id: row.id,
    status: row.status,
    leaseTimeMonths: row.leaseTimeMonths,
    monthlyPaymentCents: row.monthlyPaymentCents,
    commitmentDate: row.commitmentDate,
    startDate: row.startDate,
    endDate: row.endDate,
    leaseEndsOn: effectiveLeaseEndDate(row.endDate, redemptionCase),
    ...agreementTaxRegime(row),
    signedAt: row.signedAt?.toISOString() ?? null,
    signedDocumentId: signed?.id ?? null,
  };
}

/** The list's rows of a page's ids (amongPageIds, read by rowsOfPage). */
const listRowsStatement = preparedPerDatabase((db) =>
  withOrderJoins(db.select(listColumns).from(orders).$dynamic())
    .where(amongPageIds(orders.id))
    .prepare("orders_list_rows"),
);

export function createOrdersService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async list(viewer: OrderViewer, query: TOrdersQuery) {
      const search = query.search?.trim();
      const narrowing = [
        search
          ? orderOrEmployeeMatches({ orderId: orders.id, employeeId: orders.beneficiaryEmployeeId }, search)
          : undefined,
        query.status ? eq(orders.orderStatus, query.status) : undefined,
        query.statusGroup ? inArray(orders.orderStatus, [...STATUS_GROUPS[query.statusGroup]]) : undefined,
        query.bikeStoreId ? eq(orders.bikeStoreId, query.bikeStoreId) : undefined,
      ].filter((condition) => condition !== undefined);
      const where = and(
        companyScopeWhere(viewer, orders.companyId),
        query.companyId ? eq(orders.companyId, query.companyId) : undefined,
        ...narrowing,
      );
      // Only the caller's companies (or one of them): the counts kept per company. Else every
      // condition is the order's own column (the search a subquery) and every join is to a required
      // row, so the orders alone count the same, several times faster at scale. Either count runs
      // beside the page's ids in their statement (totalOf, decision 012).
      const counted =
        narrowing.length === 0
          ? keptRowCount(viewer, orders, query.companyId)
          : db.select({ n: count() }).from(orders).where(where);
      const rowsOf = async (ids: string[]) =>
        (await rowsOfPage(listRowsStatement(db), ids, (row) => row.order.id)).map(toListItem);
      if (search) return readSearchedPage(db, orders, where, query, rowsOf);
      return readPage(query, {
        rows: (page) => {
          const newest = newestFirstPage(viewer, orders, where, page, { ownColumns: true, narrow: false });
          return newestIdsOf(
            db,
            orders,
            newest.where,
            { limit: page.limit, offset: newest.offset },
            totalOf(counted),
          );
        },
        items: (found) => rowsOf(found.map((row) => row.id)),
        countPastEnd: () => countOf(db, counted),
      });
    },

    async listData(viewer: OrderViewer, companyId: string | undefined): Promise<TOrderListData> {
      const rows = await db
        .select({ status: orders.orderStatus, count: count() })
        .from(orders)
        .where(
          and(
            companyScopeWhere(viewer, orders.companyId),
            companyId ? eq(orders.companyId, companyId) : undefined,
          ),
        )
        .groupBy(orders.orderStatus);
      const byStatus = new Map(rows.map((r) => [r.status, r.count]));
      const statusCounts = ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
      return { statusCounts, total: rows.reduce((sum, r) => sum + r.count, 0) };
    },

    /**
     * One order as the caller reads it, with what they may do with it now. `viewer` is the reach it is
     * read in: the caller's own, or an employee's own order read as its company's (asEmployee).
     */
    async details(
      caller: OrderCaller,
      orderId: string,
      viewer: OrderViewer = caller,
    ): Promise<TOrderDetails> {
      const [row] = await withOrderJoins(
        db
          .select({
            ...listColumns,
            employeeUserId: be.userId,
            ownCapCents: be.maxPriceCents,
            companyCapCents: companies.maxPriceCents,
          })
          .from(orders)
          .$dynamic(),
      ).where(and(eq(orders.id, orderId), companyScopeWhere(viewer, orders.companyId)));
      if (!row) throw notFound("Order");
      const helpdesk = viewer.scope.kind === "all";
      // The helpdesk's question and the answer are between the helpdesk and the order's own employee.
      const ownEmployee = row.employeeUserId === caller.id;
      const timeline = await orderTimelineOf(db, orderId, {
        showActors: helpdesk,
        messages: helpdesk ? "all" : ownEmployee ? "conversation" : "none",
      });
      const o = row.order;
      const [items, agreement, orderInvoices, afterSales, signingMethods] = await Promise.all([
        orderItemsOf(db, orderId),
        orderAgreementOf(db, orderId),
        // Invoices are the admin tier's (invoices.read); the employer's side sees none.
        viewer.scope.kind === "all" ? orderInvoicesOf(db, orderId) : [],
        orderAfterSalesOf(db, orderId),
        signingMethodsFor(db, ctx.config, o.companyId),
      ]);
      const shown = await shareAndApprovalShown(db, o, row);
      const openCancellation = afterSales.cancellation?.status === "PENDING" ? afterSales.cancellation : null;
      const cancellationOpen = openCancellation !== null;
      return {
        ...toListItem(row),
        deliveryStreetAddress: o.deliveryStreetAddress,
        deliveryPostalCode: o.deliveryPostalCode,
        deliveryCity: o.deliveryCity,
        vatPercent: o.vatPercent,
        residualValueCents: o.residualValueCents,
        frameSerialNumber: o.frameSerialNumber,
        deliveryDate: o.deliveryDate,
        customerComment: o.customerComment,
        customerQuestion: helpdesk || ownEmployee ? customerQuestionOf(timeline, o) : null,
        // An open cancellation request holds the order for the helpdesk, since it was asked for.
        waitingOn: orderWaitingOn(o, agreement, cancellationOpen),
        // The employee's answer hands the order to the helpdesk: it waits for it since the answer.
        statusSince:
          openCancellation?.createdAt ?? o.customerAnsweredAt?.toISOString() ?? statusSinceOf(timeline, o),
        events: timeline,
        items,
        userPaymentCents: shown.userPaymentCents,
        employerApprovalRequired: shown.employerApprovalRequired,
        employerApprovedAt: o.employerApprovedAt?.toISOString() ?? null,
        agreement,
        invoices: orderInvoices,
        afterSales,
        allowedActions: orderActions(caller, {
          orderStatus: o.orderStatus,
          previousStatus: o.previousStatus,
          companyId: o.companyId,
          employeeUserId: row.employeeUserId,
          employerApprovalRequired: o.employerApprovalRequired,
          employerApprovedAt: o.employerApprovedAt,
          deliveryDate: o.deliveryDate,
          agreement,
          cancellationOpen,
          afterSales,
          today: toHelsinkiDateString(new Date()),
        }),
        allowedMoves: orderMoves(caller, { ...o, cancellationOpen }),
        signingMethods,
      };
    },

    /**
     * Orders of the caller's companies that wait for the employer's approval (the bike policy asked for
     * it when the employee accepted), longest waiting first; at most 500.
     */
    async awaitingEmployer(viewer: OrderViewer): Promise<{ items: TOrderListItem[] }> {
      const rows = await withOrderJoins(db.select(listColumns).from(orders).$dynamic())
        .where(
          and(
            companyScopeWhere(viewer, orders.companyId),
            eq(orders.orderStatus, "ALL_INFO_PROVIDED"),
            eq(orders.employerApprovalRequired, true),
            isNull(orders.employerApprovedAt),
          ),
        )
        .orderBy(asc(orders.updatedAt), asc(orders.id))
        .limit(500);
      return { items: rows.map(toListItem) };
    },

    async confirmedOnlineCount(): Promise<{ count: number }> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.isOnlineOrder, true),
            eq(orders.isOrderConfirmed, true),
            eq(orders.orderStatus, "CONFIRMED"),
          ),
        );
      return { count: row?.n ?? 0 };
    },
  };
}
