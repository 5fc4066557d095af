import {
  and,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  min,
  ne,
  notExists,
  or,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TTask, TTasks } from "../../../contract/tasks.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import { CUSTOMER_COMMENT_STATUS, ORDER_WAITING_ON } from "../../../domain/order-state-machine.ts";
import type { Db } from "../../db/client.ts";
import {
  bikeBrokerageInquiries,
  bikeRedemptions,
  companyApplications,
  contactForms,
  insuranceClaims,
  orderCancellations,
  orders,
  payrollDeliveries,
  tasks,
  userPayments,
} from "../../db/schema/index.ts";

/** The statuses in which an order waits for the helpdesk, in the lifecycle's order. */
const HELPDESK_STATUSES: OrderStatus[] = ORDER_STATUSES.filter((s) => ORDER_WAITING_ON[s] === "HELPDESK");

/** An open redemption case waits for the helpdesk once chosen for (a redemption once paid) or overdue. */
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
 * A payroll file that could not be delivered waits for the helpdesk until it arrives: its re-send
 * closes the same row as DELIVERED, and a later delivery of the company's same month also settles it.
 */
function payrollDeliveryFailed(db: Db) {
  const later = alias(payrollDeliveries, "later_delivery");
  return db
    .select({ count: count(), oldest: min(payrollDeliveries.startedAt) })
    .from(payrollDeliveries)
    .where(
      and(
        eq(payrollDeliveries.status, "FAILED"),
        notExists(
          db
            .select({ id: later.id })
            .from(later)
            .where(
              and(
                eq(later.companyId, payrollDeliveries.companyId),
                eq(later.period, payrollDeliveries.period),
                eq(later.status, "DELIVERED"),
                gt(later.startedAt, payrollDeliveries.startedAt),
              ),
            ),
        ),
      ),
    );
}

/**
 * What waits for the helpdesk (GET /api/tasks), counted from the data itself: orders by status, the
 * employees' answers to its questions, the after-sale cases (cancellations, claims, lease ends, user payments, brokerage inquiries), payroll
 * files not delivered, company sign-ups, unchecked contact forms and stored pending tasks. This strip
 * on the helpdesk's orders view is where the helpdesk hears of what needs it (the notification table's
 * HELPDESK INBOX). Grouped counts, each on an index.
 */
export async function helpdeskTasks(db: Db, today: string): Promise<TTasks> {
  const [orderRows, [answered], afterSales, [applications], [forms], [stored]] = await Promise.all([
    db
      .select({ status: orders.orderStatus, count: count(), oldest: min(orders.updatedAt) })
      .from(orders)
      .where(inArray(orders.orderStatus, HELPDESK_STATUSES))
      .groupBy(orders.orderStatus),
    // Answered questions: the order stays in the side state until the helpdesk has read the answer.
    db
      .select({ count: count(), oldest: min(orders.customerAnsweredAt) })
      .from(orders)
      .where(and(eq(orders.orderStatus, CUSTOMER_COMMENT_STATUS), isNotNull(orders.customerAnsweredAt))),
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
      payrollDeliveryFailed(db),
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
  if (answered?.oldest && answered.count > 0)
    data.push({
      kind: "CUSTOMER_ANSWER",
      orderStatus: CUSTOMER_COMMENT_STATUS,
      count: answered.count,
      oldestAt: answered.oldest.toISOString(),
    });
  const [cancellations, claims, redemptions, payments, inquiries, payrollFiles] = afterSales.map(
    ([row]) => row,
  );
  for (const [kind, row] of [
    ["ORDER_CANCELLATION", cancellations],
    ["INSURANCE_CLAIM", claims],
    ["BIKE_REDEMPTION", redemptions],
    ["USER_PAYMENT", payments],
    ["BROKERAGE_INQUIRY", inquiries],
    ["PAYROLL_DELIVERY_FAILED", payrollFiles],
    ["COMPANY_APPLICATION", applications],
    ["CONTACT_FORM", forms],
    ["TASK", stored],
  ] as const) {
    if (row?.oldest && row.count > 0)
      data.push({ kind, orderStatus: null, count: row.count, oldestAt: row.oldest.toISOString() });
  }
  return { data };
}
