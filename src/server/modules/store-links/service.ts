import { asc, eq } from "drizzle-orm";
import type {
  StoreLinkKind,
  TPackageItem,
  TStoreDelivery,
  TStoreDeliveryInput,
  TStoreLinkIssued,
  TStorePackage,
  TStorePackageInput,
} from "../../../contract/store-links.ts";
import { isTwentyYearsOrMoreInFuture, toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { packageTotalCents } from "../../../domain/order-package.ts";
import { personName } from "../../../domain/person-name.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  eventLog,
  orderItems,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";
import { storeDeliveryLinkMail, storePackageLinkMail } from "../../messaging/store-link-mails.ts";
import { sha256 } from "../auth/tokens.ts";
import { moveOrder } from "../orders/lifecycle.ts";
import { type IssuedStoreLink, issueStoreLink, storeLinkColumns, storeLinkPath } from "./tokens.ts";

/**
 * The bike store's side of an order without an account (issue 12 point 2): what the package and
 * delivery links show and take. Every answer about a token that does not work now (unknown, expired,
 * the other kind's, a cancelled order's) is the same 404, so the links cannot be probed.
 */

export const storeLinkInvalid = () =>
  new AppError(404, "STORE_LINK_INVALID", "The link is unknown, expired or no longer in use");
export const storeLinkUsed = () =>
  new AppError(409, "STORE_LINK_USED", "What the link asks for is done; it only shows what was entered");
export const deliveryDateFarFuture = () =>
  new AppError(400, "DELIVERY_DATE_FAR_FUTURE", "The delivery date is 20 years or more ahead; confirm it", [
    {
      field: "body.deliveryDate",
      message: "20 years or more ahead: send confirmFarFuture true if it is right",
    },
  ]);

/** A link of an order in these does not work any more. */
const DEAD_ORDER_STATUSES: readonly OrderStatus[] = ["CANCELLED", "REFUNDED"];
/** The store may (re)enter the package while the order waits for it or for the employee's acceptance. */
const PACKAGE_EDITABLE: readonly OrderStatus[] = ["PENDING", "PACKAGE_PROVIDED"];
const DELIVERY_EDITABLE: readonly OrderStatus[] = ["WAITING_FOR_DELIVERY_DATE"];

const BY_STORE = { kind: "bikeStoreToken" } as const;

type LinkedOrder = typeof orders.$inferSelect;

/** The order a working link of the kind belongs to, locked in `tx` when asked; else STORE_LINK_INVALID. */
async function orderOfLink(
  db: Db,
  kind: StoreLinkKind,
  token: string,
  now: Date,
  lock = false,
): Promise<LinkedOrder & { expiresAt: Date }> {
  const columns = storeLinkColumns(kind);
  const query = db
    .select()
    .from(orders)
    .where(eq(columns.hash, sha256(token)));
  const [order] = lock ? await query.for("update") : await query;
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
async function customerOf(db: Db, order: LinkedOrder) {
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

async function itemsOf(db: Db, orderId: string): Promise<TPackageItem[]> {
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

function deliveryAddress(order: LinkedOrder): string | null {
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

async function packageView(db: Db, order: LinkedOrder & { expiresAt: Date }): Promise<TStorePackage> {
  const [customer, items] = await Promise.all([customerOf(db, order), itemsOf(db, order.id)]);
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

async function deliveryView(db: Db, order: LinkedOrder & { expiresAt: Date }): Promise<TStoreDelivery> {
  const [customer, items] = await Promise.all([customerOf(db, order), itemsOf(db, order.id)]);
  return {
    orderNumber: order.orderNumber,
    orderStatus: order.orderStatus,
    customerName: customer.customerName,
    bikeName: bikeNameOf(items),
    frameSerialNumber: order.frameSerialNumber,
    deliveryDate: order.deliveryDate,
    orderDate: toHelsinkiDateString(order.createdAt),
    editable: DELIVERY_EDITABLE.includes(order.orderStatus),
    expiresAt: order.expiresAt.toISOString(),
  };
}

type FailureLog = (error: unknown, what: string) => void;

/**
 * Mails a link just issued to the order's store, in Finnish (stores have no language of their own).
 * After the commit; a store without an e-mail gets nothing (the helpdesk can re-issue the link and
 * hand it over). Answers whether a mail went; a failing mail server is logged, not thrown.
 */
export async function mailStoreLink(
  ctx: AppContext,
  issued: IssuedStoreLink,
  logFailure: FailureLog,
): Promise<boolean> {
  try {
    const db = ctx.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, issued.orderId));
    if (!order?.bikeStoreId) return false;
    const [store] = await db
      .select({ storeName: bikeStores.storeName, email: bikeStores.email })
      .from(bikeStores)
      .where(eq(bikeStores.id, order.bikeStoreId));
    const to = store?.email?.trim();
    if (!store || !to) return false;
    const customer = await customerOf(db, order);
    const params = {
      storeName: store.storeName,
      orderNumber: order.orderNumber,
      customerName: customer.customerName,
      companyName: customer.companyName,
      link: `${ctx.config.publicUrl}${storeLinkPath(issued.kind, issued.token)}`,
      expiresAt: issued.expiresAt,
    };
    const mail =
      issued.kind === "package" ? storePackageLinkMail("fi", params) : storeDeliveryLinkMail("fi", params);
    await ctx.messaging.sendMail({ to, ...mail });
    return true;
  } catch (error) {
    logFailure(error, "store link mail failed");
    return false;
  }
}

/**
 * The store enters (or, before the employee accepts, replaces) the package by its link, inside `tx`:
 * the lines replace the order's, the total and the store's order number go on the order, and a
 * PENDING order moves to PACKAGE_PROVIDED; a replaced package is an event-log row of its own.
 */
export async function providePackage(
  tx: Db,
  token: string,
  input: TStorePackageInput,
  now: Date,
): Promise<void> {
  const order = await orderOfLink(tx, "package", token, now, true);
  if (!PACKAGE_EDITABLE.includes(order.orderStatus)) throw storeLinkUsed();
  const totalPriceCents = packageTotalCents(input.items);
  await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
  await tx.insert(orderItems).values(
    input.items.map((item, index) => ({
      orderId: order.id,
      itemType: item.itemType,
      name: item.name,
      brand: item.brand || null,
      model: item.model || null,
      modelYear: item.modelYear ?? null,
      frameSize: item.frameSize || null,
      color: item.color || null,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      discountCents: item.discountCents,
      sortOrder: index,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const set = {
    totalPriceCents,
    ...(input.bikeStoreOrderNumber === undefined
      ? {}
      : { bikeStoreOrderNumber: input.bikeStoreOrderNumber || null }),
  };
  const data = { package: { lines: input.items.length, totalPriceCents } };
  if (order.orderStatus === "PENDING") {
    await moveOrder(tx, { orderId: order.id, to: "PACKAGE_PROVIDED", by: BY_STORE, data, set }, now);
    return;
  }
  await tx
    .update(orders)
    .set({ ...set, updatedAt: now })
    .where(eq(orders.id, order.id));
  // Not a move: no from/to, so the timeline does not take it for a change of status.
  await tx.insert(eventLog).values({
    type: "ORDER_STATUS_UPDATED",
    actorUserId: null,
    companyId: order.companyId,
    entityType: "order",
    entityId: order.id,
    data: { ...data, change: "packageReplaced", by: BY_STORE.kind },
    createdAt: now,
  });
}

/** The store gives the frame serial number and the delivery date by its link, inside `tx`. */
export async function provideDelivery(
  tx: Db,
  token: string,
  input: TStoreDeliveryInput,
  now: Date,
): Promise<void> {
  const order = await orderOfLink(tx, "delivery", token, now, true);
  if (!DELIVERY_EDITABLE.includes(order.orderStatus)) throw storeLinkUsed();
  const orderDate = toHelsinkiDateString(order.createdAt);
  if (input.deliveryDate < orderDate) {
    throw new AppError(400, "VALIDATION_ERROR", "Request validation failed", [
      { field: "body.deliveryDate", message: `Not before the order's date ${orderDate}` },
    ]);
  }
  if (isTwentyYearsOrMoreInFuture(input.deliveryDate, now) && input.confirmFarFuture !== true) {
    throw deliveryDateFarFuture();
  }
  const row = (type: "SERIAL_NUMBER_UPDATED" | "DELIVERY_DATE_UPDATED", data: Record<string, unknown>) => ({
    type,
    actorUserId: null,
    companyId: order.companyId,
    entityType: "order",
    entityId: order.id,
    data: { ...data, by: BY_STORE.kind },
    createdAt: now,
  });
  await tx.insert(eventLog).values([
    row("SERIAL_NUMBER_UPDATED", {
      frameSerialNumber: input.frameSerialNumber,
      previous: order.frameSerialNumber,
    }),
    row("DELIVERY_DATE_UPDATED", { deliveryDate: input.deliveryDate, previous: order.deliveryDate }),
  ]);
  await moveOrder(
    tx,
    {
      orderId: order.id,
      to: "READY_FOR_BILLING",
      by: BY_STORE,
      set: { frameSerialNumber: input.frameSerialNumber, deliveryDate: input.deliveryDate },
    },
    now,
  );
}

export function createStoreLinksService(ctx: AppContext) {
  const { db } = ctx.database;

  async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (txDb) => work(txDb as unknown as Db));
  }

  return {
    async getPackage(token: string, now = new Date()): Promise<TStorePackage> {
      return packageView(db, await orderOfLink(db, "package", token, now));
    },

    /**
     * The store enters (or, before the employee accepts, replaces) the package: the lines replace the
     * order's, the total and the store's order number go on the order, and a PENDING order moves to
     * PACKAGE_PROVIDED; a replaced package is an event-log row of its own.
     */
    async putPackage(token: string, input: TStorePackageInput, now = new Date()): Promise<TStorePackage> {
      await inTransaction((tx) => providePackage(tx, token, input, now));
      return packageView(db, await orderOfLink(db, "package", token, now));
    },

    async getDelivery(token: string, now = new Date()): Promise<TStoreDelivery> {
      return deliveryView(db, await orderOfLink(db, "delivery", token, now));
    },

    /**
     * The store gives the frame serial number and the delivery date; the order moves to
     * READY_FOR_BILLING. Once done the link only shows what was entered.
     */
    async putDelivery(token: string, input: TStoreDeliveryInput, now = new Date()): Promise<TStoreDelivery> {
      await inTransaction((tx) => provideDelivery(tx, token, input, now));
      return deliveryView(db, await orderOfLink(db, "delivery", token, now));
    },

    /**
     * The helpdesk re-issues a link a store lost: a new token (the old one stops working) mailed to
     * the store again, and its address answered so it can be handed over another way.
     */
    async reissue(
      orderId: string,
      kind: StoreLinkKind,
      logFailure: FailureLog,
      now = new Date(),
    ): Promise<TStoreLinkIssued> {
      const issued = await inTransaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for("update");
        if (!order) throw notFound("Order");
        return issueStoreLink(tx, orderId, kind, now);
      });
      const mailed = await mailStoreLink(ctx, issued, logFailure);
      return {
        url: `${ctx.config.publicUrl}${storeLinkPath(kind, issued.token)}`,
        expiresAt: issued.expiresAt.toISOString(),
        mailed,
      };
    },
  };
}
