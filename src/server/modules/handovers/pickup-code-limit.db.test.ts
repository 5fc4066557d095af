import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { bikeStoreIdByName, companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderHandover } from "../../../contract/handovers.ts";
import { PICKUP_CODE_MAX_FAILURES } from "../../../domain/handovers.ts";
import { beneficiaryEmployees, handovers, orders, rateLimitCounters } from "../../db/schema/index.ts";

/**
 * The pickup code's limit under tries sent at once: each try is counted before it is judged, so of 25
 * wrong codes at once at most five are judged and the order's count never passes five. A file (and app)
 * of its own, so the route's per-user limit counts only these requests.
 */

const t = setupTestApp({}, { demoData: true });
const { as, call } = apiCaller(t);

const STORE_USER = "myyja@vauhti.test";
const EMPLOYEE = "employee@demo.test";
const HANDED_OVER = { frameSerialNumber: "WTU987654321", accessories: [] };

let orderId: string;

beforeAll(async () => {
  const db = t.database.db;
  const companyId = await companyIdByName(db, "Demo Oy");
  const userId = await userIdByEmail(db, EMPLOYEE);
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(and(eq(beneficiaryEmployees.userId, userId), eq(beneficiaryEmployees.companyId, companyId)));
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employment?.id as string,
      companyId,
      bikeStoreId: await bikeStoreIdByName(db, "Vauhti Espoo"),
      orderStatus: "WAITING_FOR_DELIVERY_DATE",
      deliveryMethod: "PICKUP",
      totalPriceCents: 249_000,
      monthlyPaymentCents: 6_900,
    })
    .returning({ id: orders.id });
  orderId = order?.id as string;
});

async function countOf(id: string): Promise<number> {
  const rows = await t.database.db
    .select({ points: rateLimitCounters.points })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, `%pickup-code-failures:${id}`));
  return rows[0]?.points ?? 0;
}

describe("wrong pickup codes sent at once", () => {
  it("are judged at most five times, the count never passes five, and the right code waits too", async () => {
    const seen = await call("GET", `/api/orders/${orderId}/handover`, EMPLOYEE);
    const code = zOrderHandover.parse(seen.json()).pickupCode as string;
    const wrong = code === "000000" ? "111111" : "000000";
    await as(STORE_USER); // logged in once, before the tries
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        call("POST", `/api/store/orders/${orderId}/handover`, STORE_USER, {
          ...HANDED_OVER,
          pickupCode: wrong,
        }),
      ),
    );
    const codes = answers.map((res) => (res.json() as { code: string }).code);
    // Judged: the wrong ones, and the one that reached the limit and locked the order.
    const judged = codes.filter((c) => c === "PICKUP_CODE_WRONG");
    expect(judged.length).toBe(PICKUP_CODE_MAX_FAILURES - 1);
    expect(codes.filter((c) => c === "PICKUP_CODE_LOCKED")).toHaveLength(25 - judged.length);
    expect(await countOf(orderId)).toBe(PICKUP_CODE_MAX_FAILURES);

    const right = await call("POST", `/api/store/orders/${orderId}/handover`, STORE_USER, {
      ...HANDED_OVER,
      pickupCode: code,
    });
    expect(right.statusCode, right.body).toBe(429);
    expect((right.json() as { code: string }).code).toBe("PICKUP_CODE_LOCKED");
    expect(await countOf(orderId)).toBe(PICKUP_CODE_MAX_FAILURES);
    expect(await t.database.db.$count(handovers, eq(handovers.orderId, orderId))).toBe(0);
  });
});
