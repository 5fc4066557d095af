import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type {
  TStoreOrder,
  TStoreOrderListItem,
  TStoreOrdersQuery,
} from "../../../contract/store-accounts.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { personName } from "../../../domain/person-name.ts";
import {
  DELIVERY_EDITABLE,
  INVOICE_EDITABLE,
  PACKAGE_EDITABLE,
  storeNextStep,
} from "../../../domain/store-orders.ts";
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
  bikeStores,
  companies,
  handovers,
  invoices,
  orderCancellations,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import { orderAgreementOf } from "../orders/service.ts";
import { orderTimelineOf, orderWaitingOn, statusSinceOf } from "../orders/timeline.ts";
import { deliveryAddress, packageItemsOf } from "../store-links/queries.ts";
import { storeInvoiceOf, storeInvoiceStands } from "./store-invoice.ts";

/**
 * What a store user reads of their stores' orders: the list across every employer and one order with
 * its timeline. Only what the store needs to serve the employee (who, what, where, when); never the
 * lease's terms, the employee's pay or the agreement.
 */

const be = beneficiaryEmployees;

/** The store has recorded the order's handover (it then waits for the employee, not the store). */
const handoverExists = sql<boolean>`exists (select 1 from ${handovers} where ${handovers.orderId} = ${orders.id})`;

/** The store's invoice of the order has reached Pedaali and stands (it then waits for Pedaali's match). */
const invoiceExists = sql<boolean>`exists (select 1 from ${invoices} where ${storeInvoiceStands(orders.id, orders.bikeStoreId)})`;

const rowColumns = {
  order: orders,
  // The open-cancellation index answers this per row (at most one open request per order).
  cancellationOpen: sql<boolean>`exists (select 1 from ${orderCancellations} where ${orderCancellations.orderId} = ${orders.id} and ${orderCancellations.status} = 'PENDING')`,
  handoverRecorded: handoverExists,
  invoiceRecorded: invoiceExists,
  storeName: bikeStores.storeName,
  companyName: companies.name,
  companyMaxPriceCents: companies.maxPriceCents,
  ownMaxPriceCents: be.maxPriceCents,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
};

type StoreOrderRow = {
  order: typeof orders.$inferSelect;
  cancellationOpen: boolean;
  handoverRecorded: boolean;
  invoiceRecorded: boolean;
  storeName: string;
  companyName: string;
  companyMaxPriceCents: number | null;
  ownMaxPriceCents: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
};

const rowsStatement = preparedPerDatabase((db) =>
  db
    .select(rowColumns)
    .from(orders)
    .innerJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(be, eq(be.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .where(amongPageIds(orders.id))
    .prepare("store_orders_rows"),
);

function toListItem({ order: o, ...row }: StoreOrderRow): TStoreOrderListItem {
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    orderStatus: o.orderStatus,
    bikeStoreId: o.bikeStoreId as string,
    storeName: row.storeName,
    customerName: personName(row.firstName, row.lastName, row.email),
    companyName: row.companyName,
    deliveryMethod: o.deliveryMethod,
    totalPriceCents: o.totalPriceCents,
    deliveryDate: o.deliveryDate,
    nextStep: storeNextStep(o.orderStatus, {
      cancellationRequested: row.cancellationOpen,
      handoverRecorded: row.handoverRecorded,
      invoiceRecorded: row.invoiceRecorded,
    }),
    cancellationRequested: row.cancellationOpen,
    createdAt: o.createdAt.toISOString(),
  };
}

/** The statuses whose orders wait for the step from the store. */
const STEP_STATUSES: Record<NonNullable<TStoreOrdersQuery["step"]>, readonly OrderStatus[]> = {
  PACKAGE: ["PENDING"],
  INVOICE: INVOICE_EDITABLE,
  DELIVERY: DELIVERY_EDITABLE,
};

/** The caller's stores as a condition on `orders` (none: no rows). */
function ofStores(storeIds: readonly string[]): SQL {
  return storeIds.length === 0 ? sql`false` : inArray(orders.bikeStoreId, [...storeIds]);
}

/** One page of the orders of `storeIds`, newest first, filtered and searched in SQL. */
export async function storeOrderPage(db: Db, storeIds: readonly string[], query: TStoreOrdersQuery) {
  const search = query.search?.trim();
  const where = and(
    ofStores(storeIds),
    query.storeId ? eq(orders.bikeStoreId, query.storeId) : undefined,
    query.status ? eq(orders.orderStatus, query.status) : undefined,
    query.step ? inArray(orders.orderStatus, [...STEP_STATUSES[query.step]]) : undefined,
    query.step === "DELIVERY" ? sql`not ${handoverExists}` : undefined,
    query.step === "INVOICE" ? sql`not ${invoiceExists}` : undefined,
    search
      ? orderOrEmployeeMatches({ orderId: orders.id, employeeId: orders.beneficiaryEmployeeId }, search)
      : undefined,
  );
  const rowsOf = async (ids: string[]) =>
    (await rowsOfPage(rowsStatement(db), ids, (row) => row.order.id)).map(toListItem);
  if (search) return readSearchedPage(db, orders, where, query, rowsOf);
  const counted = db.select({ n: count() }).from(orders).where(where);
  return readPage(query, {
    rows: (slice) => newestIdsOf(db, orders, where, slice, totalOf(counted)),
    items: (found) => rowsOf(found.map((row) => row.id)),
    countPastEnd: () => countOf(db, counted),
  });
}

/** One order of `storeIds` as the store reads it; 404 for any other order. */
export async function storeOrderOf(
  db: Db,
  storeIds: readonly string[],
  orderId: string,
): Promise<TStoreOrder> {
  const [row] = await rowsOfPage(rowsStatement(db), [orderId], (r) => r.order.id);
  if (!row?.order.bikeStoreId || !storeIds.includes(row.order.bikeStoreId)) throw notFound("Order");
  const o = row.order;
  const [items, agreement, events, invoice] = await Promise.all([
    packageItemsOf(db, o.id),
    orderAgreementOf(db, o.id),
    orderTimelineOf(db, o.id, { showActors: false }),
    storeInvoiceOf(db, o),
  ]);
  return {
    ...toListItem(row),
    previousStatus: o.previousStatus,
    deliveryAddress: deliveryAddress(o),
    maxPriceCents: row.ownMaxPriceCents ?? row.companyMaxPriceCents,
    customerComment: o.customerComment,
    bikeStoreOrderNumber: o.bikeStoreOrderNumber,
    items,
    frameSerialNumber: o.frameSerialNumber,
    orderDate: toHelsinkiDateString(o.createdAt),
    packageEditable: PACKAGE_EDITABLE.includes(o.orderStatus),
    deliveryEditable:
      DELIVERY_EDITABLE.includes(o.orderStatus) && !row.cancellationOpen && !row.handoverRecorded,
    invoiceEditable: INVOICE_EDITABLE.includes(o.orderStatus) && !row.cancellationOpen && invoice === null,
    invoice,
    // Only whom it waits for is read from the agreement; its terms stay with the employee and employer.
    waitingOn: orderWaitingOn(o, agreement, row.cancellationOpen),
    statusSince: statusSinceOf(events, o),
    events,
  };
}
