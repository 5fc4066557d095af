import { and, count, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zMarkAsReadResult,
  zNotification,
  zNotificationCheck,
  zNotificationsPage,
  zUnreadCount,
} from "../../../contract/notifications.ts";
import { notifications, permissions, rolePermissions, roles } from "../../db/schema/index.ts";
import { createNotifications, type NewNotification } from "./create.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const DEMO_ADMIN = "employer.admin@demo.test";
/** A second Demo Oy user: the editor, given notifications.read for this file (beforeAll). */
const DEMO_EDITOR = "employer.editor@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const EMPLOYEE = "employee@demo.test";
const REPORTING = "reporting@demo.test";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

let adminId: string;
let editorId: string;
let demoCompanyId: string;

beforeAll(async () => {
  const db = t.database.db;
  adminId = await userIdByEmail(db, DEMO_ADMIN);
  editorId = await userIdByEmail(db, DEMO_EDITOR);
  demoCompanyId = await companyIdByName(db, "Demo Oy");
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "EMPLOYER_EDITOR"));
  const [permission] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, "notifications.read"));
  await db
    .insert(rolePermissions)
    .values({ roleId: role?.id as string, permissionId: permission?.id as string })
    .onConflictDoNothing();
});

// Each test starts from empty bells and makes its own notifications, so the order of tests is free.
beforeEach(async () => {
  await t.database.db.delete(notifications).where(inArray(notifications.userId, [adminId, editorId]));
});

/** A minute apart, `minutesAgo` back from a fixed point, so the order is known. */
const BASE = Date.parse("2026-03-01T12:00:00.000Z");
const at = (minutesAgo: number) => new Date(BASE - minutesAgo * 60_000);

function make(userId: string, rows: Partial<NewNotification>[]): Promise<string[]> {
  return createNotifications(
    t.database.db,
    rows.map((row, i) => ({
      userId,
      companyId: demoCompanyId,
      type: "GENERAL",
      title: `Ilmoitus ${i}`,
      message: `Viesti ${i}`,
      createdAt: at(i),
      ...row,
    })),
  );
}

async function list(query = "", who = DEMO_ADMIN) {
  const res = await call("GET", `/api/notifications${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zNotificationsPage.parse(res.json());
}

async function unread(who = DEMO_ADMIN): Promise<number> {
  const res = await call("GET", "/api/notifications/unread-count", who);
  expect(res.statusCode, res.body).toBe(200);
  return zUnreadCount.parse(res.json()).count;
}

describe("GET /api/notifications", () => {
  it("pages the caller's own notifications newest first, ties by id, 20 by default", async () => {
    // 23 of the admin's: 21 a minute apart, two at the same moment; and one of the editor's.
    const ids = await make(
      adminId,
      Array.from({ length: 21 }, () => ({})),
    );
    const tied = await make(adminId, [{ createdAt: at(-10) }, { createdAt: at(-10) }]);
    await make(editorId, [{ createdAt: at(-20) }]);

    const first = await list();
    const { items: _first, ...firstPage } = first;
    expect(firstPage).toEqual({
      page: 1,
      limit: 20,
      total: 23,
      totalPages: 2,
      hasNext: true,
      hasPrevious: false,
    });
    expect(first.items.slice(0, 3).map((n) => n.id)).toEqual([...[...tied].sort().reverse(), ids[0]]);
    const second = await list("?page=2");
    expect(second).toMatchObject({ page: 2, total: 23, hasNext: false, hasPrevious: true });
    expect(second.items.map((n) => n.id)).toEqual(ids.slice(18));

    const small = await list("?page=3&limit=5");
    expect(small).toMatchObject({ page: 3, limit: 5, totalPages: 5, hasNext: true });
    expect(small.items.map((n) => n.id)).toEqual(ids.slice(8, 13));
    const beyond = await list("?page=9");
    expect(beyond.items).toEqual([]);
    expect(beyond).toMatchObject({ total: 23, hasNext: false, hasPrevious: true });
  });

  it("carries every field of the notification", async () => {
    const entityId = "11111111-1111-4111-8111-111111111111";
    const [id] = await make(adminId, [
      {
        type: "EMPLOYEE_ORDER",
        priority: "HIGH",
        title: "Uusi tilaus",
        message: "Maija tilasi pyörän",
        entityType: "order",
        entityId,
        data: { orderNumber: 42 },
      },
    ]);
    const { items } = await list();
    expect(items).toEqual([
      {
        id,
        type: "EMPLOYEE_ORDER",
        priority: "HIGH",
        title: "Uusi tilaus",
        message: "Maija tilasi pyörän",
        read: false,
        readAt: null,
        createdAt: at(0).toISOString(),
        companyId: demoCompanyId,
        entityType: "order",
        entityId,
        data: { orderNumber: 42 },
      },
    ]);
  });

  it("filters by unreadOnly, types and priority, alone and together", async () => {
    const [orderHigh, regNormal, systemLow, orderRead] = await make(adminId, [
      { type: "EMPLOYEE_ORDER", priority: "HIGH" },
      { type: "EMPLOYEE_REGISTRATION" },
      { type: "SYSTEM_UPDATE", priority: "LOW", companyId: null },
      { type: "EMPLOYEE_ORDER", readAt: at(-1) },
    ]);
    const ids = async (query: string) => (await list(query)).items.map((n) => n.id);

    expect(await ids("?unreadOnly=true")).toEqual([orderHigh, regNormal, systemLow]);
    expect(await ids("?unreadOnly=false")).toEqual([orderHigh, regNormal, systemLow, orderRead]);
    expect(await ids("?types=EMPLOYEE_ORDER")).toEqual([orderHigh, orderRead]);
    expect(await ids("?types=SYSTEM_UPDATE,%20EMPLOYEE_REGISTRATION,SYSTEM_UPDATE")).toEqual([
      regNormal,
      systemLow,
    ]);
    expect(await ids("?types=")).toHaveLength(4);
    expect(await ids("?priority=HIGH")).toEqual([orderHigh]);
    expect(await ids("?priority=NORMAL")).toEqual([regNormal, orderRead]);
    expect(await ids("?types=EMPLOYEE_ORDER&unreadOnly=true&priority=HIGH")).toEqual([orderHigh]);
    const none = await list("?types=PAYMENT_REMINDER");
    expect(none).toEqual({
      items: [],
      page: 1,
      limit: 20,
      total: 0,
      totalPages: 0,
      hasNext: false,
      hasPrevious: false,
    });
  });

  it("refuses bad input with 400", async () => {
    for (const query of [
      "?limit=0",
      "?limit=101",
      "?page=0",
      "?types=EMPLOYEE_ORDER,NOPE",
      "?priority=URGENT",
      "?unreadOnly=yes",
    ]) {
      expectError(await call("GET", `/api/notifications${query}`, DEMO_ADMIN), 400, "VALIDATION_ERROR");
    }
  });
});

describe("GET /api/notifications/checker", () => {
  it("answers what came after lastFetch, newest first, with the unread count and the next lastFetch", async () => {
    const [, newer, newest] = await make(adminId, [
      { createdAt: at(10) },
      { createdAt: at(5) },
      { createdAt: at(1), readAt: at(0) },
    ]);
    await make(editorId, [{ createdAt: at(2) }]);
    const before = Date.now();
    const res = await call("GET", `/api/notifications/checker?lastFetch=${at(6).toISOString()}`, DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const check = zNotificationCheck.parse(res.json());
    expect(check.items.map((n) => n.id)).toEqual([newest, newer]);
    expect(check.unreadCount).toBe(2);
    expect(Date.parse(check.serverTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.headers["cache-control"]).toBe("no-store");

    // An offset is fine; with the server time nothing is newer.
    const offset = await call(
      "GET",
      "/api/notifications/checker?lastFetch=2026-03-01T13:55:00%2B02:00",
      DEMO_ADMIN,
    );
    expect(zNotificationCheck.parse(offset.json()).items.map((n) => n.id)).toEqual([newest]);
    // Nothing newer still tells the unread count.
    const next = await call("GET", `/api/notifications/checker?lastFetch=${check.serverTime}`, DEMO_ADMIN);
    expect(zNotificationCheck.parse(next.json())).toMatchObject({ items: [], unreadCount: 2 });
  });

  it("answers at most 50", async () => {
    await make(
      adminId,
      Array.from({ length: 55 }, () => ({})),
    );
    const res = await call(
      "GET",
      `/api/notifications/checker?lastFetch=${at(100).toISOString()}`,
      DEMO_ADMIN,
    );
    const check = zNotificationCheck.parse(res.json());
    expect(check.items).toHaveLength(50);
    expect(check.items[0]?.createdAt).toBe(at(0).toISOString());
    expect(check.unreadCount).toBe(55);
  });

  it("refuses a missing or bad lastFetch with 400", async () => {
    for (const query of ["", "?lastFetch=yesterday", "?lastFetch=2026-13-01T00:00:00Z"]) {
      expectError(
        await call("GET", `/api/notifications/checker${query}`, DEMO_ADMIN),
        400,
        "VALIDATION_ERROR",
      );
    }
  });
});

describe("GET /api/notifications/unread-count", () => {
  it("counts the caller's unread notifications only", async () => {
    await make(adminId, [{}, {}, { readAt: at(0) }]);
    await make(editorId, [{}]);
    expect(await unread()).toBe(2);
    expect(await unread(DEMO_EDITOR)).toBe(1);
    // Toinen Oy's admin has the demo's own notifications; none of the ones made here.
    const toinenId = await userIdByEmail(t.database.db, TOINEN_ADMIN);
    const [own] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, toinenId), eq(notifications.read, false)));
    expect(await unread(TOINEN_ADMIN)).toBe(own?.n);
  });
});

describe("GET and DELETE /api/notifications/{id}", () => {
  it("gets and deletes the caller's own notification", async () => {
    const [id] = await make(adminId, [{ title: "Luettava" }]);
    const got = await call("GET", `/api/notifications/${id}`, DEMO_ADMIN);
    expect(got.statusCode, got.body).toBe(200);
    expect(zNotification.parse(got.json())).toMatchObject({ id, title: "Luettava", read: false });

    const deleted = await call("DELETE", `/api/notifications/${id}`, DEMO_ADMIN);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: "Notification deleted" });
    expectError(await call("GET", `/api/notifications/${id}`, DEMO_ADMIN), 404, "NOT_FOUND");
    expectError(await call("DELETE", `/api/notifications/${id}`, DEMO_ADMIN), 404, "NOT_FOUND");
  });

  it("answers 404 for anybody else's notification, of the same company too, and leaves it be", async () => {
    const [id] = await make(adminId, [{}]);
    for (const who of [DEMO_EDITOR, TOINEN_ADMIN]) {
      expectError(await call("GET", `/api/notifications/${id}`, who), 404, "NOT_FOUND");
      expectError(await call("DELETE", `/api/notifications/${id}`, who), 404, "NOT_FOUND");
      const marked = await call("PUT", "/api/notifications/mark-as-read", who, { notificationIds: [id] });
      expect(zMarkAsReadResult.parse(marked.json()).updated).toBe(0);
    }
    expectError(await call("GET", `/api/notifications/${UNKNOWN}`, DEMO_ADMIN), 404, "NOT_FOUND");
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, id as string));
    expect(row).toMatchObject({ read: false, readAt: null });
  });

  it("refuses an id that is no uuid with 400", async () => {
    expectError(await call("GET", "/api/notifications/123", DEMO_ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("DELETE", "/api/notifications/not-a-uuid", DEMO_ADMIN), 400, "VALIDATION_ERROR");
  });
});

describe("PUT /api/notifications/mark-as-read", () => {
  it("marks the given ones, passing over others' and unknown ids", async () => {
    const [a, b, c] = await make(adminId, [{}, {}, {}]);
    const [others] = await make(editorId, [{}]);
    const res = await call("PUT", "/api/notifications/mark-as-read", DEMO_ADMIN, {
      notificationIds: [a, b, b, others, UNKNOWN],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zMarkAsReadResult.parse(res.json())).toEqual({ updated: 2, unreadCount: 1 });

    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [a, b, c, others] as string[]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of [a, b]) {
      expect(byId.get(id as string)?.read).toBe(true);
      expect(byId.get(id as string)?.readAt).toBeInstanceOf(Date);
    }
    expect(byId.get(c as string)).toMatchObject({ read: false, readAt: null });
    expect(byId.get(others as string)).toMatchObject({ read: false, readAt: null });

    // Again: already read, nothing changes (readAt stays the first time).
    const again = await call("PUT", "/api/notifications/mark-as-read", DEMO_ADMIN, { notificationIds: [a] });
    expect(zMarkAsReadResult.parse(again.json())).toEqual({ updated: 0, unreadCount: 1 });
    const [aRow] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, a as string));
    expect(aRow?.readAt).toEqual(byId.get(a as string)?.readAt);
    // An empty list marks nothing.
    const empty = await call("PUT", "/api/notifications/mark-as-read", DEMO_ADMIN, { notificationIds: [] });
    expect(zMarkAsReadResult.parse(empty.json())).toEqual({ updated: 0, unreadCount: 1 });
  });

  it("marks all of the caller's when no ids are given, and no one else's", async () => {
    await make(adminId, [{}, {}, { readAt: at(0) }]);
    await make(editorId, [{}]);
    const res = await call("PUT", "/api/notifications/mark-as-read", DEMO_ADMIN, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(zMarkAsReadResult.parse(res.json())).toEqual({ updated: 2, unreadCount: 0 });
    expect((await list("?unreadOnly=true")).items).toEqual([]);
    expect(await unread(DEMO_EDITOR)).toBe(1);
    const unreadRows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, editorId), eq(notifications.read, false)));
    expect(unreadRows).toHaveLength(1);
  });

  it("refuses bad input with 400", async () => {
    for (const body of [
      { notificationIds: ["not-a-uuid"] },
      { notificationIds: "all" },
      { notificationIds: Array.from({ length: 501 }, () => UNKNOWN) },
    ]) {
      expectError(await call("PUT", "/api/notifications/mark-as-read", DEMO_ADMIN, body), 400);
    }
  });
});

describe("who may call", () => {
  const calls = [
    ["GET", "/api/notifications"],
    ["GET", "/api/notifications/checker?lastFetch=2026-01-01T00:00:00Z"],
    ["GET", "/api/notifications/unread-count"],
    ["GET", `/api/notifications/${UNKNOWN}`],
    ["DELETE", `/api/notifications/${UNKNOWN}`],
    ["PUT", "/api/notifications/mark-as-read"],
  ] as const;

  it("answers 403 to roles without notifications.read and 401 to anonymous callers", async () => {
    const [id] = await make(adminId, [{}]);
    for (const [method, url] of calls) {
      const body = method === "PUT" ? { notificationIds: [id] } : undefined;
      for (const who of [EMPLOYEE, REPORTING])
        expectError(await call(method, url, who, body), 403, "FORBIDDEN");
      expectError(await call(method, url, null, body), 401, "UNAUTHORIZED");
    }
    expect(await unread()).toBe(1);
  });
});
