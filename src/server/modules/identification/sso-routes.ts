import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zOidcCallbackQuery } from "../../../contract/oidc-callback.ts";
import { singleSignOnApi as api, zSsoStartQuery } from "../../../contract/single-sign-on.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, isSecure, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { clearSignInCookie, SIGN_IN_COOKIE, setSessionCookies, setSignInCookie } from "../auth/cookies.ts";
import { createCompanyIdentity } from "./company-identity.ts";
import { SIGN_IN_MINUTES } from "./sign-ins.ts";
import { createSingleSignOn } from "./single-sign-on.ts";

const tags = ["single sign-on"];

/** As the login's own limit: a person needs a few, a script trying domains or flooding providers many. */
const loginLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/**
 * A company's identity settings in the admin area, and single sign-on at the login page: the
 * discovery by e-mail, the way to the company's provider and the way back (contract/single-sign-on.ts).
 */
export const singleSignOnRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const settings = createCompanyIdentity(ctx);
  const sso = createSingleSignOn(ctx);
  const secure = isSecure(ctx);

  app.route({
    ...endpointRoute(api.companyIdentity, tags),
    preValidation: guards.permission("companies.manage"),
    handler: async (request) => settings.read(request.params.companyId),
  });

  app.route({
    ...endpointRoute(api.updateCompanyIdentity, tags),
    preValidation: guards.permission("companies.manage"),
    handler: async (request) =>
      settings.update(currentUser(request).id, request.params.companyId, request.body),
  });

  app.route({
    ...endpointRoute(api.discover, tags),
    config: { ...ORIGIN_ONLY, ...loginLimit },
    handler: async (request) => sso.discover(request.body.email),
  });

  app.get(
    "/auth/sso/start",
    {
      config: loginLimit,
      schema: {
        tags,
        summary:
          "Sends the browser to the identity provider of the e-mail's company (or back to the login page)",
        querystring: zSsoStartQuery,
        response: { 303: z.null().describe("Redirect to the company's identity provider") },
      },
    },
    async (request, reply) => {
      const { to, state } = await sso.start(request.query.email);
      if (state) setSignInCookie(reply, state, SIGN_IN_MINUTES * 60, secure);
      return reply.redirect(to, 303);
    },
  );

  app.get(
    "/auth/sso/callback",
    {
      config: loginLimit,
      schema: {
        tags,
        summary:
          "The company's identity provider sends the browser back here: the user is logged in, or sent to the login page with the reason",
        querystring: zOidcCallbackQuery,
        response: { 303: z.null().describe("Redirect to the login page, which goes on to the user's home") },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers["user-agent"];
      const { to, session } = await sso.finish(
        new URL(request.url, ctx.config.publicUrl),
        request.cookies[SIGN_IN_COOKIE],
        { ipAddress: request.ip, userAgent: typeof userAgent === "string" ? userAgent : undefined },
        request.log,
      );
      clearSignInCookie(reply, secure);
      if (session) setSessionCookies(reply, session, secure);
      return reply.redirect(to, 303);
    },
  );
};
