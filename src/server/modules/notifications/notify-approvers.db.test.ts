import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName, employmentIdOf, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zDevOutboxResponse } from "../../../contract/dev-outbox.ts";
import { zOrderOffer } from "../../../contract/order-acceptance.ts";
import {
  messageOutbox,
  notificationPreferences,
  orders,
  outbox,
  roles,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { sendDueMessages } from "../../jobs/message-outbox.ts";
import { createMessaging } from "../../messaging/messaging.ts";
import { notifyApprovers } from "./notify-approvers.ts";
import { employerUsersWithPermission } from "./recipients.ts";

/**
 * Black-box, with the dev outbox: the approvers hear when an order starts waiting for the employer's
 * approval, each in their language, and nobody of another company or without the permission does; the
 * employer's approval puts the employee's mail, in the employee's language, in the outbox, and the
 * outbox sender puts it in the dev outbox.
 */

const PUBLIC_URL = "https://pedaali.example";
const t = setupTestApp(
  { publicUrl: PUBLIC_URL, devOutbox: true },
  { demoData: true, sendAfterCommit: false },
);
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const DEMO_EDITOR = "employer.editor@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";
const DEMO_REPORTING = "reporting@demo.test";
const OTHER_COMPANY_ADMIN = "employer.admin@toinen.test";

let employmentId: string;
let employeeUserId: string;
let editorUserId: string;
let demoOyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  employeeUserId = await userIdByEmail(db, EMPLOYEE);
  editorUserId = await userIdByEmail(db, DEMO_EDITOR);
  employmentId = await employmentIdOf(db, employeeUserId, demoOyId);
  // The demo's admin reads approvals in the daily digest; here every approver takes them by mail.
  await db
    .delete(notificationPreferences)
    .where(eq(notificationPreferences.userId, await userIdByEmail(db, DEMO_ADMIN)));
  // The employee reads Swedish, the editor English: each mail goes in its reader's language.
  await db.update(users).set({ language: "sv" }).where(eq(users.id, employeeUserId));
  await db.update(users).set({ language: "en" }).where(eq(users.id, editorUserId));
});

afterAll(async () => {
  const db = t.database.db;
  await db.update(users).set({ language: "fi" }).where(eq(users.id, employeeUserId));
  await db.update(users).set({ language: "fi" }).where(eq(users.id, editorUserId));
});

beforeEach(async () => {
  await cancelOpenOrders(t.database.db, employmentId);
  await t.database.db.delete(messageOutbox);
});

/** The employee accepts a package through the API: the order starts waiting for the employer. */
async function acceptedOrder(): Promise<{ orderId: string; orderNumber: number }> {
  const orderId = await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
  const offer = zOrderOffer.parse((await call("GET", `/api/orders/${orderId}/offer`, EMPLOYEE)).json());
  const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
    leaseTimeMonths: 36,
    packageVersion: offer.packageVersion,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await t.database.db
    .select({ number: orders.orderNumber, required: orders.employerApprovalRequired })
    .from(orders)
    .where(eq(orders.id, orderId));
  // Demo Oy's bike policy asks for the employer's approval: the test would prove nothing without it.
  expect(order?.required).toBe(true);
  return { orderId, orderNumber: order?.number as number };
}

async function queuedOf(event: string) {
  return t.database.db.select().from(messageOutbox).where(eq(messageOutbox.event, event));
}

/** The outbox sender as the job runs it, with the app's own messaging: the dev outbox. */
async function runOutboxSender() {
  const messaging = createMessaging({
    config: { smtpUrl: null, smsProviderUrl: null, devOutbox: true },
    db: t.database.db,
    log: pino({ level: "silent" }),
  });
  return sendDueMessages({
    db: t.database.db,
    messaging,
    publicUrl: PUBLIC_URL,
    serverSecret: "x".repeat(40),
    log: { info() {}, warn() {} },
  });
}

/** The dev outbox's mails to `to`, newest first, read as the e2e journeys read them. */
async function devOutboxMails(to: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}&channel=EMAIL`,
  });
  expect(res.statusCode).toBe(200);
  return zDevOutboxResponse.parse(res.json()).items;
}

describe("the approvers' mail when an order starts waiting for the employer", () => {
  it("queues one mail per approver of the company, in each one's language, and none to anyone else", async () => {
    const { orderId, orderNumber } = await acceptedOrder();
    const rows = await queuedOf("ORDER_PACKAGE_ACCEPTED");
    const byRecipient = Object.fromEntries(rows.map((row) => [row.recipient, row]));
    // The admin and the editor hold orders.approve in Demo Oy, the group admin in the company too;
    // the reporting user does not, and another company's admin is not Demo Oy's.
    expect(Object.keys(byRecipient)).toEqual(expect.arrayContaining([DEMO_ADMIN, DEMO_EDITOR, GROUP_ADMIN]));
    // One each: exactly the company's approvers, once.
    const approvers = await employerUsersWithPermission(t.database.db, demoOyId, "orders.approve");
    expect(rows).toHaveLength(approvers.length);
    expect(Object.keys(byRecipient).sort()).toEqual(approvers.map((a) => a.email).sort());
    expect(byRecipient[DEMO_REPORTING]).toBeUndefined();
    expect(byRecipient[OTHER_COMPANY_ADMIN]).toBeUndefined();
    expect(byRecipient[DEMO_EDITOR]).toMatchObject({ channel: "EMAIL", language: "en", status: "QUEUED" });
    expect(byRecipient[DEMO_ADMIN]).toMatchObject({ language: "fi" });
    expect(byRecipient[DEMO_ADMIN]?.params).toMatchObject({ orderId, orderNumber });

    await runOutboxSender();
    const [adminMail] = await devOutboxMails(DEMO_ADMIN);
    expect(adminMail?.subject).toBe(`Tilaus ${orderNumber} odottaa hyväksyntääsi: Emilia Laine`);
    expect(adminMail?.text).toContain(
      `${PUBLIC_URL}/fi/tyonantaja?valilehti=tilaukset&tilaus=${encodeURIComponent(orderId)}`,
    );
    const [editorMail] = await devOutboxMails(DEMO_EDITOR);
    expect(editorMail?.subject).toBe(`Order ${orderNumber} is waiting for your approval: Emilia Laine`);
    // The English reader's link opens the page in English.
    expect(editorMail?.text).toContain(`${PUBLIC_URL}/en/tyonantaja?valilehti=tilaukset&tilaus=`);
    // The first test of the file warms the app's first calls up: slow on a busy machine.
  }, 60_000);

  it("tells no one of an order whose bike policy asks for no approval, or one already approved", async () => {
    const { orderId } = await acceptedOrder();
    await t.database.db.delete(messageOutbox);
    await t.database.db.update(orders).set({ employerApprovalRequired: false }).where(eq(orders.id, orderId));
    expect(await notifyApprovers(t.database.db, orderId)).toBe(0);
    await t.database.db
      .update(orders)
      .set({ employerApprovalRequired: true, employerApprovedAt: new Date() })
      .where(eq(orders.id, orderId));
    expect(await notifyApprovers(t.database.db, orderId)).toBe(0);
    expect(await queuedOf("ORDER_PACKAGE_ACCEPTED")).toEqual([]);
  });

  it("counts a group admin whose role is held in another company of the group", async () => {
    const logistics = await companyIdByName(t.database.db, "Demo Logistiikka Oy");
    const approvers = (await employerUsersWithPermission(t.database.db, logistics, "orders.approve")).map(
      (a) => a.email,
    );
    expect(approvers).toContain(GROUP_ADMIN);
    // Demo Oy's own admin and editor hold their roles in Demo Oy only.
    expect(approvers).not.toContain(DEMO_ADMIN);
    expect(approvers).not.toContain(DEMO_EDITOR);
    // Toinen Oy is outside the group: the group admin does not reach it.
    const toinen = await companyIdByName(t.database.db, "Toinen Oy");
    const toinenApprovers = (await employerUsersWithPermission(t.database.db, toinen, "orders.approve")).map(
      (a) => a.email,
    );
    expect(toinenApprovers).toContain(OTHER_COMPANY_ADMIN);
    expect(toinenApprovers).not.toContain(GROUP_ADMIN);
  });

  it("leaves out a deactivated approver and one whose role lacks the permission", async () => {
    const reportingId = await userIdByEmail(t.database.db, DEMO_REPORTING);
    const [reportingRole] = await t.database.db
      .select({ roleId: userRoles.roleId, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, reportingId));
    expect(reportingRole?.name).toBe("EMPLOYER_REPORTING");
    await t.database.db.update(users).set({ deactivated: true }).where(eq(users.id, editorUserId));
    try {
      const approvers = (await employerUsersWithPermission(t.database.db, demoOyId, "orders.approve")).map(
        (a) => a.email,
      );
      expect(approvers).toEqual(expect.arrayContaining([DEMO_ADMIN, GROUP_ADMIN]));
      expect(approvers).not.toContain(DEMO_EDITOR);
      expect(approvers).not.toContain(DEMO_REPORTING);
    } finally {
      await t.database.db.update(users).set({ deactivated: false }).where(eq(users.id, editorUserId));
    }
  });
});

describe("the employer's approval tells the employee", () => {
  it("puts the employee's mail, in Swedish, in the outbox; the outbox sender puts it in the dev outbox", async () => {
    const { orderId, orderNumber } = await acceptedOrder();
    const res = await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, { approve: true });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await queuedOf("ORDER_EMPLOYER_APPROVED");
    expect(rows).toMatchObject([{ recipient: EMPLOYEE, language: "sv", status: "QUEUED" }]);

    const before = (await devOutboxMails(EMPLOYEE)).length;
    const counts = await runOutboxSender();
    expect(counts.failed).toBe(0);
    const mails = await devOutboxMails(EMPLOYEE);
    expect(mails.length).toBeGreaterThan(before);
    const approved = mails.find((mail) => mail.subject?.includes(`beställning ${orderNumber}`));
    expect(approved?.subject).toBe(`Din arbetsgivare godkände din beställning ${orderNumber}`);
    const [sent] = await t.database.db
      .select({ status: messageOutbox.status })
      .from(messageOutbox)
      .where(eq(messageOutbox.id, rows[0]?.id as string));
    expect(sent?.status).toBe("SENT");
    // The dev outbox is the app's own record of what left.
    const [kept] = await t.database.db
      .select({ template: outbox.template })
      .from(outbox)
      .where(eq(outbox.recipient, EMPLOYEE));
    expect(kept).toBeDefined();
  });
});
