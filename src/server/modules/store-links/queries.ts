import { asc, eq } from "drizzle-orm";
import type {
  StoreLinkKind,
  TPackageItem,
  TStoreDelivery,
  TStorePackage,
} from "../../../contract/store-links.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { personName } from "../../../domain/person-name.ts";
import { DELIVERY_EDITABLE, PACKAGE_EDITABLE } from "../../../domain/store-orders.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import {
  beneficiaryEmployees,
  companies,
  orderItems,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import { sha256 } from "../auth/tokens.ts";
import { hasOpenCancellation } from "../order-cancellations/queries.ts";
import type { BY_BIKE_STORE, OrderUser } from "../orders/lifecycle.ts";
import { storeLinkInvalid } from "./errors.ts";
import { takesHandover } from "./handover-rule.ts";
import { storeLinkColumns } from "./tokens.ts";

/** What the bike store's package and delivery links show, read by the link's token. */

/** A link of an order in these does not work any more. */
const DEAD_ORDER_STATUSES: readonly OrderStatus[] = ["CANCELLED", "REFUNDED"];

export { DELIVERY_EDITABLE, PACKAGE_EDITABLE };

export type LinkedOrder = typeof orders.$inferSelect;

/** Who gives the package and the delivery: the store by its token link, or a user of the store's account. */
export type StoreActor = typeof BY_BIKE_STORE | OrderUser;

/** The order a working link of the kind belongs to, locked in `tx` when asked; else STORE_LINK_INVALID. */
export async function orderOfLink(
  db: Db,
  { kind, token }: { kind: StoreLinkKind; token: string },
  now: Date,
  lock = false,
): Promise<LinkedOrder & { expiresAt: Date }> {
  const columns = storeLinkColumns(kind);
  const query = db
    .select()
    .from(orders)
    .where(eq(columns.hash, sha256(token)));
  const [order] = lock ? await lockRows(db, "order", query.for("update")) : await query;
  const expiresAt = order
    ? kind === "package"
      ? order.packageTokenExpiresAt
      : order.deliveryTokenExpiresAt
    : null;
  if (!order || !expiresAt || expiresAt <= now || DEAD_ORDER_STATUSES.includes(order.orderStatus)) {
    throw storeLinkInvalid();
  }
  return { ...order, expiresAt };
}

/** Who the order is for, as the store sees them: the employee's name, company and max price. */
export async function customerOf(db: Db, order: LinkedOrder) {
  const [row] = await db
    .select({
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
      companyName: companies.name,
      ownMaxPriceCents: beneficiaryEmployees.maxPriceCents,
      companyMaxPriceCents: companies.maxPriceCents,
    })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .innerJoin(companies, eq(companies.id, order.companyId))
    .where(eq(beneficiaryEmployees.id, order.beneficiaryEmployeeId));
  if (!row) throw notFound("Order");
  return {
    customerName: personName(row.firstName, row.lastName, row.email),
    companyName: row.companyName,
    maxPriceCents: row.ownMaxPriceCents ?? row.companyMaxPriceCents,
  };
}

/** The package's lines as the store entered them, in its order. */
export async function packageItemsOf(db: Db, orderId: string): Promise<TPackageItem[]> {
  const rows = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt));
  return rows.map((r) => ({
    itemType: r.itemType,
    name: r.name,
    brand: r.brand,
    model: r.model,
    modelYear: r.modelYear,
    frameSize: r.frameSize,
    color: r.color,
    quantity: r.quantity,
    unitPriceCents: r.unitPriceCents,
    discountCents: r.discountCents,
  }));
}

/** "Street, postal code city" of a home delivery; null for a pickup. */
export function deliveryAddress(order: LinkedOrder): string | null {
  if (order.deliveryMethod !== "HOME_DELIVERY") return null;
  const city = [order.deliveryPostalCode, order.deliveryCity].filter(Boolean).join(" ");
  const address = [order.deliveryStreetAddress, city].filter(Boolean).join(", ");
  return address || null;
}

/** The bike line as one name: brand, model and the line's name, without repeating words. */
function bikeNameOf(items: readonly TPackageItem[]): string | null {
  const bike = items.find((item) => item.itemType === "BIKE");
  if (!bike) return null;
  const parts = [bike.brand, bike.model].filter((p): p is string => Boolean(p));
  const named = parts.join(" ");
  if (!named) return bike.name;
  return bike.name.toLowerCase().includes(named.toLowerCase()) ? bike.name : `${named} (${bike.name})`;
}

export async function packageView(db: Db, order: LinkedOrder & { expiresAt: Date }): Promise<TStorePackage> {
  const [customer, items] = await Promise.all([customerOf(db, order), packageItemsOf(db, order.id)]);
  return {
    orderNumber: order.orderNumber,
    orderStatus: order.orderStatus,
    customerName: customer.customerName,
    companyName: customer.companyName,
    deliveryMethod: order.deliveryMethod,
    deliveryAddress: deliveryAddress(order),
    maxPriceCents: customer.maxPriceCents,
    customerComment: order.customerComment,
    bikeStoreOrderNumber: order.bikeStoreOrderNumber,
    items,
    totalPriceCents: order.totalPriceCents,
    editable: PACKAGE_EDITABLE.includes(order.orderStatus),
    expiresAt: order.expiresAt.toISOString(),
  };
}

export async function deliveryView(
  db: Db,
  order: LinkedOrder & { expiresAt: Date },
): Promise<TStoreDelivery> {
  const [customer, items, cancellationRequested, handoverRequired] = await Promise.all([
    customerOf(db, order),
    packageItemsOf(db, order.id),
    hasOpenCancellation(db, order.id),
    takesHandover(db, order),
  ]);
  return {
    orderNumber: order.orderNumber,
    orderStatus: order.orderStatus,
    customerName: customer.customerName,
    bikeName: bikeNameOf(items),
    frameSerialNumber: order.frameSerialNumber,
    deliveryDate: order.deliveryDate,
    orderDate: toHelsinkiDateString(order.createdAt),
    cancellationRequested,
    handoverRequired,
    editable: DELIVERY_EDITABLE.includes(order.orderStatus) && !cancellationRequested && !handoverRequired,
    expiresAt: order.expiresAt.toISOString(),
  };
}
