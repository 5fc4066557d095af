import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import {
  type RunningProvider,
  signInAtProvider,
  startCompanyIdentityProvider,
} from "../../../../tests/helpers/identity-providers.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zCompanyIdentity, zSsoDiscovery } from "../../../contract/single-sign-on.ts";
import { companyIdentityProviders, eventLog, userExternalIdentities } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";

/**
 * Logging in with a company's own identity provider, against a real OpenID Connect provider started
 * here (client secret, PKCE, nonce), and the admin area's settings of it. The app is called in
 * process: the provider only redirects the browser to it.
 */

const PUBLIC_URL = "http://127.0.0.1:39123";
const ADMIN = "admin@pedaali.test";
const LAURA = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";

const person = (email: string, name: string, verified = true) => ({
  name,
  given_name: name.split(" ")[0] as string,
  family_name: name.split(" ")[1] as string,
  email,
  email_verified: verified,
});

const PEOPLE = {
  laura: person(LAURA, "Laura Nieminen"),
  emilia: person(EMPLOYEE, "Emilia Laine"),
  /** Her address, but the provider does not vouch for it. */
  unverified: person(EMPLOYEE, "Emilia Laine", false),
  /** A colleague with no Pedaali account. */
  newcomer: person("uusi.tyontekija@demo.test", "Uusi Työntekijä"),
  /** A helpdesk user's address under a domain the company claimed. */
  helpdesk: person("helpdesk@pedaali.test", "Heli Palvelu"),
  /** Toinen Oy's admin, whose address a provider of Demo Oy cannot vouch for. */
  otherTenant: person("employer.admin@toinen.test", "Antti Salminen"),
};

let idp: RunningProvider;
const t = setupTestApp({ publicUrl: PUBLIC_URL, oidcAllowHttp: true }, { demoData: true });
const { call } = apiCaller(t);
let demoOyId: string;
let toinenId: string;

beforeAll(async () => {
  idp = await startCompanyIdentityProvider({
    clientId: "pedaali-demo-oy",
    clientSecret: "a client secret of the demo company",
    redirectUris: [`${PUBLIC_URL}/api/auth/sso/callback`],
    people: PEOPLE,
  });
});
afterAll(async () => idp?.close());

beforeEach(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  toinenId = await companyIdByName(t.database.db, "Toinen Oy");
  await t.database.db.delete(userExternalIdentities);
  await configure({ required: false });
  // Tests run in random order: each looks only at what the provider was asked during it.
  idp.requests.length = 0;
});

async function configure(options: { required: boolean; domains?: string[]; companyId?: string }) {
  const res = await call("PUT", `/api/admin/companies/${options.companyId ?? demoOyId}/identity`, ADMIN, {
    signingPolicy: "SMS_CODE",
    sso: {
      preset: "OIDC",
      issuer: idp.issuer,
      clientId: "pedaali-demo-oy",
      clientSecret: "a client secret of the demo company",
      emailDomains: options.domains ?? ["Demo.test", "pedaali.test"],
      required: options.required,
      enabled: true,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return zCompanyIdentity.parse(res.json());
}

/** The browser's whole way: the start, the provider's page, and back; answers where it lands and its cookies. */
async function logInThrough(email: string, who: keyof typeof PEOPLE) {
  const start = await t.app.inject({
    method: "GET",
    url: `/api/auth/sso/start?email=${encodeURIComponent(email)}`,
  });
  expect(start.statusCode, start.body).toBe(303);
  const cookie = start.cookies.find((c) => c.name === "oidcSignIn");
  const answer = await signInAtProvider(new URL(start.headers.location as string), who);
  const back = await t.app.inject({
    method: "GET",
    url: `${answer.pathname}${answer.search}`,
    headers: cookie ? { cookie: `oidcSignIn=${cookie.value}` } : {},
  });
  expect(back.statusCode, back.body).toBe(303);
  return { location: back.headers.location as string, cookies: back.cookies, answer, cookie };
}

async function userOfSession(cookies: { name: string; value: string }[]) {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/user",
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  return res.statusCode === 200 ? (res.json() as { email: string }).email : null;
}

describe("finding the provider at the login page", () => {
  it("answers the provider's start for an e-mail of a company's domain, and the password for others", async () => {
    const found = zSsoDiscovery.parse(
      (await call("POST", "/api/auth/sso/discover", null, { email: " Laura.Nieminen@DEMO.test " })).json(),
    );
    expect(found).toEqual({
      sso: true,
      required: false,
      startUrl: "/api/auth/sso/start?email=Laura.Nieminen%40DEMO.test",
    });
    const other = zSsoDiscovery.parse(
      (await call("POST", "/api/auth/sso/discover", null, { email: "x@toinen.test" })).json(),
    );
    expect(other).toEqual({ sso: false, required: false, startUrl: null });
    expect(
      zSsoDiscovery.parse(
        (await call("POST", "/api/auth/sso/discover", null, { email: "no-at-sign" })).json(),
      ).sso,
    ).toBe(false);
  });

  it("sends an e-mail without a provider back to the login page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/sso/start?email=x%40toinen.test" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/kirjaudu?sso=SSO_NOT_AVAILABLE");
  });
});

describe("logging in through the company's provider", () => {
  it("logs in the company's user of the vouched e-mail, links the account, and keeps to it afterwards", async () => {
    const first = await logInThrough(LAURA, "laura");
    // The provider was asked with PKCE and the e-mail as a hint, not with the password.
    const auth = idp.requests.find((r) => r.path === "/auth");
    expect(auth?.query).toMatchObject({
      code_challenge_method: "S256",
      login_hint: LAURA,
      scope: "openid email profile",
    });
    expect(first.location).toBe("/kirjaudu");
    expect(await userOfSession(first.cookies)).toBe(LAURA);
    const links = await t.database.db.select().from(userExternalIdentities);
    expect(links).toMatchObject([
      {
        userId: await userIdByEmail(t.database.db, LAURA),
        issuer: idp.issuer,
        subject: "laura",
        companyId: demoOyId,
      },
    ]);

    const again = await logInThrough(LAURA, "laura");
    expect(await userOfSession(again.cookies)).toBe(LAURA);
    expect(await t.database.db.select().from(userExternalIdentities)).toHaveLength(1);
  });

  it("logs in an employee too", async () => {
    const { location, cookies } = await logInThrough(EMPLOYEE, "emilia");
    expect(location).toBe("/kirjaudu");
    expect(await userOfSession(cookies)).toBe(EMPLOYEE);
  });

  it("finds no account for an unverified address, an address without a user, a helpdesk user or another company's user", async () => {
    for (const who of ["unverified", "newcomer", "helpdesk"] as const) {
      const { location, cookies } = await logInThrough(PEOPLE[who].email, who);
      expect(location, who).toBe("/kirjaudu?sso=SSO_ACCOUNT_NOT_FOUND");
      expect(await userOfSession(cookies)).toBeNull();
    }
    // Toinen Oy's domain is not Demo Oy's: the provider cannot speak for it.
    const { location } = await logInThrough(LAURA, "otherTenant");
    expect(location).toBe("/kirjaudu?sso=SSO_ACCOUNT_NOT_FOUND");
    expect(await t.database.db.select().from(userExternalIdentities)).toEqual([]);
  });

  it("takes an answer once, and only in the browser that started it", async () => {
    const { answer, cookie } = await logInThrough(LAURA, "laura");
    const replay = await t.app.inject({
      method: "GET",
      url: `${answer.pathname}${answer.search}`,
      headers: { cookie: `oidcSignIn=${cookie?.value}` },
    });
    expect(replay.headers.location).toBe("/kirjaudu?sso=IDENTIFICATION_FAILED");
    expect(replay.cookies.some((c) => c.name === "accessToken" && c.value)).toBe(false);

    const start = await t.app.inject({ method: "GET", url: `/api/auth/sso/start?email=${LAURA}` });
    const elsewhere = await signInAtProvider(new URL(start.headers.location as string), "laura");
    const foreign = await t.app.inject({ method: "GET", url: `${elsewhere.pathname}${elsewhere.search}` });
    expect(foreign.headers.location).toBe("/kirjaudu?sso=IDENTIFICATION_FAILED");
  });

  it("refuses the password of a company that requires its provider, but never the staff's", async () => {
    await configure({ required: true });
    expect(
      zSsoDiscovery.parse((await call("POST", "/api/auth/sso/discover", null, { email: LAURA })).json())
        .required,
    ).toBe(true);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: LAURA, password: DEMO_PASSWORD },
    });
    expectError(refused, 403, "SSO_REQUIRED");
    // The helpdesk's address under a claimed domain still logs in with the password.
    const staff = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "helpdesk@pedaali.test", password: DEMO_PASSWORD },
    });
    expect([200, 202]).toContain(staff.statusCode);
    const { cookies } = await logInThrough(LAURA, "laura");
    expect(await userOfSession(cookies)).toBe(LAURA);
  });
});

describe("a company's identity settings in the admin area", () => {
  it("shows the settings without the client secret, and the redirect address to register", async () => {
    const res = await call("GET", `/api/admin/companies/${demoOyId}/identity`, ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("client secret");
    expect(zCompanyIdentity.parse(res.json())).toMatchObject({
      signingPolicy: "SMS_CODE",
      strongIdentificationAvailable: false,
      sso: {
        preset: "OIDC",
        issuer: idp.issuer,
        emailDomains: ["demo.test", "pedaali.test"],
        required: false,
      },
      ssoRedirectUri: `${PUBLIC_URL}/api/auth/sso/callback`,
    });
    // The change is in the audit trail, without the secret.
    const [logged] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, "COMPANY_UPDATED"), eq(eventLog.entityId, demoOyId)))
      .orderBy(desc(eventLog.createdAt))
      .limit(1);
    expect(logged?.data).toMatchObject({
      fields: ["signingPolicy", "sso"],
      sso: { issuer: idp.issuer, emailDomains: ["demo.test", "pedaali.test"], clientSecretChanged: true },
    });
    expect(JSON.stringify(logged?.data)).not.toContain("client secret");
    const [row] = await t.database.db
      .select({ sealed: companyIdentityProviders.clientSecretSealed })
      .from(companyIdentityProviders)
      .where(eq(companyIdentityProviders.companyId, demoOyId));
    expect(row?.sealed).toMatch(/^v2\.test\./);
  });

  it("keeps a domain to one company, an issuer to its preset, and asks a new provider for its secret", async () => {
    const taken = await call("PUT", `/api/admin/companies/${toinenId}/identity`, ADMIN, {
      signingPolicy: "SMS_CODE",
      sso: {
        preset: "GOOGLE",
        issuer: "https://accounts.google.com",
        clientId: "toinen",
        clientSecret: "s",
        emailDomains: ["toinen.test", "demo.test"],
        required: false,
        enabled: true,
      },
    });
    expect(expectError(taken, 409, "SSO_DOMAIN_TAKEN").details).toMatchObject([
      { field: "body.sso.emailDomains" },
    ]);
    const wrongIssuer = await call("PUT", `/api/admin/companies/${toinenId}/identity`, ADMIN, {
      signingPolicy: "SMS_CODE",
      sso: {
        preset: "ENTRA_ID",
        issuer: "https://login.microsoftonline.com/common/v2.0",
        clientId: "toinen",
        clientSecret: "s",
        emailDomains: ["toinen.test"],
        required: false,
        enabled: true,
      },
    });
    expect(expectError(wrongIssuer, 400).details).toMatchObject([{ field: "body.sso.issuer" }]);
    const noSecret = await call("PUT", `/api/admin/companies/${toinenId}/identity`, ADMIN, {
      signingPolicy: "STRONG_OR_SMS_CODE",
      sso: {
        preset: "ENTRA_ID",
        issuer: "https://login.microsoftonline.com/toinen.onmicrosoft.com/v2.0",
        clientId: "toinen",
        emailDomains: ["toinen.test"],
        required: false,
        enabled: true,
      },
    });
    expect(expectError(noSecret, 400).details).toMatchObject([{ field: "body.sso.clientSecret" }]);
    const badDomain = await call("PUT", `/api/admin/companies/${toinenId}/identity`, ADMIN, {
      signingPolicy: "SMS_CODE",
      sso: null,
    });
    expect(badDomain.statusCode).toBe(200);
    expectError(
      await call("PUT", `/api/admin/companies/${toinenId}/identity`, ADMIN, {
        signingPolicy: "SMS_CODE",
        sso: {
          preset: "OIDC",
          issuer: "https://idp.example",
          clientId: "c",
          clientSecret: "s",
          emailDomains: ["not a domain"],
          required: false,
          enabled: true,
        },
      }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("removes the provider and its domains, and the login page then asks for the password", async () => {
    const removed = await call("PUT", `/api/admin/companies/${demoOyId}/identity`, ADMIN, {
      signingPolicy: "STRONG_OR_SMS_CODE",
      sso: null,
    });
    expect(zCompanyIdentity.parse(removed.json())).toMatchObject({
      signingPolicy: "STRONG_OR_SMS_CODE",
      sso: null,
    });
    expect(
      zSsoDiscovery.parse((await call("POST", "/api/auth/sso/discover", null, { email: LAURA })).json()).sso,
    ).toBe(false);
  });

  it("is the admin tier's: an employer admin is refused", async () => {
    expectError(await call("GET", `/api/admin/companies/${demoOyId}/identity`, LAURA), 403);
  });
});
