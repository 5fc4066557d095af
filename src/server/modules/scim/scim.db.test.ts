import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zScimTokenState, zScimUserList } from "../../../contract/scim.ts";
import { SCIM_ENTERPRISE_USER, SCIM_PATCH_OP, SCIM_TOKEN_PREFIX } from "../../../domain/scim.ts";
import {
  beneficiaryEmployees,
  companyScimTokens,
  eventLog,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { sha256 } from "../auth/tokens.ts";
import { expectScimError, identityProvider, issueToken, newUser, parseUser } from "./test-kit.ts";

/** SCIM 2.0 provisioning: the company's token, the endpoint's auth and tenancy, and the User calls. */

const t = setupTestApp({}, { demoData: true });
const { call, as } = apiCaller(t);
const scim = identityProvider(() => t.app);

const DEMO_ADMIN = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";

let demoOyId: string;
let toinenId: string;
const db = () => t.database.db;
const tokenUrl = (companyId: string) => `/api/companies/${companyId}/scim-token`;
const demoToken = async () => issueToken(t.app, (await as(DEMO_ADMIN)).headers(), demoOyId);

beforeAll(async () => {
  demoOyId = await companyIdByName(db(), "Demo Oy");
  toinenId = await companyIdByName(db(), "Toinen Oy");
});

describe("the company's SCIM token", () => {
  it("is made once, shown once, replaced by rotation and revoked, each in the event log", async () => {
    // Another test may have left a token: start from none, so the first one is made, not rotated.
    expect((await call("DELETE", tokenUrl(demoOyId), DEMO_ADMIN)).statusCode).toBe(200);
    const first = await demoToken();
    expect(first.startsWith(SCIM_TOKEN_PREFIX)).toBe(true);
    const [stored] = await db()
      .select()
      .from(companyScimTokens)
      .where(and(eq(companyScimTokens.companyId, demoOyId), eq(companyScimTokens.tokenHash, sha256(first))));
    expect(stored?.revokedAt).toBeNull();
    // Only the hash is kept: the token itself is nowhere in the row.
    expect(JSON.stringify(stored)).not.toContain(first.slice(SCIM_TOKEN_PREFIX.length));

    const state = zScimTokenState.parse((await call("GET", tokenUrl(demoOyId), DEMO_ADMIN)).json());
    expect(state.baseUrl).toMatch(/\/scim\/v2$/);
    expect(state.token).toMatchObject({ createdAt: stored?.createdAt.toISOString(), lastUsedAt: null });
    expect(state.token?.createdBy).toEqual(expect.any(String));
    expect(JSON.stringify(state)).not.toContain(first);

    expect((await scim(first, "GET", "/Users?count=1")).statusCode).toBe(200);
    const used = zScimTokenState.parse((await call("GET", tokenUrl(demoOyId), DEMO_ADMIN)).json());
    expect(used.token?.lastUsedAt).not.toBeNull();

    const second = await demoToken();
    expect(second).not.toBe(first);
    expectScimError(await scim(first, "GET", "/Users"), 401);
    expect((await scim(second, "GET", "/Users?count=1")).statusCode).toBe(200);

    const revoked = await call("DELETE", tokenUrl(demoOyId), DEMO_ADMIN);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(zScimTokenState.parse(revoked.json()).token).toBeNull();
    expectScimError(await scim(second, "GET", "/Users"), 401);

    const events = await db()
      .select({ type: eventLog.type, data: eventLog.data })
      .from(eventLog)
      .where(eq(eventLog.companyId, demoOyId))
      .orderBy(desc(eventLog.createdAt))
      .limit(3);
    expect(events.map((e) => e.type)).toEqual([
      "SCIM_TOKEN_REVOKED",
      "SCIM_TOKEN_ROTATED",
      "SCIM_TOKEN_CREATED",
    ]);
    expect(events[1]?.data).toMatchObject({ replacedTokenId: stored?.id });
    expect(events[2]?.data).toEqual({ tokenId: stored?.id });
  });

  it("is the company admin's: another company is 404, other roles 403, a bad id 400", async () => {
    expectError(await call("POST", tokenUrl(demoOyId), TOINEN_ADMIN), 404, "NOT_FOUND");
    expectError(await call("GET", tokenUrl(demoOyId), TOINEN_ADMIN), 404, "NOT_FOUND");
    expectError(await call("DELETE", tokenUrl(demoOyId), TOINEN_ADMIN), 404, "NOT_FOUND");
    for (const who of [EDITOR, REPORTING]) {
      expectError(await call("POST", tokenUrl(demoOyId), who), 403, "FORBIDDEN");
      expectError(await call("GET", tokenUrl(demoOyId), who), 403, "FORBIDDEN");
    }
    expectError(await call("GET", tokenUrl(demoOyId), null), 401, "UNAUTHORIZED");
    expectError(await call("POST", tokenUrl("not-a-company"), DEMO_ADMIN), 400, "VALIDATION_ERROR");
  });
});

describe("the SCIM endpoint's door", () => {
  it("answers 401 in SCIM's error body without a token, with a wrong one or another scheme", async () => {
    const token = await demoToken();
    expectScimError(await scim(null, "GET", "/Users"), 401);
    expectScimError(await scim(`${SCIM_TOKEN_PREFIX}wrong`, "GET", "/Users"), 401);
    expectScimError(await scim(token.slice(0, -1), "GET", "/ServiceProviderConfig"), 401);
    const basic = await t.app.inject({
      method: "GET",
      url: "/scim/v2/Users",
      headers: { authorization: `Basic ${Buffer.from(`x:${token}`).toString("base64")}` },
    });
    expectScimError(basic, 401);
    // Refused before the body is read: a write without a token never says what it takes.
    expectScimError(await scim(null, "POST", "/Users", { nonsense: true }), 401);
  });

  it("answers the discovery documents", async () => {
    const token = await demoToken();
    const config = await scim(token, "GET", "/ServiceProviderConfig");
    expect(config.statusCode).toBe(200);
    expect(String(config.headers["content-type"])).toContain("application/scim+json");
    expect(config.json()).toMatchObject({ patch: { supported: true }, bulk: { supported: false } });
    const types = (await scim(token, "GET", "/ResourceTypes")).json() as { Resources: { id: string }[] };
    expect(types.Resources.map((r) => r.id)).toEqual(["User"]);
    const schemas = (await scim(token, "GET", "/Schemas")).json() as { totalResults: number };
    expect(schemas.totalResults).toBe(2);
  });

  it("reaches only the token's company: another company's user is 404 for every call", async () => {
    const toinenToken = await issueToken(t.app, (await as(TOINEN_ADMIN)).headers(), toinenId);
    const token = await demoToken();
    const demoUser = parseUser(await scim(token, "POST", "/Users", newUser()), 201);
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", newUser({ userName: demoUser.userName })],
      ["PATCH", { schemas: [SCIM_PATCH_OP], Operations: [{ op: "replace", path: "active", value: false }] }],
      ["DELETE", undefined],
    ] as const) {
      expectScimError(await scim(toinenToken, method, `/Users/${demoUser.id}`, payload), 404);
    }
    const listed = zScimUserList.parse(
      (
        await scim(
          toinenToken,
          "GET",
          `/Users?filter=${encodeURIComponent(`userName eq "${demoUser.userName}"`)}`,
        )
      ).json(),
    );
    expect(listed.totalResults).toBe(0);
    expectScimError(await scim(token, "GET", "/Users/not-an-id"), 404);
    // Still active in Demo Oy: nothing of Toinen Oy's calls reached them.
    expect(parseUser(await scim(token, "GET", `/Users/${demoUser.id}`)).active).toBe(true);
  });
});

describe("a user's life through SCIM", () => {
  it("creates an employee as the employer adds one, then finds them by userName and externalId", async () => {
    const token = await demoToken();
    const body = newUser();
    const created = parseUser(await scim(token, "POST", "/Users", body), 201);
    expect(created).toMatchObject({
      userName: body.userName,
      externalId: body.externalId,
      active: true,
      name: { givenName: "Sanni", familyName: body.name.familyName },
      [SCIM_ENTERPRISE_USER]: { employeeNumber: body[SCIM_ENTERPRISE_USER].employeeNumber },
    });
    const [employee] = await db()
      .select({ status: beneficiaryEmployees.status, companyId: beneficiaryEmployees.companyId })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.id, created.id));
    expect(employee).toEqual({ status: "ACCEPTED", companyId: demoOyId });
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, body.userName));
    const roles = await db()
      .select({ companyId: userRoles.companyId })
      .from(userRoles)
      .where(eq(userRoles.userId, user?.id as string));
    expect(roles).toEqual([{ companyId: demoOyId }]);
    const invited = await call("GET", "/api/dev/outbox", "admin@pedaali.test");
    expect(invited.body).toContain(body.userName);

    const byName = `/Users?filter=${encodeURIComponent(`userName eq "${body.userName.toUpperCase()}"`)}`;
    const found = zScimUserList.parse((await scim(token, "GET", byName)).json());
    expect(found).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.Resources[0]?.id).toBe(created.id);
    const byExternal = `/Users?filter=${encodeURIComponent(`externalId eq "${body.externalId}"`)}`;
    expect(zScimUserList.parse((await scim(token, "GET", byExternal)).json()).Resources[0]?.id).toBe(
      created.id,
    );

    expectScimError(
      await scim(token, "POST", "/Users", newUser({ userName: body.userName })),
      409,
      "uniqueness",
    );
    expectScimError(
      await scim(token, "POST", "/Users", newUser({ userName: "no-address" })),
      400,
      "invalidValue",
    );
    expectScimError(
      await scim(token, "GET", `/Users?filter=${encodeURIComponent('name.familyName co "x"')}`),
      400,
      "invalidFilter",
    );
  });

  it("pages the company's users from a 1-based startIndex, at most 200 a page", async () => {
    const token = await demoToken();
    const all = zScimUserList.parse((await scim(token, "GET", "/Users?startIndex=1&count=200")).json());
    expect(all.totalResults).toBeGreaterThan(3);
    expect(all.itemsPerPage).toBe(Math.min(all.totalResults, 200));
    const second = zScimUserList.parse((await scim(token, "GET", "/Users?startIndex=2&count=2")).json());
    expect(second).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(second.Resources.map((r) => r.id)).toEqual(all.Resources.slice(1, 3).map((r) => r.id));
    const huge = zScimUserList.parse((await scim(token, "GET", "/Users?count=100000")).json());
    expect(huge.itemsPerPage).toBeLessThanOrEqual(200);
    const none = zScimUserList.parse((await scim(token, "GET", "/Users?startIndex=0&count=0")).json());
    expect(none).toMatchObject({
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
      totalResults: all.totalResults,
    });
  });

  it("replaces names and ids by PUT, and patches in path form and Entra's value form", async () => {
    const token = await demoToken();
    const body = newUser();
    const created = parseUser(await scim(token, "POST", "/Users", body), 201);
    const put = parseUser(
      await scim(token, "PUT", `/Users/${created.id}`, {
        ...body,
        externalId: "okta-00u1",
        name: { givenName: "Saana", familyName: "Uusinimi" },
      }),
    );
    expect(put).toMatchObject({
      externalId: "okta-00u1",
      name: { givenName: "Saana", familyName: "Uusinimi" },
    });

    const patched = parseUser(
      await scim(token, "PATCH", `/Users/${created.id}`, {
        schemas: [SCIM_PATCH_OP],
        Operations: [
          { op: "replace", path: "name.givenName", value: "Sara" },
          { op: "Add", path: `${SCIM_ENTERPRISE_USER}:employeeNumber`, value: "E-77" },
          { op: "replace", path: 'emails[type eq "work"].value', value: body.userName },
        ],
      }),
    );
    expect(patched).toMatchObject({
      name: { givenName: "Sara" },
      [SCIM_ENTERPRISE_USER]: { employeeNumber: "E-77" },
    });
    const entra = parseUser(
      await scim(token, "PATCH", `/Users/${created.id}`, {
        schemas: [SCIM_PATCH_OP],
        Operations: [{ op: "Replace", value: { "name.familyName": "Entra", externalId: "entra-new" } }],
      }),
    );
    expect(entra).toMatchObject({
      name: { givenName: "Sara", familyName: "Entra" },
      externalId: "entra-new",
    });

    // The login address is the person's own: another one is refused and nothing changes.
    const renamed = await scim(token, "PATCH", `/Users/${created.id}`, {
      schemas: [SCIM_PATCH_OP],
      Operations: [{ op: "replace", path: "userName", value: "someone.else@demo.test" }],
    });
    expectScimError(renamed, 400, "mutability");
    expectScimError(
      await scim(token, "PATCH", `/Users/${created.id}`, {
        schemas: [SCIM_PATCH_OP],
        Operations: [{ op: "move", path: "active", value: false }],
      }),
      400,
      "invalidSyntax",
    );
    expect(parseUser(await scim(token, "GET", `/Users/${created.id}`)).userName).toBe(body.userName);
  });

  it("takes application/json too, and refuses a body over 64 KB", async () => {
    const token = await demoToken();
    const res = await t.app.inject({
      method: "POST",
      url: "/scim/v2/Users",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: newUser(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const big = newUser({ displayName: "x".repeat(70_000) });
    expectScimError(await scim(token, "POST", "/Users", big), 413);
  });
});
