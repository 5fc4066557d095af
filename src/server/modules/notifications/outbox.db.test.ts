import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { sendQueuedMessages } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { zOutboxMessages } from "../../../contract/message-outbox.ts";
import { messageOutbox, outbox } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { outboxSenderOf, queueMessage, sendRecordedCode } from "./outbox.ts";

/**
 * The message outbox's delivery: a row queued in a transaction is sent right after its commit and never
 * for a rollback; a row whose sender never ran (a crash) is sent by a later run; a one-time code is
 * only recorded, and the helpdesk cannot send it again.
 */
const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);
const HELPDESK = "helpdesk@pedaali.test";
const PERSON = "employee@demo.test";

let personId: string;

beforeEach(async () => {
  await t.database.db.delete(messageOutbox);
  personId = await userIdByEmail(t.database.db, PERSON);
});

const passwordChanged = (userId: string) => ({
  userId,
  event: "PASSWORD_CHANGED",
  channel: "EMAIL" as const,
  recipient: PERSON,
  language: "en" as const,
  params: { changedAt: new Date().toISOString(), firstPassword: false },
});

async function rows() {
  return t.database.db.select().from(messageOutbox).where(eq(messageOutbox.userId, personId));
}

describe("the message outbox", () => {
  it("sends what a transaction queued right after its commit, without the minute's sweep", async () => {
    await inTransaction(t.database.db, (tx) => queueMessage(tx, passwordChanged(personId)));
    await outboxSenderOf(t.database.db)?.idle();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "SENT", attempts: 1, subject: expect.any(String) });
  });

  it("sends a message due within the send's own millisecond, though the database keeps microseconds", async () => {
    const [row] = await t.database.db
      .insert(messageOutbox)
      .values(passwordChanged(personId))
      .returning({ id: messageOutbox.id });
    await t.database.db
      .update(messageOutbox)
      .set({ nextAttemptAt: sql`'2026-03-02T10:00:00.000700Z'::timestamptz` })
      .where(eq(messageOutbox.id, row?.id ?? ""));
    const sent = await outboxSenderOf(t.database.db)?.sendDue(new Date("2026-03-02T10:00:00.000Z"));
    expect(sent).toMatchObject({ sent: 1 });
    const [after] = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.id, row?.id ?? ""));
    expect(after?.status).toBe("SENT");
  });

  it("queues nothing for a change that rolls back", async () => {
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await queueMessage(tx, passwordChanged(personId));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await sendQueuedMessages(t.database);
    expect(await rows()).toEqual([]);
  });

  it("a row queued whose sender never ran (a crash after the commit) is sent by a later run", async () => {
    // Written as a commit leaves it, with no sender started after it.
    await t.database.db.insert(messageOutbox).values({ ...passwordChanged(personId), language: "en" });
    expect((await rows())[0]?.status).toBe("QUEUED");
    await sendQueuedMessages(t.database);
    expect((await rows())[0]?.status).toBe("SENT");
  });

  it("records a one-time code without it; the helpdesk sees it is not resendable and its resend is 409", async () => {
    await sendRecordedCode(
      t.database.db,
      { userId: personId, event: "LOGIN_CODE", channel: "SMS", recipient: "+358401234567", template: "sms" },
      async () => {},
    );
    const [row] = await rows();
    expect(row).toMatchObject({ status: "SENT", params: {}, lastAnswer: "accepted" });
    const list = zOutboxMessages.parse(
      (await call("GET", `/api/system-users/${personId}/messages`, HELPDESK)).json(),
    );
    expect(list.items.map((item) => [item.event, item.resendable])).toEqual([["LOGIN_CODE", false]]);
    const res = await call("POST", `/api/system-users/${personId}/messages/${row?.id}/resend`, HELPDESK);
    expect(res.statusCode).toBe(409);
    expect(zErrorResponse.parse(res.json()).code).toBe("MESSAGE_NOT_RESENDABLE");

    // A mail the outbox renders is resendable, and its resend sends it again.
    await inTransaction(t.database.db, (tx) => queueMessage(tx, passwordChanged(personId)));
    await sendQueuedMessages(t.database);
    const mail = (await rows()).find((candidate) => candidate.event === "PASSWORD_CHANGED");
    const before = await t.database.db.select().from(outbox).where(eq(outbox.recipient, PERSON));
    const again = await call("POST", `/api/system-users/${personId}/messages/${mail?.id}/resend`, HELPDESK);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: "SENT", resendable: true });
    const after = await t.database.db.select().from(outbox).where(eq(outbox.recipient, PERSON));
    expect(after.length).toBe(before.length + 1);
  });

  it("a failed code is recorded FAILED with the provider's answer and thrown on", async () => {
    await expect(
      sendRecordedCode(
        t.database.db,
        { userId: personId, event: "LOGIN_CODE", channel: "SMS", recipient: "+358401234567" },
        async () => {
          throw new Error("SMS provider down");
        },
      ),
    ).rejects.toThrow("SMS provider down");
    expect((await rows())[0]).toMatchObject({
      status: "FAILED",
      lastAnswer: "SMS provider down",
      params: {},
    });
  });
});
