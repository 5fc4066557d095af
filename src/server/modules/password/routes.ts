import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { passwordApi as api } from "../../../contract/password.ts";
import type { AppContext } from "../../context.ts";
import { ORIGIN_ONLY } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createPasswordService } from "./service.ts";

/** Reset requests mail someone: a few a minute per address is plenty for a person. */
const requestLimit = { rateLimit: { max: 5, timeWindow: "1 minute" } };
/** Link look-ups and uses: tokens are 256-bit, this only keeps floods away. */
const tokenLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

const tags = ["password"];

export const passwordRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const passwords = createPasswordService(ctx);
  // Before the close: the mails still being prepared queue their outbox rows, which the close sends.
  app.addHook("preClose", () => passwords.drain());

  app.route({
    ...endpointRoute(api.requestReset, tags),
    config: { ...ORIGIN_ONLY, ...requestLimit },
    handler: async (request) =>
      passwords.requestReset(request.body, (error) =>
        request.log.error({ err: error }, "password reset mail failed"),
      ),
  });

  app.route({
    ...endpointRoute(api.tokenStatus, tags),
    config: tokenLimit,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return passwords.tokenStatus(request.params.token);
    },
  });

  app.route({
    ...endpointRoute(api.renew, tags),
    config: { ...ORIGIN_ONLY, ...requestLimit },
    handler: async (request) =>
      passwords.renewLink(request.params.token, (error) =>
        request.log.error({ err: error }, "renewed password link mail failed"),
      ),
  });

  app.route({
    ...endpointRoute(api.reset, tags),
    config: { ...ORIGIN_ONLY, ...tokenLimit },
    handler: async (request) =>
      passwords.resetPassword(request.params.token, request.body.password, (error) =>
        request.log.error({ err: error }, "password changed mail failed"),
      ),
  });
};
