import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { identificationApi as api } from "../../../contract/identification.ts";
import { zOidcCallbackQuery } from "../../../contract/oidc-callback.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, isSecure } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { clearSignInCookie, SIGN_IN_COOKIE, setSignInCookie } from "../auth/cookies.ts";
import { reach } from "../auth/reach.ts";
import { SIGN_IN_MINUTES } from "./sign-ins.ts";
import { createStrongSigning } from "./strong-signing.ts";

const tags = ["identification"];

/** Each start opens a sign-in row and costs the broker a request: a person needs a few, a script many. */
const startLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };

/**
 * Strong electronic identification when signing (contract/identification.ts): the platform's public
 * keys, the starts of a signature and of an approval, and the broker's callback, which answers the
 * browser with a redirect to the page it came from.
 */
export const identificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const strong = createStrongSigning(ctx);
  const secure = isSecure(ctx);

  app.route({
    ...endpointRoute(api.jwks, tags),
    handler: async (_request, reply) => {
      // Brokers fetch the set again when they meet a kid they do not know; a short cache lets a
      // rotation reach them within minutes.
      reply.header("cache-control", "public, max-age=300");
      return (await ctx.oidc.keys()).publicJwks;
    },
  });

  app.route({
    ...endpointRoute(api.startSigning, tags),
    preValidation: guards.permissionIn(reach.ownOrder({ param: "orderId" }), "own-order.manage"),
    config: startLimit,
    handler: async (request, reply) => {
      const { redirectUrl, state } = await strong.start(
        currentUser(request),
        request.params.orderId,
        "SIGN_AGREEMENT",
      );
      setSignInCookie(reply, state, SIGN_IN_MINUTES * 60, secure);
      return { redirectUrl };
    },
  });

  app.route({
    ...endpointRoute(api.startApproval, tags),
    preValidation: guards.permissionIn(reach.order({ param: "orderId" }), "orders.approve"),
    config: startLimit,
    handler: async (request, reply) => {
      const { redirectUrl, state } = await strong.start(
        currentUser(request),
        request.params.orderId,
        "APPROVE_ORDER",
      );
      setSignInCookie(reply, state, SIGN_IN_MINUTES * 60, secure);
      return { redirectUrl };
    },
  });

  app.get(
    "/identification/callback",
    {
      config: startLimit,
      schema: {
        tags,
        summary:
          "The broker sends the browser back here: the signature or approval is made, and the browser sent on with its outcome",
        querystring: zOidcCallbackQuery,
        response: { 303: z.null().describe("Redirect to the page the signing started from") },
      },
    },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, ctx.config.publicUrl);
      const userAgent = request.headers["user-agent"];
      const to = await strong.finish(
        callbackUrl,
        request.cookies[SIGN_IN_COOKIE],
        { ipAddress: request.ip, userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null },
        request.log,
      );
      clearSignInCookie(reply, secure);
      return reply.redirect(to, 303);
    },
  );
};
