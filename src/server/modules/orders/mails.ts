import { asc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { personName } from "../../../domain/person-name.ts";
import type { AppContext } from "../../context.ts";
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

/** Where a failed mail is logged (the request's logger). */
export type MailFailureLog = Pick<FastifyBaseLogger, "error">;

/**
 * The bike store's purchase order of a processed order, in Finnish (stores have no language of their
 * own), after the commit: the lines, the customer and where the bike goes. A store without an e-mail
 * gets nothing; a failed mail is logged and does not undo the processing.
 */
export async function mailPurchaseOrder(
  ctx: AppContext,
  orderId: string,
  log: MailFailureLog,
): Promise<void> {
  const { db } = ctx.database;
  try {
    const [row] = await db
      .select({
        order: orders,
        storeName: bikeStores.storeName,
        storeEmail: bikeStores.email,
        storeLanguage: bikeStores.language,
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
    const to = row?.storeEmail?.trim();
    if (!row || !to) return;
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt));
    const o = row.order;
    const address =
      o.deliveryMethod === "HOME_DELIVERY"
        ? [o.deliveryStreetAddress, [o.deliveryPostalCode, o.deliveryCity].filter(Boolean).join(" ")]
            .filter(Boolean)
            .join(", ")
        : null;
    const mail = purchaseOrderMail(row.storeLanguage, {
      storeName: row.storeName,
      orderNumber: o.orderNumber,
      bikeStoreOrderNumber: o.bikeStoreOrderNumber,
      customerName: personName(row.firstName, row.lastName, row.email),
      companyName: row.companyName,
      deliveryAddress: address || null,
      lines,
      totalCents: o.totalPriceCents,
    });
    await ctx.messaging.sendMail({ to, ...mail });
  } catch (error) {
    log.error({ err: error, orderId }, "purchase order mail failed");
  }
}
