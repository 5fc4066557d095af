import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zJoinConfirmation, zJoinRule } from "../../../contract/join-rules.ts";
import {
  CONFIRM_JOIN_MESSAGE,
  EMPLOYEE_REGISTRATION_MESSAGE,
  zRegisterLinkResponse,
} from "../../../contract/registration.ts";
import {
  beneficiaryEmployees,
  companies,
  companyJoinRules,
  eventLog,
  outbox,
  users,
} from "../../db/schema/index.ts";
import { DEMO_JOIN_DOMAIN, DEMO_JOIN_RULE_COMPANY } from "../../db/seed/seed-join-rule-demo.ts";

const t = setupTestApp({}, { demoData: true });
const PASSWORD = "neljä pyörää ja teltta";

let nextAddress = 1;
const address = () => `10.41.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;
let nextPerson = 1;
const personAt = (domain: string) => `liittyja.${nextPerson++}@${domain}`;

let demoId = "";
const sessions = {} as Record<"employer" | "toinen" | "reporting" | "admin", Session>;

beforeAll(async () => {
  const [demo] = await t.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, "Demo Oy"));
  demoId = demo?.id as string;
  sessions.employer = await loginAs(t.app, "employer.admin@demo.test");
  sessions.toinen = await loginAs(t.app, "employer.admin@toinen.test");
  sessions.reporting = await loginAs(t.app, "reporting@demo.test");
  sessions.admin = await loginAs(t.app, "admin@pedaali.test");
});

// Each test sets the rule it needs: tests run in any order.
beforeEach(async () => {
  await t.database.db.delete(companyJoinRules).where(eq(companyJoinRules.companyId, demoId));
});

const getRule = (session: Session, companyId = demoId) =>
  t.app.inject({ method: "GET", url: `/api/companies/${companyId}/join-rule`, headers: session.headers() });
const putRule = (session: Session, payload: Record<string, unknown>, companyId = demoId) =>
  t.app.inject({
    method: "PUT",
    url: `/api/companies/${companyId}/join-rule`,
    payload: { domainJoiners: "ACCEPT", domainsOnly: false, ...payload },
    headers: session.headers(),
  });
const confirm = (token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/register/confirm-join",
    payload: { token },
    remoteAddress: address(),
  });

async function joinAs(email: string) {
  const link = await t.app.inject({
    method: "POST",
    url: "/api/register-link/company",
    payload: { companyId: demoId },
    headers: sessions.employer.headers(),
  });
  const { token } = zRegisterLinkResponse.parse(link.json());
  return t.app.inject({
    method: "POST",
    url: "/api/register/employee",
    remoteAddress: address(),
    payload: {
      token,
      firstName: "Aino",
      lastName: "Virtanen",
      email,
      phoneNumber: "040 123 4567",
      password: PASSWORD,
      language: "fi",
    },
  });
}

async function employmentOf(email: string) {
  const [row] = await t.database.db
    .select({
      id: beneficiaryEmployees.id,
      status: beneficiaryEmployees.status,
      decidedBy: beneficiaryEmployees.decidedByUserId,
    })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, email), eq(beneficiaryEmployees.companyId, demoId)));
  return row;
}

/** The confirmation link's token, read from the mail sent to the address. */
async function mailedToken(email: string): Promise<string> {
  const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
  const mail = mails.find((m) => m.template === "join-confirmation");
  expect(mail?.subject).toContain("Demo Oy");
  const token = /\/vahvista-liittyminen\/([\w-]+)/.exec(mail?.bodyText ?? "")?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

describe("the company's join rule", () => {
  it("shows no rule at first, with the domain the employer may vouch for", async () => {
    const res = await getRule(sessions.employer);
    expect(res.statusCode, res.body).toBe(200);
    expect(zJoinRule.parse(res.json())).toMatchObject({
      domains: [],
      domainJoiners: "WAIT",
      domainsOnly: false,
      ownDomain: "demo.test",
    });
    expect((await getRule(sessions.admin)).json()).toMatchObject({ ownDomain: null });
  });

  it("shows the demo's own rule: Demo Logistiikka Oy accepts its domain's joiners once confirmed", async () => {
    const [logistics] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_JOIN_RULE_COMPANY));
    const res = await getRule(sessions.admin, logistics?.id);
    expect(res.json()).toMatchObject({
      domains: [DEMO_JOIN_DOMAIN],
      domainJoiners: "ACCEPT",
      domainsOnly: false,
    });
  });

  it("takes the employer's own login domain, normalised, and records who set it", async () => {
    const res = await putRule(sessions.employer, { domains: ["@Demo.TEST"] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ domains: ["demo.test"], domainJoiners: "ACCEPT" });
    const events = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, demoId), eq(eventLog.type, "COMPANY_UPDATED")));
    expect(events.map((e) => e.data)).toContainEqual(
      expect.objectContaining({
        fields: ["joinRule"],
        joinRule: expect.objectContaining({ domains: ["demo.test"] }),
      }),
    );
  });

  it("refuses a domain no one vouched for and a public mail service, naming the domain", async () => {
    const unvouched = await putRule(sessions.employer, { domains: ["demo.test", "kilpailija.fi"] });
    expect(unvouched.statusCode).toBe(400);
    expect(unvouched.json()).toMatchObject({
      code: "JOIN_DOMAIN_NOT_VERIFIED",
      details: [{ field: "body.domains.1" }],
    });
    const publicMail = await putRule(sessions.admin, { domains: ["gmail.com"] });
    expect(publicMail.json()).toMatchObject({
      code: "PUBLIC_MAIL_DOMAIN",
      details: [{ field: "body.domains.0" }],
    });
    expect(
      await t.database.db.select().from(companyJoinRules).where(eq(companyJoinRules.companyId, demoId)),
    ).toEqual([]);
  });

  it("lets the helpdesk add any company domain, which the employer may then keep", async () => {
    expect((await putRule(sessions.admin, { domains: ["demo-oy.fi"] })).statusCode).toBe(200);
    const kept = await putRule(sessions.employer, {
      domains: ["demo-oy.fi", "demo.test"],
      domainsOnly: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ domains: ["demo-oy.fi", "demo.test"], domainsOnly: true });
  });

  it("refuses malformed rules with 400 at the field", async () => {
    for (const payload of [
      { domains: ["not a domain"] },
      { domains: [], domainsOnly: true },
      { domains: ["demo.test"], domainJoiners: "MAYBE" },
      { domains: Array.from({ length: 21 }, (_, i) => `d${i}.demo.test`) },
    ]) {
      const res = await putRule(sessions.employer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("is another company's 404, a reporting user's 403 and nobody's without a session", async () => {
    expect((await getRule(sessions.toinen)).statusCode).toBe(404);
    expect((await putRule(sessions.toinen, { domains: ["toinen.test"] })).statusCode).toBe(404);
    expect((await getRule(sessions.reporting)).statusCode).toBe(403);
    expect((await putRule(sessions.reporting, { domains: ["demo.test"] })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: `/api/companies/${demoId}/join-rule` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("joining with an address of the company's domains", () => {
  it("accepts the joiner once the mailed link is opened, and only once", async () => {
    await putRule(sessions.employer, { domains: ["demo.test"], domainJoiners: "ACCEPT" });
    const email = personAt("demo.test");
    const joined = await joinAs(email);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({
      message: CONFIRM_JOIN_MESSAGE,
      alreadyAdded: false,
      confirmByEmail: true,
    });
    expect((await employmentOf(email))?.status).toBe("PENDING");

    const token = await mailedToken(email);
    const first = await confirm(token);
    expect(zJoinConfirmation.parse(first.json())).toEqual({ outcome: "JOINED", companyName: "Demo Oy" });
    const employment = await employmentOf(email);
    expect(employment).toMatchObject({ status: "ACCEPTED", decidedBy: null });
    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, employment?.id as string), eq(eventLog.type, "EMPLOYEE_ACCEPTED")));
    expect(event).toMatchObject({
      actorUserId: null,
      companyId: demoId,
      data: expect.objectContaining({ source: "verified-domain" }),
    });

    expect((await confirm(token)).json()).toEqual({ outcome: "INVALID", companyName: null });
    expect((await confirm("x".repeat(43))).json()).toMatchObject({ outcome: "INVALID" });
    expect((await confirm("short")).statusCode).toBe(400);
  });

  it("lets the joiner wait when the company changed its rule before the link was opened", async () => {
    await putRule(sessions.employer, { domains: ["demo.test"], domainJoiners: "ACCEPT" });
    const email = personAt("demo.test");
    await joinAs(email);
    const token = await mailedToken(email);
    await putRule(sessions.employer, { domains: ["demo.test"], domainJoiners: "WAIT" });
    expect((await confirm(token)).json()).toEqual({ outcome: "WAITS", companyName: "Demo Oy" });
    expect((await employmentOf(email))?.status).toBe("PENDING");
  });

  it("leaves the employer's own decision alone, and an expired link accepts no one", async () => {
    await putRule(sessions.employer, { domains: ["demo.test"], domainJoiners: "ACCEPT" });
    const decided = personAt("demo.test");
    await joinAs(decided);
    const decidedToken = await mailedToken(decided);
    const employment = await employmentOf(decided);
    const decision = await t.app.inject({
      method: "POST",
      url: `/api/beneficiary-employee/${employment?.id}/decide`,
      payload: { decision: "REJECTED", reason: "Ei työsuhteessa" },
      headers: sessions.employer.headers(),
    });
    expect(decision.statusCode, decision.body).toBeLessThan(300);
    expect((await confirm(decidedToken)).json()).toMatchObject({ outcome: "INVALID" });
    expect((await employmentOf(decided))?.status).toBe("REJECTED");

    const late = personAt("demo.test");
    await joinAs(late);
    const lateToken = await mailedToken(late);
    await t.database.db
      .update(beneficiaryEmployees)
      .set({ joinConfirmationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(beneficiaryEmployees.id, (await employmentOf(late))?.id as string));
    expect((await confirm(lateToken)).json()).toMatchObject({ outcome: "INVALID" });
    expect((await employmentOf(late))?.status).toBe("PENDING");
  });

  it("lets other addresses wait as before, or refuses them when the company takes its domains only", async () => {
    await putRule(sessions.employer, { domains: ["demo.test"], domainJoiners: "ACCEPT" });
    const outsider = personAt("muualla.test");
    const waits = await joinAs(outsider);
    expect(waits.json()).toEqual({ message: EMPLOYEE_REGISTRATION_MESSAGE, alreadyAdded: false });
    const [thanks] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, outsider));
    expect(thanks?.template).toBe("registration-received");

    await putRule(sessions.employer, { domains: ["demo.test"], domainJoiners: "WAIT", domainsOnly: true });
    const refused = personAt("muualla.test");
    const res = await joinAs(refused);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "JOIN_DOMAIN_REQUIRED", details: [{ field: "body.email" }] });
    expect(await t.database.db.select().from(users).where(eq(users.email, refused))).toEqual([]);

    const insider = personAt("demo.test");
    const waitsToo = await joinAs(insider);
    expect(waitsToo.json()).toEqual({ message: EMPLOYEE_REGISTRATION_MESSAGE, alreadyAdded: false });
  });
});
