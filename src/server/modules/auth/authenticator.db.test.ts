import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import {
  appCode,
  newHelpdeskUser,
  passwordStepOf,
  setUpAuthenticator,
} from "../../../../tests/helpers/authenticator.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zAuthenticatorSetup,
  zAuthenticatorStatus,
  zRecoveryCodes,
} from "../../../contract/authenticator.ts";
import { eventLog, outbox, recoveryCodes, userAuthenticators, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { encryptSecret } from "./authenticator.ts";

const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);
const HELPDESK = "helpdesk@pedaali.test";
const URL = "/api/account/authenticator";

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the server's clock (Date only: timers and the database's own clock go on as they are). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

const passwordStep = (email: string) => passwordStepOf(t.app, email);

const verify = (email: string, cookie: string, code: string) =>
  t.app.inject({ method: "POST", url: "/api/verify", headers: { cookie }, payload: { email, code } });

const smsTo = async (email: string) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, user?.phoneNumber ?? "-"), eq(outbox.template, "two-factor-code")));
};

describe("a staff user's authenticator app", () => {
  it("is set up with the current password and a first code, and then the login asks for its code", async () => {
    const status = async () => zAuthenticatorStatus.parse((await api.call("GET", URL, HELPDESK)).json());
    expect(await status()).toEqual({ status: "NONE", activeSince: null, recoveryCodesLeft: 0 });

    expectError(await api.call("POST", URL, HELPDESK, {}), 400, "VALIDATION_ERROR");
    expectError(
      await api.call("POST", URL, HELPDESK, { currentPassword: "wrong" }),
      403,
      "REAUTHENTICATION_FAILED",
    );

    const started = await api.call("POST", URL, HELPDESK, { currentPassword: DEMO_PASSWORD });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.headers["cache-control"]).toBe("no-store");
    const setup = zAuthenticatorSetup.parse(started.json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUri).toContain("issuer=Pedaali");
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect(await status()).toMatchObject({ status: "PENDING" });

    // Not in use until confirmed: the login still sends its code by SMS.
    const before = await passwordStep(HELPDESK);
    expect(before.challenge.method).toBe("SMS");

    expectError(
      await api.call("POST", `${URL}/confirm`, HELPDESK, { code: "12345" }),
      400,
      "VALIDATION_ERROR",
    );
    const now = Date.now();
    const wrong = appCode(setup.secret, now - 5 * 60_000);
    expectError(
      await api.call("POST", `${URL}/confirm`, HELPDESK, { code: wrong }),
      400,
      "VERIFICATION_FAILED",
    );
    const confirmed = await api.call("POST", `${URL}/confirm`, HELPDESK, {
      code: appCode(setup.secret, now),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes: codes } = zRecoveryCodes.parse(confirmed.json());
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(await status()).toMatchObject({ status: "ACTIVE", recoveryCodesLeft: 10 });
    expectError(
      await api.call("POST", `${URL}/confirm`, HELPDESK, { code: appCode(setup.secret, now) }),
      409,
    );
    expectError(
      await api.call("POST", URL, HELPDESK, { currentPassword: DEMO_PASSWORD }),
      409,
      "AUTHENTICATOR_IN_USE",
    );

    // Stored as nobody can use: the secret encrypted, the recovery codes hashed.
    const [stored] = await t.database.db
      .select()
      .from(userAuthenticators)
      .where(eq(userAuthenticators.userId, await idOf(HELPDESK)));
    expect(stored?.secretEncrypted).toMatch(/^v2\.test\./);
    expect(stored?.secretEncrypted).not.toContain(setup.secret);
    const hashes = await t.database.db.select({ codeHash: recoveryCodes.codeHash }).from(recoveryCodes);
    expect(hashes.some((h) => codes.some((c) => h.codeHash.includes(c.replace("-", ""))))).toBe(false);

    // The login now asks for the app's code and sends nothing.
    const smsBefore = (await smsTo(HELPDESK)).length;
    const step = await passwordStep(HELPDESK);
    expect(step.challenge).toEqual({
      requiresTwoFactor: true,
      method: "AUTHENTICATOR",
      email: HELPDESK,
      expiresInSeconds: 300,
    });
    expect(await smsTo(HELPDESK)).toHaveLength(smsBefore);
    // The code that confirmed the app is used: the next one logs in, once.
    expectError(await verify(HELPDESK, step.cookie, appCode(setup.secret, now)), 400, "VERIFICATION_FAILED");
    clockAt(now + 30_000);
    const next = appCode(setup.secret, now + 30_000);
    const loggedIn = await verify(HELPDESK, step.cookie, next);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const again = await passwordStep(HELPDESK);
    expectError(await verify(HELPDESK, again.cookie, next), 400, "VERIFICATION_FAILED");

    const events = await t.database.db
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(
        and(eq(eventLog.type, "USER_AUTHENTICATOR_ENABLED"), eq(eventLog.entityId, await idOf(HELPDESK))),
      );
    expect(events).toHaveLength(1);
  });

  it("takes each recovery code once, in any case and with or without its dash", async () => {
    const email = "admin@pedaali.test";
    const { recoveryCodes: codes } = await setUpAuthenticator(api, email);
    const [first, second] = codes as [string, string];

    const one = await passwordStep(email);
    const typed = first.replace("-", "").toLowerCase();
    expect((await verify(email, one.cookie, typed)).statusCode).toBe(200);
    const two = await passwordStep(email);
    expectError(await verify(email, two.cookie, first), 400, "VERIFICATION_FAILED");
    expect((await verify(email, two.cookie, ` ${second} `)).statusCode).toBe(200);
    const status = zAuthenticatorStatus.parse((await api.call("GET", URL, email)).json());
    expect(status.recoveryCodesLeft).toBe(8);

    // New codes replace every old one.
    const renewed = await api.call("POST", `${URL}/recovery-codes`, email, {
      currentPassword: DEMO_PASSWORD,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = zRecoveryCodes.parse(renewed.json()).recoveryCodes;
    const three = await passwordStep(email);
    expectError(await verify(email, three.cookie, codes[2] as string), 400, "VERIFICATION_FAILED");
    expect((await verify(email, three.cookie, fresh[0] as string)).statusCode).toBe(200);

    // Removed with the password: the login's code comes by SMS again.
    expectError(
      await api.call("DELETE", URL, email, { currentPassword: "wrong" }),
      403,
      "REAUTHENTICATION_FAILED",
    );
    const removed = await api.call("DELETE", URL, email, { currentPassword: DEMO_PASSWORD });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await passwordStep(email)).challenge.method).toBe("SMS");
    expectError(
      await api.call("DELETE", URL, email, { currentPassword: DEMO_PASSWORD }),
      409,
      "AUTHENTICATOR_NOT_IN_USE",
    );
    expectError(
      await api.call("POST", `${URL}/recovery-codes`, email, { currentPassword: DEMO_PASSWORD }),
      409,
      "AUTHENTICATOR_NOT_IN_USE",
    );
    expect(
      await t.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, await idOf(email))),
    ).toEqual([]);

    // The owner heard of each change at their own address, and of each recovery code with the codes left.
    const told = await t.database.db
      .select({ subject: outbox.subject, text: outbox.bodyText })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.template, "second-factor-changed")))
      .orderBy(outbox.createdAt);
    expect(told.map((m) => m.subject)).toEqual([
      "Todennussovellus otettiin käyttöön",
      "Tilillesi kirjauduttiin varakoodilla",
      "Tilillesi kirjauduttiin varakoodilla",
      "Uudet varakoodit luotiin",
      "Tilillesi kirjauduttiin varakoodilla",
      "Todennussovellus poistettiin käytöstä",
    ]);
    expect(told[1]?.text).toContain("Varakoodeja on jäljellä 9");
    expect(told[2]?.text).toContain("Varakoodeja on jäljellä 8");
    expect(told[4]?.text).toContain("Varakoodeja on jäljellä 9");
  });

  it("gives way to the code by SMS when its secret was stored under a data key no longer in DATA_KEYS", async () => {
    const email = "tuki.avain@pedaali.test";
    await newHelpdeskUser(t.database.db, email);
    const { recoveryCodes: codes } = await setUpAuthenticator(api, email);
    expect((await passwordStep(email)).challenge.method).toBe("AUTHENTICATOR");
    // As after its key left DATA_KEYS before the rekey job rewrote it: no key today reads it.
    const gone = { dataKeys: [{ id: "gone", key: Buffer.alloc(32, 7) }], jwtSecret: "x".repeat(32) };
    await t.database.db
      .update(userAuthenticators)
      .set({ secretEncrypted: encryptSecret(gone, "JBSWY3DPEHPK3PXP") })
      .where(eq(userAuthenticators.userId, await idOf(email)));
    const step = await passwordStep(email);
    expect(step.challenge.method).toBe("SMS");
    expect(codes).toHaveLength(10);
    const loggedIn = await verify(email, step.cookie, step.challenge.devCode as string);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    // Set up again, after removing the unreadable one.
    expect((await api.call("DELETE", URL, email, { currentPassword: DEMO_PASSWORD })).statusCode).toBe(200);
    await setUpAuthenticator(api, email);
    expect((await passwordStep(email)).challenge.method).toBe("AUTHENTICATOR");
  });

  it("is for staff only: employer users and employees are refused, and the anonymous too", async () => {
    for (const email of ["employer.admin@demo.test", "employee@demo.test"]) {
      expectError(await api.call("GET", URL, email), 403);
      expectError(await api.call("POST", URL, email, { currentPassword: DEMO_PASSWORD }), 403);
      expectError(await api.call("POST", `${URL}/confirm`, email, { code: "123456" }), 403);
    }
    expectError(await api.call("GET", URL, null), 401);
    expectError(await api.call("POST", URL, null, { currentPassword: DEMO_PASSWORD }), 401);
  });
});

async function idOf(email: string): Promise<string> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id as string;
}
