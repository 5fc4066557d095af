import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { PASSWORD_LINK_MAIL_INTERVAL_SECONDS } from "../../../domain/auth-rules.ts";
import { messageOutbox, outbox, passwordResetTokens, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { verifyPassword } from "./passwords.ts";

// The real argon2 verification, watched: the NO_PASSWORD_SET answer must have paid for one.
vi.mock("./passwords.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./passwords.ts")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const t = setupTestApp({}, { demoData: true });

/** Each call from its own address unless the test names one. */
let nextAddress = 1;
const address = () => `10.50.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const login = (email: string, password: string, remoteAddress = address()) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress });

/** A demo user made into one who was created without a password (as system users are). */
async function withoutPassword(email: string): Promise<string> {
  await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.email, email));
  return userIdByEmail(t.database.db, email);
}

const setPasswordMails = (email: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, "set-password")))
    .orderBy(outbox.createdAt);

const linkToken = (bodyText: string) => /\/reset\/([\w-]+)/.exec(bodyText)?.[1] ?? "";

const tokenStatus = (token: string) =>
  t.app.inject({ method: "GET", url: `/api/password-reset/${token}`, remoteAddress: address() });

describe("NO_PASSWORD_SET", () => {
  it("two logins within 15 minutes send one set-password mail, and its link keeps working", async () => {
    const email = "sofia.ahonen@demo.test";
    const userId = await withoutPassword(email);
    expectError(await login(email, "anything-at-all"), 400, "NO_PASSWORD_SET");
    expectError(await login(email, "something-else"), 400, "NO_PASSWORD_SET");

    const mails = await setPasswordMails(email);
    expect(mails).toHaveLength(1);
    const firstToken = linkToken(mails[0]?.bodyText ?? "");
    expect(firstToken.length).toBeGreaterThanOrEqual(40);
    expect((await tokenStatus(firstToken)).json()).toMatchObject({ valid: true, email });

    // Once the interval has passed, a login mails a new link again.
    // The interval runs from the newest link and the newest link mail queued: both age.
    const longAgo = new Date(Date.now() - (PASSWORD_LINK_MAIL_INTERVAL_SECONDS + 1) * 1000);
    await t.database.db
      .update(passwordResetTokens)
      .set({ createdAt: longAgo })
      .where(eq(passwordResetTokens.userId, userId));
    await t.database.db
      .update(messageOutbox)
      .set({ createdAt: longAgo })
      .where(eq(messageOutbox.userId, userId));
    expectError(await login(email, "anything-at-all"), 400, "NO_PASSWORD_SET");
    expect(await setPasswordMails(email)).toHaveLength(2);
  });

  it("counts as a failed login per e-mail: the sixth answers 429", async () => {
    const email = "kaisa.rantanen@demo.test";
    await withoutPassword(email);
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login(email, "anything-at-all")).json().code);
    expect(codes).toEqual([...Array(5).fill("NO_PASSWORD_SET"), "TOO_MANY_REQUESTS"]);
    expect(await setPasswordMails(email)).toHaveLength(1);
  });

  it("counts as a failed login per address", async () => {
    const email = "ville.hamalainen@demo.test";
    await withoutPassword(email);
    const ip = "10.51.0.1";
    // 5 NO_PASSWORD_SET and 15 wrong passwords make the 20 failures that lock an address.
    for (let i = 0; i < 5; i++)
      expectError(await login(email, "anything-at-all", ip), 400, "NO_PASSWORD_SET");
    for (let i = 0; i < 15; i++) expectError(await login(`ghost${i}@demo.test`, "x", ip), 401);
    expectError(await login("employee@demo.test", DEMO_PASSWORD, ip), 429, "TOO_MANY_REQUESTS");
  });

  it("takes an argon2 verification, like a wrong password", async () => {
    const email = "olli.karjalainen@demo.test";
    await withoutPassword(email);
    const verify = vi.mocked(verifyPassword);
    verify.mockClear();
    expectError(await login(email, "typed-password-1"), 400, "NO_PASSWORD_SET");
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$/);
    expect(verify.mock.calls[0]?.[1]).toBe("typed-password-1");
    await expect(verify.mock.results[0]?.value).resolves.toBe(false);
  });
});
