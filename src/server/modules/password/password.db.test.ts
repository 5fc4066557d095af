import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { cookieHeader, loginAs } from "../../../../tests/helpers/auth.ts";
import { sendQueuedMessages } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  PASSWORD_RESET_REQUESTED_MESSAGE,
  zPasswordResetDone,
  zPasswordTokenStatus,
} from "../../../contract/password.ts";
import { PASSWORD_LINK_MAIL_INTERVAL_SECONDS } from "../../../domain/auth-rules.ts";
import { buildApp } from "../../app.ts";
import { testConfig } from "../../config.ts";
import { messageOutbox, outbox, passwordResetTokens, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import type { Messaging } from "../../messaging/types.ts";
import { createPasswordToken } from "../auth/password-tokens.ts";
import { hashPassword } from "../auth/passwords.ts";

const t = setupTestApp({}, { demoData: true });
const NEW_PASSWORD = "kolme iloista polkupyörää";

/** Each call from its own address, so the per-address limits do not leak between tests. */
let nextAddress = 1;
const address = () => `10.30.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const requestReset = (payload: Record<string, unknown>, remoteAddress = address()) =>
  t.app.inject({ method: "POST", url: "/api/password-reset", payload, remoteAddress });
const tokenStatus = (token: string) =>
  t.app.inject({ method: "GET", url: `/api/password-reset/${token}`, remoteAddress: address() });
const setPassword = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/password-reset/${token}`, payload, remoteAddress: address() });
const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress: address() });

/**
 * A user of this test alone: a reset link is mailed to an account once per interval, so tests that
 * count mails must not share an account with another test.
 */
async function ownUser(email: string, options: { deactivated?: boolean } = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      deactivated: options.deactivated ?? false,
    })
    .returning({ id: users.id });
  return row?.id as string;
}

async function mailsTo(recipient: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt));
}

/** The mail goes out after the answer: wait for it, and take the token from its link. */
async function waitForLink(recipient: string, template = "password-reset", after = 0): Promise<string> {
  return vi.waitFor(
    async () => {
      await sendQueuedMessages(t.database);
      const mails = (await mailsTo(recipient)).filter((m) => m.template === template);
      expect(mails.length).toBeGreaterThan(after);
      const match = /\/reset\/([\w-]+)/.exec(mails[0]?.bodyText ?? "");
      expect(match?.[1]).toBeTruthy();
      return match?.[1] as string;
    },
    { timeout: 5000, interval: 50 },
  );
}

describe("POST /api/password-reset", () => {
  it("answers an unknown e-mail exactly like a known one and mails only the known one", async () => {
    const known = await requestReset({ email: "olli.karjalainen@demo.test" });
    const unknown = await requestReset({ email: "nobody.here@demo.test" });
    const malformed = await requestReset({ email: "not-an-email" });
    for (const res of [known, unknown, malformed]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    const token = await waitForLink("olli.karjalainen@demo.test");
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(await mailsTo("nobody.here@demo.test")).toEqual([]);
  });

  it("sends nothing to a deactivated user and answers the same", async () => {
    // The mail goes out after the answer, so "nothing sent" is checked only once the app has finished
    // every delivery it started (closing it waits for them), not after a guessed pause. An active
    // user's request in the same app proves the deliveries did run by then.
    const sent: string[] = [];
    const recording: Messaging = {
      sendMail: async (mail) => {
        sent.push(mail.to);
      },
      sendSms: async () => {},
    };
    const active = "active.reset@password.test";
    await ownUser(active);
    const app = await buildApp(testConfig(), { database: t.database, messaging: recording });
    try {
      for (const email of ["deactivated@demo.test", active]) {
        const res = await app.inject({ method: "POST", url: "/api/password-reset", payload: { email } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
      }
    } finally {
      await app.close();
    }
    expect(sent).toEqual([active]);
    expect(await mailsTo("deactivated@demo.test")).toEqual([]);
  });

  it("takes about as long for an unknown e-mail as for a known one", async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await requestReset({ email });
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const known: number[] = [];
    const unknown: number[] = [];
    // The known address's mail is made and sent after its answer; it is let finish before the next
    // call is timed, so the comparison is of the answers alone.
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await sendQueuedMessages(t.database);
    };
    for (let i = 0; i < 5; i++) {
      known.push(await time("reporting@demo.test"));
      await settle();
      unknown.push(await time(`ghost${i}@demo.test`));
      await settle();
    }
    // Neither answer waits for the database or the mail server.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(50);
  });

  it("answers the same when the mail cannot be sent, and logs the failure", async () => {
    const failing: Messaging = {
      sendMail: async () => {
        throw new Error("SMTP down");
      },
      sendSms: async () => {},
    };
    const app = await buildApp(testConfig(), { database: t.database, messaging: failing });
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/password-reset",
        payload: { email: "employee.editor@demo.test" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    } finally {
      await app.close();
    }
  });

  it("refuses a missing or oversized e-mail with 400, never 500", async () => {
    for (const payload of [{}, { email: "" }, { email: `${"a".repeat(320)}@x.fi` }, { email: 5 }]) {
      const res = await requestReset(payload);
      expect(res.statusCode).toBe(400);
      expect(zErrorResponse.parse(res.json()).code).toBe("VALIDATION_ERROR");
    }
    const badLanguage = await requestReset({ email: "employee@demo.test", language: "de" });
    expect(badLanguage.statusCode).toBe(400);
  });

  it("limits requests per address (429 after 5 a minute)", async () => {
    const ip = "10.31.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await requestReset({ email: `x${i}@demo.test` }, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("mails one link per account per 15 minutes and leaves the first link working", async () => {
    const email = "flooded.inbox@password.test";
    const userId = await ownUser(email);
    await requestReset({ email });
    const first = await waitForLink(email);
    for (let i = 0; i < 3; i++) {
      expect((await requestReset({ email })).json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    // Closing an app waits for the deliveries it started; this one proves the later requests ran.
    const app = await buildApp(testConfig(), { database: t.database });
    await app.inject({ method: "POST", url: "/api/password-reset", payload: { email } });
    await app.close();
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await tokenStatus(first)).json()).toMatchObject({ valid: true, email });

    // Once the interval has passed, a request mails a new link again.
    const longAgo = new Date(Date.now() - (PASSWORD_LINK_MAIL_INTERVAL_SECONDS + 1) * 1000);
    await t.database.db
      .update(passwordResetTokens)
      .set({ createdAt: longAgo })
      .where(eq(passwordResetTokens.userId, userId));
    await t.database.db
      .update(messageOutbox)
      .set({ createdAt: longAgo })
      .where(eq(messageOutbox.userId, userId));
    await requestReset({ email });
    const second = await waitForLink(email, "password-reset", 1);
    expect(second).not.toBe(first);
  });

  it("a mail server that is down never fails the request: the mail waits in the outbox and a later run sends it", async () => {
    const email = "smtp.down@password.test";
    const userId = await ownUser(email);
    const failing: Messaging = {
      sendMail: async () => {
        throw new Error("SMTP down");
      },
      sendSms: async () => {},
    };
    const app = await buildApp(testConfig(), { database: t.database, messaging: failing });
    const res = await app.inject({ method: "POST", url: "/api/password-reset", payload: { email } });
    await app.close();
    expect(res.statusCode).toBe(200);
    const [row, ...more] = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.userId, userId));
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      event: "PASSWORD_RESET",
      status: "QUEUED",
      attempts: 1,
      lastAnswer: "SMTP down",
    });
    // No link, token or code is kept in the outbox: the link is made when the mail is sent.
    expect(row?.params).toEqual({});
    expect(await mailsTo(email)).toEqual([]);
    // A request meanwhile does not queue a second mail; the retry (a minute later) sends a working link.
    await requestReset({ email });
    await sendQueuedMessages(t.database, new Date(Date.now() + 2 * 60_000));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const token = /\/reset\/([\w-]+)/.exec(mails[0]?.bodyText ?? "")?.[1] as string;
    expect((await tokenStatus(token)).json()).toMatchObject({ valid: true, email });
  });
});

describe("the reset flow", () => {
  it("sets a new password by the mailed link, once, and ends the old sessions", async () => {
    const email = "ville.hamalainen@demo.test";
    const oldSession = await loginAs(t.app, email);
    const before = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(oldSession.jar) },
    });
    expect(before.statusCode).toBe(200);

    await requestReset({ email: "Ville.Hamalainen@Demo.test " });
    const token = await waitForLink(email);
    const [mail] = await mailsTo(email);
    expect(mail?.bodyText).toContain(`${testConfig().publicUrl}/fi/reset/${token}`);
    expect(mail?.subject).toBe("Pedaali-salasanasi vaihtaminen");

    const status = await tokenStatus(token);
    expect(status.statusCode).toBe(200);
    expect(zPasswordTokenStatus.parse(status.json())).toMatchObject({ valid: true, email });

    const weak = await setPassword(token, { password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(zErrorResponse.parse(weak.json())).toMatchObject({
      code: "WEAK_PASSWORD",
      details: [{ field: "body.password", message: "tooShort" }],
    });
    const common = await setPassword(token, { password: "salasana1234" });
    expect(common.json().details).toContainEqual({ field: "body.password", message: "common" });

    const done = await setPassword(token, { password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(zPasswordResetDone.parse(done.json()).message).toBeTruthy();

    expect((await login(email, "Pedaali2026!")).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await setPassword(token, { password: "toinen hyvin pitkä lause" });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("INVALID_TOKEN");
    expect((await tokenStatus(token)).json()).toEqual({ valid: false, email: null, problem: "USED" });

    const after = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(oldSession.jar) },
    });
    expect(after.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordChangedAt).toBeInstanceOf(Date);
  });

  it("refuses an expired link", async () => {
    const email = "expired.link@password.test";
    const userId = await ownUser(email);
    await requestReset({ email });
    const token = await waitForLink(email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    expect((await tokenStatus(token)).json()).toEqual({ valid: false, email: null, problem: "EXPIRED" });
    const res = await setPassword(token, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("INVALID_TOKEN");
  });

  it("opens a reset link in the account's language; the link lives an hour and the mail says so", async () => {
    const email = "hour.old.link@password.test";
    const userId = await ownUser(email);
    await t.database.db.update(users).set({ language: "sv" }).where(eq(users.id, userId));
    await requestReset({ email });
    const token = await waitForLink(email);
    const [mail] = await mailsTo(email);
    expect(mail?.bodyText).toContain(`/sv/reset/${token}`);
    expect(mail?.bodyText).toContain("Länken är giltig i en timme");
    const [row] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThan(5000);
    // An hour later the link no longer works.
    const hour = 60 * 60 * 1000;
    await t.database.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - hour - 1000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    expect((await tokenStatus(token)).json()).toEqual({ valid: false, email: null, problem: "EXPIRED" });
  });

  it("an expired link's page asks for a new link and gets one at the account's own address", async () => {
    const email = "renew.expired@password.test";
    const userId = await ownUser(email);
    await requestReset({ email });
    const token = await waitForLink(email);
    // The link expires, and the interval between password mails has passed.
    await t.database.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    await t.database.db
      .update(messageOutbox)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(messageOutbox.userId, userId));
    expect((await tokenStatus(token)).json()).toEqual({ valid: false, email: null, problem: "EXPIRED" });
    const renew = (value: string) =>
      t.app.inject({ method: "POST", url: `/api/password-reset/${value}/renew`, remoteAddress: address() });
    const res = await renew(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    const fresh = await waitForLink(email, "password-reset", 1);
    expect(fresh).not.toBe(token);
    expect((await tokenStatus(fresh)).json()).toMatchObject({ valid: true, email });
    // An unknown link gets the same answer, and the new link is not replaced within the interval.
    const unknown = await renew("y".repeat(43));
    expect(unknown.json()).toEqual(res.json());
    expect((await renew(token)).json()).toEqual(res.json());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await mailsTo(email)).filter((m) => m.template === "password-reset")).toHaveLength(2);
  });

  it("refuses an unknown token and malformed input with 400", async () => {
    const unknown = "x".repeat(43);
    expect((await tokenStatus(unknown)).json()).toEqual({ valid: false, email: null, problem: "UNKNOWN" });
    const res = await setPassword(unknown, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("INVALID_TOKEN");
    expect((await tokenStatus("short")).statusCode).toBe(400);
    expect((await setPassword("short", { password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await setPassword(unknown, {})).statusCode).toBe(400);
    expect((await setPassword(unknown, { password: "x".repeat(300) })).statusCode).toBe(400);
  });

  it("mails a set-password link, in the user's language, to an account with no password (NO_PASSWORD_SET)", async () => {
    const email = "kaisa.rantanen@demo.test";
    await t.database.db
      .update(users)
      .set({ passwordHash: null, language: "en" })
      .where(sql`lower(${users.email}) = ${email}`);
    await requestReset({ email });
    const token = await waitForLink(email, "set-password");
    const [mail] = (await mailsTo(email)).filter((m) => m.template === "set-password");
    expect(mail?.subject).toBe("Set a password for your Pedaali account");
    expect((await setPassword(token, { password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const tokens = await t.database.db
      .select()
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(and(eq(users.email, email)));
    expect(tokens.every((r) => r.password_reset_tokens.usedAt !== null)).toBe(true);
  });
});

describe("defect: a password change or reset mails the account that its password was changed", () => {
  /** A user of this test with a link token in hand, in the given language, with or without a password. */
  async function userWithLink(email: string, language: "fi" | "en" | "sv", hasPassword = true) {
    const userId = await ownUser(email);
    await t.database.db
      .update(users)
      .set({ language, ...(hasPassword ? {} : { passwordHash: null }) })
      .where(eq(users.id, userId));
    return createPasswordToken(t.database.db, userId, "requested");
  }
  const changedMails = async (email: string) =>
    (await mailsTo(email)).filter((m) => m.template === "password-changed");

  it("after a reset: one mail in the account's language, with no password and the way back", async () => {
    const email = "changed.reset@password.test";
    const token = await userWithLink(email, "en");
    expect(await changedMails(email)).toEqual([]);
    const res = await setPassword(token, { password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    const mails = await changedMails(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.channel).toBe("EMAIL");
    expect(mail?.subject).toBe("Your Pedaali password has been changed");
    expect(mail?.bodyText).toContain("If it was not you");
    expect(mail?.bodyText).toContain(`${testConfig().publicUrl}/en/salasanan-palauttaminen`);
    expect(mail?.bodyText).toContain("info@pedaali.fi");
    expect(mail?.bodyText).not.toContain(NEW_PASSWORD);
    expect(mail?.bodyText).not.toContain(token);
  });

  it("after a first password is set (an account that had none): the mail says so, in Swedish", async () => {
    const email = "changed.first@password.test";
    const token = await userWithLink(email, "sv", false);
    expect((await setPassword(token, { password: NEW_PASSWORD })).statusCode).toBe(200);
    const [mail] = await changedMails(email);
    expect(mail?.subject).toBe("Ett lösenord har angetts för ditt Pedaali-konto");
    expect(mail?.bodyText).toContain("Om det inte var du");
    expect(mail?.bodyText).not.toContain(NEW_PASSWORD);
  });

  it("sends nothing when the password is not changed (weak password, dead link)", async () => {
    const email = "changed.not@password.test";
    const token = await userWithLink(email, "fi");
    expect((await setPassword(token, { password: "short" })).statusCode).toBe(400);
    expect((await setPassword("z".repeat(43), { password: NEW_PASSWORD })).statusCode).toBe(400);
    expect(await changedMails(email)).toEqual([]);
  });

  it("keeps the new password when the mail cannot be sent", async () => {
    const email = "changed.smtp.down@password.test";
    const token = await userWithLink(email, "fi");
    const failing: Messaging = {
      sendMail: async () => {
        throw new Error("SMTP down");
      },
      sendSms: async () => {},
    };
    const app = await buildApp(testConfig(), { database: t.database, messaging: failing });
    try {
      const res = await app.inject({
        method: "POST",
        url: `/api/password-reset/${token}`,
        payload: { password: NEW_PASSWORD },
        remoteAddress: address(),
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await app.close();
    }
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
