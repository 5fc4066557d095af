import { expect } from "vitest";
import { zErrorResponse } from "../../src/contract/errors.ts";
import { loginAs, type Session } from "./auth.ts";
import type { TestApp } from "./test-app.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Calls the test app as a demo user (logged in once per test file and remembered) or anonymously
 * (`who` null), with the session's cookie and CSRF header.
 */
export function apiCaller(t: TestApp) {
  const sessions = new Map<string, Session>();
  async function as(email: string): Promise<Session> {
    let session = sessions.get(email);
    if (!session) {
      session = await loginAs(t.app, email);
      sessions.set(email, session);
    }
    return session;
  }
  async function call(method: Method, url: string, who: string | null, payload?: unknown) {
    const headers = who ? (await as(who)).headers() : {};
    return t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  /** Forgets a remembered session (after a test ended it), so the next call logs in again. */
  const forget = (email: string) => sessions.delete(email);
  return { as, call, forget };
}

/** Asserts an error answer: its status, the error JSON shape and, when given, its code. */
export function expectError(
  res: { statusCode: number; json: () => unknown; body: string },
  status: number,
  code?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = zErrorResponse.parse(res.json());
  if (code) expect(body.code).toBe(code);
  return body;
}
