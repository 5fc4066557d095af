import {
  authApi,
  type TLoginRequest,
  type TTwoFactorRequired,
  type TVerifyPasskeyRequest,
  type TVerifyRequest,
} from "../../../contract/auth.ts";
import { singleSignOnApi, type TSsoDiscovery } from "../../../contract/single-sign-on.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";

export type LoginAnswer = { kind: "session" } | { kind: "twoFactor"; challenge: TTwoFactorRequired };

function isTwoFactorRequired(body: unknown): body is TTwoFactorRequired {
  return typeof body === "object" && body !== null && (body as TTwoFactorRequired).requiresTwoFactor === true;
}

/** POST /api/login: 200 = logged in (cookies set), 202 = a code was sent (docs/product.md "States"). */
export async function postLogin(body: TLoginRequest, signal?: AbortSignal): Promise<LoginAnswer> {
  const answer = await callEndpoint(authApi.login, { body }, signal ? { signal } : {});
  return isTwoFactorRequired(answer) ? { kind: "twoFactor", challenge: answer } : { kind: "session" };
}

/** POST /api/verify: the code of the two-factor step; sets the session cookies. */
export async function postVerify(body: TVerifyRequest): Promise<void> {
  await callEndpoint(authApi.verify, { body });
}

/** POST /api/verify/passkey: the second step answered with a passkey; sets the session cookies. */
export async function postVerifyPasskey(body: TVerifyPasskeyRequest): Promise<void> {
  await callEndpoint(authApi.verifyPasskey, { body });
}

/** POST /api/auth/sso/discover: whether the e-mail logs in through its company's own identity provider. */
export function discoverSso(email: string, signal?: AbortSignal): Promise<TSsoDiscovery> {
  return callEndpoint(singleSignOnApi.discover, { body: { email } }, signal ? { signal } : {});
}
