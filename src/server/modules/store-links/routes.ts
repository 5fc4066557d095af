import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { storeLinksApi as api } from "../../../contract/store-links.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createStoreLinksService } from "./service.ts";

const tags = ["store-links"];
/** Per address: a store opens its link a few times; nobody needs to guess tokens at speed. */
const readLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
const writeLimit = { rateLimit: { max: 10, timeWindow: "1 minute" } };

/**
 * The bike store's links, its side of an order without an account: anonymous, by the token in the
 * path, rate-limited per address; writes pass the Origin check (ORIGIN_ONLY). The helpdesk re-issues a
 * lost link.
 */
export const storeLinksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createStoreLinksService(ctx);
  const guards = createGuards(ctx);

  app.route({
    ...endpointRoute(api.getPackage, tags),
    config: readLimit,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.getPackage(request.params.token);
    },
  });

  app.route({
    ...endpointRoute(api.putPackage, tags),
    config: { ...ORIGIN_ONLY, ...writeLimit },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.putPackage(request.params.token, request.body);
    },
  });

  app.route({
    ...endpointRoute(api.getDelivery, tags),
    config: readLimit,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.getDelivery(request.params.token);
    },
  });

  app.route({
    ...endpointRoute(api.putDelivery, tags),
    config: { ...ORIGIN_ONLY, ...writeLimit },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.putDelivery(request.params.token, request.body);
    },
  });

  app.route({
    ...endpointRoute(api.reissue, tags),
    preValidation: guards.permission("orders.process"),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.reissue(request.params.orderId, request.body.kind, (err, what) =>
        request.log.error({ err }, what),
      );
    },
  });
};
