import { count, eq, inArray, min } from "drizzle-orm";
import type { TTask, TTasks } from "../../../contract/tasks.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/enums.ts";
import { ORDER_WAITING_ON } from "../../../domain/order-state-machine.ts";
import type { Db } from "../../db/client.ts";
import { companyApplications, contactForms, orders, tasks } from "../../db/schema/index.ts";

/** The statuses in which an order waits for the helpdesk, in the lifecycle's order. */
const HELPDESK_STATUSES: OrderStatus[] = ORDER_STATUSES.filter((s) => ORDER_WAITING_ON[s] === "HELPDESK");

/**
 * What waits for the helpdesk (GET /api/tasks), counted from the data itself: orders by status, company
 * sign-ups, unchecked contact forms and stored pending tasks. Four grouped counts, each on an index.
 */
export async function helpdeskTasks(db: Db): Promise<TTasks> {
  const [orderRows, [applications], [forms], [stored]] = await Promise.all([
    db
      .select({ status: orders.orderStatus, count: count(), oldest: min(orders.updatedAt) })
      .from(orders)
      .where(inArray(orders.orderStatus, HELPDESK_STATUSES))
      .groupBy(orders.orderStatus),
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
  for (const [kind, row] of [
    ["COMPANY_APPLICATION", applications],
    ["CONTACT_FORM", forms],
    ["TASK", stored],
  ] as const) {
    if (row?.oldest && row.count > 0)
      data.push({ kind, orderStatus: null, count: row.count, oldestAt: row.oldest.toISOString() });
  }
  return { data };
}
