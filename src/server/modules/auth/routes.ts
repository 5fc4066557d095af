import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authApi as api } from "../../../contract/auth.ts";
import type { AppContext } from "../../context.ts";
import {
  createGuards,
  currentUser,
  DURING_SECOND_FACTOR_SETUP,
  isSecure,
  ORIGIN_ONLY,
} from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import {
  ACCESS_COOKIE,
  CHALLENGE_COOKIE,
  clearChallengeCookie,
  clearSessionCookies,
  REFRESH_COOKIE,
  setChallengeCookie,
  setSessionCookies,
} from "./cookies.ts";
import { createAuthService } from "./service.ts";
import { toSessionUser } from "./session-user.ts";
import { revokeSessionsOfTokens } from "./sessions.ts";

const tags = ["auth"];
/** A coarse cap per address on top of the failure lockout, against floods of attempts. */
const floodLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = createAuthService(ctx);
  const guards = createGuards(ctx);
  const secure = isSecure(ctx);
  const info = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ipAddress: request.ip,
    userAgent: typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : undefined,
  });

  // Login answers 200 with the session or 202 when a two-factor code was sent.
  app.route({
    ...endpointRoute(api.login, tags),
    config: { ...ORIGIN_ONLY, ...floodLimit },
    handler: async (request, reply) => {
      const outcome = await auth.login(request.body, info(request));
      if (outcome.kind === "twoFactor") {
        setChallengeCookie(reply, outcome.challengeToken, secure);
        return reply.code(202).send(outcome.body);
      }
      setSessionCookies(reply, outcome.session, secure);
      return { accessToken: outcome.session.accessToken, refreshToken: outcome.session.refreshToken };
    },
  });

  app.route({
    ...endpointRoute(api.verify, tags),
    config: { ...ORIGIN_ONLY, ...floodLimit },
    handler: async (request, reply) => {
      const session = await auth.verify(request.body, request.cookies[CHALLENGE_COOKIE], info(request));
      clearChallengeCookie(reply, secure);
      setSessionCookies(reply, session, secure);
      return { accessToken: session.accessToken, refreshToken: session.refreshToken };
    },
  });

  app.route({
    ...endpointRoute(api.verifyPasskey, tags),
    config: { ...ORIGIN_ONLY, ...floodLimit },
    handler: async (request, reply) => {
      const session = await auth.verifyPasskey(
        request.body,
        request.cookies[CHALLENGE_COOKIE],
        info(request),
      );
      clearChallengeCookie(reply, secure);
      setSessionCookies(reply, session, secure);
      return { accessToken: session.accessToken, refreshToken: session.refreshToken };
    },
  });

  app.route({
    ...endpointRoute(api.user, tags),
    // The page learns from it that the app must be set up first.
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: guards.user,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return toSessionUser(currentUser(request));
    },
  });

  app.route({
    ...endpointRoute(api.logout, tags),
    handler: async (request, reply) => {
      // The same answer whether or not a session was found: logout tells nothing about the tokens.
      const tokens = {
        accessToken: request.cookies[ACCESS_COOKIE],
        refreshToken: request.cookies[REFRESH_COOKIE],
      };
      await revokeSessionsOfTokens(ctx.database.db, ctx.config.jwtSecret, tokens, "LOGOUT");
      clearSessionCookies(reply, secure);
      return { message: "Logged out" };
    },
  });
};
