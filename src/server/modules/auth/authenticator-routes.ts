import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticatorApi as api } from "../../../contract/authenticator.ts";
import { passkeysApi } from "../../../contract/passkeys.ts";
import { mayUseAuthenticator } from "../../../domain/authenticator.ts";
import type { AppContext } from "../../context.ts";
import { forbidden, notFound } from "../../errors.ts";
import { createGuards, currentUser, DURING_SECOND_FACTOR_SETUP } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { perUserLimit } from "../../plugins/shared-rate-limit.ts";
import { createAuthenticatorService } from "./authenticator.ts";
import { createPasskeysService } from "./passkeys.ts";

const tags = ["account"];

/**
 * A person sets up an app or adds a passkey now and then: the cap keeps a stolen session from trying codes at speed on
 * a setup, and the current password has its own count (reauthentication.ts).
 */
const setupLimit = { ...perUserLimit(20, "15 minutes"), ...DURING_SECOND_FACTOR_SETUP };

export const authenticatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const authenticator = createAuthenticatorService(ctx);
  const passkeys = createPasskeysService(ctx);
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
    ...endpointRoute(passkeysApi.passkeys, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: ownAccount,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return passkeys.list(currentUser(request));
    },
  });

  app.route({
    ...endpointRoute(passkeysApi.passkeyOptions, tags),
    config: setupLimit,
    preValidation: ownAccount,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return passkeys.options(currentUser(request), request.body.currentPassword);
    },
  });

  app.route({
    ...endpointRoute(passkeysApi.addPasskey, tags),
    config: setupLimit,
    preValidation: ownAccount,
    handler: async (request, reply) => {
      const added = await passkeys.add(currentUser(request), request.body.name, request.body.response);
      return reply.code(201).send(added);
    },
  });

  /** Another user's passkey, or none, is 404 before the body is read, like every object out of reach. */
  const ownPasskey = async (request: FastifyRequest, reply: FastifyReply) => {
    await ownAccount(request, reply);
    const id = (request.params as { id?: unknown }).id;
    // An id that is no UUID is left to validation (400).
    if (typeof id !== "string" || !z.uuid().safeParse(id).success) return;
    if (!(await passkeys.owns(currentUser(request).id, id))) throw notFound("Passkey");
  };

  app.route({
    ...endpointRoute(passkeysApi.removePasskey, tags),
    config: setupLimit,
    preValidation: ownPasskey,
    handler: async (request) => {
      await passkeys.remove(currentUser(request), request.params.id, request.body.currentPassword);
      return { message: "The passkey was removed" };
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
