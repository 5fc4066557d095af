import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zEmployee } from "../../../contract/employees.ts";
import {
  zCompanyInvitation,
  zCompanyInvitationsPage,
  zInvitationAccepted,
  zOwnInvitations,
} from "../../../contract/employment-invitations.ts";
import { SCIM_PATCH_OP } from "../../../domain/scim.ts";
import {
  beneficiaryEmployees,
  companyIdentityProviders,
  employmentInvitations,
  eventLog,
  outbox,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { hashPassword } from "../auth/passwords.ts";
import { identityProvider, issueToken, newUser, parseUser } from "../scim/test-kit.ts";

/**
 * A company reaching a person who is not yet its own: another company's SCIM token or employer add
 * of an existing account makes an invitation the person accepts or declines; until then the company
 * neither employs, renames, reads nor locks out the person.
 */

const t = setupTestApp({}, { demoData: true });
const { call, as, forget } = apiCaller(t);
const scim = identityProvider(() => t.app);
const db = () => t.database.db;

const DEMO_ADMIN = "employer.admin@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const GROUP_ADMIN = "group.admin@demo.test";
const CREATE = "/api/beneficiary-employee/create";

let demoOyId: string;
let toinenId: string;
let toinenToken: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(db(), "Demo Oy");
  toinenId = await companyIdByName(db(), "Toinen Oy");
  toinenToken = await issueToken(t.app, (await as(TOINEN_ADMIN)).headers(), toinenId);
});

const unique = () => randomUUID().slice(0, 8);

/** A Demo Oy employee with a password, a phone and a name of their own. */
async function demoPerson() {
  const tag = unique();
  const email = `oma.${tag}@demo.test`;
  const [user] = await db()
    .insert(users)
    .values({ email, phoneNumber: "+358401112233", passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await db()
    .insert(systemUsers)
    .values({ userId, firstName: "Oikea", lastName: `Nimi${tag}`, companyId: demoOyId });
  const [role] = await db().select({ id: roles.id }).from(roles).where(eq(roles.name, "BIKE_BENEFICIARY"));
  await db()
    .insert(userRoles)
    .values({ userId, roleId: role?.id as string, companyId: demoOyId });
  await db().insert(beneficiaryEmployees).values({ userId, companyId: demoOyId, status: "ACCEPTED" });
  return { email, userId, lastName: `Nimi${tag}` };
}

const employmentsIn = (userId: string, companyId: string) =>
  db()
    .select()
    .from(beneficiaryEmployees)
    .where(and(eq(beneficiaryEmployees.userId, userId), eq(beneficiaryEmployees.companyId, companyId)));

const ownName = async (userId: string) =>
  (await db().select().from(systemUsers).where(eq(systemUsers.userId, userId)))[0];

async function invitationOf(userId: string, companyId: string) {
  const [row] = await db()
    .select()
    .from(employmentInvitations)
    .where(and(eq(employmentInvitations.userId, userId), eq(employmentInvitations.companyId, companyId)));
  return row;
}

describe("another company's identity provider", () => {
  it("posting an existing account's address makes an invitation, not an employment, and reveals no name", async () => {
    const res = await scim(
      toinenToken,
      "POST",
      "/Users",
      newUser({ userName: DEMO_ADMIN, name: { givenName: "Arvattu", familyName: "Nimi" } }),
    );
    const resource = parseUser(res, 201);
    expect(resource.userName).toBe(DEMO_ADMIN);
    expect(resource.name).toMatchObject({ givenName: "Arvattu", familyName: "Nimi" });
    const [admin] = await db().select().from(users).where(eq(users.email, DEMO_ADMIN));
    const own = await ownName(admin?.id as string);
    expect(res.body).not.toContain(own?.lastName as string);
    if (admin?.phoneNumber) expect(res.body).not.toContain(admin.phoneNumber);
    expect(await employmentsIn(admin?.id as string, toinenId)).toEqual([]);

    // The id reads back as the invitation; another POST of the same address is 409 uniqueness.
    const again = parseUser(await scim(toinenToken, "GET", `/Users/${resource.id}`));
    expect(again.name.familyName).toBe("Nimi");
    const listed = await scim(
      toinenToken,
      "GET",
      `/Users?filter=${encodeURIComponent(`userName eq "${DEMO_ADMIN}"`)}`,
    );
    expect(listed.json()).toMatchObject({ totalResults: 1, Resources: [{ id: resource.id }] });
    expect((await scim(toinenToken, "POST", "/Users", newUser({ userName: DEMO_ADMIN }))).statusCode).toBe(
      409,
    );

    // The mail goes to the person, in their own words: Toinen invites them, nothing changed yet.
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, DEMO_ADMIN), eq(outbox.template, "employment-invitation")));
    expect(mail?.subject).toContain("Toinen Oy");
  });

  it("PUT and PATCH on the invitation never rename the person, and DELETE withdraws it", async () => {
    const person = await demoPerson();
    const made = parseUser(
      await scim(toinenToken, "POST", "/Users", newUser({ userName: person.email })),
      201,
    );
    const put = await scim(
      toinenToken,
      "PUT",
      `/Users/${made.id}`,
      newUser({ userName: person.email, name: { givenName: "Uusi", familyName: "Nimi" } }),
    );
    expect(parseUser(put).name.givenName).toBe("Uusi");
    const patched = await scim(toinenToken, "PATCH", `/Users/${made.id}`, {
      schemas: [SCIM_PATCH_OP],
      Operations: [{ op: "replace", path: "name.familyName", value: "Toinen" }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await ownName(person.userId)).toMatchObject({ firstName: "Oikea", lastName: person.lastName });

    expect((await scim(toinenToken, "DELETE", `/Users/${made.id}`)).statusCode).toBe(204);
    expect((await invitationOf(person.userId, toinenId))?.status).toBe("WITHDRAWN");
    expect((await scim(toinenToken, "GET", `/Users/${made.id}`)).statusCode).toBe(404);
  });

  it("after the person accepts, the same id is the employee and SCIM leaves a shared person's name as it is", async () => {
    const person = await demoPerson();
    const made = parseUser(
      await scim(toinenToken, "POST", "/Users", newUser({ userName: person.email })),
      201,
    );
    const own = zOwnInvitations.parse((await call("GET", "/api/account/invitations", person.email)).json());
    expect(own.items.map((i) => i.invitationId)).toEqual([made.id]);
    expect(own.items[0]?.companyName).toBe("Toinen Oy");
    const accepted = await call("POST", `/api/account/invitations/${made.id}/accept`, person.email);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(zInvitationAccepted.parse(accepted.json()).beneficiaryEmployeeId).toBe(made.id);
    const [employment] = await employmentsIn(person.userId, toinenId);
    expect(employment).toMatchObject({ id: made.id, status: "ACCEPTED", scimExternalId: made.externalId });

    const read = parseUser(await scim(toinenToken, "GET", `/Users/${made.id}`));
    expect(read.name.familyName).toBe(person.lastName);
    const put = await scim(
      toinenToken,
      "PUT",
      `/Users/${made.id}`,
      newUser({
        userName: person.email,
        externalId: made.externalId,
        name: { givenName: "Uusi", familyName: "Nimi" },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(await ownName(person.userId)).toMatchObject({ firstName: "Oikea", lastName: person.lastName });

    const events = await db()
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(eq(eventLog.entityId, made.id));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["EMPLOYMENT_INVITED", "EMPLOYEE_CREATED", "EMPLOYMENT_INVITATION_ACCEPTED"]),
    );
  });
});

describe("another company's employer", () => {
  it("adding an existing account invites it: no employment, no real name, and no details to read", async () => {
    const person = await demoPerson();
    const res = await call("POST", CREATE, TOINEN_ADMIN, {
      companyId: toinenId,
      firstName: "Arvattu",
      lastName: "Henkilö",
      workEmail: person.email,
      employeeNumber: "T-1",
    });
    expect(res.statusCode, res.body).toBe(201);
    const invitation = zCompanyInvitation.parse(res.json());
    expect(invitation).toMatchObject({
      email: person.email,
      firstName: "Arvattu",
      status: "PENDING",
      source: "employer",
    });
    expect(res.body).not.toContain(person.lastName);
    expect(res.body).not.toContain("+358401112233");
    expect(await employmentsIn(person.userId, toinenId)).toEqual([]);

    // Toinen reaches neither the person's Demo Oy employment nor anything by the invitation's id.
    const [demoEmployment] = await employmentsIn(person.userId, demoOyId);
    for (const id of [demoEmployment?.id as string, invitation.invitationId]) {
      expectError(await call("GET", `/api/beneficiary-employee/details/${id}`, TOINEN_ADMIN), 404);
    }
    const page = zCompanyInvitationsPage.parse(
      (await call("GET", `/api/beneficiary-employee/invitations?companyId=${toinenId}`, TOINEN_ADMIN)).json(),
    );
    expect(page.items.find((i) => i.invitationId === invitation.invitationId)).toMatchObject({
      firstName: "Arvattu",
      lastName: "Henkilö",
    });
    expectError(
      await call("GET", `/api/beneficiary-employee/invitations?companyId=${toinenId}`, DEMO_ADMIN),
      404,
    );
    expectError(
      await call("POST", CREATE, TOINEN_ADMIN, {
        companyId: toinenId,
        firstName: "A",
        lastName: "B",
        workEmail: person.email,
      }),
      409,
      "EMPLOYEE_EXISTS",
    );
  });

  it("a declined invitation makes no employment and stops new ones until the company withdraws it", async () => {
    const person = await demoPerson();
    const made = zCompanyInvitation.parse(
      (
        await call("POST", CREATE, TOINEN_ADMIN, {
          companyId: toinenId,
          firstName: "A",
          lastName: "B",
          workEmail: person.email,
        })
      ).json(),
    );
    // Nobody else answers it: another person and the inviting company get 404.
    expectError(
      await call("POST", `/api/account/invitations/${made.invitationId}/accept`, "employee@demo.test"),
      404,
    );
    expectError(
      await call("POST", `/api/account/invitations/${made.invitationId}/accept`, TOINEN_ADMIN),
      404,
    );
    const declined = await call(
      "POST",
      `/api/account/invitations/${made.invitationId}/decline`,
      person.email,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await employmentsIn(person.userId, toinenId)).toEqual([]);
    expectError(
      await call("POST", `/api/account/invitations/${made.invitationId}/accept`, person.email),
      404,
    );
    expect(
      zOwnInvitations.parse((await call("GET", "/api/account/invitations", person.email)).json()).items,
    ).toEqual([]);
    const body = { companyId: toinenId, firstName: "A", lastName: "B", workEmail: person.email };
    expectError(await call("POST", CREATE, TOINEN_ADMIN, body), 409, "EMPLOYEE_EXISTS");

    expectError(
      await call("POST", `/api/beneficiary-employee/invitations/${made.invitationId}/withdraw`, DEMO_ADMIN),
      404,
    );
    const withdrawn = await call(
      "POST",
      `/api/beneficiary-employee/invitations/${made.invitationId}/withdraw`,
      TOINEN_ADMIN,
    );
    expect(zCompanyInvitation.parse(withdrawn.json()).status).toBe("WITHDRAWN");
    expectError(
      await call("POST", `/api/beneficiary-employee/invitations/${made.invitationId}/withdraw`, TOINEN_ADMIN),
      409,
      "INVITATION_CLOSED",
    );
    expect((await call("POST", CREATE, TOINEN_ADMIN, body)).statusCode).toBe(201);
  });

  it("a group admin still attaches a sister company's employee at once", async () => {
    const person = await demoPerson();
    const logisticsId = await companyIdByName(db(), "Demo Logistiikka Oy");
    const res = await call("POST", CREATE, GROUP_ADMIN, {
      companyId: logisticsId,
      firstName: "A",
      lastName: "B",
      workEmail: person.email,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(zEmployee.parse(res.json()).userId).toBe(person.userId);
  });

  it("never renames a person who is also another company's (409 PERSON_SHARED)", async () => {
    const person = await demoPerson();
    const made = zCompanyInvitation.parse(
      (
        await call("POST", CREATE, TOINEN_ADMIN, {
          companyId: toinenId,
          firstName: "A",
          lastName: "B",
          workEmail: person.email,
        })
      ).json(),
    );
    expect(
      (await call("POST", `/api/account/invitations/${made.invitationId}/accept`, person.email)).statusCode,
    ).toBe(200);
    const [demoEmployment] = await employmentsIn(person.userId, demoOyId);
    expectError(
      await call("POST", `/api/beneficiary-employee/${made.invitationId}/update`, TOINEN_ADMIN, {
        firstName: "Uusi",
      }),
      409,
      "PERSON_SHARED",
    );
    expectError(
      await call("POST", `/api/beneficiary-employee/${demoEmployment?.id}/update`, DEMO_ADMIN, {
        lastName: "Uusi",
      }),
      409,
      "PERSON_SHARED",
    );
    expect(await ownName(person.userId)).toMatchObject({ firstName: "Oikea", lastName: person.lastName });
    // The company's own fields stay its own to change.
    const fields = await call("POST", `/api/beneficiary-employee/${made.invitationId}/update`, TOINEN_ADMIN, {
      employeeNumber: "T-77",
    });
    expect(fields.statusCode, fields.body).toBe(200);
  });
});

describe("single sign-on of a second employer", () => {
  it("Toinen requiring SSO does not lock out a person it merely employs", async () => {
    const person = await demoPerson();
    const made = zCompanyInvitation.parse(
      (
        await call("POST", CREATE, TOINEN_ADMIN, {
          companyId: toinenId,
          firstName: "A",
          lastName: "B",
          workEmail: person.email,
        })
      ).json(),
    );
    expect(
      (await call("POST", `/api/account/invitations/${made.invitationId}/accept`, person.email)).statusCode,
    ).toBe(200);
    forget(person.email);
    await db().delete(companyIdentityProviders).where(eq(companyIdentityProviders.companyId, toinenId));
    await db().insert(companyIdentityProviders).values({
      companyId: toinenId,
      preset: "OIDC",
      issuer: "https://idp.toinen.test",
      clientId: "toinen",
      clientSecretSealed: "sealed",
      required: true,
      enabled: true,
    });
    try {
      const login = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: person.email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await db().delete(companyIdentityProviders).where(eq(companyIdentityProviders.companyId, toinenId));
    }
  });
});
