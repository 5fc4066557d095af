import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CompactEncrypt,
  CompactSign,
  compactDecrypt,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/**
 * Real OpenID Connect providers (oidc-provider) that the tests and the browser journeys start on this
 * machine: a strong identification broker configured to require the FTN OpenID Connect profile, and a
 * company's identity provider for single sign-on. Nothing answers what a test wants: a request or a
 * client that does not meet the profile is refused by the provider itself.
 *
 * The sign-in page of each lists its test people as links; a test follows `?person=<id>` the way a
 * user picks their bank and confirms.
 */

export type TestPerson = {
  name: string;
  given_name: string;
  family_name: string;
  birthdate?: string;
  email?: string;
  email_verified?: boolean;
  /** The Finnish personal identity code, where the broker returns it. */
  personal_identity_code?: string;
  /** The level of assurance the person's method gives (FTN: substantial loa2, high loa3). */
  acr?: string;
};

export const FTN_LOA_SUBSTANTIAL = "http://ftn.ficora.fi/2017/loa2";
export const FTN_LOA_HIGH = "http://ftn.ficora.fi/2017/loa3";

/** How a broker that misbehaves changes the ID token it returns, to test that the platform refuses it. */
export type IdTokenTampering = "wrong-nonce" | "wrong-audience" | "expired" | "foreign-key";

export type RunningProvider = {
  issuer: string;
  /** Every request the provider answered, as method and path, for tests that check what was sent. */
  requests: { method: string; path: string; query: Record<string, unknown>; clientAssertion?: string }[];
  /** Set to make the next token responses carry a tampered ID token. */
  tamper: IdTokenTampering | null;
  close: () => Promise<void>;
};

type ClientSpec = {
  clientId: string;
  redirectUris: string[];
  /** The FTN profile: the client publishes its keys at this URL. */
  jwksUri?: string;
  /** A company IdP's client secret (client_secret_basic). */
  clientSecret?: string;
};

function signInPage(title: string, people: Record<string, TestPerson>, uid: string): string {
  const links = Object.entries(people)
    .map(([id, p]) => `<li><a href="/interaction/${uid}?person=${encodeURIComponent(id)}">${p.name}</a></li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>Choose who signs in:</p><ul>${links}</ul></main></body></html>`;
}

/** The platform's RSA encryption key as published at jwks_uri, for the misbehaving broker to re-encrypt. */
async function publishedEncryptionKey(jwksUri: string) {
  const { keys } = (await (await fetch(jwksUri)).json()) as { keys: JWK[] };
  const jwk = keys.find((k) => k.use === "enc");
  if (!jwk) throw new Error("The relying party publishes no encryption key");
  return { key: await importJWK(jwk, "RSA-OAEP"), kid: jwk.kid };
}

async function startProvider(options: {
  title: string;
  people: Record<string, TestPerson>;
  client: ClientSpec;
  strict: boolean;
  port?: number;
  /** The relying party's private keys, which the misbehaving broker uses to open what it re-signs. */
  relyingPartyKeys?: { keys: JWK[] };
}): Promise<RunningProvider> {
  const brokerKey = await generateKeyPair("RS256", { extractable: true });
  const brokerJwk = { ...(await exportJWK(brokerKey.privateKey)), kid: "broker-1", use: "sig", alg: "RS256" };
  const running: RunningProvider = { issuer: "", requests: [], tamper: null, close: async () => {} };
  const { client } = options;

  const clientMetadata = options.strict
    ? {
        client_id: client.clientId,
        redirect_uris: client.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "private_key_jwt",
        require_auth_time: true,
        token_endpoint_auth_signing_alg: "RS256",
        jwks_uri: client.jwksUri,
        request_object_signing_alg: "RS256",
        id_token_signed_response_alg: "RS256",
        id_token_encrypted_response_alg: "RSA-OAEP",
        id_token_encrypted_response_enc: "A256GCM",
        userinfo_signed_response_alg: "RS256",
        userinfo_encrypted_response_alg: "RSA-OAEP",
        userinfo_encrypted_response_enc: "A256GCM",
      }
    : {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      };

  const configuration: Configuration = {
    clients: [clientMetadata as never],
    clientAuthMethods: options.strict ? ["private_key_jwt"] : ["client_secret_basic"],
    features: {
      devInteractions: { enabled: false },
      requestObjects: options.strict
        ? { enabled: true, requireSignedRequestObject: true }
        : { enabled: false },
      encryption: { enabled: options.strict },
      jwtUserinfo: { enabled: options.strict },
    },
    pkce: { required: () => true },
    acrValues: [FTN_LOA_SUBSTANTIAL, FTN_LOA_HIGH],
    claims: {
      openid: ["sub"],
      profile: ["name", "given_name", "family_name", "birthdate", "personal_identity_code"],
      email: ["email", "email_verified"],
    },
    conformIdTokenClaims: options.strict,
    jwks: { keys: [brokerJwk as never] },
    cookies: { keys: ["test providers' cookie key, not a secret"] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const person = options.people[id];
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...person }) };
    },
    // Consent is the person's choice on the sign-in page: the grant covers what the client asked for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client: c, session } = ctx.oidc;
      if (!c || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: c.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid profile email");
      grant.addOIDCClaims(["name", "given_name", "family_name", "birthdate", "personal_identity_code"]);
      await grant.save();
      return grant;
    },
    ttl: {
      Session: 600,
      Interaction: 600,
      Grant: 600,
      AccessToken: 300,
      IdToken: 300,
      AuthorizationCode: 60,
    },
    // The platform it fetches keys from runs on this machine's loopback, which the provider's guard
    // against requests into private networks would refuse.
    fetch: (url, init) => {
      const { dispatcher: _guard, ...rest } = init as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(url, rest);
    },
    renderError(ctx, out) {
      ctx.type = "json";
      ctx.body = out;
    },
  };

  // The issuer names its port, so the server listens first (on a port the system picks, unless one is
  // asked for) and the provider is made for the port it got: runs side by side never meet.
  const listening = createServer();
  await new Promise<void>((resolve, reject) => {
    listening.once("error", reject);
    listening.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = listening.address() as AddressInfo;
  return finish(new Provider(`http://127.0.0.1:${port}`, configuration));

  async function finish(p: Provider): Promise<RunningProvider> {
    p.proxy = false;
    p.use(async (ctx, next) => {
      const seen: RunningProvider["requests"][number] = {
        method: ctx.method,
        path: ctx.path,
        query: { ...ctx.query },
      };
      running.requests.push(seen);
      const interaction = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
      if (interaction && ctx.method === "GET") {
        const details = await p.interactionDetails(ctx.req, ctx.res);
        const chosen = typeof ctx.query.person === "string" ? ctx.query.person : null;
        const person = chosen ? options.people[chosen] : undefined;
        if (chosen && person) {
          const to = await p.interactionResult(
            ctx.req,
            ctx.res,
            { login: { accountId: chosen, ...(person.acr ? { acr: person.acr } : {}) } },
            { mergeWithLastSubmission: false },
          );
          ctx.redirect(to);
          return;
        }
        ctx.type = "html";
        ctx.body = signInPage(options.title, options.people, details.uid);
        return;
      }
      await next();
      const assertion = (ctx.oidc?.params as { client_assertion?: unknown } | undefined)?.client_assertion;
      if (typeof assertion === "string") seen.clientAssertion = assertion;
      if (ctx.path === "/token" && running.tamper && options.relyingPartyKeys && client.jwksUri) {
        const body = ctx.body as { id_token?: string };
        if (body?.id_token) {
          ctx.body = {
            ...body,
            id_token: await tamperedIdToken(body.id_token, running.tamper, {
              relyingPartyKeys: options.relyingPartyKeys,
              brokerKey: brokerKey.privateKey,
              jwksUri: client.jwksUri,
            }),
          };
        }
      }
    });
    listening.on("request", p.callback());
    running.issuer = p.issuer;
    running.close = () =>
      new Promise<void>((resolve) => {
        listening.closeAllConnections();
        listening.close(() => resolve());
      });
    return running;
  }
}

/**
 * The misbehaving broker: opens the ID token it was about to send (with the relying party's key, which
 * only a test has), changes it, signs it again (with its own key, or a key nobody published) and
 * encrypts it to the relying party's published key, as a token substituted on the way would arrive.
 */
async function tamperedIdToken(
  jwe: string,
  tampering: IdTokenTampering,
  keys: { relyingPartyKeys: { keys: JWK[] }; brokerKey: CryptoKey; jwksUri: string },
): Promise<string> {
  const encJwk = keys.relyingPartyKeys.keys.find((k) => k.use === "enc") as JWK;
  const { plaintext } = await compactDecrypt(jwe, await importJWK(encJwk, "RSA-OAEP"));
  const claims = decodeJwt(new TextDecoder().decode(plaintext));
  const now = Math.floor(Date.now() / 1000);
  if (tampering === "wrong-nonce") claims.nonce = "a-nonce-of-another-sign-in";
  if (tampering === "wrong-audience") claims.aud = "another-client";
  if (tampering === "expired") Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
  const signingKey =
    tampering === "foreign-key" ? (await generateKeyPair("RS256")).privateKey : keys.brokerKey;
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: "RS256", kid: "broker-1" })
    .sign(signingKey);
  const enc = await publishedEncryptionKey(keys.jwksUri);
  return new CompactEncrypt(new TextEncoder().encode(jws))
    .setProtectedHeader({ alg: "RSA-OAEP", enc: "A256GCM", cty: "JWT", kid: enc.kid })
    .encrypt(enc.key);
}

/** The strong identification broker, requiring the FTN OpenID Connect profile of its one client. */
export function startStrongIdBroker(options: {
  clientId: string;
  /** The platform's callback, at each address it answers at. */
  redirectUris: string[];
  jwksUri: string;
  people: Record<string, TestPerson>;
  relyingPartyKeys?: { keys: JWK[] };
  port?: number;
}): Promise<RunningProvider> {
  return startProvider({
    title: "Test bank identification",
    people: options.people,
    strict: true,
    client: { clientId: options.clientId, redirectUris: options.redirectUris, jwksUri: options.jwksUri },
    ...(options.relyingPartyKeys ? { relyingPartyKeys: options.relyingPartyKeys } : {}),
    ...(options.port ? { port: options.port } : {}),
  });
}

/** A company's own identity provider (as Entra ID or Google Workspace would be), with a client secret. */
export function startCompanyIdentityProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  people: Record<string, TestPerson>;
  port?: number;
}): Promise<RunningProvider> {
  return startProvider({
    title: "Test company sign-in",
    people: options.people,
    strict: false,
    client: {
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUris: options.redirectUris,
    },
    ...(options.port ? { port: options.port } : {}),
  });
}

/**
 * Walks a browser's way through a provider: from the authorization URL through its sign-in page,
 * choosing `person`, to the redirect back to the relying party, which it answers without following.
 * Cookies are kept per provider as a browser keeps them.
 */
export async function signInAtProvider(authorizationUrl: URL, person: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (!location) {
      const body = await response.text();
      if (response.status === 200 && body.includes("Choose who signs in")) {
        url = new URL(`${url.pathname}?person=${encodeURIComponent(person)}`, url);
        continue;
      }
      throw new Error(`The provider answered ${response.status}: ${body.slice(0, 300)}`);
    }
    const next = new URL(location, url);
    if (next.origin !== authorizationUrl.origin) return next;
    url = next;
  }
  throw new Error("The provider kept redirecting");
}
