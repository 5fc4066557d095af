import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationsApi as api } from "../../../contract/notifications.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, DURING_SECOND_FACTOR_SETUP } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createNotificationsService } from "./service.ts";

const tags = ["notifications"];

/** The notification bell (docs/api-surface.md "Notifications"): the caller's own notifications only. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createNotificationsService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("notifications.read");

  // The caller's own messages, polled: never kept by a cache.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.route({
    ...endpointRoute(api.list, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.check, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: read,
    handler: async (request) => service.check(currentUser(request), request.query.lastFetch),
  });

  app.route({
    ...endpointRoute(api.unreadCount, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: read,
    handler: async (request) => service.unreadCount(currentUser(request)),
  });

  app.route({
    ...endpointRoute(api.publishSystemUpdate, tags),
    preValidation: guards.permission("notifications.publish"),
    handler: async (request) => service.publishSystemUpdate(currentUser(request), request.body),
  });

  app.route({
    ...endpointRoute(api.markAsRead, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: read,
    handler: async (request) => service.markAsRead(currentUser(request), request.body),
  });

  app.route({
    ...endpointRoute(api.get, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: read,
    handler: async (request) => service.get(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.remove, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: read,
    handler: async (request) => service.remove(currentUser(request), request.params.id),
  });
};
