import { and, asc, count, eq, or, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type {
  TOrderCancellationDetails,
  TOrderCancellationListItem,
  TOrderCancellationPage,
  TOrderCancellationsQuery,
  TRefundUpload,
} from "../../../contract/order-cancellations.ts";
import type { TOrderEvent } from "../../../contract/orders.ts";
import { ORDER_STATUSES, type OrderCancellationRequester, type OrderStatus } from "../../../domain/enums.ts";
import type { Permission } from "../../../domain/permissions.ts";
import { personName } from "../../../domain/person-name.ts";
import type { UploadMimeType } from "../../../domain/uploads.ts";
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
  eventLog,
  files,
  orderCancellations,
  orders,
  refundUploads,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { FileStore, OpenedFile } from "../../files/file-store.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, employeeRecordScope, isCompanyInScope } from "../auth/tenancy.ts";
import { cancellationActions } from "./allowed-actions.ts";

/**
 * Order cancellations as each side reads them (contract/order-cancellations.ts): who may read which,
 * the lists and details in SQL, and on whose side a caller cancels.
 */

export type CancellationViewer = Pick<CurrentUser, "id" | "scope" | "permissions" | "roleNames">;

const oc = orderCancellations;
const be = beneficiaryEmployees;
const requester = alias(systemUsers, "requester");
const requesterAccount = alias(users, "requester_account");
const completer = alias(systemUsers, "completer");
const completerAccount = alias(users, "completer_account");

const can = (viewer: CancellationViewer, permission: Permission) => viewer.permissions.includes(permission);
const isAdminTier = (viewer: CancellationViewer) => viewer.scope.kind === "all";

/**
 * The cancellations the viewer may read: their companies' with orders.read, their own orders'. Each
 * a condition on the cancellation's own columns, so the list counts without its joins.
 */
const readable = (viewer: CancellationViewer) =>
  employeeRecordScope(viewer, {
    companyColumn: oc.companyId,
    companyPermissions: ["orders.read", "order-cancellations.manage"],
    own: sql`${oc.orderId} in (select ${orders.id} from ${orders} where ${orders.beneficiaryEmployeeId} in
      (select ${be.id} from ${be} where ${be.userId} = ${viewer.id}))`,
  });

/** The helpdesk's reach for its own actions: every company for the admin tier. */
const manageable = (viewer: CancellationViewer) => companyScopeWhere(viewer, oc.companyId);

const listColumns = {
  c: oc,
  orderNumber: orders.orderNumber,
  orderStatus: orders.orderStatus,
  previousStatus: orders.previousStatus,
  beneficiaryEmployeeId: orders.beneficiaryEmployeeId,
  bikeStoreId: orders.bikeStoreId,
  totalPriceCents: orders.totalPriceCents,
  userPaymentCents: orders.userPaymentCents,
  employeeUserId: be.userId,
  storeName: bikeStores.storeName,
  companyName: companies.name,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
};

type ListRow = {
  c: typeof oc.$inferSelect;
  orderNumber: number;
  orderStatus: OrderStatus;
  previousStatus: OrderStatus | null;
  beneficiaryEmployeeId: string;
  bikeStoreId: string | null;
  totalPriceCents: number;
  userPaymentCents: number;
  employeeUserId: string;
  storeName: string | null;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
};

/** Everything a cancellation's row shows, the same joins for a page, its count and one cancellation. */
function withJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(orders, eq(orders.id, oc.orderId))
    .innerJoin(companies, eq(companies.id, oc.companyId))
    .innerJoin(be, eq(be.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .leftJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId));
}

/**
 * Where an event falls among those written in one transaction: the request before the order's move it
 * made; on completion the order's cancellation, then its refund, then the completion.
 */
function stepOf(event: typeof eventLog.$inferSelect): number {
  if (event.type === "ORDER_CANCELLATION_REQUESTED") return 0;
  if (event.type === "ORDER_CANCELLATION_COMPLETED" || event.type === "ORDER_CANCELLATION_WITHDRAWN")
    return 3;
  return event.data?.to === "REFUNDED" ? 2 : 1;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toListItem(row: ListRow): TOrderCancellationListItem {
  const c = row.c;
  return {
    orderCancellationId: c.id,
    status: c.status,
    requestedBy: c.requestedBy,
    reason: c.reason,
    refundAmountCents: c.refundAmountCents,
    payerType: c.payerType,
    refundToType: c.refundToType,
    order: {
      orderId: c.orderId,
      orderNumber: row.orderNumber,
      orderStatus: row.orderStatus,
      previousStatus: row.previousStatus,
      employee: {
        beneficiaryEmployeeId: row.beneficiaryEmployeeId,
        name: personName(row.firstName, row.lastName, row.email),
        email: row.email,
      },
      company: { companyId: c.companyId, name: row.companyName },
      bikeStore:
        row.bikeStoreId && row.storeName !== null
          ? { bikeStoreId: row.bikeStoreId, storeName: row.storeName }
          : null,
      totalPriceCents: row.totalPriceCents,
      userPaymentCents: row.userPaymentCents,
    },
    createdAt: c.createdAt.toISOString(),
    completedAt: iso(c.completedAt),
  };
}

const asStatus = (value: unknown): OrderStatus | null =>
  typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value)
    ? (value as OrderStatus)
    : null;

/** One cancellation the viewer may read, with its list row; 404 otherwise. */
export async function cancellationRowOf(db: Db, viewer: CancellationViewer, id: string) {
  const [row] = await withJoins(db.select(listColumns).from(oc).$dynamic()).where(
    and(eq(oc.id, id), readable(viewer)),
  );
  if (!row) throw notFound("Order cancellation");
  return row;
}

/** The cancellation's events and the order's moves it made, and whether its request cancelled at once. */
async function eventsOf(
  db: Db,
  viewer: CancellationViewer,
  c: typeof oc.$inferSelect,
): Promise<{ events: TOrderEvent[]; cancelledAtOnce: boolean }> {
  const rows = await db
    .select({
      event: eventLog,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
    })
    .from(eventLog)
    .leftJoin(users, eq(users.id, eventLog.actorUserId))
    .leftJoin(systemUsers, eq(systemUsers.userId, eventLog.actorUserId))
    .where(
      or(
        and(eq(eventLog.entityType, "orderCancellation"), eq(eventLog.entityId, c.id)),
        // The order's moves this cancellation made (cancelled, refunded).
        and(
          eq(eventLog.entityType, "order"),
          eq(eventLog.entityId, c.orderId),
          sql`${eventLog.data}->>'orderCancellationId' = ${c.id}`,
        ),
      ),
    )
    .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
  // One transaction's rows share their time: they read in the order they were written.
  rows.sort(
    (a, b) => a.event.createdAt.getTime() - b.event.createdAt.getTime() || stepOf(a.event) - stepOf(b.event),
  );
  const requested = rows.find(({ event }) => event.type === "ORDER_CANCELLATION_REQUESTED");
  const events = rows.map(({ event, ...actor }): TOrderEvent => {
    const data = event.data ?? {};
    const name = personName(actor.firstName, actor.lastName, actor.email ?? "");
    return {
      id: event.id,
      type: event.type,
      from: asStatus(data.from),
      to: asStatus(data.to),
      by: event.actorUserId ? "user" : "system",
      actorName: isAdminTier(viewer) && event.actorUserId && name ? name : null,
      message: null,
      createdAt: event.createdAt.toISOString(),
    };
  });
  return { events, cancelledAtOnce: requested?.event.data?.atOnce === true };
}

/** One cancellation as its page shows it, to whoever may read it. */
export async function cancellationDetails(
  db: Db,
  viewer: CancellationViewer,
  id: string,
): Promise<TOrderCancellationDetails> {
  const row = await cancellationRowOf(db, viewer, id);
  const c = row.c;
  // One after another, as in every read that may run inside a write (db/transaction.ts).
  const receipts = await db
    .select({ upload: refundUploads, mimeType: files.mimeType, sizeBytes: files.sizeBytes })
    .from(refundUploads)
    .innerJoin(files, eq(files.id, refundUploads.fileId))
    .where(eq(refundUploads.orderCancellationId, id))
    .orderBy(asc(refundUploads.createdAt), asc(refundUploads.id));
  const { events, cancelledAtOnce } = await eventsOf(db, viewer, c);
  const [names] = await db
    .select({
      requesterFirst: requester.firstName,
      requesterLast: requester.lastName,
      requesterEmail: requesterAccount.email,
      completerFirst: completer.firstName,
      completerLast: completer.lastName,
      completerEmail: completerAccount.email,
    })
    .from(oc)
    .leftJoin(requesterAccount, eq(requesterAccount.id, oc.requestedByUserId))
    .leftJoin(requester, eq(requester.userId, oc.requestedByUserId))
    .leftJoin(completerAccount, eq(completerAccount.id, oc.completedByUserId))
    .leftJoin(completer, eq(completer.userId, oc.completedByUserId))
    .where(eq(oc.id, id));
  const named = (first?: string | null, last?: string | null, email?: string | null) =>
    isAdminTier(viewer) && email ? personName(first, last, email) : null;
  return {
    ...toListItem(row),
    note: c.note,
    orderStatusAtRequest: c.orderStatusAtRequest,
    cancelledAtOnce,
    requestedByName: named(names?.requesterFirst, names?.requesterLast, names?.requesterEmail),
    completedByName: named(names?.completerFirst, names?.completerLast, names?.completerEmail),
    uploadedRefunds: receipts.map(({ upload, mimeType, sizeBytes }) =>
      toRefundUpload(upload, mimeType, sizeBytes),
    ),
    events,
    updatedAt: c.updatedAt.toISOString(),
    allowedActions: cancellationActions(viewer, {
      ...c,
      employeeUserId: row.employeeUserId,
      receiptCount: receipts.length,
      orderStatus: row.orderStatus,
      previousStatus: row.previousStatus,
    }),
  };
}

/** The helpdesk's reach for its actions: the cancellation must be in it (else 404). */
export async function ensureManageable(db: Db, viewer: CancellationViewer, id: string) {
  const [row] = await db
    .select({ id: oc.id })
    .from(oc)
    .where(and(eq(oc.id, id), manageable(viewer)));
  if (!row) throw notFound("Order cancellation");
}

/** The list's rows of a page's ids (amongPageIds, read by rowsOfPage). */
const listRowsStatement = preparedPerDatabase((db) =>
  withJoins(db.select(listColumns).from(oc).$dynamic())
    .where(amongPageIds(oc.id))
    .prepare("order_cancellations_list_rows"),
);

/** The cancellations the viewer may read, newest first, searched and filtered, a page at a time. */
export async function listCancellations(
  db: Db,
  viewer: CancellationViewer,
  query: TOrderCancellationsQuery,
): Promise<TOrderCancellationPage> {
  const search = query.search?.trim();
  const where = and(
    readable(viewer),
    search ? orderOrEmployeeMatches({ orderId: oc.orderId }, search) : undefined,
    query.status ? eq(oc.status, query.status) : undefined,
    query.requestedBy ? eq(oc.requestedBy, query.requestedBy) : undefined,
    query.companyId ? eq(oc.companyId, query.companyId) : undefined,
  );
  // Every condition is the cancellation's own column and every join is to a required row, so the
  // cancellations alone count the same.
  const counted = db.select({ n: count() }).from(oc).where(where);
  const rowsOf = async (ids: string[]) =>
    (await rowsOfPage(listRowsStatement(db), ids, (row) => row.c.id)).map(toListItem);
  if (search) return readSearchedPage(db, oc, where, query, rowsOf);
  return readPage(query, {
    rows: (slice) => newestIdsOf(db, oc, where, slice, totalOf(counted)),
    items: (found) => rowsOf(found.map((row) => row.id)),
    countPastEnd: () => countOf(db, counted),
  });
}

/** The order a caller asks to cancel, with what decides their side on it; undefined for none. */
export async function orderToCancel(db: Db, orderId: string) {
  const [order] = await db
    .select({ companyId: orders.companyId, employeeUserId: be.userId })
    .from(orders)
    .innerJoin(be, eq(be.id, orders.beneficiaryEmployeeId))
    .where(eq(orders.id, orderId));
  return order;
}

/** Whether the receipt's cancellation is in the helpdesk's reach for its actions. */
export async function manageableRefundReceipt(db: Db, viewer: CancellationViewer, refundUploadId: string) {
  const [found] = await db
    .select({ id: refundUploads.id })
    .from(refundUploads)
    .innerJoin(oc, eq(oc.id, refundUploads.orderCancellationId))
    .where(and(eq(refundUploads.id, refundUploadId), manageable(viewer)));
  return found !== undefined;
}

/** A receipt's file, to whoever reads its cancellation. */
export async function refundReceiptFile(
  db: Db,
  files: FileStore,
  viewer: CancellationViewer,
  refundUploadId: string,
): Promise<OpenedFile> {
  const [found] = await withJoins(
    db
      .select({ fileId: refundUploads.fileId })
      .from(oc)
      .innerJoin(refundUploads, eq(refundUploads.orderCancellationId, oc.id))
      .$dynamic(),
  ).where(and(eq(refundUploads.id, refundUploadId), readable(viewer)));
  const file = found ? await files.open(db, found.fileId) : null;
  if (!file) throw notFound("Refund receipt");
  return file;
}

/** The side a caller cancels this order as, or null when the order is outside their reach. */
export function sideOf(
  viewer: CancellationViewer,
  order: { companyId: string; employeeUserId: string },
): OrderCancellationRequester | null {
  if (can(viewer, "order-cancellations.manage") && isCompanyInScope(viewer, order.companyId))
    return "HELPDESK";
  if (can(viewer, "own-order.manage") && order.employeeUserId === viewer.id) return "EMPLOYEE";
  if (can(viewer, "orders.approve") && isCompanyInScope(viewer, order.companyId)) return "EMPLOYER";
  return null;
}

export function toRefundUpload(
  upload: typeof refundUploads.$inferSelect,
  mimeType: string,
  sizeBytes: number,
): TRefundUpload {
  return {
    refundUploadId: upload.id,
    fileName: upload.fileName,
    mimeType: mimeType as UploadMimeType,
    sizeBytes,
    amountCents: upload.amountCents,
    createdAt: upload.createdAt.toISOString(),
  };
}

/** Whether a cancellation request of the order is open (PENDING): the order holds until it is settled. */
export async function hasOpenCancellation(db: Db, orderId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: oc.id })
    .from(oc)
    .where(and(eq(oc.orderId, orderId), eq(oc.status, "PENDING")))
    .limit(1);
  return open !== undefined;
}
