import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  eventLog,
  notifications,
  orders,
  users,
} from "../../db/schema/index.ts";
import { notifyOrderEvent } from "./order-events.ts";
import { employerAdminsOf } from "./recipients.ts";
import { payrollReminderNotification } from "./texts.ts";

/**
 * The real events that fill the bell (docs/api-surface.md "Notifications"): an order started or moved on (called
 * by the order lifecycle in its transaction), a system update from the helpdesk, the payroll
 * reminder's words.
 * The registration's notification is tested with the registration (registration.db.test.ts).
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

let demoOyId: string;
let demoAdminId: string;
let twoFactorAdminId: string;
let toinenAdminId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  demoAdminId = await userIdByEmail(db, "employer.admin@demo.test");
  twoFactorAdminId = await userIdByEmail(db, "twofactor@demo.test");
  toinenAdminId = await userIdByEmail(db, "employer.admin@toinen.test");
});

async function demoOrder(db: Db) {
  const [employee] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(users.email, "employee@demo.test"));
  const [store] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.storeName, "Vauhti Espoo"));
  const [order] = await db
    .insert(orders)
    .values({ beneficiaryEmployeeId: employee?.id as string, companyId: demoOyId, bikeStoreId: store?.id })
    .returning();
  return order as typeof orders.$inferSelect;
}

const bellOf = (db: Db, orderId: string) =>
  db.select().from(notifications).where(eq(notifications.entityId, orderId));

describe("order events", () => {
  it("a new order reaches every active employer admin of the company, and nobody else", async () => {
    const db = t.database.db;
    const order = await demoOrder(db);
    const ids = await notifyOrderEvent(db, order.id, { kind: "created" });
    const rows = await bellOf(db, order.id);
    expect(ids).toHaveLength(rows.length);
    expect(rows.map((r) => r.userId).sort()).toEqual([demoAdminId, twoFactorAdminId].sort());
    expect(rows.every((r) => r.type === "EMPLOYEE_ORDER" && r.companyId === demoOyId && !r.read)).toBe(true);
    expect(rows[0]?.message).toBe(
      `Emilia Laine aloitti tilauksen #${order.orderNumber} pyöräliikkeessä Vauhti Espoo.`,
    );
    expect(rows.map((r) => r.userId)).not.toContain(toinenAdminId);
  });

  it("a move the employer follows is ORDER_STATUS_CHANGE, a cancellation urgent; other moves are silent", async () => {
    const db = t.database.db;
    const order = await demoOrder(db);
    await notifyOrderEvent(db, order.id, { kind: "statusChanged", to: "ACTIVE_LEASING" });
    await notifyOrderEvent(db, order.id, { kind: "statusChanged", to: "CANCELLED" });
    expect(
      await notifyOrderEvent(db, order.id, { kind: "statusChanged", to: "WAITING_FOR_INVOICE_MATCH" }),
    ).toEqual([]);
    const rows = await bellOf(db, order.id);
    const forAdmin = rows.filter((r) => r.userId === demoAdminId);
    expect(forAdmin.map((r) => [r.type, r.priority, r.title]).sort()).toEqual(
      [
        ["ORDER_STATUS_CHANGE", "HIGH", `Tilaus #${order.orderNumber}: Peruttu`],
        ["ORDER_STATUS_CHANGE", "NORMAL", `Tilaus #${order.orderNumber}: Leasing käynnissä`],
      ].sort(),
    );
    expect(forAdmin[0]?.data).toMatchObject({ orderNumber: order.orderNumber });
  });

  it("writes in each admin's language", async () => {
    const db = t.database.db;
    await db.update(users).set({ language: "sv" }).where(eq(users.id, twoFactorAdminId));
    try {
      const order = await demoOrder(db);
      await notifyOrderEvent(db, order.id, { kind: "created" });
      const [swedish] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.entityId, order.id), eq(notifications.userId, twoFactorAdminId)));
      expect(swedish?.title).toBe("En ny beställning av förmånscykel");
    } finally {
      await db.update(users).set({ language: "fi" }).where(eq(users.id, twoFactorAdminId));
    }
  });

  it("skips deactivated admins", async () => {
    const db = t.database.db;
    await db.update(users).set({ deactivated: true }).where(eq(users.id, twoFactorAdminId));
    try {
      expect((await employerAdminsOf(db, demoOyId)).map((a) => a.userId)).toEqual([demoAdminId]);
    } finally {
      await db.update(users).set({ deactivated: false }).where(eq(users.id, twoFactorAdminId));
    }
  });
});

describe("POST /api/notifications/system-update", () => {
  const body = {
    fi: {
      title: "Huoltokatkos su 30.11. klo 22–23",
      message: "Pedaali on huollon vuoksi poissa käytöstä tunnin.",
    },
    en: { title: "Maintenance break on Sun 30 Nov 22–23", message: "Pedaali is unavailable for an hour." },
    priority: "HIGH",
  };

  it("puts the update in every active employer admin's bell, in their language, and logs it", async () => {
    const db = t.database.db;
    await db.update(users).set({ language: "en" }).where(eq(users.id, toinenAdminId));
    try {
      const res = await call("POST", "/api/notifications/system-update", "helpdesk@pedaali.test", body);
      expect(res.statusCode, res.body).toBe(200);
      const { recipients } = res.json() as { recipients: number };
      const rows = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.type, "SYSTEM_UPDATE"),
            inArray(notifications.userId, [demoAdminId, toinenAdminId]),
            inArray(notifications.title, [body.fi.title, body.en.title]),
          ),
        );
      expect(recipients).toBeGreaterThanOrEqual(3);
      expect(rows.find((r) => r.userId === demoAdminId)?.title).toBe(body.fi.title);
      expect(rows.find((r) => r.userId === toinenAdminId)?.title).toBe(body.en.title);
      expect(rows.every((r) => r.priority === "HIGH" && r.companyId === null)).toBe(true);
      const [logged] = await db.select().from(eventLog).where(eq(eventLog.type, "SYSTEM_UPDATE_PUBLISHED"));
      expect(logged?.data).toMatchObject({ title: body.fi.title, recipients });
    } finally {
      await db.update(users).set({ language: "fi" }).where(eq(users.id, toinenAdminId));
    }
  });

  it("is the admin tier's alone; bad input is 400", async () => {
    expectError(
      await call("POST", "/api/notifications/system-update", "employer.admin@demo.test", body),
      403,
    );
    expectError(await call("POST", "/api/notifications/system-update", null, body), 401);
    expectError(
      await call("POST", "/api/notifications/system-update", "admin@pedaali.test", {
        fi: { title: "", message: "x" },
      }),
      400,
    );
    expectError(
      await call("POST", "/api/notifications/system-update", "admin@pedaali.test", { en: body.en }),
      400,
    );
  });
});

describe("the payroll reminder", () => {
  it("names the month, the deductions, their total and the changes", () => {
    const text = payrollReminderNotification("fi", {
      companyName: "Demo Oy",
      period: "2026-11",
      deductions: 12,
      grossDeductionCents: 123_456,
      changes: 3,
    });
    expect(text.title).toBe("Palkkaraportti: marraskuu 2026");
    expect(text.message).toContain("12 bruttopalkan vähennystä, yhteensä 1\u00a0234,56\u00a0€; 3 muutosta");
    expect(
      payrollReminderNotification("sv", {
        companyName: "A",
        period: "2026-01",
        deductions: 1,
        grossDeductionCents: 100,
        changes: 0,
      }).title,
    ).toBe("Lönerapport: januari 2026");
  });
});
