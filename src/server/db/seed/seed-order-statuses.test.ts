import { and, asc, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { ORDER_STATUSES } from "../../../domain/enums.ts";
import { eventLog, orders } from "../schema/index.ts";

/** Issue 12 point 7: the demo has an order in every status of SPEC §4, each with the timeline that led there. */

const t = setupTestApp({}, { demoData: true });

describe("the demo orders", () => {
  it("cover every order status of SPEC §4", async () => {
    const rows = await t.database.db
      .select({ status: orders.orderStatus, n: count() })
      .from(orders)
      .groupBy(orders.orderStatus);
    const present = new Set(rows.map((r) => r.status));
    expect(ORDER_STATUSES.filter((s) => !present.has(s))).toEqual([]);
  });

  it("reached the statuses only this seed gives through moves whose event rows chain to the status", async () => {
    const walked = await t.database.db
      .select({ id: orders.id, status: orders.orderStatus })
      .from(orders)
      .where(
        inArray(orders.orderStatus, [
          "WAITING_FOR_CUSTOMER_COMMENT",
          "WAITING_FOR_INVOICE_MATCH",
          "CASE_X",
          "REFUNDED",
        ]),
      );
    expect(walked.length).toBeGreaterThanOrEqual(4);
    for (const order of walked) {
      const events = await t.database.db
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.entityType, "order"), eq(eventLog.entityId, order.id)))
        .orderBy(asc(eventLog.createdAt));
      let at: unknown = "NOT_STARTED";
      for (const { data } of events) {
        expect(data.from, order.status).toBe(at);
        at = data.to;
      }
      expect(at, order.status).toBe(order.status);
    }
  });
});
