import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, cookieJar, loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zSessionUser } from "../../../contract/auth.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  COMPANY_REGISTRATION_MESSAGE,
  EMPLOYEE_REGISTRATION_MESSAGE,
  zRegisterLinkInfo,
  zRegisterLinkResponse,
} from "../../../contract/registration.ts";
import {
  beneficiaryEmployees,
  companies,
  companyApplications,
  eventLog,
  groupCompanies,
  notifications,
  outbox,
  registrationLinks,
  users,
} from "../../db/schema/index.ts";
import { sha256 } from "../auth/tokens.ts";

const t = setupTestApp({}, { demoData: true });
const PASSWORD = "neljä pyörää ja teltta";

let nextAddress = 1;
const address = () => `10.40.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const ids = { demo: "", logistics: "", toinen: "", group: "" };
const sessions = {} as Record<"employer" | "groupAdmin" | "toinen" | "reporting" | "admin", Session>;

beforeAll(async () => {
  const rows = await t.database.db.select({ id: companies.id, name: companies.name }).from(companies);
  const byName = (name: string) => rows.find((r) => r.name === name)?.id as string;
  ids.demo = byName("Demo Oy");
  ids.logistics = byName("Demo Logistiikka Oy");
  ids.toinen = byName("Toinen Oy");
  const [group] = await t.database.db.select().from(groupCompanies);
  ids.group = group?.id as string;
  sessions.employer = await loginAs(t.app, "employer.admin@demo.test");
  sessions.groupAdmin = await loginAs(t.app, "group.admin@demo.test");
  sessions.toinen = await loginAs(t.app, "employer.admin@toinen.test");
  sessions.reporting = await loginAs(t.app, "reporting@demo.test");
  sessions.admin = await loginAs(t.app, "admin@pedaali.test");
});

const createLink = (kind: "company" | "group-company", payload: Record<string, unknown>, session?: Session) =>
  t.app.inject({
    method: "POST",
    url: `/api/register-link/${kind}`,
    payload,
    ...(session ? { headers: session.headers() } : {}),
  });
const linkInfo = (token: string) =>
  t.app.inject({ method: "GET", url: `/api/register-link/${token}`, remoteAddress: address() });
const registerEmployee = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/register/employee", payload, remoteAddress: address() });
const registerCompany = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/register/company", payload, remoteAddress: address() });

async function newCompanyLink(): Promise<string> {
  const res = await createLink("company", { companyId: ids.demo }, sessions.employer);
  expect(res.statusCode, res.body).toBe(200);
  return zRegisterLinkResponse.parse(res.json()).token;
}

const employee = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  firstName: "Aino",
  lastName: "Virtanen",
  email: "aino.virtanen@demo.test",
  phoneNumber: "040 123 4567",
  password: PASSWORD,
  language: "fi",
  ...overrides,
});

describe("POST /api/register-link/company", () => {
  it("gives an employer a token for its own company and stores only its hash", async () => {
    const res = await createLink("company", { companyId: ids.demo }, sessions.employer);
    const { token, url, qrSvg } = zRegisterLinkResponse.parse(res.json());
    // The join address and its QR code come with the token (the browser needs no QR library).
    expect(url).toBe(`http://localhost:3000/liity/${token}`);
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.database.db
      .select()
      .from(registrationLinks)
      .where(eq(registrationLinks.tokenHash, sha256(token)));
    expect(row).toMatchObject({ companyId: ids.demo, groupCompanyId: null, useCount: 0 });
    const [creator] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "employer.admin@demo.test"));
    expect(row?.createdByUserId).toBe(creator?.id);
    const days = ((row?.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThanOrEqual(90);
  });

  it("answers another tenant's company with 404", async () => {
    const res = await createLink("company", { companyId: ids.demo }, sessions.toinen);
    expect(res.statusCode).toBe(404);
    expect(zErrorResponse.parse(res.json()).code).toBe("NOT_FOUND");
  });

  it("answers 403 to a role without the permission and 401 without a session", async () => {
    const reporting = await createLink("company", { companyId: ids.demo }, sessions.reporting);
    expect(reporting.statusCode).toBe(403);
    const beneficiary = await loginAs(t.app, "employee@demo.test");
    expect((await createLink("company", { companyId: ids.demo }, beneficiary)).statusCode).toBe(403);
    expect((await createLink("company", { companyId: ids.demo })).statusCode).toBe(401);
  });

  it("refuses a malformed body with 400 and an unknown company with 404 even for an admin, storing no link", async () => {
    const linksBefore = await t.database.db.$count(registrationLinks);
    for (const payload of [{}, { companyId: "nope" }, { companyId: 7 }]) {
      const res = await createLink("company", payload, sessions.employer);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(zErrorResponse.parse(res.json()).code).toBe("VALIDATION_ERROR");
    }
    const res = await createLink("company", { companyId: crypto.randomUUID() }, sessions.admin);
    expect(res.statusCode).toBe(404);
    expect(zErrorResponse.parse(res.json()).code).toBe("NOT_FOUND");
    expect(await t.database.db.$count(registrationLinks)).toBe(linksBefore);
    // The admin may make a link for any existing company: exactly that one is stored.
    const ok = await createLink("company", { companyId: ids.toinen }, sessions.admin);
    expect(ok.statusCode, ok.body).toBe(200);
    const { token } = zRegisterLinkResponse.parse(ok.json());
    const [stored] = await t.database.db
      .select()
      .from(registrationLinks)
      .where(eq(registrationLinks.tokenHash, sha256(token)));
    expect(stored).toMatchObject({ companyId: ids.toinen, groupCompanyId: null, useCount: 0 });
    expect(await t.database.db.$count(registrationLinks)).toBe(linksBefore + 1);
  });
});

describe("POST /api/register-link/group-company", () => {
  it("gives a group admin and an admin a group link, and nobody else", async () => {
    expect(
      (await createLink("group-company", { groupCompanyId: ids.group }, sessions.groupAdmin)).statusCode,
    ).toBe(200);
    expect(
      (await createLink("group-company", { groupCompanyId: ids.group }, sessions.admin)).statusCode,
    ).toBe(200);
    expect(
      (await createLink("group-company", { groupCompanyId: ids.group }, sessions.employer)).statusCode,
    ).toBe(404);
    expect(
      (await createLink("group-company", { groupCompanyId: ids.group }, sessions.toinen)).statusCode,
    ).toBe(404);
    expect(
      (await createLink("group-company", { groupCompanyId: ids.group }, sessions.reporting)).statusCode,
    ).toBe(403);
    expect((await createLink("group-company", { groupCompanyId: ids.group })).statusCode).toBe(401);
    expect(
      (await createLink("group-company", { groupCompanyId: crypto.randomUUID() }, sessions.admin)).statusCode,
    ).toBe(404);
    expect((await createLink("group-company", { groupCompanyId: "x" }, sessions.admin)).statusCode).toBe(400);
  });
});

describe("GET /api/register-link/:token", () => {
  it("describes a company link", async () => {
    const token = await newCompanyLink();
    const res = await linkInfo(token);
    expect(res.statusCode).toBe(200);
    expect(zRegisterLinkInfo.parse(res.json())).toEqual({
      valid: true,
      kind: "company",
      name: "Demo Oy",
      companies: [{ id: ids.demo, name: "Demo Oy" }],
    });
  });

  it("answers valid false for unknown, expired and revoked links, and 400 for a malformed token", async () => {
    const invalid = { valid: false, kind: null, name: null, companies: [] };
    expect((await linkInfo("y".repeat(43))).json()).toEqual(invalid);
    const expired = await newCompanyLink();
    await t.database.db
      .update(registrationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationLinks.tokenHash, sha256(expired)));
    expect((await linkInfo(expired)).json()).toEqual(invalid);
    const revoked = await newCompanyLink();
    await t.database.db
      .update(registrationLinks)
      .set({ revokedAt: new Date() })
      .where(eq(registrationLinks.tokenHash, sha256(revoked)));
    expect((await linkInfo(revoked)).json()).toEqual(invalid);
    expect((await linkInfo("short")).statusCode).toBe(400);
  });
});

describe("joining by a company link", () => {
  it("registers a pending beneficiary who can log in, and refuses the same e-mail again", async () => {
    const token = await newCompanyLink();
    const res = await registerEmployee(employee(token));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: EMPLOYEE_REGISTRATION_MESSAGE, alreadyAdded: false });

    // Beneficiaries log in without a code.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "aino.virtanen@demo.test", password: PASSWORD },
      remoteAddress: address(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(cookieJar({}, login)) },
    });
    const user = zSessionUser.parse(me.json());
    expect(user).toMatchObject({
      email: "aino.virtanen@demo.test",
      firstName: "Aino",
      lastName: "Virtanen",
      phoneNumber: "0401234567",
      language: "fi",
      companyId: ids.demo,
      roles: ["BIKE_BENEFICIARY"],
    });
    expect(user.userRoles).toEqual([expect.objectContaining({ companyId: ids.demo })]);

    const [employment] = await t.database.db
      .select()
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.userId, user.id));
    expect(employment).toMatchObject({ companyId: ids.demo, status: "PENDING" });

    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, user.id), eq(eventLog.type, "USER_CREATED")));
    expect(event).toMatchObject({ actorUserId: null, companyId: ids.demo, entityType: "user" });

    const [link] = await t.database.db
      .select()
      .from(registrationLinks)
      .where(eq(registrationLinks.tokenHash, sha256(token)));
    expect(link?.useCount).toBe(1);

    // The company's employer admins (not the group admin or the reporting user) see it in the bell.
    const bell = await t.database.db
      .select({ email: users.email, type: notifications.type, entityId: notifications.entityId })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(
        and(
          eq(notifications.type, "EMPLOYEE_REGISTRATION"),
          eq(notifications.entityId, employment?.id as string),
        ),
      );
    expect(bell.map((n) => n.email).sort()).toEqual(["employer.admin@demo.test", "twofactor@demo.test"]);

    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "aino.virtanen@demo.test"));
    expect(mail?.template).toBe("registration-received");
    expect(mail?.bodyText).toContain("Demo Oy");

    const again = await registerEmployee(
      employee(token, { email: "AINO.Virtanen@demo.test", firstName: "Toinen" }),
    );
    expect(again.statusCode).toBe(409);
    expect(zErrorResponse.parse(again.json()).code).toBe("EMAIL_TAKEN");
    const existing = await registerEmployee(employee(token, { email: "employee@demo.test" }));
    expect(existing.statusCode).toBe(409);
  });

  it("refuses bad fields with 400 and the failing field, never 500", async () => {
    const token = await newCompanyLink();
    const badEmail = await registerEmployee(employee(token, { email: "aino..x@demo.test" }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "body.email", message: "Invalid email" }],
    });
    const badPhone = await registerEmployee(employee(token, { email: "p1@demo.test", phoneNumber: "12345" }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({
      code: "UNSUPPORTED_PHONE_NUMBER",
      message: "Unsupported phone number format",
    });
    const weak = await registerEmployee(employee(token, { email: "p2@demo.test", password: "salasana1234" }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: "WEAK_PASSWORD" });
    const containsEmail = await registerEmployee(
      employee(token, { email: "matti.meikalainen@demo.test", password: "matti.meikalainen-2026" }),
    );
    expect(containsEmail.json().details).toContainEqual({ field: "body.password", message: "containsEmail" });
    const otherCompany = await registerEmployee(
      employee(token, { email: "p3@demo.test", companyId: ids.toinen }),
    );
    expect(otherCompany.statusCode).toBe(400);
    for (const broken of [
      {},
      employee(token, { language: "de" }),
      employee(token, { firstName: "" }),
      employee(token, { companyId: "x" }),
      employee("short"),
    ]) {
      const res = await registerEmployee(broken);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
    const created = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} in ('p1@demo.test', 'p2@demo.test', 'p3@demo.test')`);
    expect(created).toEqual([]);
  });

  it("refuses an unknown, expired or used-up link with 400 REGISTRATION_LINK_INVALID", async () => {
    const unknown = await registerEmployee(employee("z".repeat(43), { email: "l1@demo.test" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("REGISTRATION_LINK_INVALID");

    const expired = await newCompanyLink();
    await t.database.db
      .update(registrationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationLinks.tokenHash, sha256(expired)));
    const res = await registerEmployee(employee(expired, { email: "l2@demo.test" }));
    expect(res.json().code).toBe("REGISTRATION_LINK_INVALID");

    const usedUp = await newCompanyLink();
    await t.database.db
      .update(registrationLinks)
      .set({ maxUses: 1, useCount: 1 })
      .where(eq(registrationLinks.tokenHash, sha256(usedUp)));
    expect((await registerEmployee(employee(usedUp, { email: "l3@demo.test" }))).json().code).toBe(
      "REGISTRATION_LINK_INVALID",
    );
  });
});

describe("joining by a group link", () => {
  it("lists the group's companies and requires one of them", async () => {
    const created = await createLink("group-company", { groupCompanyId: ids.group }, sessions.groupAdmin);
    const { token } = zRegisterLinkResponse.parse(created.json());
    const info = zRegisterLinkInfo.parse((await linkInfo(token)).json());
    expect(info).toEqual({
      valid: true,
      kind: "groupCompany",
      name: "Demo-konserni",
      companies: [
        { id: ids.logistics, name: "Demo Logistiikka Oy" },
        { id: ids.demo, name: "Demo Oy" },
      ],
    });

    const base = { email: "eero.group@demo.test" };
    const none = await registerEmployee(employee(token, base));
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field: "body.companyId", message: expect.any(String) }]);
    const outside = await registerEmployee(employee(token, { ...base, companyId: ids.toinen }));
    expect(outside.statusCode).toBe(400);

    const res = await registerEmployee(
      employee(token, { ...base, companyId: ids.logistics, language: "sv" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({
        companyId: beneficiaryEmployees.companyId,
        status: beneficiaryEmployees.status,
        language: users.language,
      })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(eq(users.email, "eero.group@demo.test"));
    expect(row).toEqual({ companyId: ids.logistics, status: "PENDING", language: "sv" });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "eero.group@demo.test"));
    expect(mail?.subject).toBe("Din registrering i Pedaali har tagits emot");
  });
});

describe("POST /api/register/company", () => {
  const signUp = (overrides: { company?: object; admin?: object; [key: string]: unknown } = {}) => ({
    language: "fi",
    consent: true,
    ...overrides,
    company: {
      name: "Pyöräilevä Oy",
      businessId: "3401234-1",
      streetAddress: "Kauppakatu 1",
      postalCode: "40100",
      city: "Jyväskylä",
      employeeCount: 42,
      ...overrides.company,
    },
    admin: {
      firstName: "Hanna",
      lastName: "Koivisto",
      email: "Hanna.Koivisto@pyorailava.test",
      phoneNumber: "+358 50 555 0300",
      ...overrides.admin,
    },
  });

  it("stores a pending application for the helpdesk and mails the applicant, creating nothing else", async () => {
    const res = await registerCompany(signUp());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: COMPANY_REGISTRATION_MESSAGE });
    const [application] = await t.database.db
      .select()
      .from(companyApplications)
      .where(eq(companyApplications.businessId, "3401234-1"));
    expect(application).toMatchObject({
      companyName: "Pyöräilevä Oy",
      contactFirstName: "Hanna",
      contactLastName: "Koivisto",
      contactEmail: "hanna.koivisto@pyorailava.test",
      contactPhoneNumber: "+358505550300",
      employeeCount: 42,
      status: "PENDING",
    });
    expect(application?.streetAddress).toContain("Kauppakatu 1");
    expect(application?.postalCode).toMatch(/^\d{5}$/);
    expect(application?.city).toBeTruthy();
    expect(application?.message).toBeNull();
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "hanna.koivisto@pyorailava.test"));
    expect(mail?.template).toBe("employer-signup-received");
    expect(mail?.bodyText).toContain("Pyöräilevä Oy");
    expect(await t.database.db.select().from(companies).where(eq(companies.businessId, "3401234-1"))).toEqual(
      [],
    );
    expect(
      await t.database.db.select().from(users).where(eq(users.email, "hanna.koivisto@pyorailava.test")),
    ).toEqual([]);
  });

  it("refuses a wrong check digit, e-mail, phone or missing consent with 400", async () => {
    const badId = await registerCompany(signUp({ company: { businessId: "3401234-2" } }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({
      code: "BUSINESS_ID_INVALID",
      details: [{ field: "body.company.businessId", message: "Invalid business ID" }],
    });
    const badEmail = await registerCompany(signUp({ admin: { email: "hanna@" } }));
    expect(badEmail.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "body.admin.email" }],
    });
    const badPhone = await registerCompany(signUp({ admin: { phoneNumber: "+46 70 123 45 67" } }));
    expect(badPhone.json()).toMatchObject({ code: "UNSUPPORTED_PHONE_NUMBER" });
    for (const broken of [
      {},
      signUp({ consent: false }),
      signUp({ company: { postalCode: "123" } }),
      signUp({ company: { name: "" } }),
      signUp({ company: { businessId: "12" } }),
      signUp({ language: "de" }),
    ]) {
      const res = await registerCompany(broken);
      expect(res.statusCode).toBe(400);
    }
    const stored = await t.database.db
      .select()
      .from(companyApplications)
      .where(eq(companyApplications.businessId, "3401234-2"));
    expect(stored).toEqual([]);
  });
});
