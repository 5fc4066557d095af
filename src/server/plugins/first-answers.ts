import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TSessionUser } from "../../contract/auth.ts";
import { type AccessUser, accessUserOf } from "../../domain/access.ts";
import { ACCESS_TOKEN_COOKIE, FIRST_ANSWERS_ID, REFRESH_TOKEN_COOKIE } from "../../domain/constants.ts";

/** The visitor's own headers that the answers are asked with, as the app's own calls would carry them. */
const PASSED_HEADERS = ["user-agent", "accept-language"] as const;

export type FirstAnswers = {
  /** The answers as a JSON block for the page's body; null when the visitor is not logged in after all. */
  block: string | null;
  /** The user as access sees them (domain/access.ts), from the same answer; null with no block. */
  user: AccessUser | null;
  /** What the answers set (a refreshed session's cookies): the page's answer sets it too. */
  cookies: string[];
};

function listOf(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/**
 * A signed-in page's HTML carries the user's answer (GET /api/user), which the app would otherwise ask
 * for once its code runs, and wait for before it asks for the page's first calls, whose list depends
 * on the user (web app/user-asks.ts). Taken from the page, it lets those calls leave as the app starts:
 * one round trip less on every signed-in page load. The answers of the page's own calls are not written
 * in: on the embedded database the server answers them one after the other, and the page's HTML would
 * wait for them all, where the browser asks for them while it reads the page's code.
 *
 * The answer is the API's own, asked through the app with the visitor's cookies and address (rate limits
 * and logs count it as the app's call); only a 200 is written. A session it refreshes sets new cookies,
 * which the page's answer sets in the browser, as the call's own answer would have.
 */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<FirstAnswers | null> {
  if (!request.cookies[ACCESS_TOKEN_COOKIE] && !request.cookies[REFRESH_TOKEN_COOKIE]) return null;
  const headers: Record<string, string> = {
    accept: "application/json",
    cookie: request.headers.cookie ?? "",
  };
  for (const name of PASSED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const user = await app.inject({ method: "GET", url: "/api/user", remoteAddress: request.ip, headers });
  const cookies = listOf(user.headers["set-cookie"]);
  if (user.statusCode !== 200) return { block: null, user: null, cookies };
  const answer = user.json<TSessionUser>();
  // By the address the app asks it at; a data block the browser never runs, with no "<" in it, so no text
  // in an answer can end it early.
  const json = JSON.stringify({ "/api/user": answer }).replaceAll("<", "\\u003c");
  return {
    block: `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`,
    user: accessUserOf(answer),
    cookies,
  };
}
