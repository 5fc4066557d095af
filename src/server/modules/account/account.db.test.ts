import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zUserPreferencesResponse } from "../../../contract/account.ts";
import { zSessionUser } from "../../../contract/auth.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { systemUsers, userPreferences, users } from "../../db/schema/index.ts";
import { issuePreferencesToken } from "./service.ts";

const t = setupTestApp({}, { demoData: true });

const ids = {} as Record<"employee" | "ville", string>;
const sessions = {} as Record<"employee" | "admin" | "employer" | "toinen", Session>;

const userId = (email: string) => userIdByEmail(t.database.db, email);

/** A user of the test's own who has never saved preferences, whichever tests ran before. */
async function freshUser(email: string): Promise<string> {
  const [row] = await t.database.db.insert(users).values({ email }).returning({ id: users.id });
  return row?.id as string;
}

/** The stored preference document of a user (null when none was ever saved). */
async function storedPreferences(id: string) {
  const [row] = await t.database.db.select().from(userPreferences).where(eq(userPreferences.userId, id));
  return row?.preferences ?? null;
}

beforeAll(async () => {
  ids.employee = await userId("employee@demo.test");
  ids.ville = await userId("ville.hamalainen@demo.test");
  sessions.employee = await loginAs(t.app, "employee@demo.test");
  sessions.admin = await loginAs(t.app, "admin@pedaali.test");
  sessions.employer = await loginAs(t.app, "employer.admin@demo.test");
  sessions.toinen = await loginAs(t.app, "employer.admin@toinen.test");
});

const patchUser = (payload: Record<string, unknown>, session?: Session) =>
  t.app.inject({
    method: "PATCH",
    url: "/api/user",
    payload,
    ...(session ? { headers: session.headers() } : {}),
  });
const putPreferences = (payload: Record<string, unknown>, session?: Session) =>
  t.app.inject({
    method: "PUT",
    url: "/api/user-preferences",
    payload,
    ...(session ? { headers: session.headers() } : {}),
  });
const getUserPreferences = (id: string, session?: Session) =>
  t.app.inject({
    method: "GET",
    url: `/api/user-preferences/user/${id}`,
    ...(session ? { headers: { cookie: cookieHeader(session.jar) } } : {}),
  });

const details = {
  firstName: "Emilia",
  lastName: "Laine-Korhonen",
  personalEmail: " Emilia.Laine@Example.com ",
  language: "en",
};

describe("PATCH /api/user", () => {
  it("updates the own names, personal e-mail and language and answers the session user", async () => {
    const res = await patchUser(details, sessions.employee);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty("roleNames");
    expect(body).not.toHaveProperty("scope");
    expect(zSessionUser.parse(body)).toMatchObject({
      id: ids.employee,
      email: "employee@demo.test",
      firstName: "Emilia",
      lastName: "Laine-Korhonen",
      personalEmail: "emilia.laine@example.com",
      language: "en",
      roles: ["BIKE_BENEFICIARY"],
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(sessions.employee.jar) },
    });
    expect(me.json()).toMatchObject({ lastName: "Laine-Korhonen", language: "en" });

    const cleared = await patchUser({ ...details, personalEmail: "" }, sessions.employee);
    expect(cleared.json().personalEmail).toBeNull();
    const [profile] = await t.database.db
      .select()
      .from(systemUsers)
      .where(eq(systemUsers.userId, ids.employee));
    expect(profile?.personalEmail).toBeNull();
  });

  it("refuses a malformed personal e-mail and missing fields with 400, changing nothing", async () => {
    const profileOf = async () =>
      (await t.database.db.select().from(systemUsers).where(eq(systemUsers.userId, ids.employee)))[0];
    const before = await profileOf();
    const bad = await patchUser({ ...details, personalEmail: "emilia@laine" }, sessions.employee);
    expect(bad.statusCode).toBe(400);
    expect(zErrorResponse.parse(bad.json())).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "body.personalEmail", message: "Invalid email" }],
    });
    for (const payload of [
      {},
      { ...details, firstName: "" },
      { ...details, language: "de" },
      { ...details, lastName: "x".repeat(101) },
    ]) {
      const res = await patchUser(payload, sessions.employee);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(zErrorResponse.parse(res.json()).code).toBe("VALIDATION_ERROR");
    }
    expect(await profileOf()).toEqual(before);
  });

  it("answers 401 without a session, 403 without the CSRF token and 403 to a deactivated user", async () => {
    expect((await patchUser(details)).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: "PATCH",
      url: "/api/user",
      payload: details,
      headers: { cookie: cookieHeader(sessions.employee.jar) },
    });
    expect(noCsrf.statusCode).toBe(403);

    const session = await loginAs(t.app, "olli.karjalainen@demo.test");
    await t.database.db
      .update(users)
      .set({ deactivated: true, deactivatedAt: new Date() })
      .where(eq(users.email, "olli.karjalainen@demo.test"));
    const res = await patchUser(details, session);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("USER_DEACTIVATED");
    expect((await putPreferences({ preferences: { theme: "dark" } }, session)).statusCode).toBe(403);
  });
});

describe("PUT /api/user-preferences", () => {
  it("merges the preferences key by key; null removes a key; the theme reaches the session user", async () => {
    const first = await putPreferences({ preferences: { theme: "dark", fontSize: 14 } }, sessions.employee);
    expect(first.statusCode, first.body).toBe(200);
    expect(zUserPreferencesResponse.parse(first.json())).toEqual({ data: { theme: "dark", fontSize: 14 } });
    const second = await putPreferences(
      { preferences: { language: "sv", fontSize: null } },
      sessions.employee,
    );
    expect(second.json()).toEqual({ data: { theme: "dark", language: "sv" } });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(sessions.employee.jar) },
    });
    expect(me.json().preferences).toEqual({ theme: "dark" });
  });

  it("refuses unknown values of the known keys and nested values with 400 VALIDATION_ERROR, and no session with 401, changing nothing", async () => {
    const saved = await putPreferences({ preferences: { theme: "dark" } }, sessions.employee);
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await storedPreferences(ids.employee);
    expect(before).toMatchObject({ theme: "dark" });
    for (const payload of [
      {},
      { preferences: { theme: "blue" } },
      { preferences: { language: "de" } },
      { preferences: { nested: { a: 1 } } },
      { preferences: "dark" },
    ]) {
      const res = await putPreferences(payload, sessions.employee);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(zErrorResponse.parse(res.json()).code).toBe("VALIDATION_ERROR");
    }
    const anonymous = await putPreferences({ preferences: { theme: "light" } });
    expect(anonymous.statusCode).toBe(401);
    expect(zErrorResponse.parse(anonymous.json()).code).toBe("UNAUTHORIZED");
    expect(await storedPreferences(ids.employee)).toEqual(before);
  });
});

describe("GET /api/user-preferences/user/:id", () => {
  it("answers the own preferences and, to an admin, anyone's", async () => {
    await putPreferences({ preferences: { theme: "light" } }, sessions.employee);
    const own = await getUserPreferences(ids.employee, sessions.employee);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.theme).toBe("light");
    const admin = await getUserPreferences(ids.employee, sessions.admin);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.theme).toBe("light");
    // A user who never saved any has an empty document.
    const never = await freshUser("never.saved@account.test");
    expect((await getUserPreferences(never, sessions.admin)).json()).toEqual({ data: {} });
  });

  it("answers another user's preferences with 404 to everyone else", async () => {
    expect((await getUserPreferences(ids.employee, sessions.toinen)).statusCode).toBe(404);
    expect((await getUserPreferences(ids.employee, sessions.employer)).statusCode).toBe(404);
    expect((await getUserPreferences(ids.ville, sessions.employee)).statusCode).toBe(404);
    expect((await getUserPreferences(crypto.randomUUID(), sessions.admin)).statusCode).toBe(404);
  });

  it("answers a malformed id with 400 and no session with 401", async () => {
    expect((await getUserPreferences("not-a-uuid", sessions.employee)).statusCode).toBe(400);
    expect((await getUserPreferences(ids.employee)).statusCode).toBe(401);
  });
});

describe("/api/user-preferences/token/:token", () => {
  it("reads and merges the preferences of the token's user without a session", async () => {
    // A user of its own: the test reads an empty document first.
    const owner = await freshUser("token.owner@account.test");
    const token = await issuePreferencesToken(t.database.db, owner);
    const read = await t.app.inject({ method: "GET", url: `/api/user-preferences/token/${token}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: {} });
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/user-preferences/token/${token}`,
      payload: { preferences: { newsletter: false, theme: "dark" } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ data: { newsletter: false, theme: "dark" } });
    expect((await getUserPreferences(owner, sessions.admin)).json()).toEqual({
      data: { newsletter: false, theme: "dark" },
    });
  });

  it("answers an unknown token with 404 and malformed input with 400", async () => {
    const unknown = "u".repeat(43);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/user-preferences/token/${unknown}` })).statusCode,
    ).toBe(404);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/user-preferences/token/${unknown}`,
      payload: { preferences: { theme: "dark" } },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/user-preferences/token/short" })).statusCode).toBe(
      400,
    );
    const token = await issuePreferencesToken(t.database.db, ids.ville);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/user-preferences/token/${token}`,
      payload: { preferences: { theme: 3 } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
