import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zContactChangeStarted,
  zEmailChangeConfirmed,
  zSystemUserItem,
} from "../../../contract/system-users.ts";
import {
  CONTACT_CHANGE_REQUESTS_PER_USER,
  PHONE_CHANGE_MAX_ATTEMPTS,
  REAUTH_FAILURES_PER_USER,
} from "../../../domain/contact-change.ts";
import {
  contactChangeRequests,
  outbox,
  rateLimitCounters,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { hashPassword } from "../auth/passwords.ts";

/**
 * Changing one's own login e-mail or phone needs the current password and takes
 * effect only when confirmed from the new address or number; the old address is told; the answer does
 * not tell whether another account uses the address. Each test makes its own users, so the per-user
 * limits and the stored rows of one test never reach another.
 */

const t = setupTestApp({}, { demoData: true });
const { as, call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const TAKEN = "employer.admin@demo.test";

let passwordHash: Promise<string> | null = null;
let counter = 0;

type TestUser = { id: string; email: string; session: Session };

/** A fresh employee of Demo Oy with the demo password and a phone, logged in. */
async function newUser(label: string): Promise<TestUser> {
  const { db } = t.database;
  counter += 1;
  const email = `${label}.${counter}@demo.test`;
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: await passwordHash, phoneNumber: "+358401110000", language: "en" })
    .returning({ id: users.id });
  const id = user?.id as string;
  const companyId = await companyIdByName(db, "Demo Oy");
  await db.insert(systemUsers).values({ userId: id, firstName: "Testi", lastName: label, companyId });
  const [role] = await db.select().from(roles).where(eq(roles.name, "BIKE_BENEFICIARY"));
  await db.insert(userRoles).values({ userId: id, roleId: role?.id as string, companyId });
  return { id, email, session: await loginAs(t.app, email) };
}

async function stored(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function messagesTo(recipient: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt));
}

function putEmail(user: TestUser, workEmail: string, currentPassword?: string, remoteAddress?: string) {
  return t.app.inject({
    method: "PUT",
    url: `/api/system-users/${user.id}`,
    headers: user.session.headers(),
    payload: {
      workEmail,
      csrfToken: user.session.jar.csrfToken,
      ...(currentPassword === undefined ? {} : { currentPassword }),
    },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function patchPhone(user: TestUser, phoneNumber: string, currentPassword?: string) {
  return t.app.inject({
    method: "PATCH",
    url: `/api/system-users/${user.id}/phone`,
    headers: user.session.headers(),
    payload: { phoneNumber, ...(currentPassword === undefined ? {} : { currentPassword }) },
  });
}

function confirmEmail(token: string, remoteAddress?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/system-users/email-change/confirm",
    payload: { token },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function confirmPhone(user: TestUser, code: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/system-users/phone-change/confirm",
    headers: user.session.headers(),
    payload: { code },
  });
}

/** The token of the newest confirmation link mailed to `address`. */
async function linkTokenSentTo(address: string): Promise<string> {
  const [mail] = await messagesTo(address);
  expect(mail?.template).toBe("email-change-confirm");
  const match = /\/vahvista-sahkoposti\/([A-Za-z0-9_-]+)/.exec(mail?.bodyText ?? "");
  expect(match, mail?.bodyText).not.toBeNull();
  return match?.[1] as string;
}

async function codeSentTo(phoneNumber: string): Promise<string> {
  const [sms] = await messagesTo(phoneNumber);
  expect(sms?.template).toBe("phone-change-code");
  return /\b(\d{6})\b/.exec(sms?.bodyText ?? "")?.[1] as string;
}

describe("own login e-mail change", () => {
  it("without the current password it is refused (400) and nothing is stored or sent", async () => {
    const user = await newUser("nopw");
    const res = await putEmail(user, "nopw.new@demo.test");
    const body = expectError(res, 400, "VALIDATION_ERROR");
    expect(body.details?.[0]?.field).toBe("body.currentPassword");
    expect((await stored(user.id))?.email).toBe(user.email);
    expect(await messagesTo("nopw.new@demo.test")).toHaveLength(0);
  });

  it("a wrong current password is refused (403 REAUTHENTICATION_FAILED), nothing stored or sent", async () => {
    const user = await newUser("wrongpw");
    expectError(
      await putEmail(user, "wrongpw.new@demo.test", "not-the-password"),
      403,
      "REAUTHENTICATION_FAILED",
    );
    expect((await stored(user.id))?.email).toBe(user.email);
    expect(await messagesTo("wrongpw.new@demo.test")).toHaveLength(0);
    expect(await messagesTo(user.email)).toHaveLength(0);
  });

  it("with the password it answers 202 and changes nothing until the link is used", async () => {
    const user = await newUser("pending");
    const res = await putEmail(user, " Pending.NEW@Demo.test ", DEMO_PASSWORD);
    expect(res.statusCode, res.body).toBe(202);
    expect(zContactChangeStarted.parse(res.json())).toEqual({
      confirmationSent: true,
      sentTo: "pending.new@demo.test",
      expiresInSeconds: 24 * 60 * 60,
    });
    expect((await stored(user.id))?.email).toBe(user.email);
    const link = await messagesTo("pending.new@demo.test");
    expect(link.map((m) => m.template)).toEqual(["email-change-confirm"]);
    expect(link[0]?.bodyText).toContain("http://localhost");
    const notice = await messagesTo(user.email);
    expect(notice.map((m) => m.template)).toEqual(["contact-change-requested"]);
    expect(notice[0]?.bodyText).toContain("pending.new@demo.test");
    // Only the hash of the token is stored.
    const token = await linkTokenSentTo("pending.new@demo.test");
    const [row] = await t.database.db
      .select()
      .from(contactChangeRequests)
      .where(eq(contactChangeRequests.userId, user.id));
    expect(row).toMatchObject({ kind: "EMAIL", newValue: "pending.new@demo.test", consumedAt: null });
    expect(row?.secretHash).not.toContain(token);
  });

  it("the link applies the change once and tells the old address", async () => {
    const user = await newUser("confirm");
    expect((await putEmail(user, "confirm.new@demo.test", DEMO_PASSWORD)).statusCode).toBe(202);
    const token = await linkTokenSentTo("confirm.new@demo.test");

    const res = await confirmEmail(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(zEmailChangeConfirmed.parse(res.json())).toEqual({ workEmail: "confirm.new@demo.test" });
    expect((await stored(user.id))?.email).toBe("confirm.new@demo.test");
    const toOld = await messagesTo(user.email);
    expect(toOld.map((m) => m.template)).toEqual(["contact-changed", "contact-change-requested"]);
    expect(toOld[0]?.bodyText).toContain("confirm.new@demo.test");
    // The new address logs in; the link does not work twice.
    await loginAs(t.app, "confirm.new@demo.test");
    expectError(await confirmEmail(token), 400, "INVALID_TOKEN");
    expect((await stored(user.id))?.email).toBe("confirm.new@demo.test");
  });

  it("only the newest link works, and an expired one does not", async () => {
    const user = await newUser("relink");
    await putEmail(user, "relink.a@demo.test", DEMO_PASSWORD);
    const first = await linkTokenSentTo("relink.a@demo.test");
    await putEmail(user, "relink.b@demo.test", DEMO_PASSWORD);
    const second = await linkTokenSentTo("relink.b@demo.test");
    expectError(await confirmEmail(first), 400, "INVALID_TOKEN");
    await t.database.db
      .update(contactChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contactChangeRequests.userId, user.id));
    expectError(await confirmEmail(second), 400, "INVALID_TOKEN");
    expect((await stored(user.id))?.email).toBe(user.email);
    expectError(await confirmEmail("x".repeat(10)), 400, "VALIDATION_ERROR");
  });

  it("a taken address answers as a free one; only its mailbox learns it is in use", async () => {
    const user = await newUser("oracle");
    const free = await putEmail(user, "oracle.free@demo.test", DEMO_PASSWORD);
    const taken = await putEmail(user, TAKEN.toUpperCase(), DEMO_PASSWORD);
    expect(taken.statusCode, taken.body).toBe(free.statusCode);
    expect(taken.statusCode).toBe(202);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(taken.json()).toEqual({ ...free.json(), sentTo: TAKEN });
    expect((await stored(user.id))?.email).toBe(user.email);

    const [inUse] = await messagesTo(TAKEN);
    expect(inUse?.template).toBe("email-change-in-use");
    expect(inUse?.bodyText).not.toMatch(/vahvista-sahkoposti/);
    // No link exists for the taken address.
    const rows = await t.database.db
      .select()
      .from(contactChangeRequests)
      .where(and(eq(contactChangeRequests.userId, user.id), eq(contactChangeRequests.newValue, TAKEN)));
    expect(rows).toHaveLength(0);
  });

  it("the link answers 409 EMAIL_TAKEN when the address was taken meanwhile", async () => {
    const user = await newUser("race");
    const other = await newUser("racer");
    await putEmail(user, "race.target@demo.test", DEMO_PASSWORD);
    const token = await linkTokenSentTo("race.target@demo.test");
    await t.database.db.update(users).set({ email: "race.target@demo.test" }).where(eq(users.id, other.id));
    expectError(await confirmEmail(token), 409, "EMAIL_TAKEN");
    expect((await stored(user.id))?.email).toBe(user.email);
  });

  it("keeps an unchanged address as it is: no password asked, nothing sent", async () => {
    const user = await newUser("same");
    const res = await putEmail(user, user.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(zSystemUserItem.parse(res.json()).workEmail).toBe(user.email);
    expect(await messagesTo(user.email)).toHaveLength(0);
  });

  it("keeps the same number typed with its trunk 0 as it is: no password asked, nothing sent", async () => {
    const user = await newUser("same-phone");
    const res = await patchPhone(user, "040 111 0000");
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(user.id))?.phoneNumber).toBe("+358401110000");
    expect(await messagesTo("0401110000")).toHaveLength(0);
    expect(await messagesTo(user.email)).toHaveLength(0);
  });

  it("wrong current passwords are limited per user (429), even before a right one", async () => {
    const user = await newUser("limited");
    for (let i = 0; i < REAUTH_FAILURES_PER_USER; i++) {
      expectError(await putEmail(user, "limited.new@demo.test", "wrong"), 403, "REAUTHENTICATION_FAILED");
    }
    expectError(await putEmail(user, "limited.new@demo.test", DEMO_PASSWORD), 429, "TOO_MANY_REQUESTS");
    expectError(await patchPhone(user, "0401234567", DEMO_PASSWORD), 429, "TOO_MANY_REQUESTS");
    expect((await stored(user.id))?.email).toBe(user.email);
    expect(await messagesTo("limited.new@demo.test")).toHaveLength(0);
  });

  it("wrong current passwords sent at once: each is counted before it is checked, so at most the limit are", async () => {
    const user = await newUser("parallel");
    // Each from its own address, so the route's limit per address is not what answers.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        putEmail(user, "parallel.new@demo.test", "wrong", `10.9.0.${i + 1}`),
      ),
    );
    const codes = answers.map((res) => (res.json() as { code: string }).code);
    expect(codes.filter((c) => c === "REAUTHENTICATION_FAILED")).toHaveLength(REAUTH_FAILURES_PER_USER);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(20 - REAUTH_FAILURES_PER_USER);
    const [count] = await t.database.db
      .select({ points: rateLimitCounters.points })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `reauth-failures:user:${user.id}`));
    expect(count?.points).toBe(REAUTH_FAILURES_PER_USER);
    expectError(
      await putEmail(user, "parallel.new@demo.test", DEMO_PASSWORD, "10.9.1.1"),
      429,
      "TOO_MANY_REQUESTS",
    );
  });

  it("change requests sent at once take their places under the cap atomically: no more are sent than it allows", async () => {
    const user = await newUser("burst");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        putEmail(user, `burst.new${i}@demo.test`, DEMO_PASSWORD, `10.9.2.${i + 1}`),
      ),
    );
    const sent = answers.filter((res) => res.statusCode === 202);
    expect(sent.length).toBeLessThanOrEqual(CONTACT_CHANGE_REQUESTS_PER_USER);
    expect(answers.every((res) => res.statusCode === 202 || res.statusCode === 429)).toBe(true);
    const [count] = await t.database.db
      .select({ points: rateLimitCounters.points })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `contact-change-requests:user:${user.id}`));
    expect(count?.points).toBe(sent.length);
  });

  it("the change request and the link are rate-limited per address (429)", async () => {
    const user = await newUser("flood");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await confirmEmail("y".repeat(43), "10.6.6.1")).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const puts: number[] = [];
    for (let i = 0; i < 31; i++) {
      puts.push((await putEmail(user, user.email, undefined, "10.6.6.2")).statusCode);
    }
    expect(puts.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(puts[30]).toBe(429);
  });
});

describe("own phone change", () => {
  it("needs the current password, and stores the number only with the code sent to it", async () => {
    const user = await newUser("phone");
    expectError(await patchPhone(user, "040 765 4321"), 400, "VALIDATION_ERROR");
    expectError(await patchPhone(user, "040 765 4321", "wrong"), 403, "REAUTHENTICATION_FAILED");
    expect((await stored(user.id))?.phoneNumber).toBe("+358401110000");

    const res = await patchPhone(user, "40 765 4321", DEMO_PASSWORD);
    expect(res.statusCode, res.body).toBe(202);
    expect(zContactChangeStarted.parse(res.json())).toEqual({
      confirmationSent: true,
      sentTo: "0407654321",
      expiresInSeconds: 300,
    });
    expect((await stored(user.id))?.phoneNumber).toBe("+358401110000");
    expect((await messagesTo(user.email)).map((m) => m.template)).toEqual(["contact-change-requested"]);
    const code = await codeSentTo("0407654321");

    const wrong = code === "000000" ? "111111" : "000000";
    expectError(await confirmPhone(user, wrong), 400, "VERIFICATION_FAILED");
    expect((await stored(user.id))?.phoneNumber).toBe("+358401110000");

    const ok = await confirmPhone(user, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(zSystemUserItem.parse(ok.json()).phoneNumber).toBe("0407654321");
    const after = await stored(user.id);
    expect(after?.phoneNumber).toBe("0407654321");
    expect(after?.phoneVerifiedAt).not.toBeNull();
    const [changed] = await messagesTo(user.email);
    expect(changed?.template).toBe("contact-changed");
    expect(changed?.bodyText).toContain("0407654321");
    expectError(await confirmPhone(user, code), 400, "VERIFICATION_EXPIRED");
  });

  it("five wrong codes end the request", async () => {
    const user = await newUser("codes");
    expect((await patchPhone(user, "0407770000", DEMO_PASSWORD)).statusCode).toBe(202);
    const code = await codeSentTo("0407770000");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < PHONE_CHANGE_MAX_ATTEMPTS; i++) {
      expectError(await confirmPhone(user, wrong), 400, "VERIFICATION_FAILED");
    }
    expectError(await confirmPhone(user, wrong), 400, "VERIFICATION_EXPIRED");
    expectError(await confirmPhone(user, code), 400, "VERIFICATION_EXPIRED");
    expect((await stored(user.id))?.phoneNumber).toBe("+358401110000");
  });

  it("another user's pending code does not change my number", async () => {
    const asker = await newUser("asker");
    const other = await newUser("other");
    await patchPhone(asker, "0408880000", DEMO_PASSWORD);
    const code = await codeSentTo("0408880000");
    expectError(await confirmPhone(other, code), 400, "VERIFICATION_EXPIRED");
    expect((await stored(other.id))?.phoneNumber).toBe("+358401110000");
    expectError(
      await call("POST", "/api/system-users/phone-change/confirm", null, { code }),
      401,
      "UNAUTHORIZED",
    );
  });
});

describe("a manager changing someone else", () => {
  it("still gets 409 EMAIL_TAKEN on a taken address, changes at once otherwise, and the old address is told", async () => {
    const target = await newUser("managed");
    const admin = await as(ADMIN);
    const put = (workEmail: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/system-users/${target.id}`,
        headers: admin.headers(),
        payload: { workEmail, csrfToken: admin.jar.csrfToken },
      });
    expectError(await put(TAKEN), 409, "EMAIL_TAKEN");
    expect((await stored(target.id))?.email).toBe(target.email);
    expect(await messagesTo(target.email)).toHaveLength(0);

    const res = await put("managed.new@demo.test");
    expect(res.statusCode, res.body).toBe(200);
    expect(zSystemUserItem.parse(res.json()).workEmail).toBe("managed.new@demo.test");
    expect((await stored(target.id))?.email).toBe("managed.new@demo.test");
    const [notice] = await messagesTo(target.email);
    expect(notice?.template).toBe("contact-changed");
    expect(notice?.bodyText).toContain("managed.new@demo.test");
    expect(notice?.bodyText).toContain("administrator");

    const phone = await call("PATCH", `/api/system-users/${target.id}/phone`, ADMIN, {
      phoneNumber: "0409990000",
    });
    expect(phone.statusCode, phone.body).toBe(200);
    expect((await stored(target.id))?.phoneNumber).toBe("0409990000");
    expect((await messagesTo("managed.new@demo.test"))[0]?.template).toBe("contact-changed");
  });

  it("an admin's own change goes through the confirmation too", async () => {
    const adminId = await userIdByEmail(t.database.db, ADMIN);
    const admin = await as(ADMIN);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/system-users/${adminId}`,
      headers: admin.headers(),
      payload: { workEmail: "admin.new@pedaali.test", csrfToken: admin.jar.csrfToken },
    });
    expectError(res, 400, "VALIDATION_ERROR");
    expect((await stored(adminId))?.email).toBe(ADMIN);
  });
});
