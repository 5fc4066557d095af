import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { cookieJar, loginAs, type Session, sessionFromJar } from "../../helpers/auth.ts";

/**
 * The callers the fuzz sends requests as: anonymous, and demo users with a live session. A fuzzed
 * request may end or rotate a session (refresh, logout-like effects): the cookies are taken from every
 * answer as a browser would, and a session that stopped working is logged in again, so requests keep
 * reaching the handlers. The demo users' own e-mails are never fuzzed, so their lockout never trips.
 */
export const ANONYMOUS = "anonymous";

export type Identities = {
  names: string[];
  /** Cookie and CSRF headers of a logged-in identity; none for anonymous. */
  headers(name: string): Record<string, string>;
  /** Takes the cookies of an answer, and logs in again when the session no longer works. */
  afterResponse(name: string, res: LightMyRequestResponse): Promise<void>;
  /** The user ids of the logged-in identities: the fuzz leaves these users alone. */
  userIds(): Promise<string[]>;
  relogins(): number;
};

export async function loginIdentities(app: FastifyInstance, emails: readonly string[]): Promise<Identities> {
  const sessions = new Map<string, Session>();
  for (const email of emails) sessions.set(email, await loginAs(app, email));
  let relogins = 0;

  const stillLoggedIn = async (session: Session) =>
    (await app.inject({ method: "GET", url: "/api/user", headers: session.headers() })).statusCode === 200;

  return {
    names: [ANONYMOUS, ...emails],
    headers: (name) => sessions.get(name)?.headers() ?? {},
    async afterResponse(name, res) {
      const session = sessions.get(name);
      if (!session) return;
      const jar = cookieJar(session.jar, res);
      const next = sessionFromJar(jar);
      // UNAUTHORIZED is "no session"; other 401s (a wrong password or code) say nothing about it.
      const mayHaveEnded =
        !jar.accessToken ||
        !jar.refreshToken ||
        (res.statusCode === 401 && res.body.includes('"UNAUTHORIZED"'));
      if (mayHaveEnded && !(await stillLoggedIn(next))) {
        relogins += 1;
        sessions.set(name, await loginAs(app, name));
      } else {
        sessions.set(name, next);
      }
    },
    async userIds() {
      const ids: string[] = [];
      for (const session of sessions.values()) {
        const res = await app.inject({ method: "GET", url: "/api/user", headers: session.headers() });
        ids.push((res.json() as { id: string }).id);
      }
      return ids;
    },
    relogins: () => relogins,
  };
}
