import { and, count, eq, inArray, isNotNull, isNull, lt, min, ne, or, type SQL } from "drizzle-orm";
import type { TTask, TTasks } from "../../../contract/tasks.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import { ORDER_WAITING_ON } from "../../../domain/order-state-machine.ts";
import type { Db } from "../../db/client.ts";
import {
  bikeBrokerageInquiries,
  bikeRedemptions,
  companyApplications,
  contactForms,
  insuranceClaims,
  orderCancellations,
  orders,
  tasks,
  userPayments,
} from "../../db/schema/index.ts";

/** The statuses in which an order waits for the helpdesk, in the lifecycle's order. */
const HELPDESK_STATUSES: OrderStatus[] = ORDER_STATUSES.filter((s) => ORDER_WAITING_ON[s] === "HELPDESK");

/** An open lease-end case waits for the helpdesk once chosen for (a redemption once paid) or overdue. */
function redemptionWaitsForHelpdesk(today: string): SQL | undefined {
  return and(
    eq(bikeRedemptions.status, "PENDING"),
    or(
      and(
        isNotNull(bikeRedemptions.choice),
        or(ne(bikeRedemptions.choice, "REDEEM"), isNotNull(bikeRedemptions.userPaymentPaidAt)),
      ),
      lt(bikeRedemptions.decisionDeadline, today),
    ),
  );
}

/**
 * What waits for the helpdesk (GET /api/tasks), counted from the data itself: orders by status, the
 * after-sale cases (cancellations, claims, lease ends, user payments, brokerage inquiries), company
 * sign-ups, unchecked contact forms and stored pending tasks. Grouped counts, each on an index.
 */
export async function helpdeskTasks(db: Db, today: string): Promise<TTasks> {
  const [orderRows, afterSales, [applications], [forms], [stored]] = await Promise.all([
    db
      .select({ status: orders.orderStatus, count: count(), oldest: min(orders.updatedAt) })
      .from(orders)
      .where(inArray(orders.orderStatus, HELPDESK_STATUSES))
      .groupBy(orders.orderStatus),
    Promise.all([
      db
        .select({ count: count(), oldest: min(orderCancellations.updatedAt) })
        .from(orderCancellations)
        .where(eq(orderCancellations.status, "PENDING")),
      db
        .select({ count: count(), oldest: min(insuranceClaims.updatedAt) })
        .from(insuranceClaims)
        .where(eq(insuranceClaims.status, "PENDING")),
      db
        .select({ count: count(), oldest: min(bikeRedemptions.updatedAt) })
        .from(bikeRedemptions)
        .where(redemptionWaitsForHelpdesk(today)),
      db
        .select({ count: count(), oldest: min(userPayments.createdAt) })
        .from(userPayments)
        .where(and(eq(userPayments.paymentStatus, "PENDING"), isNull(userPayments.sentAt))),
      db
        .select({ count: count(), oldest: min(bikeBrokerageInquiries.createdAt) })
        .from(bikeBrokerageInquiries)
        .where(isNull(bikeBrokerageInquiries.handledAt)),
    ]),
    db
      .select({ count: count(), oldest: min(companyApplications.createdAt) })
      .from(companyApplications)
      .where(eq(companyApplications.status, "PENDING")),
    db
      .select({ count: count(), oldest: min(contactForms.createdAt) })
      .from(contactForms)
      .where(eq(contactForms.checked, false)),
    db
      .select({ count: count(), oldest: min(tasks.updatedAt) })
      .from(tasks)
      .where(eq(tasks.status, "PENDING")),
  ]);
  const data: TTask[] = [];
  const byStatus = new Map(orderRows.map((r) => [r.status, r]));
  for (const status of HELPDESK_STATUSES) {
    const row = byStatus.get(status);
    if (row?.oldest)
      data.push({ kind: "ORDER", orderStatus: status, count: row.count, oldestAt: row.oldest.toISOString() });
  }
  const [cancellations, claims, redemptions, payments, inquiries] = afterSales.map(([row]) => row);
  for (const [kind, row] of [
    ["ORDER_CANCELLATION", cancellations],
    ["INSURANCE_CLAIM", claims],
    ["BIKE_REDEMPTION", redemptions],
    ["USER_PAYMENT", payments],
    ["BROKERAGE_INQUIRY", inquiries],
    ["COMPANY_APPLICATION", applications],
    ["CONTACT_FORM", forms],
    ["TASK", stored],
  ] as const) {
    if (row?.oldest && row.count > 0)
      data.push({ kind, orderStatus: null, count: row.count, oldestAt: row.oldest.toISOString() });
  }
  return { data };
}
