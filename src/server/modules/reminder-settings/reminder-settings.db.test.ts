import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, employmentIdOf, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zReminderSettings } from "../../../contract/reminder-settings.ts";
import { DEFAULT_REMINDER_SETTINGS } from "../../../domain/reminder-settings.ts";
import {
  companyReminderSettings,
  eventLog,
  messageOutbox,
  orders,
  reminderSends,
} from "../../db/schema/index.ts";
import { sendOrderReminders } from "../../jobs/reminders.ts";

/**
 * A company's reminder settings: the defaults until it saves its own, saved by its admin only, impossible
 * values refused, and the daily job sending by them (its days, its switches, its backup approver).
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);
const log = { info() {}, error() {} };

const DEMO_ADMIN = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";

let demoOyId: string;
let toinenId: string;
let editorId: string;
let employmentId: string;
const url = (companyId: string) => `/api/companies/${companyId}/reminder-settings`;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  toinenId = await companyIdByName(db, "Toinen Oy");
  editorId = await userIdByEmail(db, EDITOR);
  const employeeUserId = await userIdByEmail(db, EMPLOYEE);
  employmentId = await employmentIdOf(db, employeeUserId, demoOyId);
});

beforeEach(async () => {
  const db = t.database.db;
  await db.delete(companyReminderSettings);
  await db.delete(reminderSends);
  await db.delete(messageOutbox);
});

const valid = {
  approverAfterDays: 1,
  escalationAfterDays: 3,
  backupApproverUserId: null as string | null,
  employeeFirstAfterDays: 2,
  employeeSecondAfterDays: 5,
  storeAfterDays: 4,
  disabledKinds: ["STORE_PACKAGE"],
};

describe("the reminder settings' calls", () => {
  it("answer the defaults until the company saves its own, with the users who may be its backup approver", async () => {
    const res = await call("GET", url(demoOyId), DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const answer = zReminderSettings.parse(res.json());
    expect(answer.saved).toBe(false);
    expect(answer.settings).toEqual({ ...DEFAULT_REMINDER_SETTINGS, disabledKinds: [] });
    const candidates = answer.backupApproverCandidates.map((candidate) => candidate.email);
    expect(candidates).toContain(EDITOR);
    expect(candidates).toContain(DEMO_ADMIN);
    expect(candidates).not.toContain(REPORTING);
    expect(candidates).not.toContain(EMPLOYEE);
  });

  it("save the company's own values and record who changed them", async () => {
    const body = { ...valid, backupApproverUserId: editorId };
    const res = await call("PUT", url(demoOyId), DEMO_ADMIN, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = zReminderSettings.parse(res.json());
    expect(answer).toMatchObject({ saved: true, settings: body });
    const again = zReminderSettings.parse((await call("GET", url(demoOyId), DEMO_ADMIN)).json());
    expect(again.settings).toEqual(body);
    const events = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.type, "REMINDER_SETTINGS_UPDATED"), eq(eventLog.companyId, demoOyId)));
    expect(events.length).toBeGreaterThan(0);
  });

  it("refuse an escalation before the approvers' reminder, a second reminder not after the first, and days out of range", async () => {
    const escalation = await call("PUT", url(demoOyId), DEMO_ADMIN, {
      ...valid,
      approverAfterDays: 5,
      escalationAfterDays: 2,
    });
    const body = expectError(escalation, 400);
    expect(JSON.stringify(body)).toContain("escalationAfterDays");
    const second = await call("PUT", url(demoOyId), DEMO_ADMIN, {
      ...valid,
      employeeFirstAfterDays: 7,
      employeeSecondAfterDays: 7,
    });
    expect(JSON.stringify(expectError(second, 400))).toContain("employeeSecondAfterDays");
    expectError(await call("PUT", url(demoOyId), DEMO_ADMIN, { ...valid, storeAfterDays: 0 }), 400);
    expectError(await call("PUT", url(demoOyId), DEMO_ADMIN, { ...valid, approverAfterDays: 31 }), 400);
    expectError(
      await call("PUT", url(demoOyId), DEMO_ADMIN, { ...valid, disabledKinds: ["UNPAID_PAYMENT"] }),
      400,
    );
    const saved = await t.database.db.select().from(companyReminderSettings);
    expect(saved).toEqual([]);
  });

  it("refuse a backup approver who may not approve the company's orders", async () => {
    const reporting = await userIdByEmail(t.database.db, REPORTING);
    const toinenAdmin = await userIdByEmail(t.database.db, TOINEN_ADMIN);
    for (const backupApproverUserId of [reporting, toinenAdmin]) {
      const res = await call("PUT", url(demoOyId), DEMO_ADMIN, { ...valid, backupApproverUserId });
      expect(JSON.stringify(expectError(res, 400))).toContain("backupApproverUserId");
    }
  });

  it("are the company admin's: the editor and the employee get 403, another company's admin 404", async () => {
    expectError(await call("GET", url(demoOyId), EDITOR), 403);
    expectError(await call("PUT", url(demoOyId), EMPLOYEE, valid), 403);
    expectError(await call("GET", url(demoOyId), TOINEN_ADMIN), 404);
    expectError(await call("PUT", url(demoOyId), TOINEN_ADMIN, valid), 404);
    expectError(await call("GET", url(toinenId), DEMO_ADMIN), 404);
    expectError(await call("GET", url(demoOyId), null), 401);
  });
});

describe("the reminders job by a company's settings", () => {
  beforeEach(async () => {
    // Only this test's orders wait: the demo's other orders are moved out of the statuses reminded of.
    await t.database.db.update(orders).set({ orderStatus: "CANCELLED", previousStatus: null });
  });

  async function waitingForApproval() {
    // Monday 2025-03-03 at 10:00 Helsinki.
    const [row] = await t.database.db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: employmentId,
        companyId: demoOyId,
        orderStatus: "ALL_INFO_PROVIDED",
        employerApprovalRequired: true,
        createdAt: new Date("2025-03-03T08:00:00Z"),
      })
      .returning({ id: orders.id });
    return row?.id as string;
  }
  const run = (at: string) => sendOrderReminders(t.database.db, { now: new Date(at), log });
  const outbox = async (event: string) =>
    (await t.database.db.select().from(messageOutbox)).filter((row) => row.event === event);
  const save = (values: Partial<typeof companyReminderSettings.$inferInsert>) =>
    t.database.db.insert(companyReminderSettings).values({ companyId: demoOyId, ...values });

  it("reminds the approvers on the company's own day, not the default's", async () => {
    await save({ approverAfterDays: 1, escalationAfterDays: 4 });
    await waitingForApproval();
    // Tuesday: one working day, the company's day (the default would wait for Wednesday).
    await run("2025-03-04T06:00:00Z");
    expect((await outbox("ORDER_APPROVAL_REMINDER")).length).toBeGreaterThan(0);
    // Friday: four working days, the company's escalation.
    await run("2025-03-07T06:00:00Z");
    expect((await outbox("ORDER_APPROVAL_ESCALATED")).length).toBeGreaterThan(0);
  });

  it("waits by the defaults for a company that saved nothing", async () => {
    await waitingForApproval();
    await run("2025-03-04T06:00:00Z");
    expect(await outbox("ORDER_APPROVAL_REMINDER")).toEqual([]);
    await run("2025-03-05T06:00:00Z");
    expect((await outbox("ORDER_APPROVAL_REMINDER")).length).toBeGreaterThan(0);
  });

  it("escalates to the backup approver alone when the company named one", async () => {
    await save({ backupApproverUserId: editorId });
    await waitingForApproval();
    await run("2025-03-10T06:00:00Z");
    const escalated = await outbox("ORDER_APPROVAL_ESCALATED");
    expect(escalated.map((row) => row.recipient)).toEqual([EDITOR]);
  });

  it("does not send a kind the company switched off", async () => {
    await save({ disabledKinds: ["EMPLOYER_APPROVAL", "AGREEMENT_SIGNING"] });
    await waitingForApproval();
    await run("2025-03-10T06:00:00Z");
    expect(await outbox("ORDER_APPROVAL_REMINDER")).toEqual([]);
    expect(await outbox("ORDER_APPROVAL_ESCALATED")).toEqual([]);
    expect(await outbox("ORDER_SIGNING_REMINDER")).toEqual([]);
  });
});
