import { asc, eq } from "drizzle-orm";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  orderItems,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { purchaseOrderMail } from "../../messaging/purchase-order-mail.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";

/** The outbox event of the store's purchase order: the helpdesk processed the order. */
const PURCHASE_ORDER_EVENT = "ORDER_PROCESSED";

/**
 * Queues the bike store's purchase order of a processed order in the caller's transaction, to the
 * store's e-mail in the store's language; a store without an e-mail gets nothing. The row names the
 * order only: the lines, the customer and where the bike goes are read when the mail is sent.
 */
export async function queuePurchaseOrder(tx: Db, orderId: string): Promise<void> {
  const [store] = await tx
    .select({ email: bikeStores.email, language: bikeStores.language })
    .from(orders)
    .innerJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
    .where(eq(orders.id, orderId));
  const to = store?.email?.trim();
  if (!store || !to) return;
  await queueMessage(tx, {
    event: PURCHASE_ORDER_EVENT,
    channel: "EMAIL",
    recipient: to,
    language: store.language,
    params: { orderId },
  });
}

/** ORDER_PROCESSED: the purchase order as the order stands when it is sent; none for an order gone. */
export const renderPurchaseOrderMail: OutboxRenderer = async (row, { db }) => {
  const orderId = String(row.params.orderId);
  const [found] = await db
    .select({
      order: orders,
      storeName: bikeStores.storeName,
      companyName: companies.name,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
    })
    .from(orders)
    .innerJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .where(eq(orders.id, orderId));
  if (!found) return null;
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt));
  const o = found.order;
  const address =
    o.deliveryMethod === "HOME_DELIVERY"
      ? [o.deliveryStreetAddress, [o.deliveryPostalCode, o.deliveryCity].filter(Boolean).join(" ")]
          .filter(Boolean)
          .join(", ")
      : null;
  const mail = purchaseOrderMail(row.language, {
    storeName: found.storeName,
    orderNumber: o.orderNumber,
    bikeStoreOrderNumber: o.bikeStoreOrderNumber,
    customerName: personName(found.firstName, found.lastName, found.email),
    companyName: found.companyName,
    deliveryAddress: address || null,
    lines,
    totalCents: o.totalPriceCents,
  });
  return { kind: "mail", mail };
};
