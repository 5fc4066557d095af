import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticatorApi as api } from "../../../contract/authenticator.ts";
import { mayUseAuthenticator } from "../../../domain/authenticator.ts";
import type { AppContext } from "../../context.ts";
import { forbidden } from "../../errors.ts";
import { createGuards, currentUser, DURING_SECOND_FACTOR_SETUP } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { perUserLimit } from "../../plugins/shared-rate-limit.ts";
import { createAuthenticatorService } from "./authenticator.ts";

const tags = ["account"];

/**
 * A person sets up an app now and then: the cap keeps a stolen session from trying codes at speed on
 * a setup, and the current password has its own count (reauthentication.ts).
 */
const setupLimit = { ...perUserLimit(20, "15 minutes"), ...DURING_SECOND_FACTOR_SETUP };

export const authenticatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const authenticator = createAuthenticatorService(ctx);
  const guards = createGuards(ctx);
  const activeUser = guards.permission("own-details.manage");
  /** An active admin or helpdesk user, refused before the body is read like every other guard. */
  const ownAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    await activeUser(request, reply);
    if (!mayUseAuthenticator(currentUser(request).roleNames)) {
      throw forbidden("An authenticator app is for admin and helpdesk users");
    }
  };

  app.route({
    ...endpointRoute(api.authenticator, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: ownAccount,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return authenticator.status(currentUser(request));
    },
  });

  app.route({
    ...endpointRoute(api.startAuthenticator, tags),
    config: setupLimit,
    preValidation: ownAccount,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return authenticator.start(currentUser(request), request.body.currentPassword);
    },
  });

  app.route({
    ...endpointRoute(api.confirmAuthenticator, tags),
    config: setupLimit,
    preValidation: ownAccount,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return authenticator.confirm(currentUser(request), request.body.code);
    },
  });

  app.route({
    ...endpointRoute(api.renewRecoveryCodes, tags),
    config: setupLimit,
    preValidation: ownAccount,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return authenticator.renewRecoveryCodes(currentUser(request), request.body.currentPassword);
    },
  });

  app.route({
    ...endpointRoute(api.removeAuthenticator, tags),
    config: setupLimit,
    preValidation: ownAccount,
    handler: async (request) => {
      await authenticator.remove(currentUser(request), request.body.currentPassword);
      return { message: "The authenticator app is no longer in use" };
    },
  });
};
