import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import {
  bikeStoreIdByName,
  companyIdByName,
  employmentIdOf,
  userIdByEmail,
} from "../../../../tests/helpers/ids.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderHandover } from "../../../contract/handovers.ts";
import { zOutboxMessage, zOutboxMessages } from "../../../contract/message-outbox.ts";
import { zOrderOffer } from "../../../contract/order-acceptance.ts";
import { OUTBOX_MAX_ATTEMPTS } from "../../../domain/message-outbox.ts";
import { messageOutbox, orders, users } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { sendDueMessages, sendOutboxMessage } from "../../jobs/message-outbox.ts";
import type { Messaging, OutgoingMail } from "../../messaging/types.ts";
import { BY_BIKE_STORE, BY_SYSTEM, moveOrder } from "../orders/lifecycle.ts";

/**
 * The employee's order notices: queued in the message outbox in the transaction of the step they tell
 * of, in the employee's language, and sent by the outbox job, which retries a provider that refuses
 * and records its answer without touching the step.
 */

/** The server's secret the pickup codes are derived with, known to the test to send them as the job does. */
const SERVER_SECRET = "pickup-code-test-secret-of-forty-chars!!";
const t = setupTestApp({ jwtSecret: SERVER_SECRET }, { demoData: true, sendAfterCommit: false });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const DEMO_ADMIN = "employer.admin@demo.test";

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

async function queued(event?: string) {
  const rows = await t.database.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.userId, employeeUserId));
  return event ? rows.filter((row) => row.event === event) : rows;
}

async function acceptedOrder(): Promise<string> {
  const orderId = await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
  const offer = zOrderOffer.parse((await call("GET", `/api/orders/${orderId}/offer`, EMPLOYEE)).json());
  const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
    leaseTimeMonths: 36,
    packageVersion: offer.packageVersion,
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}

/** A mail provider that keeps what it took, or refuses everything. */
function provider(refuse = false) {
  const sent: OutgoingMail[] = [];
  const messaging: Messaging = {
    async sendMail(mail) {
      if (refuse) throw new Error("Mail could not be sent (Error ECONNREFUSED)");
      sent.push(mail);
    },
    async sendSms() {},
  };
  const log = { info() {}, warn() {} };
  return {
    sent,
    deps: {
      db: t.database.db,
      messaging,
      publicUrl: "https://pedaali.example",
      serverSecret: "x".repeat(32),
      log,
    },
  };
}

describe("the employee's order notices", () => {
  it("a package given by the store queues the employee's mail to check it, with the step", async () => {
    const orderId = await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
    const rows = await queued("ORDER_PACKAGE_PROVIDED");
    expect(rows).toMatchObject([{ channel: "EMAIL", recipient: EMPLOYEE, status: "QUEUED", attempts: 0 }]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(rows[0]?.params).toMatchObject({ orderNumber: order?.orderNumber });
  });

  it("a move that rolls back queues nothing", async () => {
    const [store] = await t.database.db.select({ id: orders.bikeStoreId }).from(orders).limit(1);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: employmentId,
        companyId: demoOyId,
        bikeStoreId: store?.id ?? null,
        orderStatus: "PENDING",
        deliveryMethod: "PICKUP",
      })
      .returning({ id: orders.id });
    await expect(
      write(t.database.db, { actor: BY_BIKE_STORE }, async (ctx) => {
        await moveOrder(ctx, { orderId: order?.id as string, to: "PACKAGE_PROVIDED" });
        throw new Error("the store's change failed after the move");
      }),
    ).rejects.toThrow("the store's change failed");
    expect(await queued()).toEqual([]);
  });

  it("the package accepted queues the agreement to sign", async () => {
    await acceptedOrder();
    expect(await queued("ORDER_AGREEMENT_READY_TO_SIGN")).toHaveLength(1);
  });

  it("an employer approval puts the employee's mail, in their language, in the outbox; the job sends it", async () => {
    await t.database.db.update(users).set({ language: "sv" }).where(eq(users.id, employeeUserId));
    try {
      const orderId = await acceptedOrder();
      const res = await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, {
        approve: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await queued("ORDER_EMPLOYER_APPROVED");
      expect(row).toMatchObject({ channel: "EMAIL", recipient: EMPLOYEE, language: "sv", status: "QUEUED" });

      const { sent, deps } = provider();
      await sendDueMessages(deps);
      const mail = sent.find((m) => m.template === "employee-notice" && /godkände/.test(m.subject));
      expect(mail?.subject).toMatch(/Din arbetsgivare godkände din beställning/);
      expect(mail?.html).toContain("https://pedaali.example/sv/mybike");
      const [after] = await t.database.db
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.id, row?.id as string));
      expect(after).toMatchObject({ status: "SENT", attempts: 1, lastAnswer: "accepted" });
      expect(after?.sentAt).not.toBeNull();
    } finally {
      await t.database.db.update(users).set({ language: "fi" }).where(eq(users.id, employeeUserId));
    }
  });

  it("an employer refusal tells the employee the reason", async () => {
    const orderId = await acceptedOrder();
    const res = await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, {
      approve: false,
      reason: "Työsuhde päättymässä.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await queued("ORDER_EMPLOYER_REFUSED");
    expect(row?.params).toMatchObject({ reason: "Työsuhde päättymässä." });
    const { sent, deps } = provider();
    await sendDueMessages(deps);
    expect(sent.some((m) => m.text.includes("Työsuhde päättymässä."))).toBe(true);
  });

  it("a failing provider never fails the approval: the message retries with backoff, then is FAILED", async () => {
    const orderId = await acceptedOrder();
    // The approval answers 200 whatever the provider does: sending is the job's, after the commit.
    const res = await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, { approve: true });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await queued("ORDER_EMPLOYER_APPROVED");
    const id = row?.id as string;
    const { deps } = provider(true);

    const start = new Date();
    expect(await sendOutboxMessage(deps, id, start)).toBe("QUEUED");
    const [first] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
    expect(first).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(first?.lastAnswer).toMatch(/ECONNREFUSED/);
    expect(first?.nextAttemptAt.getTime()).toBeGreaterThan(start.getTime());
    // Not due again before its wait.
    expect(await sendOutboxMessage(deps, id, start)).toBe("TAKEN");

    let at = first?.nextAttemptAt as Date;
    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await sendOutboxMessage(deps, id, at);
      const [now] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
      at = now?.nextAttemptAt as Date;
    }
    const [last] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
    expect(last).toMatchObject({ status: "FAILED", attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.employerApprovedAt).not.toBeNull();
  });
});

describe("the bike ready at the store", () => {
  /** An order of the employee at the store, waiting for its invoice: the next step is the handover. */
  async function orderBeforeHandover(store: string, deliveryMethod: "PICKUP" | "HOME_DELIVERY") {
    const [order] = await t.database.db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: employmentId,
        companyId: demoOyId,
        bikeStoreId: await bikeStoreIdByName(t.database.db, store),
        orderStatus: "WAITING_FOR_INVOICE_MATCH",
        deliveryMethod,
      })
      .returning({ id: orders.id });
    const orderId = order?.id as string;
    await write(t.database.db, { actor: BY_SYSTEM }, (ctx) =>
      moveOrder(ctx, { orderId, to: "WAITING_FOR_DELIVERY_DATE" }),
    );
    return orderId;
  }

  it("sends the employee a mail and the pickup code by SMS, the code the store will ask for", async () => {
    const orderId = await orderBeforeHandover("Vauhti Espoo", "PICKUP");
    const rows = await queued("ORDER_HANDOVER_READY");
    expect(rows.map((row) => row.channel).sort()).toEqual(["EMAIL", "SMS"]);
    // The code is derived when the message goes, never kept in the outbox.
    expect(JSON.stringify(rows)).not.toMatch(/\b\d{6}\b/);

    const sms: string[] = [];
    const { sent, deps } = provider();
    deps.messaging.sendSms = async (message) => {
      sms.push(message.text);
    };
    await sendDueMessages({ ...deps, serverSecret: SERVER_SECRET });
    const shown = zOrderHandover.parse(
      (await call("GET", `/api/orders/${orderId}/handover`, EMPLOYEE)).json(),
    ).pickupCode;
    expect(shown).toMatch(/^\d+$/);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain(shown as string);
    expect(sent.some((mail) => /noudettavissa/.test(mail.subject))).toBe(true);
  });

  it("sends nothing for a bike shipped home", async () => {
    await orderBeforeHandover("Vauhti Espoo", "HOME_DELIVERY");
    expect(await queued("ORDER_HANDOVER_READY")).toEqual([]);
  });
});

describe("the helpdesk's view of a person's messages", () => {
  const HELPDESK = "helpdesk@pedaali.test";

  it("lists the person's messages with their state and sends one again with a fresh round of tries", async () => {
    const orderId = await acceptedOrder();
    await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, { approve: true });
    const [row] = await queued("ORDER_EMPLOYER_APPROVED");
    const id = row?.id as string;
    // The provider refused every try: the message is FAILED.
    await t.database.db
      .update(messageOutbox)
      .set({ status: "FAILED", attempts: OUTBOX_MAX_ATTEMPTS, lastAnswer: "Mail could not be sent" })
      .where(eq(messageOutbox.id, id));

    const list = zOutboxMessages.parse(
      (await call("GET", `/api/system-users/${employeeUserId}/messages`, HELPDESK)).json(),
    );
    expect(list.items.find((m) => m.id === id)).toMatchObject({
      event: "ORDER_EMPLOYER_APPROVED",
      status: "FAILED",
      lastAnswer: "Mail could not be sent",
    });

    const res = await call("POST", `/api/system-users/${employeeUserId}/messages/${id}/resend`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(zOutboxMessage.parse(res.json())).toMatchObject({ id, status: "SENT", attempts: 1 });
  });

  it("answers 404 for a message of someone else, and 403 to the employer", async () => {
    await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
    const [row] = await queued("ORDER_PACKAGE_PROVIDED");
    const helpdeskId = await userIdByEmail(t.database.db, HELPDESK);
    expectError(
      await call("POST", `/api/system-users/${helpdeskId}/messages/${row?.id}/resend`, HELPDESK),
      404,
      "NOT_FOUND",
    );
    expectError(
      await call("GET", `/api/system-users/${employeeUserId}/messages`, DEMO_ADMIN),
      403,
      "FORBIDDEN",
    );
  });
});
