import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { zTwoFactorRequired } from "../../src/contract/auth.ts";
import { zAuthenticatorSetup, zRecoveryCodes } from "../../src/contract/authenticator.ts";
import type { Db } from "../../src/server/db/client.ts";
import { roles, systemUsers, userRoles, users } from "../../src/server/db/schema/index.ts";
import { DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import { hashPassword } from "../../src/server/modules/auth/passwords.ts";
import type { apiCaller } from "./api.ts";
import { cookieHeader, cookieJar } from "./auth.ts";

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

/** A helpdesk user of the test's own, with the demo password and a phone, for a test that changes how they log in. */
export async function newHelpdeskUser(db: Db, email: string): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      phoneNumber: "+358401110077",
      language: "fi",
    })
    .returning({ id: users.id });
  const id = user?.id as string;
  await db.insert(systemUsers).values({ userId: id, firstName: "Aino", lastName: "Korhonen" });
  const [role] = await db.select().from(roles).where(eq(roles.name, "INTERNAL_ADMIN"));
  await db.insert(userRoles).values({ userId: id, roleId: role?.id as string });
  return id;
}

/** A login's password step for a user with a second factor: the 202's challenge and its browser cookie. */
export async function passwordStepOf(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(202);
  return { challenge: zTwoFactorRequired.parse(res.json()), cookie: cookieHeader(cookieJar({}, res)) };
}
