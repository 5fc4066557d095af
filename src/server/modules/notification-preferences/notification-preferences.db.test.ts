import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zNotificationPreferences, zUnsubscribeAnswer } from "../../../contract/notification-preferences.ts";
import { messageOutbox, notificationPreferences } from "../../db/schema/index.ts";
import { DAILY_DIGEST_EVENT, sendDailyDigests } from "../../jobs/daily-digest.ts";
import { sendDueMessages } from "../../jobs/message-outbox.ts";
import type { Messaging, OutgoingMail, OutgoingSms } from "../../messaging/types.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/**
 * A person's choice per kind of notification: the API of /kayttaja, the one-click unsubscribe, the
 * outbox that keeps the choice where mail leaves, and the daily digest.
 */

const SECRET = "notification-preferences-test-secret-0123456789";
const t = setupTestApp({ jwtSecret: SECRET }, { demoData: true, sendAfterCommit: false });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const ADMIN = "employer.admin@demo.test";
const URL_OWN = "/api/account/notification-preferences";
const PUBLIC_URL = "https://pedaali.example";

let employeeId: string;
let adminId: string;

beforeAll(async () => {
  employeeId = await userIdByEmail(t.database.db, EMPLOYEE);
  adminId = await userIdByEmail(t.database.db, ADMIN);
});

beforeEach(async () => {
  await t.database.db.delete(notificationPreferences);
  await t.database.db.delete(messageOutbox);
});

async function ownChoices(who: string) {
  const res = await call("GET", URL_OWN, who);
  expect(res.statusCode, res.body).toBe(200);
  const { items } = zNotificationPreferences.parse(res.json());
  return Object.fromEntries(items.map((item) => [item.kind, item]));
}

describe("GET and PUT /api/account/notification-preferences", () => {
  it("lists the kinds of the person's roles, mailed until chosen, essential ones locked", async () => {
    const employee = await ownChoices(EMPLOYEE);
    expect(employee.ORDER_STEPS).toEqual({ kind: "ORDER_STEPS", choice: "MAIL", essential: false });
    expect(employee.SECURITY).toEqual({ kind: "SECURITY", choice: "MAIL", essential: true });
    expect(employee.APPROVALS).toBeUndefined();
    expect((await ownChoices(ADMIN)).APPROVALS).toMatchObject({ choice: "MAIL", essential: false });
  });

  it("stores the person's own choices, and only theirs", async () => {
    const res = await call("PUT", URL_OWN, ADMIN, {
      preferences: [
        { kind: "APPROVALS", choice: "DIGEST" },
        { kind: "REMINDERS", choice: "INBOX_ONLY" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = Object.fromEntries(
      zNotificationPreferences.parse(res.json()).items.map((item) => [item.kind, item.choice]),
    );
    expect(answer).toMatchObject({ APPROVALS: "DIGEST", REMINDERS: "INBOX_ONLY", ORDER_STEPS: "MAIL" });
    expect((await ownChoices(ADMIN)).APPROVALS?.choice).toBe("DIGEST");
    // Another person's choices are untouched.
    expect((await ownChoices(EMPLOYEE)).REMINDERS?.choice).toBe("MAIL");
    // Changing one kind again replaces it.
    await call("PUT", URL_OWN, ADMIN, { preferences: [{ kind: "APPROVALS", choice: "MAIL" }] });
    expect((await ownChoices(ADMIN)).APPROVALS?.choice).toBe("MAIL");
  });

  it("refuses an essential kind set to anything but mail, naming its choice", async () => {
    const res = await call("PUT", URL_OWN, EMPLOYEE, {
      preferences: [
        { kind: "ORDER_STEPS", choice: "DIGEST" },
        { kind: "SECURITY", choice: "INBOX_ONLY" },
      ],
    });
    const body = expectError(res, 400, "VALIDATION_ERROR");
    expect(body.details?.map((detail) => detail.field)).toEqual(["body.preferences.1.choice"]);
    expect((await ownChoices(EMPLOYEE)).ORDER_STEPS?.choice).toBe("MAIL");
  });

  it("refuses an unknown kind or choice, the same kind twice and an empty list", async () => {
    for (const preferences of [
      [{ kind: "NEWSLETTER", choice: "MAIL" }],
      [{ kind: "REMINDERS", choice: "WEEKLY" }],
      [
        { kind: "REMINDERS", choice: "MAIL" },
        { kind: "REMINDERS", choice: "DIGEST" },
      ],
      [],
    ]) {
      expectError(await call("PUT", URL_OWN, EMPLOYEE, { preferences }), 400, "VALIDATION_ERROR");
    }
  });

  it("answers 401 without a session", async () => {
    expectError(await call("GET", URL_OWN, null), 401);
    expectError(
      await call("PUT", URL_OWN, null, { preferences: [{ kind: "REMINDERS", choice: "MAIL" }] }),
      401,
    );
  });
});

describe("the one-click unsubscribe", () => {
  const link = (token: string) => `/api/unsubscribe/${token}`;

  it("shows the link's kind without changing it, then turns it to inbox only by a POST", async () => {
    const token = unsubscribeToken(SECRET, employeeId, "ORDER_STEPS");
    const shown = await t.app.inject({ method: "GET", url: link(token) });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(zUnsubscribeAnswer.parse(shown.json())).toEqual({ kind: "ORDER_STEPS", choice: "MAIL" });
    expect((await ownChoices(EMPLOYEE)).ORDER_STEPS?.choice).toBe("MAIL");

    const done = await t.app.inject({ method: "POST", url: link(token) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ kind: "ORDER_STEPS", choice: "INBOX_ONLY" });
    expect((await ownChoices(EMPLOYEE)).ORDER_STEPS?.choice).toBe("INBOX_ONLY");
  });

  it("takes a mail client's RFC 8058 POST: a form body, no Origin, no cookies", async () => {
    const token = unsubscribeToken(SECRET, adminId, "REMINDERS");
    const res = await t.app.inject({
      method: "POST",
      url: link(token),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ownChoices(ADMIN)).REMINDERS?.choice).toBe("INBOX_ONLY");
  });

  it("refuses a forged, altered or malformed token, and an essential kind's", async () => {
    const token = unsubscribeToken(SECRET, employeeId, "ORDER_STEPS");
    const altered = token.replace("ORDER_STEPS", "REMINDERS");
    const forged = unsubscribeToken("another-secret-of-enough-length-0123456789", employeeId, "REMINDERS");
    const essential = unsubscribeToken(SECRET, employeeId, "SECURITY");
    const nobody = unsubscribeToken(SECRET, randomUUID(), "REMINDERS");
    for (const bad of [altered, forged, essential, nobody]) {
      expectError(await t.app.inject({ method: "POST", url: link(bad) }), 404, "NOT_FOUND");
      expectError(await t.app.inject({ method: "GET", url: link(bad) }), 404, "NOT_FOUND");
    }
    expectError(await t.app.inject({ method: "POST", url: link("not-a-token") }), 400, "VALIDATION_ERROR");
    const stored = await t.database.db.select().from(notificationPreferences);
    expect(stored).toEqual([]);
  });

  it("refuses a POST from another site's page", async () => {
    const token = unsubscribeToken(SECRET, employeeId, "ORDER_STEPS");
    const res = await t.app.inject({
      method: "POST",
      url: link(token),
      headers: { origin: "https://evil.example" },
    });
    expectError(res, 403, "ORIGIN_NOT_ALLOWED");
  });
});

/** A provider that keeps what it took. */
function provider() {
  const mails: OutgoingMail[] = [];
  const sms: OutgoingSms[] = [];
  const messaging: Messaging = {
    async sendMail(mail) {
      mails.push(mail);
    },
    async sendSms(message) {
      sms.push(message);
    },
  };
  const log = { info() {}, warn() {}, error() {} };
  return {
    mails,
    sms,
    log,
    deps: { db: t.database.db, messaging, publicUrl: PUBLIC_URL, serverSecret: SECRET, log },
  };
}

/** Queues an employee's order notice as the order's move does. */
async function queueNotice(event: string, channel: "EMAIL" | "SMS" = "EMAIL", orderNumber = 4711) {
  const [row] = await t.database.db
    .insert(messageOutbox)
    .values({
      userId: employeeId,
      event,
      channel,
      recipient: channel === "EMAIL" ? EMPLOYEE : "+358401234567",
      language: "fi",
      params: { orderId: randomUUID(), name: "Eeva", orderNumber },
    })
    .returning();
  return row?.id as string;
}

async function statusOf(id: string) {
  const [row] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
  return row;
}

async function choose(userId: string, kind: string, choice: "INBOX_ONLY" | "MAIL" | "DIGEST") {
  await t.database.db.insert(notificationPreferences).values({ userId, kind, choice });
}

describe("the outbox keeps the person's choice", () => {
  it("mails a non-essential mail with its kind's one-click unsubscribe", async () => {
    const { deps, mails } = provider();
    const id = await queueNotice("ORDER_PACKAGE_PROVIDED");
    expect(await sendDueMessages(deps)).toMatchObject({ sent: 1 });
    expect((await statusOf(id))?.status).toBe("SENT");
    const token = unsubscribeToken(SECRET, employeeId, "ORDER_STEPS");
    expect(mails[0]?.headers).toEqual({
      "List-Unsubscribe": `<${PUBLIC_URL}/api/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const page = `${PUBLIC_URL}/fi/ilmoitusten-lopettaminen/${token}`;
    expect(mails[0]?.text).toContain(page);
    expect(mails[0]?.html).toContain(page);
    // The footer line stands before the signature's dashes of the plain text.
    expect(mails[0]?.text.indexOf(page)).toBeLessThan(mails[0]?.text.lastIndexOf("\n--\n") ?? 0);
  });

  it("mails an essential mail, without an unsubscribe, whatever is stored", async () => {
    const { deps, mails } = provider();
    await choose(employeeId, "SIGNING", "INBOX_ONLY");
    const id = await queueNotice("ORDER_AGREEMENT_READY_TO_SIGN");
    await sendDueMessages(deps);
    expect((await statusOf(id))?.status).toBe("SENT");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers).toBeUndefined();
    expect(mails[0]?.text).not.toContain("ilmoitusten-lopettaminen");
  });

  it("does not mail a kind the person hears of in the service only, and says why", async () => {
    const { deps, mails } = provider();
    await choose(employeeId, "ORDER_STEPS", "INBOX_ONLY");
    const id = await queueNotice("ORDER_PACKAGE_PROVIDED");
    expect(await sendDueMessages(deps)).toMatchObject({ sent: 0, skipped: 1 });
    expect(mails).toEqual([]);
    expect(await statusOf(id)).toMatchObject({
      status: "SKIPPED",
      lastAnswer: "not mailed: the person chose inbox only",
      sentAt: null,
    });
    expect((await statusOf(id))?.subject).toContain("4711");
  });

  it("holds a digest kind's mail, but never a text message", async () => {
    const { deps, mails, sms } = provider();
    await choose(employeeId, "ORDER_STEPS", "DIGEST");
    const mail = await queueNotice("ORDER_HANDOVER_READY");
    const text = await queueNotice("ORDER_HANDOVER_READY", "SMS");
    expect(await sendDueMessages(deps)).toMatchObject({ sent: 1, held: 1 });
    expect(mails).toEqual([]);
    expect(sms).toHaveLength(1);
    expect((await statusOf(mail))?.status).toBe("HELD");
    expect((await statusOf(text))?.status).toBe("SENT");
  });

  it("sends a skipped mail when the helpdesk sends it again on purpose", async () => {
    await choose(employeeId, "ORDER_STEPS", "INBOX_ONLY");
    const id = await queueNotice("ORDER_PACKAGE_PROVIDED");
    await sendDueMessages(provider().deps);
    const res = await call(
      "POST",
      `/api/system-users/${employeeId}/messages/${id}/resend`,
      "admin@pedaali.test",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await statusOf(id))?.status).toBe("SENT");
  });
});

describe("the daily digest", () => {
  it("sends each person one mail of their held mails, once however often it runs", async () => {
    const { deps, mails, log } = provider();
    await choose(employeeId, "ORDER_STEPS", "DIGEST");
    const first = await queueNotice("ORDER_PACKAGE_PROVIDED", "EMAIL", 1001);
    const second = await queueNotice("ORDER_LEASE_STARTED", "EMAIL", 1002);
    await sendDueMessages(deps);
    expect(mails).toEqual([]);

    const now = new Date();
    expect(await sendDailyDigests(t.database.db, { now, log })).toEqual({ digests: 1, mails: 2 });
    // A second run, as after a restart or on a second instance, finds nothing held.
    expect(await sendDailyDigests(t.database.db, { now, log })).toEqual({ digests: 0, mails: 0 });
    for (const id of [first, second]) {
      expect(await statusOf(id)).toMatchObject({ status: "SENT", lastAnswer: "sent in the daily digest" });
    }
    const digests = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.event, DAILY_DIGEST_EVENT));
    expect(digests).toMatchObject([{ userId: employeeId, recipient: EMPLOYEE, status: "QUEUED" }]);

    await sendDueMessages(deps);
    expect(mails).toHaveLength(1);
    const digest = mails[0];
    expect(digest?.subject).toBe("Päivittäinen kooste: 2 ilmoitusta");
    expect(digest?.text).toContain("1001");
    expect(digest?.text).toContain("1002");
    expect(digest?.text).toContain(`${PUBLIC_URL}/fi/mybike`);
    expect(digest?.text).toContain(`${PUBLIC_URL}/fi/kayttaja`);
    // The digest itself is never held or skipped: it is how the held mails arrive.
    expect((await statusOf(digests[0]?.id as string))?.status).toBe("SENT");
  });
});
