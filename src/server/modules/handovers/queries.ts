import { and, asc, count, eq } from "drizzle-orm";
import type {
  THandoverPhoto,
  THandoverRecord,
  TOrderHandover,
  TStoreHandover,
} from "../../../contract/handovers.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { canRecordHandover, canReportDefect, handoverKindOf } from "../../../domain/handovers.ts";
import { leaseStartDate } from "../../../domain/lease-dates.ts";
import { packageItemDescription } from "../../../domain/order-package.ts";
import { personName } from "../../../domain/person-name.ts";
import { UPLOAD_MIME_TYPES } from "../../../domain/uploads.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  eventLog,
  files,
  handoverPhotos,
  handovers,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { employeeRecordScope } from "../auth/tenancy.ts";
import { hasOpenCancellation } from "../order-cancellations/queries.ts";
import { packageItemsOf } from "../store-links/queries.ts";

/** What each party reads of an order's handover. */

export type HandoverRow = typeof handovers.$inferSelect;
export type HandoverOrder = typeof orders.$inferSelect;

/** The order's handover row, locked in a transaction when asked; null before the store records one. */
export async function handoverRowOf(db: Db, orderId: string, lock = false): Promise<HandoverRow | null> {
  const query = db.select().from(handovers).where(eq(handovers.orderId, orderId));
  const [row] = lock ? await lockRows(db, "handover", query.for("update")) : await query;
  return row ?? null;
}

/** The handover as every party reads it: the store's name and signer with the record. */
async function handoverRecordOf(db: Db, orderId: string): Promise<THandoverRecord | null> {
  const [row] = await db
    .select({
      h: handovers,
      storeName: bikeStores.storeName,
      signerFirstName: systemUsers.firstName,
      signerLastName: systemUsers.lastName,
      signerEmail: users.email,
    })
    .from(handovers)
    .innerJoin(bikeStores, eq(bikeStores.id, handovers.bikeStoreId))
    .innerJoin(users, eq(users.id, handovers.storeSignedByUserId))
    .leftJoin(systemUsers, eq(systemUsers.userId, handovers.storeSignedByUserId))
    .where(eq(handovers.orderId, orderId));
  if (!row) return null;
  const { h } = row;
  const defects = await db
    .select({ createdAt: eventLog.createdAt, data: eventLog.data })
    .from(eventLog)
    .where(
      and(
        eq(eventLog.entityType, "order"),
        eq(eventLog.entityId, orderId),
        eq(eventLog.type, "HANDOVER_DEFECT_REPORTED"),
      ),
    )
    .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
  return {
    handoverId: h.id,
    kind: h.kind,
    status: h.status,
    frameSerialNumber: h.frameSerialNumber,
    batterySerial: h.batterySerial,
    accessories: h.accessories,
    storeName: row.storeName,
    storeSignerName: personName(row.signerFirstName, row.signerLastName, row.signerEmail),
    storeSignedAt: h.storeSignedAt.toISOString(),
    pickupCodeChecked: h.pickupCodeCheckedAt !== null,
    employeeSigningPlace: h.employeeSigningPlace,
    employeeSignerName: h.employeeSignerName,
    employeeSignedAt: h.employeeSignedAt?.toISOString() ?? null,
    handoverDate: h.handoverDate,
    leaseStartDate: h.handoverDate ? leaseStartDate(h.handoverDate) : null,
    defectWindowEndsOn: h.defectWindowEndsOn,
    documentSha256: h.documentSha256,
    defects: defects.map((d) => ({
      reportedAt: d.createdAt.toISOString(),
      description: typeof d.data?.description === "string" ? d.data.description : "",
    })),
  };
}

const isUploadType = (value: string): value is THandoverPhoto["mimeType"] =>
  (UPLOAD_MIME_TYPES as readonly string[]).includes(value);

/** The order's handover photos, oldest first, as lists show a stored file. */
async function handoverPhotosOf(db: Db, orderId: string): Promise<THandoverPhoto[]> {
  const rows = await db
    .select({
      id: handoverPhotos.id,
      fileName: files.fileName,
      mimeType: files.mimeType,
      sizeBytes: files.sizeBytes,
      createdAt: handoverPhotos.createdAt,
    })
    .from(handoverPhotos)
    .innerJoin(files, eq(files.id, handoverPhotos.fileId))
    .where(eq(handoverPhotos.orderId, orderId))
    .orderBy(asc(handoverPhotos.createdAt), asc(handoverPhotos.id));
  return rows.map((r) => ({
    ...r,
    mimeType: isUploadType(r.mimeType) ? r.mimeType : "image/jpeg",
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One of the caller's stores' orders, locked in a transaction when asked; another store's is 404. */
export async function storeOrderRow(
  db: Db,
  storeIds: readonly string[],
  orderId: string,
  lock = false,
): Promise<HandoverOrder> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await lockRows(db, "order", query.for("update")) : await query;
  if (!order?.bikeStoreId || !storeIds.includes(order.bikeStoreId)) throw notFound("Order");
  return order;
}

/** Whether the store may record the order's handover now: none yet, the order waiting, nothing holding it. */
export async function handoverRecordable(db: Db, order: HandoverOrder, handover: HandoverRow | null) {
  return handover === null && canRecordHandover(order.orderStatus, await hasOpenCancellation(db, order.id));
}

/** A user's name as documents show it (their e-mail when they have no name). */
export async function nameOfUser(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ firstName: systemUsers.firstName, lastName: systemUsers.lastName, email: users.email })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.id, userId));
  return row ? personName(row.firstName, row.lastName, row.email) : "";
}

async function customerNameOf(db: Db, order: HandoverOrder): Promise<string> {
  const [employee] = await db
    .select({ userId: beneficiaryEmployees.userId })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.id, order.beneficiaryEmployeeId));
  return employee ? nameOfUser(db, employee.userId) : "";
}

export async function storeHandoverOf(
  db: Db,
  storeIds: readonly string[],
  orderId: string,
): Promise<TStoreHandover> {
  const order = await storeOrderRow(db, storeIds, orderId);
  const [row, record, photos, items, customerName] = await Promise.all([
    handoverRowOf(db, orderId),
    handoverRecordOf(db, orderId),
    handoverPhotosOf(db, orderId),
    packageItemsOf(db, orderId),
    customerNameOf(db, order),
  ]);
  return {
    orderId,
    orderNumber: order.orderNumber,
    kind: handoverKindOf(order.deliveryMethod),
    customerName,
    frameSerialNumber: order.frameSerialNumber,
    packageAccessories: items
      .filter((item) => item.itemType === "ACCESSORY")
      .map((item) => `${item.quantity > 1 ? `${item.quantity} × ` : ""}${packageItemDescription(item)}`),
    canRecord: await handoverRecordable(db, order, row),
    photos,
    handover: record,
  };
}

type HandoverViewer = Pick<CurrentUser, "id" | "scope" | "permissions">;

/** The order as the viewer may read it (the helpdesk, its employer, its employee), with whether it is theirs. */
export async function viewedOrder(db: Db, viewer: HandoverViewer, orderId: string, lock = false) {
  const be = beneficiaryEmployees;
  const reach = employeeRecordScope(viewer, {
    companyColumn: orders.companyId,
    companyPermissions: ["orders.read"],
    own: eq(be.userId, viewer.id),
  });
  const query = db
    .select({ order: orders, employeeUserId: be.userId })
    .from(orders)
    .innerJoin(be, eq(be.id, orders.beneficiaryEmployeeId))
    .where(and(eq(orders.id, orderId), reach));
  const [row] = lock ? await lockRows(db, "order", query.for("update", { of: orders })) : await query;
  if (!row) throw notFound("Order");
  return { order: row.order, own: row.employeeUserId === viewer.id };
}

export async function orderHandoverOf(
  db: Db,
  viewer: HandoverViewer,
  orderId: string,
  pickupCodeOf: (orderId: string) => string,
  now: Date,
): Promise<TOrderHandover> {
  const { order, own } = await viewedOrder(db, viewer, orderId);
  const kind = handoverKindOf(order.deliveryMethod);
  const [row, record, [photos]] = await Promise.all([
    handoverRowOf(db, orderId),
    handoverRecordOf(db, orderId),
    db.select({ n: count() }).from(handoverPhotos).where(eq(handoverPhotos.orderId, orderId)),
  ]);
  const showCode = own && kind === "IN_STORE" && (await handoverRecordable(db, order, row));
  return {
    orderId,
    kind,
    pickupCode: showCode ? pickupCodeOf(orderId) : null,
    photoCount: photos?.n ?? 0,
    handover: record,
    canSign: own && row?.status === "AWAITING_EMPLOYEE",
    canReportDefect: own && row !== null && canReportDefect(row, toHelsinkiDateString(now)),
  };
}
