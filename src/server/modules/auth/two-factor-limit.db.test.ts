import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { cookieHeader, cookieJar } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zTwoFactorRequired } from "../../../contract/auth.ts";
import {
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_FAILURES_PER_ACCOUNT,
} from "../../../domain/auth-rules.ts";
import { outbox, rateLimitCounters, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";

const t = setupTestApp({}, { demoData: true });

/** Each call from its own address, so only the per-account limit can be what answers 429. */
let nextAddress = 1;
const address = () => `10.40.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const login = (email: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress: address() });

/** A password step that succeeded: the code (from the 202's devCode) and the browser's challenge cookie. */
async function challenge(email: string) {
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(202);
  return {
    code: zTwoFactorRequired.parse(res.json()).devCode as string,
    cookie: cookieHeader(cookieJar({}, res)),
  };
}

const verify = (email: string, cookie: string, code: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/verify",
    headers: { cookie },
    payload: { email, code },
    remoteAddress: address(),
  });

const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

const messagesTo = (recipient: string, template: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)));

afterEach(() => {
  vi.useRealTimers();
});

describe("two-factor codes are limited per account", () => {
  it("10 wrong codes across challenges lock the account's 2FA step (429), with one warning mail", async () => {
    const email = "employer.admin@demo.test";
    const phone = "+358505550101";
    const answers: string[] = [];
    let last = { code: "", cookie: "" };
    // The attack of the report: password step, four wrong codes (the fifth would end the challenge),
    // again and again. A correct password must not give the attacker a fresh count.
    for (let round = 0; round < 3; round++) {
      last = await challenge(email);
      for (let i = 0; i < 4; i++) {
        answers.push((await verify(email, last.cookie, wrongCodeFor(last.code))).json().code);
      }
    }
    expect(answers).toEqual([
      ...Array(10).fill("VERIFICATION_FAILED"),
      "TOO_MANY_REQUESTS",
      "TOO_MANY_REQUESTS",
    ]);
    // Not even the right code of a live challenge gets through now.
    expectError(await verify(email, last.cookie, last.code), 429, "TOO_MANY_REQUESTS");

    // The password step no longer sends codes for this account.
    const smsBefore = await messagesTo(phone, "two-factor-code");
    expect(smsBefore).toHaveLength(3);
    expectError(await login(email), 429, "TOO_MANY_REQUESTS");
    expect(await messagesTo(phone, "two-factor-code")).toHaveLength(3);

    // The owner hears of it once, by mail.
    const warnings = await messagesTo(email, "two-factor-locked");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.channel).toBe("EMAIL");
    expect(warnings[0]?.bodyText).toContain("/salasanan-palauttaminen");

    // After the window the account works again, and no second warning was sent meanwhile.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (TWO_FACTOR_FAILURE_WINDOW_SECONDS + 1) * 1000);
    const fresh = await challenge(email);
    expect((await verify(email, fresh.cookie, fresh.code)).statusCode).toBe(200);
    expect(await messagesTo(email, "two-factor-locked")).toHaveLength(1);
  });

  it("only a correct code resets the account's count, so the user who finally types it is not punished", async () => {
    const email = "employer.editor@demo.test";
    const first = await challenge(email);
    for (let i = 0; i < 4; i++) {
      expectError(await verify(email, first.cookie, wrongCodeFor(first.code)), 400, "VERIFICATION_FAILED");
    }
    expect((await verify(email, first.cookie, first.code)).statusCode).toBe(200);

    // Ten more wrong codes are tolerated again (the eleventh is not).
    const answers: string[] = [];
    for (let round = 0; round < 3; round++) {
      const next = await challenge(email);
      for (let i = 0; i < 4 && answers.length < 11; i++) {
        answers.push((await verify(email, next.cookie, wrongCodeFor(next.code))).json().code);
      }
    }
    expect(answers).toEqual([...Array(10).fill("VERIFICATION_FAILED"), "TOO_MANY_REQUESTS"]);
  });

  it("warns once per window even when paced codes lock the account again", async () => {
    const email = "group.admin@demo.test";
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const wrongCodes = async (count: number) => {
      const codes: string[] = [];
      while (codes.length < count) {
        const next = await challenge(email);
        for (let i = 0; i < 4 && codes.length < count; i++) {
          codes.push((await verify(email, next.cookie, wrongCodeFor(next.code))).json().code);
        }
      }
      return codes;
    };
    expect(await wrongCodes(1)).toEqual(["VERIFICATION_FAILED"]);
    vi.setSystemTime(start + 5 * 60 * 1000);
    expect(await wrongCodes(9)).toEqual(Array(9).fill("VERIFICATION_FAILED"));
    expect(await messagesTo(email, "two-factor-locked")).toHaveLength(1);
    // The window of the first wrong code ends and the count starts again: ten more lock the account
    // again, within the window of the warning, so its owner is not warned twice.
    vi.setSystemTime(start + (TWO_FACTOR_FAILURE_WINDOW_SECONDS + 1) * 1000);
    expect(await wrongCodes(11)).toEqual([...Array(10).fill("VERIFICATION_FAILED"), "TOO_MANY_REQUESTS"]);
    expect(await messagesTo(email, "two-factor-locked")).toHaveLength(1);
  });

  it("counts codes sent at once before judging them, so the account's count never passes the limit", async () => {
    const email = "employer.admin@toinen.test";
    const challenges = [await challenge(email), await challenge(email), await challenge(email)];
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => {
        const one = challenges[i % 3] as { code: string; cookie: string };
        return verify(email, one.cookie, wrongCodeFor(one.code));
      }),
    );
    const judged = answers.filter((res) => res.statusCode !== 429);
    expect(judged.length).toBeLessThanOrEqual(TWO_FACTOR_FAILURES_PER_ACCOUNT);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [count] = await t.database.db
      .select({ points: rateLimitCounters.points })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `code-failures:user:${user?.id}`));
    // Each judged code was counted first; no code was counted that was not judged.
    expect(count?.points).toBe(judged.length);
  });

  it("counts each account on its own", async () => {
    // reporting@ was not attacked: its 2FA works whatever happened to the other accounts above.
    const email = "reporting@demo.test";
    const ok = await challenge(email);
    expect((await verify(email, ok.cookie, ok.code)).statusCode).toBe(200);
    expect(await messagesTo(email, "two-factor-locked")).toHaveLength(0);
  });
});
