import { and, eq, gt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { type TTask, zTasks } from "../../../contract/tasks.ts";
import { notifications, payrollDeliveries } from "../../db/schema/index.ts";
import { employerAdminsOf } from "../notifications/recipients.ts";
import { finishDelivery } from "./deliver.ts";

/**
 * A payroll report that could not be delivered is heard of where each one looks: the company's
 * employer admins on their bell, the helpdesk in its task strip until the report is delivered.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);
const ADMIN = "admin@pedaali.test";
const PERIOD = "2031-03-01";

let demoOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
});

async function failedCount(): Promise<number> {
  const tasks = zTasks.parse((await call("GET", "/api/tasks", ADMIN)).json()).data;
  return tasks.find((task: TTask) => task.kind === "PAYROLL_DELIVERY_FAILED")?.count ?? 0;
}

async function delivery(startedAt: Date) {
  const [row] = await t.database.db
    .insert(payrollDeliveries)
    .values({
      companyId: demoOyId,
      period: PERIOD,
      kind: "FULL",
      channel: "SFTP",
      target: "sftp://palkat@sftp.demo.test:22/in/palkat.csv",
      status: "SENDING",
      fileName: "palkat.csv",
      fileSha256: "0".repeat(64),
      content: Buffer.from("x"),
      rowCount: 1,
      startedAt,
    })
    .returning({
      id: payrollDeliveries.id,
      companyId: payrollDeliveries.companyId,
      period: payrollDeliveries.period,
    });
  return row as { id: string; companyId: string; period: string };
}

describe("a payroll report that could not be delivered", () => {
  it("rings the company's employer admins' bell in their language and waits in the helpdesk's strip until delivered", async () => {
    const db = t.database.db;
    const before = await failedCount();
    const since = new Date(Date.now() - 1000);
    const failed = await delivery(new Date("2031-03-05T06:00:00Z"));
    await finishDelivery(db, failed, "Connection refused");

    const admins = await employerAdminsOf(db, demoOyId);
    expect(admins.length).toBeGreaterThan(0);
    const rung = await db
      .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.entityId, demoOyId), gt(notifications.createdAt, since)));
    expect(rung.map((n) => n.userId).sort()).toEqual(admins.map((a) => a.userId).sort());
    expect(rung[0]).toMatchObject({ title: "Palkkaraporttia ei voitu toimittaa" });
    expect(rung[0]?.message).toContain("3/2031");
    expect(await failedCount()).toBe(before + 1);

    // Delivered later the same month (a re-send, or the next try): the helpdesk's task is done.
    const later = await delivery(new Date("2031-03-06T06:00:00Z"));
    await finishDelivery(db, later, null);
    expect(await failedCount()).toBe(before);
    // A delivery that arrived rings no bell.
    const after = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.entityId, demoOyId), gt(notifications.createdAt, since)));
    expect(after).toHaveLength(rung.length);
  }, 60_000);
});
