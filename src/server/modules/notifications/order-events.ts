import { eq } from "drizzle-orm";
import type { OrderStatus } from "../../../domain/enums.ts";
import { notifiesEmployer, orderStatusPriority } from "../../../domain/order-notifications.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, bikeStores, orders, systemUsers } from "../../db/schema/index.ts";
import { createNotifications } from "./create.ts";
import { employerAdminsOf } from "./recipients.ts";
import { employeeOrderNotification, orderStatusChangeNotification } from "./texts.ts";

/** What happened to an order: it was started (EMPLOYEE_ORDER), or it moved to a status (ORDER_STATUS_CHANGE). */
export type OrderEvent = { kind: "created" } | { kind: "statusChanged"; to: OrderStatus };

/**
 * Tells the company's employer admins about an order event, inside the caller's transaction (the order
 * lifecycle's, so the notification appears with the move or not at all). A status the employer does not
 * follow (domain/order-notifications.ts) notifies nobody. Answers the new notifications' ids.
 */
export async function notifyOrderEvent(tx: Db, orderId: string, event: OrderEvent): Promise<string[]> {
  if (event.kind === "statusChanged" && !notifiesEmployer(event.to)) return [];
  const [order] = await tx
    .select({
      orderNumber: orders.orderNumber,
      companyId: orders.companyId,
      beneficiaryEmployeeId: orders.beneficiaryEmployeeId,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      storeName: bikeStores.storeName,
    })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .leftJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
    .where(eq(orders.id, orderId));
  if (!order) return [];
  const admins = await employerAdminsOf(tx, order.companyId);
  const employeeName = personName(order.firstName, order.lastName);
  return createNotifications(
    tx,
    admins.map((admin) => ({
      userId: admin.userId,
      companyId: order.companyId,
      ...(event.kind === "created"
        ? {
            type: "EMPLOYEE_ORDER" as const,
            ...employeeOrderNotification(admin.language, {
              employeeName,
              orderNumber: order.orderNumber,
              storeName: order.storeName,
            }),
          }
        : {
            type: "ORDER_STATUS_CHANGE" as const,
            priority: orderStatusPriority(event.to),
            ...orderStatusChangeNotification(admin.language, {
              employeeName,
              orderNumber: order.orderNumber,
              status: event.to,
            }),
          }),
      entityType: "order",
      entityId: orderId,
      data: {
        orderNumber: order.orderNumber,
        beneficiaryEmployeeId: order.beneficiaryEmployeeId,
        ...(event.kind === "statusChanged" ? { status: event.to } : {}),
      },
    })),
  );
}
