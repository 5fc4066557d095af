import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, employmentIdOf, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zMyOrders, zOrderDetails } from "../../../contract/orders.ts";
import { zTasks } from "../../../contract/tasks.ts";
import { eventLog, messageOutbox, orders, users } from "../../db/schema/index.ts";
import { sendDueMessages } from "../../jobs/message-outbox.ts";
import type { Messaging, OutgoingMail } from "../../messaging/types.ts";

/**
 * The helpdesk's question to the employee and the answer: the question is kept with the move that
 * pauses the order and mailed to the employee in their language; the employee reads it in their view
 * of the order and answers it (POST /api/orders/{orderId}/answer); the answer is on the order's events,
 * the order waits for the helpdesk and counts in its task strip until the helpdesk moves it on.
 */

const SERVER_SECRET = "customer-answer-test-secret-of-forty-ch!";
const t = setupTestApp({ jwtSecret: SERVER_SECRET }, { demoData: true, sendAfterCommit: false });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYEE = "employee@demo.test";
const OTHER_EMPLOYEE = "ville.hamalainen@demo.test";
const EMPLOYER = "employer.admin@demo.test";
const QUESTION = "Pyörän koko tarkistettava:\ntoimitetaanko 54 cm runko?";
const ANSWER = "Kyllä, 54 cm käy hyvin.";

let employmentId: string;
let employeeUserId: string;
let demoOyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  employeeUserId = await userIdByEmail(db, EMPLOYEE);
  employmentId = await employmentIdOf(db, employeeUserId, demoOyId);
});

beforeEach(async () => {
  await cancelOpenOrders(t.database.db, employmentId);
  await t.database.db.delete(messageOutbox);
});

/** A PACKAGE_PROVIDED order of the employee that the helpdesk has asked a question of. */
async function askedOrder(question: string | null = QUESTION): Promise<string> {
  const orderId = await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
  const res = await call("POST", `/api/orders/${orderId}/status`, HELPDESK, {
    to: "WAITING_FOR_CUSTOMER_COMMENT",
    ...(question ? { note: question } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}

async function myOrder(orderId: string) {
  const res = await call("GET", "/api/orders/my", EMPLOYEE);
  expect(res.statusCode, res.body).toBe(200);
  return zMyOrders.parse(res.json()).items.find((o) => o.orderId === orderId);
}

async function helpdeskOrder(orderId: string) {
  const res = await call("GET", `/api/orders/${orderId}`, HELPDESK);
  expect(res.statusCode, res.body).toBe(200);
  return zOrderDetails.parse(res.json());
}

const answer = (orderId: string, who: string, body: unknown = { answer: ANSWER }) =>
  call("POST", `/api/orders/${orderId}/answer`, who, body);

async function answeredTasks(): Promise<number> {
  const res = await call("GET", "/api/tasks", HELPDESK);
  expect(res.statusCode, res.body).toBe(200);
  return zTasks.parse(res.json()).data.find((task) => task.kind === "CUSTOMER_ANSWER")?.count ?? 0;
}

describe("the helpdesk's question", () => {
  it("appears in the order's events and in the employee's view of the order", async () => {
    const orderId = await askedOrder();

    const mine = await myOrder(orderId);
    expect(mine).toMatchObject({
      orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
      waitingOn: "EMPLOYEE",
      customerQuestion: { question: QUESTION, answer: null, answeredAt: null },
    });
    const asked = mine?.events.find((e) => e.to === "WAITING_FOR_CUSTOMER_COMMENT");
    expect(asked?.message).toBe(QUESTION);
    expect(mine?.customerQuestion?.askedAt).toBe(asked?.createdAt);

    const helpdesk = await helpdeskOrder(orderId);
    expect(helpdesk.events.find((e) => e.to === "WAITING_FOR_CUSTOMER_COMMENT")?.message).toBe(QUESTION);
    expect(helpdesk.customerQuestion?.question).toBe(QUESTION);

    // The employer follows the order's steps, not the conversation.
    const employer = zOrderDetails.parse((await call("GET", `/api/orders/${orderId}`, EMPLOYER)).json());
    expect(employer.orderStatus).toBe("WAITING_FOR_CUSTOMER_COMMENT");
    expect(employer.customerQuestion).toBeNull();
    expect(employer.events.every((e) => e.message === null)).toBe(true);
  });

  it("is mailed to the employee in their language, with the question and the way to /mybike", async () => {
    await t.database.db.update(users).set({ language: "sv" }).where(eq(users.id, employeeUserId));
    try {
      await askedOrder();
      const rows = await t.database.db
        .select()
        .from(messageOutbox)
        .where(
          and(eq(messageOutbox.userId, employeeUserId), eq(messageOutbox.event, "ORDER_CUSTOMER_QUESTION")),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        channel: "EMAIL",
        recipient: EMPLOYEE,
        language: "sv",
        status: "QUEUED",
      });
      expect(rows[0]?.params).toMatchObject({ question: QUESTION });

      const sent: OutgoingMail[] = [];
      const messaging: Messaging = {
        async sendMail(mail) {
          sent.push(mail);
        },
        async sendSms() {},
      };
      await sendDueMessages({
        db: t.database.db,
        messaging,
        publicUrl: "https://pedaali.example",
        serverSecret: SERVER_SECRET,
        log: { info() {}, warn() {} },
      });
      const mail = sent.find((m) => m.to === EMPLOYEE && /Kundtjänsten behöver ditt svar/.test(m.subject));
      expect(mail?.text).toContain("toimitetaanko 54 cm runko?");
      expect(mail?.html).toContain("https://pedaali.example/sv/mybike");
    } finally {
      await t.database.db.update(users).set({ language: "fi" }).where(eq(users.id, employeeUserId));
    }
  });
});

describe("POST /api/orders/{orderId}/answer", () => {
  it("keeps the answer on the order's events; the order then waits for the helpdesk, in its tasks", async () => {
    const orderId = await askedOrder();
    const before = await answeredTasks();

    const res = await answer(orderId, EMPLOYEE, { answer: `  ${ANSWER}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const answered = zOrderDetails.parse(res.json());
    expect(answered).toMatchObject({
      orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
      previousStatus: "PACKAGE_PROVIDED",
      waitingOn: "HELPDESK",
      customerQuestion: { question: QUESTION, answer: ANSWER },
    });
    expect(answered.events.at(-1)).toMatchObject({ type: "ORDER_CUSTOMER_ANSWERED", message: ANSWER });
    const [row] = await t.database.db
      .select({ data: eventLog.data, actor: eventLog.actorUserId })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, orderId), eq(eventLog.type, "ORDER_CUSTOMER_ANSWERED")));
    expect(row).toEqual({ data: { answer: ANSWER }, actor: employeeUserId });

    const helpdesk = await helpdeskOrder(orderId);
    expect(helpdesk.waitingOn).toBe("HELPDESK");
    expect(helpdesk.statusSince).toBe(helpdesk.customerQuestion?.answeredAt);
    expect(helpdesk.customerQuestion?.answer).toBe(ANSWER);
    expect(await answeredTasks()).toBe(before + 1);

    // Answered once: a second answer is refused.
    expectError(await answer(orderId, EMPLOYEE), 409, "ORDER_TRANSITION_NOT_ALLOWED");

    // The helpdesk moves the order back: the answer leaves its tasks, the question the employee's view.
    const resumed = await call("POST", `/api/orders/${orderId}/status`, HELPDESK, { to: "PACKAGE_PROVIDED" });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await answeredTasks()).toBe(before);
    const mine = await myOrder(orderId);
    expect(mine?.customerQuestion).toBeNull();
    expect(mine?.events.some((e) => e.type === "ORDER_CUSTOMER_ANSWERED" && e.message === ANSWER)).toBe(true);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.customerAnsweredAt).toBeNull();
  });

  it("refuses an empty or too long answer, and one with control characters (400)", async () => {
    const orderId = await askedOrder();
    for (const body of [{}, { answer: "   " }, { answer: "x".repeat(2001) }, { answer: "a\u0000b" }]) {
      expectError(await answer(orderId, EMPLOYEE, body), 400);
    }
    expect((await myOrder(orderId))?.customerQuestion?.answer).toBeNull();
  });

  it("is the order's own employee's only: another employee 404, a role without own orders 403", async () => {
    const orderId = await askedOrder();
    expectError(await answer(orderId, OTHER_EMPLOYEE), 404, "NOT_FOUND");
    // The helpdesk holds every permission, but the order is not its own: it answers nothing for anyone.
    expectError(await answer(orderId, HELPDESK), 404, "NOT_FOUND");
    expectError(await answer(orderId, EMPLOYER), 403);
    expectError(await answer("00000000-0000-4000-8000-00000000dead", EMPLOYEE), 404, "NOT_FOUND");
    expect((await myOrder(orderId))?.customerQuestion?.answer).toBeNull();
  });

  it("refuses an order that does not wait for the employee's answer (409)", async () => {
    const orderId = await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
    expectError(await answer(orderId, EMPLOYEE), 409, "ORDER_TRANSITION_NOT_ALLOWED");
    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, orderId), eq(eventLog.type, "ORDER_CUSTOMER_ANSWERED")));
    expect(event).toBeUndefined();
  });

  it("lets the employee answer a pause without a question", async () => {
    const orderId = await askedOrder(null);
    expect((await myOrder(orderId))?.customerQuestion).toMatchObject({ question: null, answer: null });
    const res = await answer(orderId, EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    expect(zOrderDetails.parse(res.json()).customerQuestion).toMatchObject({
      question: null,
      answer: ANSWER,
    });
  });
});
