import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { CSRF_HEADER } from "../../src/domain/constants.ts";
import { DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";

/** The cookies a browser would hold after a response, merged over the ones it had. */
export function cookieJar(
  previous: Record<string, string>,
  res: LightMyRequestResponse,
): Record<string, string> {
  const jar = { ...previous };
  for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    const cleared = c.value === "" || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
    if (cleared) delete jar[c.name];
    else jar[c.name] = c.value;
  }
  return jar;
}

export function cookieHeader(jar: Record<string, string>): string {
  return Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
}

/** A logged-in browser: its cookies, and headers for a call that carries them with the CSRF token. */
export type Session = {
  jar: Record<string, string>;
  headers: () => Record<string, string>;
};

export function sessionFromJar(jar: Record<string, string>): Session {
  return {
    jar,
    headers: () => ({ cookie: cookieHeader(jar), [CSRF_HEADER]: jar.csrfToken ?? "" }),
  };
}

/**
 * Logs in as a user the way the web app does: password, then the two-factor code when one is asked
 * for (read from the 202 answer's devCode, which the dev outbox makes available in tests).
 */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Session> {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
  let jar = cookieJar({}, res);
  if (res.statusCode === 202) {
    const { devCode } = res.json() as { devCode: string };
    const verified = await app.inject({
      method: "POST",
      url: "/api/verify",
      headers: { cookie: cookieHeader(jar) },
      payload: { email, code: devCode },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    jar = cookieJar(jar, verified);
  } else {
    expect(res.statusCode, res.body).toBe(200);
  }
  return sessionFromJar(jar);
}
