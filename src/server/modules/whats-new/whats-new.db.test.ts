import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { bikeStoreIdByName, companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { type TWhatsNew, zSeen, zWhatsNew } from "../../../contract/whats-new.ts";
import type { EventType } from "../../../domain/enums.ts";
import type { NewsPage } from "../../../domain/whats-new.ts";
import { beneficiaryEmployees, eventLog, orders, pageVisits, users } from "../../db/schema/index.ts";

/**
 * What is new where each person looks, read from the event log: the employee sees their own orders'
 * news, never another employee's nor what they did themselves, and only since they last marked the
 * page seen; the store its stores' orders (a defect with the employee's words), the employer its
 * companies'. The page is marked seen only by its POST; reading changes nothing.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const STORE_USER = "myyja@vauhti.test";
const EDITOR = "employer.editor@demo.test";
const OTHER_ADMIN = "employer.admin@toinen.test";
const HELPDESK = "helpdesk@pedaali.test";

let helpdeskId: string;
let employeeId: string;
/** An order of employee@demo.test, another Demo Oy employee's order, and a Toinen Oy order. */
let ownOrder: { id: string; companyId: string; orderNumber: number };
let othersOrder: { id: string; companyId: string };
let otherTenantOrder: { id: string; companyId: string };

async function orderOf(where: ReturnType<typeof and>) {
  const [row] = await t.database.db
    .select({ id: orders.id, companyId: orders.companyId, orderNumber: orders.orderNumber })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(where)
    .limit(1);
  if (!row) throw new Error("no order");
  return row;
}

/** Writes an event row on the order as someone did it, a moment from now. */
async function eventOn(
  order: { id: string; companyId: string },
  type: EventType,
  data: Record<string, unknown>,
  actorUserId: string | null = helpdeskId,
) {
  // Just after the last visit, which may have been this very millisecond.
  const createdAt = new Date(Date.now() + 5);
  const [row] = await t.database.db
    .insert(eventLog)
    .values({
      type,
      actorUserId,
      companyId: order.companyId,
      entityType: "order",
      entityId: order.id,
      data,
      createdAt,
    })
    .returning({ id: eventLog.id });
  // A step is news from the instant it happened; the clock goes past it before the next read, as it
  // does for a step that really happened, so the read's own instant is after it.
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(createdAt.getTime()), { interval: 1 });
  return row?.id as string;
}

async function news(page: NewsPage, who: string): Promise<TWhatsNew> {
  const res = await call("GET", `/api/whats-new/${page}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zWhatsNew.parse(res.json());
}

/** Reads the page and marks what it showed seen, as the page does. */
async function seeAll(page: NewsPage, who: string) {
  const shown = await news(page, who);
  const res = await call("POST", `/api/whats-new/${page}/seen`, who, { seenUpTo: shown.readAt });
  expect(res.statusCode, res.body).toBe(200);
  return shown;
}

beforeAll(async () => {
  const db = t.database.db;
  helpdeskId = await userIdByEmail(db, HELPDESK);
  employeeId = await userIdByEmail(db, EMPLOYEE);
  const demo = await companyIdByName(db, "Demo Oy");
  const toinen = await companyIdByName(db, "Toinen Oy");
  ownOrder = await orderOf(eq(users.email, EMPLOYEE));
  othersOrder = await orderOf(and(eq(orders.companyId, demo), ne(users.email, EMPLOYEE)));
  otherTenantOrder = await orderOf(eq(orders.companyId, toinen));
});

describe("the employee's news on /mybike", () => {
  it("lists a change of their own order made by someone else, with its date and status", async () => {
    await seeAll("myBike", EMPLOYEE);
    const mine = await eventOn(ownOrder, "ORDER_STATUS_UPDATED", { from: "CONFIRMED", to: "PROCESSED" });
    await eventOn(othersOrder, "ORDER_STATUS_UPDATED", { from: "CONFIRMED", to: "PROCESSED" });
    await eventOn(otherTenantOrder, "ORDER_STATUS_UPDATED", { from: "CONFIRMED", to: "PROCESSED" });
    // What the employee did themselves, and a bookkeeping row that is no move, are no news.
    await eventOn(
      ownOrder,
      "ORDER_STATUS_UPDATED",
      { from: "PACKAGE_PROVIDED", to: "ALL_INFO_PROVIDED" },
      employeeId,
    );
    await eventOn(ownOrder, "ORDER_STATUS_UPDATED", { note: "bookkeeping" });

    const read = await news("myBike", EMPLOYEE);
    expect(read.items).toEqual([
      {
        eventId: mine,
        orderId: ownOrder.id,
        orderNumber: ownOrder.orderNumber,
        kind: "STATUS_CHANGED",
        status: "PROCESSED",
        note: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("keeps the news until the page marks them seen, and cuts at the last visit", async () => {
    await seeAll("myBike", EMPLOYEE);
    const first = await eventOn(ownOrder, "ORDER_STATUS_UPDATED", { change: "packageReplaced" });
    // Reading twice changes nothing: the news stay.
    expect((await news("myBike", EMPLOYEE)).items.map((i) => i.eventId)).toEqual([first]);
    const shown = await news("myBike", EMPLOYEE);
    expect(shown.items.map((i) => [i.eventId, i.kind])).toEqual([[first, "PACKAGE_CHANGED"]]);

    const seen = await call("POST", "/api/whats-new/myBike/seen", EMPLOYEE, { seenUpTo: shown.readAt });
    expect(zSeen.parse(seen.json()).seenAt).toBe(shown.readAt);
    expect((await news("myBike", EMPLOYEE)).items).toEqual([]);

    const second = await eventOn(ownOrder, "HANDOVER_RECORDED", {});
    expect((await news("myBike", EMPLOYEE)).items.map((i) => i.eventId)).toEqual([second]);
  });

  it("never moves a visit back, nor past the server's now", async () => {
    const shown = await seeAll("myBike", EMPLOYEE);
    const back = await call("POST", "/api/whats-new/myBike/seen", EMPLOYEE, {
      seenUpTo: "2020-01-01T00:00:00.000Z",
    });
    expect(zSeen.parse(back.json()).seenAt).toBe(shown.readAt);

    const ahead = await call("POST", "/api/whats-new/myBike/seen", EMPLOYEE, {
      seenUpTo: "2999-01-01T00:00:00.000Z",
    });
    expect(new Date(zSeen.parse(ahead.json()).seenAt).getTime()).toBeLessThanOrEqual(Date.now());
    const [visit] = await t.database.db
      .select()
      .from(pageVisits)
      .where(and(eq(pageVisits.userId, employeeId), eq(pageVisits.page, "myBike")));
    expect(visit?.seenAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("the store's news in its order list", () => {
  it("shows a defect reported of its store's order with the employee's words, not another store's", async () => {
    const espoo = await bikeStoreIdByName(t.database.db, "Vauhti Espoo");
    const tampere = await bikeStoreIdByName(t.database.db, "Vauhti Tampere");
    const [atEspoo] = await t.database.db
      .select({ id: orders.id, companyId: orders.companyId })
      .from(orders)
      .where(eq(orders.bikeStoreId, espoo))
      .limit(1);
    const [atTampere] = await t.database.db
      .select({ id: orders.id, companyId: orders.companyId })
      .from(orders)
      .where(eq(orders.bikeStoreId, tampere))
      .limit(1);
    if (!atEspoo || !atTampere) throw new Error("no store orders");
    await seeAll("storeOrders", STORE_USER);
    const defect = await eventOn(atEspoo, "HANDOVER_DEFECT_REPORTED", { description: "Takavalo ei pala" });
    await eventOn(atTampere, "HANDOVER_DEFECT_REPORTED", { description: "Toinen liike" });
    // The store's own doing by its link is no news to it.
    await eventOn(atEspoo, "ORDER_STATUS_UPDATED", { to: "PACKAGE_PROVIDED", by: "bikeStoreToken" }, null);

    const read = await news("storeOrders", STORE_USER);
    expect(read.items.map((i) => [i.eventId, i.kind, i.note])).toEqual([
      [defect, "DEFECT_REPORTED", "Takavalo ei pala"],
    ]);
  });
});

describe("the employer's news in its order list", () => {
  it("shows the company's orders' news to an editor, never another tenant's", async () => {
    await seeAll("employerOrders", EDITOR);
    const ours = await eventOn(othersOrder, "ORDER_STATUS_UPDATED", {
      from: "ACTIVE_LEASING",
      to: "CANCELLED",
    });
    const theirs = await eventOn(otherTenantOrder, "ORDER_STATUS_UPDATED", { to: "CANCELLED" });

    expect((await news("employerOrders", EDITOR)).items.map((i) => i.eventId)).toEqual([ours]);
    const other = await news("employerOrders", OTHER_ADMIN);
    expect(other.items.map((i) => i.eventId)).toContain(theirs);
    expect(other.items.map((i) => i.eventId)).not.toContain(ours);
  });
});

describe("who may read which page", () => {
  it("answers 401 without a session", async () => {
    expectError(await call("GET", "/api/whats-new/myBike", null), 401);
    expectError(
      await call("POST", "/api/whats-new/myBike/seen", null, { seenUpTo: new Date().toISOString() }),
      401,
    );
  });

  it("refuses a page outside the caller's role with 403", async () => {
    expectError(await call("GET", "/api/whats-new/storeOrders", EMPLOYEE), 403);
    expectError(await call("GET", "/api/whats-new/employerOrders", STORE_USER), 403);
    expectError(await call("GET", "/api/whats-new/myBike", STORE_USER), 403);
    expectError(
      await call("POST", "/api/whats-new/storeOrders/seen", EMPLOYEE, { seenUpTo: new Date().toISOString() }),
      403,
    );
  });

  it("answers 400 for an unknown page and a seen time that is no time", async () => {
    expectError(await call("GET", "/api/whats-new/admin", EMPLOYEE), 400);
    expectError(await call("POST", "/api/whats-new/myBike/seen", EMPLOYEE, { seenUpTo: "yesterday" }), 400);
    expectError(await call("POST", "/api/whats-new/myBike/seen", EMPLOYEE, {}), 400);
  });
});
