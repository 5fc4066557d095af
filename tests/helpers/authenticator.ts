import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { zAuthenticatorSetup, zRecoveryCodes } from "../../src/contract/authenticator.ts";
import { DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import type { apiCaller } from "./api.ts";

/** The code a user's authenticator app shows at `at`, as the app computes it (RFC 6238 defaults). */
export const appCode = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/**
 * Sets up a demo user's authenticator app through the API, as the own details page does: the current
 * password, then the app's first code. Answers the secret, the recovery codes and when it was confirmed.
 */
export async function setUpAuthenticator(
  api: ReturnType<typeof apiCaller>,
  email: string,
): Promise<{ secret: string; recoveryCodes: string[]; confirmedAt: number }> {
  const started = await api.call("POST", "/api/account/authenticator", email, {
    currentPassword: DEMO_PASSWORD,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = zAuthenticatorSetup.parse(started.json());
  const now = Date.now();
  const confirmed = await api.call("POST", "/api/account/authenticator/confirm", email, {
    code: appCode(secret, now),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, ...zRecoveryCodes.parse(confirmed.json()), confirmedAt: now };
}
