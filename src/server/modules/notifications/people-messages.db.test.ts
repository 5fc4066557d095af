import { createHash, randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { bikeStoreIdByName, companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zApplicationAccepted } from "../../../contract/admin.ts";
import { zCompanyDetails } from "../../../contract/companies.ts";
import { zOutboxMessage } from "../../../contract/message-outbox.ts";
import { zRegisterLinkResponse } from "../../../contract/registration.ts";
import { zStoreDetails } from "../../../contract/store-accounts.ts";
import { zCreateSystemUserResponse } from "../../../contract/system-users.ts";
import { FIRST_PASSWORD_LINK_SECONDS } from "../../../domain/auth-rules.ts";
import { personName } from "../../../domain/person-name.ts";
import { businessIdCheckDigit } from "../../../domain/validation/business-id.ts";
import {
  beneficiaryEmployees,
  bikeStoreUsers,
  companyApplications,
  messageOutbox,
  outbox,
  passwordResetTokens,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { write } from "../../db/transaction.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import { loadCurrentUser } from "../auth/session-user.ts";
import { addEmployee } from "../employees/add-employee.ts";
import { queueInvitation } from "../employees/mails.ts";

/**
 * The mails about people and their accounts leave through the message outbox: each is a row queued
 * with its change, for the right event, address, account and language, holding no link's token and no
 * code (a link is minted when its mail is sent, so a resend mails a fresh one), and a change that rolls
 * back queues nothing. Black-box through the API, with the dev outbox.
 */

const t = setupTestApp({ devOutbox: true }, { demoData: true });
const { as, call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const EMPLOYEE = "employee@demo.test";
const STORE_USER = "myyja@vauhti.test";

/** The password the people of these tests set with their first link. */
const PASSWORD = "kolme iloista polkupyörää";

const unique = () => randomUUID().slice(0, 8);

function freshBusinessId(): string {
  for (;;) {
    const body = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
    const check = businessIdCheckDigit(body);
    if (check !== null) return `${body}-${check}`;
  }
}

/** The rows queued to `recipient` of `event`, oldest first. */
function rowsOf(recipient: string, event: string) {
  return t.database.db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.recipient, recipient), eq(messageOutbox.event, event)))
    .orderBy(asc(messageOutbox.createdAt));
}

/** The one row queued to `recipient` of `event`: what it says holds no link, token or code. */
async function queued(recipient: string, event: string) {
  const rows = await rowsOf(recipient, event);
  expect(rows, `${event} to ${recipient}`).toHaveLength(1);
  const row = rows[0] as (typeof rows)[number];
  const params = JSON.stringify(row.params);
  expect(params).not.toMatch(/https?:|\/reset\/|vahvista-sahkoposti|token|code|\b\d{6}\b/i);
  return row;
}

/** The mails the dev outbox holds for `recipient`, newest first. */
function mailsTo(recipient: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt));
}

async function newestMailTo(recipient: string) {
  const [mail] = await mailsTo(recipient);
  expect(mail, `a mail to ${recipient}`).toBeDefined();
  return mail as NonNullable<typeof mail>;
}

const resetToken = (text: string | null | undefined) =>
  /\/reset\/([\w-]{20,})/.exec(text ?? "")?.[1] as string;

/** A link made now that lives the 7 days of a first link (the row's clock and the app's differ by ms). */
function expectFirstLifetime(link: { createdAt: Date; expiresAt: Date } | undefined) {
  const seconds = ((link?.expiresAt.getTime() ?? 0) - (link?.createdAt.getTime() ?? 0)) / 1000;
  expect(Math.abs(seconds - FIRST_PASSWORD_LINK_SECONDS)).toBeLessThan(5);
}

const tokenStatus = async (token: string) =>
  (await t.app.inject({ method: "GET", url: `/api/password-reset/${token}` })).json();

async function nameOf(email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ firstName: systemUsers.firstName, lastName: systemUsers.lastName })
    .from(users)
    .innerJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.email, email));
  return personName(row?.firstName, row?.lastName, email);
}

describe("an account someone else made", () => {
  it("queues its set-password mail, whose link is minted when sent with the first lifetime, and a resend mints a new one", async () => {
    const { db } = t.database;
    const email = `uusi.kayttaja.${unique()}@demo.test`;
    const res = await call("POST", "/api/system-users", ADMIN, {
      firstName: "Saga",
      lastName: "Svensson",
      workEmail: email,
      role: "EMPLOYER_EDITOR",
      companyId: await companyIdByName(db, "Demo Oy"),
      language: "sv",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { userId } = zCreateSystemUserResponse.parse(res.json()).user;
    const row = await queued(email, "USER_CREATED");
    expect(row).toMatchObject({
      userId,
      channel: "EMAIL",
      language: "sv",
      status: "SENT",
      params: {
        madeBy: { by: await nameOf(ADMIN), organisation: { kind: "COMPANY", name: "Demo Oy" } },
      },
    });

    const mail = await newestMailTo(email);
    expect(mail.subject).toBe("Ett Pedaali-konto har skapats åt dig");
    expect(mail.bodyText).toContain("som användare för företaget Demo Oy");
    expect(mail.bodyText).toContain("Länken är giltig i 7 dagar");
    expect(mail.bodyText).not.toContain("Om du inte försökte logga in");
    const first = resetToken(mail.bodyText);
    expect(mail.bodyText).toContain(`/sv/reset/${first}`);
    expect(JSON.stringify(row)).not.toContain(first);
    expect(await tokenStatus(first)).toMatchObject({ valid: true, email });
    const [link] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    expect(link?.tokenHash).toBe(createHash("sha256").update(first).digest("hex"));
    expectFirstLifetime(link);

    // The person says they got nothing: the helpdesk sends it again, with a new link; the old one dies.
    const resent = await call("POST", `/api/system-users/${userId}/messages/${row.id}/resend`, HELPDESK);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(zOutboxMessage.parse(resent.json())).toMatchObject({ status: "SENT", resendable: true });
    const second = resetToken((await newestMailTo(email)).bodyText);
    expect(second).not.toBe(first);
    expect(await tokenStatus(first)).toMatchObject({ valid: false });
    expect(await tokenStatus(second)).toMatchObject({ valid: true, email });
    const set = await t.app.inject({
      method: "POST",
      url: `/api/password-reset/${second}`,
      payload: { password: PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
  });

  it("announces a staff role to the other staff and mails the new staff member's link", async () => {
    const email = `tuki.${unique()}@pedaali.test`;
    const res = await call("POST", "/api/system-users", ADMIN, {
      firstName: "Uusi",
      lastName: "Tukihenkilö",
      workEmail: email,
      role: "INTERNAL_ADMIN",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await queued(email, "USER_CREATED")).params).toEqual({
      madeBy: { by: await nameOf(ADMIN), organisation: null },
    });
    const told = await queued(HELPDESK, "STAFF_ROLE_GRANTED");
    expect(told).toMatchObject({
      userId: await userIdByEmail(t.database.db, HELPDESK),
      language: "fi",
      params: { email, role: "INTERNAL_ADMIN", grantedBy: ADMIN },
    });
    expect((await newestMailTo(HELPDESK)).bodyText).toContain(`${ADMIN} antoi käyttäjälle ${email}`);
    // The new staff member is not told of their own role.
    expect(await rowsOf(email, "STAFF_ROLE_GRANTED")).toEqual([]);
  });

  it("names the company of a first admin made with the company", async () => {
    const email = `ensimmainen.${unique()}@demo.test`;
    const name = `Uusi ${unique()} Oy`;
    const res = await call("POST", "/api/companies", ADMIN, {
      name,
      businessId: freshBusinessId(),
      admin: { firstName: "Eka", lastName: "Admin", email },
    });
    expect(res.statusCode, res.body).toBe(201);
    zCompanyDetails.parse(res.json());
    expect(await queued(email, "USER_CREATED")).toMatchObject({
      userId: await userIdByEmail(t.database.db, email),
      language: "fi",
      params: { madeBy: { organisation: { kind: "COMPANY", name } } },
    });
    const mail = await newestMailTo(email);
    expect(mail.subject).toBe("Sinulle on luotu Pedaali-tili");
    expect(mail.bodyText).toContain(`yrityksen ${name} käyttäjäksi`);
  });

  it("names the bike store of a store user the helpdesk invites", async () => {
    const email = `myyja.${unique()}@vauhti.test`;
    const store = await bikeStoreIdByName(t.database.db, "Vauhti Tampere");
    const res = await call("POST", `/api/bike-stores/${store}/users`, HELPDESK, {
      firstName: "Tiina",
      lastName: "Tammela",
      workEmail: email,
      phoneNumber: "0401234567",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await queued(email, "USER_CREATED")).toMatchObject({
      userId: await userIdByEmail(t.database.db, email),
      params: {
        madeBy: { by: await nameOf(HELPDESK), organisation: { kind: "STORE", name: "Vauhti Tampere" } },
      },
    });
    expect((await newestMailTo(email)).bodyText).toContain("pyöräliikkeen Vauhti Tampere käyttäjäksi");
  });
});

describe("an employee's mails", () => {
  it("queues the invitation of a new employee, and of a person who already has an account", async () => {
    const { db } = t.database;
    const email = `veera.${unique()}@demo.test`;
    const added = await call("POST", "/api/beneficiary-employee/create", DEMO_ADMIN, {
      companyId: await companyIdByName(db, "Demo Oy"),
      firstName: "Veera",
      lastName: "Uusi",
      workEmail: email,
      language: "en",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await queued(email, "EMPLOYEE_INVITED")).toMatchObject({
      userId: await userIdByEmail(db, email),
      language: "en",
      params: { companyName: "Demo Oy", newAccount: true },
    });
    const mail = await newestMailTo(email);
    expect(mail.subject).toBe("Demo Oy invites you to the bike benefit");
    expect(await tokenStatus(resetToken(mail.bodyText))).toMatchObject({ valid: true, email });

    // Another company adds the demo employee: only an invitation, to the account's own address.
    const invited = await call("POST", "/api/beneficiary-employee/create", TOINEN_ADMIN, {
      companyId: await companyIdByName(db, "Toinen Oy"),
      firstName: "Arvattu",
      lastName: "Nimi",
      workEmail: EMPLOYEE.toUpperCase(),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await queued(EMPLOYEE, "EMPLOYMENT_INVITED")).toMatchObject({
      userId: await userIdByEmail(db, EMPLOYEE),
      language: "fi",
      params: { companyName: "Toinen Oy", newAccount: false },
    });
    expect((await newestMailTo(EMPLOYEE)).subject).toBe("Toinen Oy kutsuu sinut työntekijäkseen Pedaalissa");
  });

  it("queues the joiner's thanks and the employer's decision", async () => {
    const { db } = t.database;
    const link = await call("POST", "/api/register-link/company", DEMO_ADMIN, {
      companyId: await companyIdByName(db, "Demo Oy"),
    });
    expect(link.statusCode, link.body).toBe(200);
    const email = `liittyja.${unique()}@demo.test`;
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/register/employee",
      payload: {
        token: zRegisterLinkResponse.parse(link.json()).token,
        firstName: "Liisa",
        lastName: "Liittyjä",
        email,
        phoneNumber: "040 123 4567",
        password: PASSWORD,
        language: "sv",
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const userId = await userIdByEmail(db, email);
    expect(await queued(email, "JOIN_REQUESTED")).toMatchObject({
      userId,
      language: "sv",
      params: { name: "Liisa", companyName: "Demo Oy" },
    });

    const [employment] = await db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.userId, userId));
    const decided = await call("POST", `/api/beneficiary-employee/${employment?.id}/decide`, DEMO_ADMIN, {
      decision: "REJECTED",
      reason: "Et ole yrityksen työntekijä.",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await queued(email, "JOIN_DECIDED")).toMatchObject({
      userId,
      language: "sv",
      params: { decision: "REJECTED", companyName: "Demo Oy", reason: "Et ole yrityksen työntekijä." },
    });
    expect((await newestMailTo(email)).bodyText).toContain("Et ole yrityksen työntekijä.");
  });

  it("queues nothing for an add that rolls back", async () => {
    const { db } = t.database;
    const email = `peruttu.${unique()}@demo.test`;
    const input = {
      companyId: await companyIdByName(db, "Demo Oy"),
      firstName: "Peruttu",
      lastName: "Lisäys",
      workEmail: email,
      language: "fi" as const,
    };
    const user = await loadCurrentUser(db, await userIdByEmail(db, DEMO_ADMIN));
    const rolledBack = write(
      db,
      { actor: { userId: user?.id as string, user: user as NonNullable<typeof user> } },
      async (w) => {
        const added = await addEmployee(w, input);
        await queueInvitation(w.tx, added, input);
        expect(
          await w.tx.select().from(messageOutbox).where(eq(messageOutbox.recipient, email)),
        ).toHaveLength(1);
        throw new Error("a later step fails");
      },
    );
    await expect(rolledBack).rejects.toThrow("a later step fails");
    expect(await db.select().from(messageOutbox).where(eq(messageOutbox.recipient, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe("a company's sign-up", () => {
  async function signUp(email: string, language: "fi" | "en" | "sv") {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register/company",
      payload: {
        language,
        consent: true,
        company: {
          name: `Hakija ${unique()} Oy`,
          businessId: freshBusinessId(),
          streetAddress: "Kauppakatu 1",
          postalCode: "40100",
          city: "Jyväskylä",
        },
        admin: { firstName: "Hanna", lastName: "Hakija", email, phoneNumber: "+358 50 555 0300" },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [application] = await t.database.db
      .select()
      .from(companyApplications)
      .where(eq(companyApplications.contactEmail, email));
    return application as NonNullable<typeof application>;
  }

  it("queues the thanks and the answer; an accepted one's new admin gets a first link", async () => {
    const email = `hanna.${unique()}@hakija.test`;
    const application = await signUp(email, "en");
    expect(await queued(email, "COMPANY_SIGNUP_RECEIVED")).toMatchObject({
      userId: null,
      language: "en",
      params: { name: "Hanna", companyName: application.companyName },
    });

    const res = await call("POST", `/api/company-applications/${application.id}/accept`, ADMIN, {});
    expect(res.statusCode, res.body).toBe(200);
    const { adminUserId } = zApplicationAccepted.parse(res.json());
    expect(await queued(email, "COMPANY_APPLICATION_DECIDED")).toMatchObject({
      userId: adminUserId,
      language: "en",
      params: { decision: "ACCEPTED", newAccount: true, companyName: application.companyName },
    });
    const mail = await newestMailTo(email);
    expect(mail.subject).toBe("Your company has been accepted to Pedaali");
    expect(await tokenStatus(resetToken(mail.bodyText))).toMatchObject({ valid: true });
    const [link] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, adminUserId));
    expectFirstLifetime(link);
  });

  it("queues a rejection with the reason, for the account the address has", async () => {
    const application = await signUp(EMPLOYEE, "sv");
    const res = await call("POST", `/api/company-applications/${application.id}/reject`, ADMIN, {
      reviewNote: "Y-tunnus ei ole voimassa",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await queued(EMPLOYEE, "COMPANY_APPLICATION_DECIDED")).toMatchObject({
      userId: await userIdByEmail(t.database.db, EMPLOYEE),
      language: "sv",
      params: { decision: "REJECTED", reason: "Y-tunnus ei ole voimassa" },
    });
    expect((await newestMailTo(EMPLOYEE)).subject).toBe("Ert företags registrering i Pedaali");
  });
});

describe("a change of one's own login e-mail and phone", () => {
  async function withPassword(): Promise<{ id: string; email: string; session: Session }> {
    const email = `muuttaja.${unique()}@demo.test`;
    const res = await call("POST", "/api/system-users", ADMIN, {
      firstName: "Muuttaja",
      lastName: "Testi",
      workEmail: email,
      phoneNumber: "0401110000",
      role: "EMPLOYER_EDITOR",
      companyId: await companyIdByName(t.database.db, "Demo Oy"),
      language: "en",
    });
    const { userId } = zCreateSystemUserResponse.parse(res.json()).user;
    const token = resetToken((await newestMailTo(email)).bodyText);
    const set = await t.app.inject({
      method: "POST",
      url: `/api/password-reset/${token}`,
      payload: { password: PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    return { id: userId, email, session: await loginAs(t.app, email, PASSWORD) };
  }

  it("queues the new address's link, minted when sent and again on a resend, and the notices to the old one", async () => {
    const user = await withPassword();
    const newEmail = `uusi.osoite.${unique()}@demo.test`;
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/system-users/${user.id}`,
      headers: user.session.headers(),
      payload: { workEmail: newEmail, currentPassword: PASSWORD, csrfToken: user.session.jar.csrfToken },
    });
    expect(res.statusCode, res.body).toBe(202);
    const linkRow = await queued(newEmail, "CONTACT_CHANGE");
    expect(linkRow).toMatchObject({
      userId: user.id,
      language: "en",
      params: { mail: "CONFIRM_EMAIL", newEmail },
    });
    expect(await queued(user.email, "CONTACT_CHANGE")).toMatchObject({
      userId: user.id,
      params: { mail: "REQUESTED", kind: "EMAIL", newValue: newEmail },
    });
    const linkOf = async () =>
      /\/vahvista-sahkoposti\/([\w-]+)/.exec((await newestMailTo(newEmail)).bodyText ?? "")?.[1] as string;
    const first = await linkOf();
    expect(JSON.stringify(linkRow)).not.toContain(first);

    const resent = await call("POST", `/api/system-users/${user.id}/messages/${linkRow.id}/resend`, HELPDESK);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await linkOf();
    expect(second).not.toBe(first);
    const confirm = (token: string) =>
      t.app.inject({ method: "POST", url: "/api/system-users/email-change/confirm", payload: { token } });
    expectError(await confirm(first), 400, "INVALID_TOKEN");
    const confirmed = await confirm(second);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The previous address is told the change took effect.
    const notices = await rowsOf(user.email, "CONTACT_CHANGE");
    expect(notices.map((n) => (n.params as { mail: string }).mail)).toEqual(["REQUESTED", "CHANGED"]);
  });

  it("sends the phone's code at once and records it without the code; its record cannot be sent again", async () => {
    const user = await withPassword();
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/system-users/${user.id}/phone`,
      headers: user.session.headers(),
      payload: { phoneNumber: "040 765 4321", currentPassword: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(202);
    const code = /\b(\d{6})\b/.exec((await newestMailTo("0407654321")).bodyText ?? "")?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const row = await queued("0407654321", "PHONE_CHANGE_CODE");
    expect(row).toMatchObject({
      userId: user.id,
      channel: "SMS",
      language: "en",
      status: "SENT",
      params: {},
    });
    expect(JSON.stringify(row)).not.toContain(code);
    expectError(
      await call("POST", `/api/system-users/${user.id}/messages/${row.id}/resend`, HELPDESK),
      409,
      "MESSAGE_NOT_RESENDABLE",
    );
    expect(await queued(user.email, "CONTACT_CHANGE")).toMatchObject({
      params: { mail: "REQUESTED", kind: "PHONE", newValue: "0407654321" },
    });
  });

  it("tells the previous address of a manager's change, queued with it", async () => {
    const user = await withPassword();
    const newEmail = `hallinnoitu.${unique()}@demo.test`;
    const res = await call("PUT", `/api/system-users/${user.id}`, HELPDESK, {
      workEmail: newEmail,
      csrfToken: (await as(HELPDESK)).jar.csrfToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await queued(user.email, "CONTACT_CHANGE")).toMatchObject({
      userId: user.id,
      language: "en",
      params: { mail: "CHANGED", kind: "EMAIL", newValue: newEmail, byOther: true },
    });
  });
});

describe("a bike store's payout account", () => {
  it("is told to the store's users and customer service, masked", async () => {
    const { db } = t.database;
    const espoo = await bikeStoreIdByName(db, "Vauhti Espoo");
    const before = zStoreDetails.parse((await call("GET", "/api/store/details", STORE_USER)).json());
    const res = await call("PUT", "/api/store/details", STORE_USER, {
      email: before.email,
      iban: "FI21 1234 5600 0007 85",
      bic: "NDASFIHH",
      currentPassword: DEMO_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const storeUsers = await db
      .select({ userId: users.id, email: users.email, language: users.language })
      .from(bikeStoreUsers)
      .innerJoin(users, eq(users.id, bikeStoreUsers.userId))
      .where(and(eq(bikeStoreUsers.bikeStoreId, espoo), eq(users.deactivated, false)));
    expect(storeUsers.map((u) => u.email)).toContain(STORE_USER);
    for (const person of storeUsers) {
      const row = await queued(person.email, "STORE_ACCOUNT_CHANGED");
      expect(row).toMatchObject({ userId: person.userId, language: person.language });
    }
    const service = await queued(CONTACT_EMAIL, "STORE_ACCOUNT_CHANGED");
    expect(service).toMatchObject({
      userId: null,
      language: "fi",
      params: { storeName: "Vauhti Espoo", changedBy: "STORE" },
    });
    expect(JSON.stringify(service.params)).not.toContain("FI2112345600000785");
    expect((await newestMailTo(STORE_USER)).template).toBe("store-account-changed");
  });
});
