import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, type JWK, jwtVerify } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import {
  FTN_LOA_HIGH,
  FTN_LOA_SUBSTANTIAL,
  type IdTokenTampering,
  type RunningProvider,
  signInAtProvider,
  startStrongIdBroker,
} from "../../../../tests/helpers/identity-providers.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { reservePort } from "../../../../tests/helpers/ports.ts";
import { createTestDatabase, testFileStore } from "../../../../tests/helpers/test-db.ts";
import { zIdentificationStart, zJwks } from "../../../contract/identification.ts";
import { zOrderOffer } from "../../../contract/order-acceptance.ts";
import { zMyOrders } from "../../../contract/orders.ts";
import { buildApp } from "../../app.ts";
import { testConfig } from "../../config.ts";
import { openField, testDataKeyring } from "../../data-keys.ts";
import type { Database } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikePolicies,
  companies,
  eventLog,
  orders,
  signedDocuments,
  strongIdentifications,
  users,
} from "../../db/schema/index.ts";
import { generateKeySet, platformKeysOf } from "../../oidc/platform-keys.ts";
import { createRelyingParty } from "../../oidc/relying-party.ts";
import { SEALED_PURPOSES } from "../../sealed-fields.ts";

/**
 * Signing and approving with strong electronic identification, against a real OpenID Connect provider
 * started here and configured as a broker enforcing the FTN profile: signed request objects, PKCE,
 * private_key_jwt, and ID tokens and userinfo encrypted to the platform's published key. The app
 * listens on a port, because the broker fetches the platform's keys from it as it would in service.
 */

const EMPLOYEE = "employee@demo.test";
const EMPLOYER = "employer.admin@demo.test";
/** The demo employee as her bank knows her: her first name is one of her given names. */
const EMILIA = {
  name: "Emilia Sofia Laine",
  given_name: "Emilia Sofia",
  family_name: "Laine",
  birthdate: "1993-06-15",
  personal_identity_code: "150693-214D",
  acr: FTN_LOA_SUBSTANTIAL,
};
const PEOPLE = {
  emilia: EMILIA,
  /** Her, with a mobile certificate (high). */
  emiliaMobile: { ...EMILIA, acr: FTN_LOA_HIGH },
  /** Someone else with her name: the identity code tells them apart once hers is on record. */
  namesake: { ...EMILIA, personal_identity_code: "240588-916S" },
  stranger: {
    name: "Ville Virtanen",
    given_name: "Ville",
    family_name: "Virtanen",
    personal_identity_code: "131052-308T",
    acr: FTN_LOA_SUBSTANTIAL,
  },
  laura: {
    name: "Laura Nieminen",
    given_name: "Laura",
    family_name: "Nieminen",
    personal_identity_code: "070481A312P",
    acr: FTN_LOA_HIGH,
  },
  /** A person identified below the level the FTN asks (no acr). */
  weak: { name: "Emilia Laine", given_name: "Emilia", family_name: "Laine" },
};

let app: FastifyInstance;
let database: Database;
let broker: RunningProvider;
let publicUrl: string;
let relyingPartyKeys: { keys: JWK[] };
const t = {
  get app() {
    return app;
  },
  get database() {
    return database;
  },
};
const { call } = apiCaller(t);

let demoOyId: string;
let employmentId: string;
let employeeUserId: string;

beforeAll(async () => {
  const reserved = await reservePort();
  const port = reserved.port;
  publicUrl = `http://127.0.0.1:${port}`;
  relyingPartyKeys = await generateKeySet();
  const keysFile = join(tmpdir(), `pedaali-oidc-keys-${port}.json`);
  writeFileSync(keysFile, JSON.stringify(relyingPartyKeys));
  broker = await startStrongIdBroker({
    clientId: "pedaali-test",
    redirectUris: [`${publicUrl}/api/identification/callback`],
    jwksUri: `${publicUrl}/api/oidc/jwks`,
    people: PEOPLE,
    relyingPartyKeys,
  });
  database = await createTestDatabase({ demoData: true });
  app = await buildApp(
    testConfig({
      publicUrl,
      port,
      oidcKeysFile: keysFile,
      oidcAllowHttp: true,
      strongId: {
        issuer: broker.issuer,
        clientId: "pedaali-test",
        identityCodeClaim: "personal_identity_code",
      },
    }),
    { database, files: testFileStore() },
  );
  await reserved.release();
  await app.listen({ port, host: "127.0.0.1" });
  const db = database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  employeeUserId = await userIdByEmail(db, EMPLOYEE);
  const [row] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(
      and(eq(beneficiaryEmployees.userId, employeeUserId), eq(beneficiaryEmployees.companyId, demoOyId)),
    );
  employmentId = row?.id as string;
});

afterAll(async () => {
  await app?.close();
  await broker?.close();
  await database?.close();
});

beforeEach(async () => {
  broker.tamper = null;
  await cancelOpenOrders(database.db, employmentId);
  await database.db.update(users).set({ identityCodeHash: null }).where(eq(users.id, employeeUserId));
  await database.db.delete(bikePolicies).where(eq(bikePolicies.userId, employeeUserId));
  await policy("STRONG_OR_SMS_CODE");
});

async function policy(value: "SMS_CODE" | "STRONG_OR_SMS_CODE" | "STRONG") {
  await database.db.update(companies).set({ signingPolicy: value }).where(eq(companies.id, demoOyId));
}

/** An order of the demo employee waiting for her signature, the employer's approval asked or not. */
async function acceptedOrder(approval: boolean): Promise<string> {
  if (!approval) {
    await database.db
      .insert(bikePolicies)
      .values({
        companyId: demoOyId,
        userId: employeeUserId,
        minLeaseTimeMonths: 12,
        maxLeaseTimeMonths: 36,
        requiresEmployerApproval: false,
      })
      .onConflictDoNothing();
  }
  const orderId = await packagedOrder(database.db, { employmentId, companyId: demoOyId });
  const offer = zOrderOffer.parse((await call("GET", `/api/orders/${orderId}/offer`, EMPLOYEE)).json());
  const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
    leaseTimeMonths: 36,
    packageVersion: offer.packageVersion,
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}

/** The start as the page calls it: the broker's address, and the browser's sign-in cookie. */
async function start(orderId: string, who = EMPLOYEE, path = "sign/strong") {
  const res = await call("POST", `/api/orders/${orderId}/${path}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === "oidcSignIn");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api" });
  return {
    url: new URL(zIdentificationStart.parse(res.json()).redirectUrl),
    cookie: `oidcSignIn=${cookie?.value}`,
  };
}

/** The browser arriving back from the broker: where it is sent on to. */
async function callback(answer: URL, cookie: string | null): Promise<string> {
  const res = await app.inject({
    method: "GET",
    url: `${answer.pathname}${answer.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location as string;
}

/** The order as the employee's own page reads it. */
async function orderOf(orderId: string) {
  const mine = zMyOrders.parse((await call("GET", "/api/orders/my", EMPLOYEE)).json());
  const order = mine.items.find((o) => o.orderId === orderId);
  if (!order) throw new Error("The employee does not see the order");
  return order;
}

async function strongSignatures(orderId: string) {
  return database.db.select().from(strongIdentifications).where(eq(strongIdentifications.orderId, orderId));
}

describe("the platform's published keys", () => {
  it("publishes the public halves of a signing and an encryption key, and nothing private", async () => {
    const res = await app.inject({ method: "GET", url: "/api/oidc/jwks" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const { keys } = zJwks.parse(res.json());
    expect(keys.map((k) => k.use).sort()).toEqual(["enc", "sig"]);
    for (const key of keys) {
      for (const secret of ["d", "p", "q", "dp", "dq", "qi"]) expect(key).not.toHaveProperty(secret);
    }
    expect(keys.map((k) => k.kid)).toEqual(relyingPartyKeys.keys.map((k) => k.kid));
  });
});

describe("signing the leasing agreement with strong identification", () => {
  it("signs with the bank's proof: the evidence kept with the verified name, the identity code only as a keyed hash", async () => {
    const orderId = await acceptedOrder(false);
    const before = await orderOf(orderId);
    expect(before.signingMethods).toEqual(["STRONG", "SMS_CODE"]);
    const { url, cookie } = await start(orderId);

    // The FTN profile: the parameters travel only inside a signed request object.
    expect(url.origin).toBe(new URL(broker.issuer).origin);
    expect([...url.searchParams.keys()].sort()).toEqual(["client_id", "request"]);
    const header = decodeProtectedHeader(url.searchParams.get("request") as string);
    expect(header).toMatchObject({ alg: "RS256", kid: relyingPartyKeys.keys[0]?.kid });

    const answer = await signInAtProvider(url, "emilia");
    expect(answer.searchParams.get("iss")).toBe(broker.issuer);
    broker.requests.length = 0;
    expect(await callback(answer, cookie)).toBe("/mybike?identification=SIGNED");
    // private_key_jwt: the code was redeemed with an assertion signed by the platform's key, with its
    // kid and a jti the broker can refuse to see twice.
    const assertion = broker.requests.find((r) => r.path === "/token")?.clientAssertion as string;
    expect(decodeProtectedHeader(assertion)).toMatchObject({
      alg: "RS256",
      kid: relyingPartyKeys.keys[0]?.kid,
    });
    expect(decodeJwt(assertion)).toMatchObject({
      iss: "pedaali-test",
      sub: "pedaali-test",
      jti: expect.any(String),
    });

    const order = await orderOf(orderId);
    expect(order).toMatchObject({ orderStatus: "CONFIRMED", agreement: { status: "SIGNED" } });
    const [evidence] = await strongSignatures(orderId);
    expect(evidence).toMatchObject({
      userId: employeeUserId,
      purpose: "SIGN_AGREEMENT",
      issuer: broker.issuer,
      subject: "emilia",
      verifiedName: "Emilia Sofia Laine",
      levelOfAssurance: FTN_LOA_SUBSTANTIAL,
    });
    expect(evidence?.authenticatedAt).toBeInstanceOf(Date);
    // The ID token is kept sealed, as the broker signed it: opened, anyone with the broker's keys can check it.
    expect(evidence?.idToken).toMatch(/^v2\.test\./);
    const verified = await jwtVerify(
      openField(testDataKeyring(), SEALED_PURPOSES.idToken, evidence?.idToken as string),
      createRemoteJWKSet(new URL(`${broker.issuer}/jwks`)),
      {
        issuer: broker.issuer,
        audience: "pedaali-test",
        currentDate: new Date(),
      },
    );
    expect(verified.payload.sub).toBe("emilia");
    expect(JSON.stringify(evidence)).not.toContain("150693");
    expect(evidence?.identityCodeHash).toMatch(/^test:[0-9a-f]{64}$/);
    const [account] = await database.db
      .select({ hash: users.identityCodeHash })
      .from(users)
      .where(eq(users.id, employeeUserId));
    expect(account?.hash).toBe(evidence?.identityCodeHash);

    const [document] = await database.db
      .select()
      .from(signedDocuments)
      .innerJoin(orders, eq(orders.id, orderId))
      .where(eq(signedDocuments.strongIdentificationId, evidence?.id as string));
    expect(document?.signed_documents).toMatchObject({
      signingMethod: "STRONG",
      signedByUserId: employeeUserId,
    });
    const event = await database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, orderId), eq(eventLog.type, "LEASING_AGREEMENT_SIGNED")));
    expect(event[0]?.data).toMatchObject({ method: "STRONG", by: "user" });
  });

  it("takes an answer once: the same answer again, or one brought by another browser, signs nothing", async () => {
    const orderId = await acceptedOrder(true);
    const { url, cookie } = await start(orderId);
    const answer = await signInAtProvider(url, "emilia");
    expect(await callback(answer, null)).toBe("/mybike?identification=IDENTIFICATION_FAILED");
    expect(await callback(answer, "oidcSignIn=another-browsers-state")).toBe(
      "/mybike?identification=IDENTIFICATION_FAILED",
    );
    expect(await callback(answer, cookie)).toBe("/mybike?identification=SIGNED");
    expect(await callback(answer, cookie)).toBe("/mybike?identification=IDENTIFICATION_FAILED");
    expect(await strongSignatures(orderId)).toHaveLength(1);
    // The employer's approval is still asked: the signature waits for it.
    expect(await orderOf(orderId)).toMatchObject({
      orderStatus: "ALL_INFO_PROVIDED",
      agreement: { status: "SIGNED" },
    });
  });

  it.each<IdTokenTampering>(["wrong-nonce", "wrong-audience", "expired", "foreign-key"])(
    "refuses an ID token with %s, and signs nothing",
    async (tampering) => {
      const orderId = await acceptedOrder(false);
      const { url, cookie } = await start(orderId);
      const answer = await signInAtProvider(url, "emilia");
      broker.tamper = tampering;
      expect(await callback(answer, cookie)).toBe("/mybike?identification=IDENTIFICATION_FAILED");
      expect(await strongSignatures(orderId)).toEqual([]);
      expect((await orderOf(orderId)).orderStatus).toBe("ALL_INFO_PROVIDED");
    },
  );

  it("refuses a person who is not the employee, by name or, once proven, by identity code", async () => {
    const orderId = await acceptedOrder(false);
    let { url, cookie } = await start(orderId);
    expect(await callback(await signInAtProvider(url, "stranger"), cookie)).toBe(
      "/mybike?identification=IDENTITY_MISMATCH",
    );
    // Her own identification proves her code; a namesake's then no longer passes for her.
    await database.db.update(users).set({ identityCodeHash: null }).where(eq(users.id, employeeUserId));
    const first = await acceptedOrder(false);
    ({ url, cookie } = await start(first));
    expect(await callback(await signInAtProvider(url, "emiliaMobile"), cookie)).toBe(
      "/mybike?identification=SIGNED",
    );
    const second = await acceptedOrder(false);
    ({ url, cookie } = await start(second));
    expect(await callback(await signInAtProvider(url, "namesake"), cookie)).toBe(
      "/mybike?identification=IDENTITY_MISMATCH",
    );
    expect(await strongSignatures(second)).toEqual([]);
  });

  it("refuses an identification without the FTN's level of assurance", async () => {
    const orderId = await acceptedOrder(false);
    const { url, cookie } = await start(orderId);
    expect(await callback(await signInAtProvider(url, "weak"), cookie)).toBe(
      "/mybike?identification=IDENTIFICATION_FAILED",
    );
  });

  it("follows the company's rule: strong only refuses the SMS code; the SMS code only refuses strong", async () => {
    const orderId = await acceptedOrder(false);
    await policy("STRONG");
    expect((await orderOf(orderId)).signingMethods).toEqual(["STRONG"]);
    expectError(
      await call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE),
      403,
      "STRONG_IDENTIFICATION_REQUIRED",
    );
    expectError(
      await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: "123456" }),
      403,
      "STRONG_IDENTIFICATION_REQUIRED",
    );
    await policy("SMS_CODE");
    expect((await orderOf(orderId)).signingMethods).toEqual(["SMS_CODE"]);
    expectError(await call("POST", `/api/orders/${orderId}/sign/strong`, EMPLOYEE), 403, "FORBIDDEN");
    // A sign-in started under the old rule signs nothing under the new one.
    await policy("STRONG");
    const { url, cookie } = await start(orderId);
    await policy("SMS_CODE");
    expect(await callback(await signInAtProvider(url, "emilia"), cookie)).toBe(
      "/mybike?identification=FORBIDDEN",
    );
  });

  it("starts only for the employee's own order waiting for her signature", async () => {
    const orderId = await acceptedOrder(false);
    expectError(await call("POST", `/api/orders/${orderId}/sign/strong`, EMPLOYER), 403);
    expectError(await call("POST", `/api/orders/${orderId}/sign/strong`, "employer.admin@toinen.test"), 403);
    const { url, cookie } = await start(orderId);
    expect(await callback(await signInAtProvider(url, "emilia"), cookie)).toBe(
      "/mybike?identification=SIGNED",
    );
    expectError(
      await call("POST", `/api/orders/${orderId}/sign/strong`, EMPLOYEE),
      409,
      "ORDER_ALREADY_SIGNED",
    );
  });
});

describe("the employer's approval with strong identification", () => {
  it("approves the order with the approver's proof kept, and confirms it once the employee has signed", async () => {
    await policy("STRONG");
    const orderId = await acceptedOrder(true);
    expectError(
      await call("POST", `/api/orders/${orderId}/employer-decision`, EMPLOYER, { approve: true }),
      403,
      "STRONG_IDENTIFICATION_REQUIRED",
    );
    let { url, cookie } = await start(orderId);
    expect(await callback(await signInAtProvider(url, "emilia"), cookie)).toBe(
      "/mybike?identification=SIGNED",
    );
    ({ url, cookie } = await start(orderId, EMPLOYER, "employer-decision/strong"));
    expect(await callback(await signInAtProvider(url, "laura"), cookie)).toBe(
      "/tyonantaja?valilehti=tilaukset&identification=SIGNED",
    );
    const evidence = await strongSignatures(orderId);
    expect(evidence.map((e) => [e.purpose, e.verifiedName, e.levelOfAssurance]).sort()).toEqual([
      ["APPROVE_ORDER", "Laura Nieminen", FTN_LOA_HIGH],
      ["SIGN_AGREEMENT", "Emilia Sofia Laine", FTN_LOA_SUBSTANTIAL],
    ]);
    expect((await orderOf(orderId)).orderStatus).toBe("CONFIRMED");
  });
});

describe("the FTN profile, as the broker enforces it", () => {
  it("refuses an authorization request without a signed request object", async () => {
    const plain = new URL(`${broker.issuer}/auth`);
    for (const [key, value] of Object.entries({
      client_id: "pedaali-test",
      response_type: "code",
      scope: "openid profile",
      redirect_uri: `${publicUrl}/api/identification/callback`,
      state: "s",
      nonce: "n",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    })) {
      plain.searchParams.set(key, value);
    }
    const res = await fetch(plain, { redirect: "manual" });
    const location = new URL(res.headers.get("location") ?? "http://none/");
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("error_description")).toMatch(/request object/i);
  });

  it("leaves a client that cannot open what the broker encrypts to the platform's key with nothing", async () => {
    const keys = await platformKeysOf(relyingPartyKeys);
    const stranger = await platformKeysOf(await generateKeySet());
    // Signs as the platform, but holds another decryption key than the one it publishes.
    const party = createRelyingParty({ ...keys, decryption: stranger.decryption }, { allowHttp: true });
    const profile = {
      issuer: broker.issuer,
      clientId: "pedaali-test",
      clientAuth: { kind: "privateKeyJwt" as const },
      strict: true,
    };
    const checks = { state: "state-1", nonce: "nonce-1", codeVerifier: "v".repeat(43) };
    const url = await party.authorizationUrl(profile, {
      redirectUri: `${publicUrl}/api/identification/callback`,
      scope: "openid profile",
      ...checks,
    });
    const answer = await signInAtProvider(url, "emilia");
    await expect(party.finish(profile, answer, checks)).rejects.toThrow(/decrypt/i);
  });
});
