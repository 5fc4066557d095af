import { eq, isNotNull } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companyIdByName, employmentIdOf, userIdByEmail } from "../../../tests/helpers/ids.ts";
import { cancelOpenOrders } from "../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../tests/helpers/test-app.ts";
import type { OrderStatus } from "../../domain/enums.ts";
import { bikeStores, messageOutbox, orders, reminderSends } from "../db/schema/index.ts";
import { renderOutboxMessage } from "./message-outbox.ts";
import { sendOrderReminders } from "./reminders.ts";

/**
 * The reminders of orders left waiting, with the clock moved: each step when its wait has passed and
 * not before, once however often the job runs, and none once the order has moved on.
 */

const t = setupTestApp({}, { demoData: true });
const log = { info() {}, error() {} };

let employmentId: string;
let demoOyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const employeeUserId = await userIdByEmail(db, "employee@demo.test");
  employmentId = await employmentIdOf(db, employeeUserId, demoOyId);
});

beforeEach(async () => {
  const db = t.database.db;
  await cancelOpenOrders(db, employmentId);
  // Only this test's orders wait: the demo's other orders are moved out of the statuses reminded of.
  await db.update(orders).set({ orderStatus: "CANCELLED", previousStatus: null });
  await db.delete(reminderSends);
  await db.delete(messageOutbox);
});

/** An order that entered `status` at `since` (made then, never moved). */
async function waitingOrder(
  status: OrderStatus,
  since: string,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderStatus: status,
      createdAt: new Date(since),
      ...extra,
    })
    .returning({ id: orders.id });
  return row?.id as string;
}

const run = (at: string) => sendOrderReminders(t.database.db, { now: new Date(at), log });
const outbox = async (event?: string) =>
  (await t.database.db.select().from(messageOutbox)).filter((row) => !event || row.event === event);

describe("the employer's approval", () => {
  // Monday 2025-03-03 at 10:00 Helsinki.
  const since = "2025-03-03T08:00:00Z";
  const approval = { employerApprovalRequired: true };

  it("is reminded to the approvers after 2 working days and not before, once", async () => {
    await waitingOrder("ALL_INFO_PROVIDED", since, approval);
    await run("2025-03-04T06:00:00Z");
    expect(await outbox("ORDER_APPROVAL_REMINDER")).toEqual([]);
    await run("2025-03-05T06:00:00Z");
    const reminded = await outbox("ORDER_APPROVAL_REMINDER");
    expect(reminded.length).toBeGreaterThan(0);
    expect(reminded.map((row) => row.recipient)).toContain("employer.admin@demo.test");
    await run("2025-03-05T07:00:00Z");
    await run("2025-03-06T06:00:00Z");
    expect((await outbox("ORDER_APPROVAL_REMINDER")).length).toBe(reminded.length);
  });

  it("is escalated to the group admin after 5 working days (the weekend not counted), once", async () => {
    await waitingOrder("ALL_INFO_PROVIDED", since, approval);
    await run("2025-03-05T06:00:00Z");
    // Saturday and Sunday: four working days only.
    await run("2025-03-09T06:00:00Z");
    expect(await outbox("ORDER_APPROVAL_ESCALATED")).toEqual([]);
    await run("2025-03-10T06:00:00Z");
    const escalated = await outbox("ORDER_APPROVAL_ESCALATED");
    expect(escalated.length).toBeGreaterThan(0);
    await run("2025-03-11T06:00:00Z");
    expect((await outbox("ORDER_APPROVAL_ESCALATED")).length).toBe(escalated.length);
    const steps = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.kind, "EMPLOYER_APPROVAL"));
    expect(steps.map((row) => row.step).sort()).toEqual([1, 2]);
  });

  it("stops once the order has moved on", async () => {
    const orderId = await waitingOrder("ALL_INFO_PROVIDED", since, approval);
    await t.database.db
      .update(orders)
      .set({ orderStatus: "CONFIRMED", employerApprovedAt: new Date("2025-03-04T08:00:00Z") })
      .where(eq(orders.id, orderId));
    await run("2025-03-05T06:00:00Z");
    await run("2025-03-10T06:00:00Z");
    expect(await outbox("ORDER_APPROVAL_REMINDER")).toEqual([]);
    expect(await outbox("ORDER_APPROVAL_ESCALATED")).toEqual([]);
  });
});

describe("the employee", () => {
  it("is reminded of the package to accept after 3 and 7 days", async () => {
    await waitingOrder("PACKAGE_PROVIDED", "2025-03-03T08:00:00Z");
    await run("2025-03-05T06:00:00Z");
    expect(await outbox("ORDER_PACKAGE_REMINDER")).toEqual([]);
    await run("2025-03-06T06:00:00Z");
    expect((await outbox("ORDER_PACKAGE_REMINDER")).map((row) => row.recipient)).toEqual([
      "employee@demo.test",
    ]);
    await run("2025-03-09T06:00:00Z");
    expect((await outbox("ORDER_PACKAGE_REMINDER")).length).toBe(1);
    await run("2025-03-10T06:00:00Z");
    await run("2025-03-11T06:00:00Z");
    expect((await outbox("ORDER_PACKAGE_REMINDER")).length).toBe(2);
  });

  it("is reminded of the agreement to sign after 3 and 7 days, and not once it is signed", async () => {
    const orderId = await waitingOrder("ALL_INFO_PROVIDED", "2025-03-03T08:00:00Z");
    await run("2025-03-06T06:00:00Z");
    expect((await outbox("ORDER_SIGNING_REMINDER")).length).toBe(1);
    await run("2025-03-10T06:00:00Z");
    expect((await outbox("ORDER_SIGNING_REMINDER")).length).toBe(2);
    // The employer's approval was not asked: no approval reminder.
    expect(await outbox("ORDER_APPROVAL_REMINDER")).toEqual([]);
    expect(orderId).toBeTruthy();
  });
});

describe("the bike store", () => {
  it("is reminded of the package after 2 working days, in its own language", async () => {
    const [store] = await t.database.db
      .select({ id: bikeStores.id, email: bikeStores.email })
      .from(bikeStores)
      .where(isNotNull(bikeStores.email))
      .limit(1);
    const storeId = store?.id as string;
    await t.database.db.update(bikeStores).set({ language: "sv" }).where(eq(bikeStores.id, storeId));
    // From a Friday: Monday is one working day, Tuesday two.
    await waitingOrder("PENDING", "2025-03-07T08:00:00Z", { bikeStoreId: storeId });
    await run("2025-03-10T06:00:00Z");
    expect(await outbox("ORDER_STORE_PACKAGE_REMINDER")).toEqual([]);
    await run("2025-03-11T06:00:00Z");
    const [row, ...more] = await outbox("ORDER_STORE_PACKAGE_REMINDER");
    expect(more).toEqual([]);
    expect(row?.recipient).toBe(store?.email);
    expect(row?.language).toBe("sv");
    const rendered = await renderOutboxMessage(row as NonNullable<typeof row>, {
      db: t.database.db,
      publicUrl: "https://pedaali.test",
      serverSecret: "x".repeat(40),
    });
    expect(rendered?.kind === "mail" && rendered.mail.subject).toMatch(/Påminnelse/);
  });
});
