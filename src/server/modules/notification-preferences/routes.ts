import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { notificationPreferencesApi as api } from "../../../contract/notification-preferences.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { named } from "../../plugins/named.ts";
import { createNotificationPreferencesService } from "./service.ts";

/** A person changes these now and then: the cap only keeps floods away. */
const changeLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
/** The unsubscribe link is public and its token unguessable; the cap keeps scripted guessing slow. */
const unsubscribeLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/**
 * What a mail client posts to the List-Unsubscribe address (RFC 8058): `List-Unsubscribe=One-Click` as
 * a form. Its words carry nothing the token does not, so the body is read as text and left unused.
 */
const ONE_CLICK_BODY_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];

const tags = ["account"];

export const notificationPreferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createNotificationPreferencesService(ctx);
  const own = createGuards(ctx).permission("own-details.manage");

  app.route({
    ...endpointRoute(api.own, tags),
    preValidation: own,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.own(currentUser(request));
    },
  });

  app.route({
    ...endpointRoute(api.updateOwn, tags),
    config: changeLimit,
    preValidation: own,
    handler: async (request) => service.updateOwn(currentUser(request), request.body),
  });

  app.route({
    ...endpointRoute(api.unsubscribeTarget, tags),
    config: unsubscribeLimit,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.unsubscribeTarget(request.params.token);
    },
  });

  // The one-click POST comes from the mail provider (no Origin, no cookies) or from our page.
  await app.register(
    named(async (scope) => {
      scope.addContentTypeParser(
        ONE_CLICK_BODY_TYPES,
        { parseAs: "string", bodyLimit: 1024 },
        (_request, _body, done) => done(null, undefined),
      );
      scope.withTypeProvider<ZodTypeProvider>().route({
        ...endpointRoute(api.unsubscribe, tags),
        config: { ...ORIGIN_ONLY, ...unsubscribeLimit },
        bodyLimit: 1024,
        handler: async (request) => service.unsubscribe(request.params.token),
      });
    }, "one-click unsubscribe"),
  );
};
