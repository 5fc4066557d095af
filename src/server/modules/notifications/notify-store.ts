import { eq } from "drizzle-orm";
import { sentChannels } from "../../../domain/notification-table.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, bikeStores, orders, systemUsers, users } from "../../db/schema/index.ts";
import type { StoreNoticeEvent, StoreNoticeParams } from "../../messaging/store-notice-mails.ts";
import { queueMessage } from "./outbox.ts";

/**
 * The one sender of the bike store's notices: the store's order e-mail, in the store's own language
 * (as its package links and purchase orders find them), queued in the message outbox inside the
 * caller's transaction, so a change that rolls back sends nothing. A store without an e-mail gets
 * nothing; the notification table says whether the event is mailed to the store at all.
 */
export async function queueStoreNotice(
  tx: Db,
  event: StoreNoticeEvent,
  bikeStoreId: string,
  params: Omit<StoreNoticeParams, "storeName">,
): Promise<void> {
  if (!sentChannels(event, "STORE").includes("EMAIL")) return;
  const [store] = await tx
    .select({ name: bikeStores.storeName, email: bikeStores.email, language: bikeStores.language })
    .from(bikeStores)
    .where(eq(bikeStores.id, bikeStoreId));
  const to = store?.email?.trim();
  if (!store || !to) return;
  await queueMessage(tx, {
    userId: null,
    event,
    channel: "EMAIL",
    recipient: to,
    language: store.language,
    params: { audience: "STORE", storeName: store.name, ...params },
  });
}

/** What a store's mail of an order names: the order's numbers, the employee and the store. */
export async function orderFactsForStore(tx: Db, orderId: string) {
  const [row] = await tx
    .select({
      orderNumber: orders.orderNumber,
      bikeStoreOrderNumber: orders.bikeStoreOrderNumber,
      bikeStoreId: orders.bikeStoreId,
      processedAt: orders.processedAt,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
    })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return {
    bikeStoreId: row.bikeStoreId,
    processedAt: row.processedAt,
    params: {
      orderNumber: row.orderNumber,
      bikeStoreOrderNumber: row.bikeStoreOrderNumber,
      customerName: personName(row.firstName, row.lastName, row.email),
    },
  };
}

/**
 * An order cancelled after its purchase order went to the store: the store must not deliver it (nor
 * invoice it). An order the store has no purchase order of yet needs no word.
 */
export async function tellStoreOfCancellation(tx: Db, orderId: string): Promise<void> {
  const facts = await orderFactsForStore(tx, orderId);
  if (!facts?.bikeStoreId || !facts.processedAt) return;
  await queueStoreNotice(tx, "ORDER_CANCELLED", facts.bikeStoreId, facts.params);
}
