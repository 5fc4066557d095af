import * as oidc from "openid-client";
import { ENCRYPTION_CONTENT_ALGS, type PlatformKeys } from "./platform-keys.ts";

/**
 * The platform as an OpenID Connect relying party (openid-client), one way for every provider it
 * trusts: the strong identification broker under the FTN profile and the companies' own identity
 * providers for single sign-on. Every sign-in is the authorization code flow with PKCE (S256), a
 * nonce and a state; what differs per provider is how the client authenticates and whether its
 * requests are signed and its responses encrypted.
 */

export type ProviderProfile = {
  issuer: string;
  clientId: string;
  /**
   * "privateKeyJwt": client assertions signed with the platform's key (with kid and jti); "secret":
   * the provider's client secret (client_secret_basic), as Entra ID and Google hand out.
   */
  clientAuth: { kind: "privateKeyJwt" } | { kind: "secret"; secret: string };
  /** The FTN profile: a signed request object, and ID tokens and userinfo encrypted to the platform. */
  strict: boolean;
};

export type AuthorizationRequest = {
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Further parameters: acr_values, ui_locales, login_hint. */
  extra?: Record<string, string>;
};

/** What a finished sign-in proved: the ID token's claims (merged with userinfo's where fetched). */
export type ProvenIdentity = {
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
  /** The ID token as the provider signed it: the inner JWS when it came encrypted. */
  idToken: string;
};

/** Discovery answers are kept this long per provider; a key rotation at the provider is seen within it. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

export function createRelyingParty(keys: PlatformKeys, options: { allowHttp: boolean }) {
  const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  async function discover(profile: ProviderProfile): Promise<oidc.Configuration> {
    const clientAuth =
      profile.clientAuth.kind === "privateKeyJwt"
        ? oidc.PrivateKeyJwt({ key: keys.signing.key, kid: keys.signing.kid })
        : oidc.ClientSecretBasic(profile.clientAuth.secret);
    const metadata: Partial<oidc.ClientMetadata> = profile.strict
      ? {
          id_token_signed_response_alg: "RS256",
          id_token_encrypted_response_alg: keys.decryption[0]?.alg,
          userinfo_encrypted_response_alg: keys.decryption[0]?.alg,
        }
      : {};
    const config = await oidc.discovery(
      new URL(profile.issuer),
      profile.clientId,
      metadata,
      clientAuth,
      options.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    if (profile.strict) {
      oidc.enableDecryptingResponses(config, [...ENCRYPTION_CONTENT_ALGS], ...keys.decryption);
      // The ID token is the signature's evidence: its signature is checked against the broker's
      // published keys, not only trusted for having come over TLS from the token endpoint.
      oidc.enableNonRepudiationChecks(config);
    }
    return config;
  }

  function configurationOf(profile: ProviderProfile): Promise<oidc.Configuration> {
    const key = JSON.stringify([profile.issuer, profile.clientId, profile.clientAuth, profile.strict]);
    const kept = cache.get(key);
    if (kept && Date.now() - kept.at < DISCOVERY_TTL_MS) return kept.config;
    const config = discover(profile);
    cache.set(key, { at: Date.now(), config });
    // A failed discovery is not kept: the next sign-in asks again.
    config.catch(() => cache.delete(key));
    return config;
  }

  return {
    /** Where to send the browser: with the FTN profile, the parameters travel in a signed request object. */
    async authorizationUrl(profile: ProviderProfile, request: AuthorizationRequest): Promise<URL> {
      const config = await configurationOf(profile);
      const parameters: Record<string, string> = {
        redirect_uri: request.redirectUri,
        scope: request.scope,
        response_type: "code",
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: "S256",
        ...request.extra,
      };
      if (!profile.strict) return oidc.buildAuthorizationUrl(config, parameters);
      return oidc.buildAuthorizationUrlWithJAR(config, parameters, {
        key: keys.signing.key,
        kid: keys.signing.kid,
      });
    },

    /**
     * Checks the provider's answer at the callback and redeems its code: state, issuer (RFC 9207 where
     * the provider sends it), the ID token's signature, issuer, audience, expiry and nonce, and the PKCE
     * verifier at the token endpoint. With the FTN profile the userinfo is fetched too (encrypted, and
     * its subject must be the ID token's). Throws on anything that does not hold.
     */
    async finish(
      profile: ProviderProfile,
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<ProvenIdentity> {
      const config = await configurationOf(profile);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error("The provider answered no ID token");
      const signed = oidc.getDecryptedResponses(tokens);
      const idToken =
        (typeof signed === "object" ? signed?.id_token?.token_endpoint : undefined) ?? tokens.id_token ?? "";
      let claims: Record<string, unknown> = { ...idClaims };
      if (profile.strict) {
        const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...userinfo, ...idClaims };
      }
      return { issuer: idClaims.iss, subject: idClaims.sub, claims, idToken };
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
