import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zSystemUserItem } from "../../../contract/system-users.ts";
import { outbox, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { ADMIN, DEMO_ADMIN, EMPLOYEE, REPORTING, systemUsersKit, TOINEN_ADMIN } from "./test-kit.ts";

/**
 * Changing a user: their details and e-mail, their phone number, and a manager's reset of someone's two-factor
 * phone.
 */

const t = setupTestApp({}, { demoData: true });
const { as, call, userId, grantDuringBlock } = systemUsersKit(t);

describe("PUT /api/system-users/:userId", () => {
  const put = async (who: string, target: string, workEmail: string, csrfToken?: string) => {
    const session = await as(who);
    return t.app.inject({
      method: "PUT",
      url: `/api/system-users/${target}`,
      headers: session.headers(),
      payload: { workEmail, csrfToken: csrfToken ?? session.jar.csrfToken },
    });
  };

  it("a user's own work e-mail waits for confirmation (self-contact-change.db.test.ts has the flow)", async () => {
    const id = await userId("kaisa.rantanen@demo.test");
    const session = await as("kaisa.rantanen@demo.test");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/system-users/${id}`,
      headers: session.headers(),
      payload: {
        workEmail: " Kaisa.R@Demo.test ",
        csrfToken: session.jar.csrfToken,
        currentPassword: DEMO_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ confirmationSent: true, sentTo: "kaisa.r@demo.test" });
    // Nothing changes until the link mailed to the new address is used.
    expect((await call("GET", "/api/user", "kaisa.rantanen@demo.test")).json().email).toBe(
      "kaisa.rantanen@demo.test",
    );
  });

  it("lets an admin change anyone's", async () => {
    const id = await userId("olli.karjalainen@demo.test");
    const res = await put(ADMIN, id, "olli.k@demo.test");
    expect(res.statusCode, res.body).toBe(200);
    expect(zSystemUserItem.parse(res.json()).workEmail).toBe("olli.k@demo.test");
  });

  it("refuses a body token that differs from the session's (403 CSRF_TOKEN_INVALID)", async () => {
    const id = await userId(EMPLOYEE);
    expectError(await put(EMPLOYEE, id, "new@demo.test", "forged-token"), 403, "CSRF_TOKEN_INVALID");
    const noHeader = await t.app.inject({
      method: "PUT",
      url: `/api/system-users/${id}`,
      headers: { cookie: (await as(EMPLOYEE)).headers().cookie as string },
      payload: { workEmail: "new@demo.test", csrfToken: (await as(EMPLOYEE)).jar.csrfToken },
    });
    expectError(noHeader, 403, "CSRF_TOKEN_INVALID");
  });

  it("answers bad input with 400 and a taken e-mail with 409", async () => {
    const id = await userId(EMPLOYEE);
    expectError(await put(EMPLOYEE, id, "not-an-email"), 400, "VALIDATION_ERROR");
    const missing = await call("PUT", `/api/system-users/${id}`, EMPLOYEE, { workEmail: "ok@demo.test" });
    expectError(missing, 400, "VALIDATION_ERROR");
    expectError(await put(ADMIN, "not-a-uuid", "ok@demo.test"), 400, "VALIDATION_ERROR");
    // Someone who may change only themselves is refused before the address is judged.
    expectError(await put(EMPLOYEE, "not-a-uuid", "ok@demo.test"), 403, "FORBIDDEN");
    // A manager editing someone else still learns that the address is taken: only one's own change hides it.
    expectError(await put(ADMIN, id, "EMPLOYER.ADMIN@demo.test"), 409, "EMAIL_TAKEN");
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(stored?.email).toBe(EMPLOYEE);
  });

  it("refuses another user's e-mail to a non-manager (403), another tenant's user (404), anonymous (401)", async () => {
    const demoUser = await userId("ville.hamalainen@demo.test");
    expectError(await put(EMPLOYEE, demoUser, "ville2@demo.test"), 403, "FORBIDDEN");
    expectError(await put(DEMO_ADMIN, demoUser, "ville2@demo.test"), 403, "FORBIDDEN");
    const anonymous = await t.app.inject({
      method: "PUT",
      url: `/api/system-users/${demoUser}`,
      payload: { workEmail: "ville2@demo.test", csrfToken: "x" },
    });
    expectError(anonymous, 401, "UNAUTHORIZED");
  });

  describe("by employer admins given system-users.manage", () => {
    grantDuringBlock("EMPLOYER_ADMIN", "system-users.manage");

    it("lets a manager change users of their company and answers another tenant's with 404", async () => {
      const ville = await userId("ville.hamalainen@demo.test");
      expectError(await put(TOINEN_ADMIN, ville, "ville2@demo.test"), 404, "NOT_FOUND");
      expectError(await put(TOINEN_ADMIN, await userId(ADMIN), "x@pedaali.test"), 404, "NOT_FOUND");
      const ok = await put(DEMO_ADMIN, ville, "ville.h@demo.test");
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await put(DEMO_ADMIN, ville, "ville.hamalainen@demo.test")).statusCode).toBe(200);
    });
  });
});

describe("PATCH /api/system-users/:userId/phone", () => {
  const patch = (who: string | null, target: string, phoneNumber: unknown) =>
    call("PATCH", `/api/system-users/${target}/phone`, who, { phoneNumber });

  it("normalises the number and clears its verification when it changes", async () => {
    const id = await userId(EMPLOYEE);
    const { db } = t.database;
    await db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, id));
    const same = await patch(EMPLOYEE, id, "+358 50 555 0110");
    expect(same.statusCode, same.body).toBe(200);
    expect((await db.select().from(users).where(eq(users.id, id)))[0]?.phoneVerifiedAt).not.toBeNull();
    // One's own new number needs the current password and a code (self-contact-change.db.test.ts).
    expectError(await patch(EMPLOYEE, id, "40 123 4567"), 400, "VALIDATION_ERROR");
    // A manager's change applies at once; the new number is unverified until a code reaches it.
    const res = await patch(ADMIN, id, "40 123 4567");
    expect(res.statusCode, res.body).toBe(200);
    expect(zSystemUserItem.parse(res.json()).phoneNumber).toBe("0401234567");
    expect((await db.select().from(users).where(eq(users.id, id)))[0]?.phoneVerifiedAt).toBeNull();
  });

  it("lets an admin change anyone's at once, storing the normalised number", async () => {
    // The admin path stays immediate (only a user's change of their own number waits for a code).
    const id = await userId("ville.hamalainen@demo.test");
    const { db } = t.database;
    await db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, id));
    const res = await patch(ADMIN, id, " 050 111 2233 ");
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await db.select().from(users).where(eq(users.id, id));
    // Whitespace gone, Finnish form kept (0… or +358…), the old verification cleared.
    expect(stored?.phoneNumber).toMatch(/^(?:0|\+358)501112233$/);
    expect(stored?.phoneVerifiedAt).toBeNull();
    expect(zSystemUserItem.parse(res.json())).toMatchObject({ userId: id, phoneNumber: stored?.phoneNumber });
  });

  it("answers an unsupported number with 400 'Unsupported phone number format'", async () => {
    const id = await userId(EMPLOYEE);
    for (const phoneNumber of ["123", "", "+46 70 123 4567", "abc"]) {
      const body = expectError(await patch(EMPLOYEE, id, phoneNumber), 400, "UNSUPPORTED_PHONE_NUMBER");
      expect(body.message).toBe("Unsupported phone number format");
    }
    expectError(await patch(EMPLOYEE, id, 12345), 400, "VALIDATION_ERROR");
    expectError(await patch(ADMIN, "nope", "0401234567"), 400, "VALIDATION_ERROR");
    expectError(await patch(EMPLOYEE, "nope", "0401234567"), 403, "FORBIDDEN");
  });

  it("refuses a non-manager (403), another tenant's user (404), anonymous (401)", async () => {
    const ville = await userId("ville.hamalainen@demo.test");
    expectError(await patch(EMPLOYEE, ville, "0401234567"), 403, "FORBIDDEN");
    expectError(await patch(REPORTING, ville, "0401234567"), 403, "FORBIDDEN");
    expectError(await patch(null, ville, "0401234567"), 401, "UNAUTHORIZED");
  });

  describe("by employer admins given system-users.manage", () => {
    grantDuringBlock("EMPLOYER_ADMIN", "system-users.manage");

    it("answers another tenant's user with 404", async () => {
      const ville = await userId("ville.hamalainen@demo.test");
      expectError(await patch(TOINEN_ADMIN, ville, "0401234567"), 404, "NOT_FOUND");
    });
  });
});

describe("a manager resets someone's two-factor phone with an empty number", () => {
  it("clears the number and its verification, tells the user, and the next login asks for a number", async () => {
    const { db } = t.database;
    const id = await userId(REPORTING);
    const [before] = await db.select().from(users).where(eq(users.id, id));
    await db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, id));
    try {
      const res = await call("PATCH", `/api/system-users/${id}/phone`, ADMIN, { phoneNumber: " " });
      expect(res.statusCode, res.body).toBe(200);
      expect(zSystemUserItem.parse(res.json()).phoneNumber).toBeNull();
      const [after] = await db.select().from(users).where(eq(users.id, id));
      expect(after).toMatchObject({ phoneNumber: null, phoneVerifiedAt: null });
      const mails = await db.select().from(outbox).where(eq(outbox.recipient, REPORTING));
      expect(mails.at(-1)).toMatchObject({ template: "contact-changed" });
      expect(mails.at(-1)?.bodyText).toContain("poistettu");
      const login = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: REPORTING, password: DEMO_PASSWORD },
      });
      expect(expectError(login, 400, "PHONE_NUMBER_REQUIRED").requiresPhoneNumber).toBe(true);
    } finally {
      await db
        .update(users)
        .set({ phoneNumber: before?.phoneNumber ?? null })
        .where(eq(users.id, id));
    }
  });

  it("never clears one's own number (400)", async () => {
    const { db } = t.database;
    const id = await userId(ADMIN);
    const [before] = await db.select().from(users).where(eq(users.id, id));
    expectError(await call("PATCH", `/api/system-users/${id}/phone`, ADMIN, { phoneNumber: "" }), 400);
    const [after] = await db.select().from(users).where(eq(users.id, id));
    expect(after?.phoneNumber).toBe(before?.phoneNumber);
  });
});
