import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zSessionUser } from "../../../contract/auth.ts";
import { zCalculatorMyTerms } from "../../../contract/calculator.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { systemUsers, users } from "../../db/schema/index.ts";

/**
 * PUT /api/user/municipality: the municipality of residence and church remembered on the own details,
 * read back by GET /api/user (the own details page, the calculator, /mybike) and by the employee's own
 * terms GET /api/calculator/my-terms.
 */

const t = setupTestApp({}, { demoData: true });

const sessions = {} as Record<"employee" | "employer" | "admin" | "store", Session>;

beforeAll(async () => {
  sessions.employee = await loginAs(t.app, "employee@demo.test");
  sessions.employer = await loginAs(t.app, "employer.admin@demo.test");
  sessions.admin = await loginAs(t.app, "admin@pedaali.test");
  sessions.store = await loginAs(t.app, "myyja@vauhti.test");
});

const putMunicipality = (payload: unknown, session?: Session) =>
  t.app.inject({
    method: "PUT",
    url: "/api/user/municipality",
    payload: payload as Record<string, unknown>,
    ...(session ? { headers: session.headers() } : {}),
  });

const get = (url: string, session: Session) =>
  t.app.inject({ method: "GET", url, headers: session.headers() });

async function storedChoice(email: string) {
  const userId = await userIdByEmail(t.database.db, email);
  const [row] = await t.database.db
    .select({ municipalityCode: systemUsers.municipalityCode, church: systemUsers.church })
    .from(systemUsers)
    .where(eq(systemUsers.userId, userId));
  return row;
}

describe("PUT /api/user/municipality", () => {
  it("remembers the municipality and church, which the session user and the employee's own terms carry", async () => {
    const res = await putMunicipality({ municipalityCode: "092", church: "ORTHODOX" }, sessions.employee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const answer = zSessionUser.parse(res.json());
    expect(answer).toMatchObject({
      email: "employee@demo.test",
      municipalityCode: "092",
      church: "ORTHODOX",
    });
    expect(res.json()).not.toHaveProperty("roleNames");
    expect(res.json()).not.toHaveProperty("storeIds");
    expect(await storedChoice("employee@demo.test")).toEqual({ municipalityCode: "092", church: "ORTHODOX" });

    const me = await get("/api/user", sessions.employee);
    expect(zSessionUser.parse(me.json())).toMatchObject({ municipalityCode: "092", church: "ORTHODOX" });
    const terms = await get("/api/calculator/my-terms", sessions.employee);
    expect(terms.statusCode, terms.body).toBe(200);
    expect(zCalculatorMyTerms.parse(terms.json())).toMatchObject({
      companyName: "Demo Oy",
      municipalityCode: "092",
      church: "ORTHODOX",
    });

    // Null forgets either: the calculator opens with its own defaults again.
    const forgot = await putMunicipality({ municipalityCode: null, church: null }, sessions.employee);
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(forgot.json()).toMatchObject({ municipalityCode: null, church: null });
    expect(await storedChoice("employee@demo.test")).toEqual({ municipalityCode: null, church: null });
  });

  it("keeps an Åland municipality: it is where the person lives, though the calculator does not calculate it yet", async () => {
    const res = await putMunicipality({ municipalityCode: "478", church: "NONE" }, sessions.employee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ municipalityCode: "478", church: "NONE" });
  });

  it("refuses a code no municipality of the year has with 400 naming the field, changing nothing", async () => {
    await putMunicipality({ municipalityCode: "091", church: "EVANGELICAL_LUTHERAN" }, sessions.employee);
    // 588 is Pertunmaa, joined to Mäntyharju in 2025: no longer on the list.
    for (const code of ["999", "588"]) {
      const res = await putMunicipality({ municipalityCode: code, church: "NONE" }, sessions.employee);
      expect(res.statusCode, code).toBe(400);
      expect(zErrorResponse.parse(res.json())).toMatchObject({
        code: "UNKNOWN_MUNICIPALITY",
        details: [{ field: "body.municipalityCode" }],
      });
      expect(res.json().message).toContain(code);
    }
    for (const payload of [
      { municipalityCode: "Vantaa", church: "NONE" },
      { municipalityCode: "92", church: "NONE" },
      { municipalityCode: "092", church: "CATHOLIC" },
      { municipalityCode: "092" },
      { municipalityCode: "092", church: "NONE", firstName: "Someone" },
    ]) {
      const res = await putMunicipality(payload, sessions.employee);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(zErrorResponse.parse(res.json()).code).toBe("VALIDATION_ERROR");
    }
    expect(await storedChoice("employee@demo.test")).toEqual({
      municipalityCode: "091",
      church: "EVANGELICAL_LUTHERAN",
    });
  });

  it("changes only the caller's own details, whoever calls", async () => {
    await putMunicipality({ municipalityCode: "837", church: "EVANGELICAL_LUTHERAN" }, sessions.employee);
    for (const [session, code] of [
      [sessions.employer, "049"],
      [sessions.admin, "091"],
      [sessions.store, "853"],
    ] as const) {
      const res = await putMunicipality({ municipalityCode: code, church: "NONE" }, session);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ municipalityCode: code, church: "NONE" });
    }
    expect(await storedChoice("employee@demo.test")).toEqual({
      municipalityCode: "837",
      church: "EVANGELICAL_LUTHERAN",
    });
    expect(await storedChoice("employer.admin@demo.test")).toEqual({
      municipalityCode: "049",
      church: "NONE",
    });
    // A user id in the body is no way to reach someone else's details: the body takes no other field.
    const employeeId = await userIdByEmail(t.database.db, "employee@demo.test");
    const aimed = await putMunicipality(
      { municipalityCode: "091", church: "NONE", userId: employeeId },
      sessions.employer,
    );
    expect(aimed.statusCode).toBe(400);
    expect(await storedChoice("employee@demo.test")).toMatchObject({ municipalityCode: "837" });
  });

  it("answers 401 without a session, 403 without the CSRF token and 403 to a deactivated user", async () => {
    const body = { municipalityCode: "091", church: "NONE" };
    expect((await putMunicipality(body)).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: "PUT",
      url: "/api/user/municipality",
      payload: body,
      headers: { cookie: cookieHeader(sessions.employee.jar) },
    });
    expect(noCsrf.statusCode).toBe(403);

    const session = await loginAs(t.app, "olli.karjalainen@demo.test");
    await t.database.db
      .update(users)
      .set({ deactivated: true, deactivatedAt: new Date() })
      .where(eq(users.email, "olli.karjalainen@demo.test"));
    const res = await putMunicipality(body, session);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("USER_DEACTIVATED");
    expect(await storedChoice("olli.karjalainen@demo.test")).toEqual({
      municipalityCode: null,
      church: null,
    });
  });
});
