import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { brokerageApi as api } from "../../../contract/bike-brokerage.ts";
import { BROKERAGE_INQUIRIES_PER_HOUR } from "../../../domain/brokerage.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createBrokerageService } from "./service.ts";

const tags = ["bike-brokerage"];

/**
 * A person asks about a few bikes; a script filling customer service's inbox meets 429. Counted per
 * user after the guard (the preHandler hook), so one office behind one address shares nothing.
 */
const inquiryLimit = {
  rateLimit: {
    max: BROKERAGE_INQUIRIES_PER_HOUR,
    timeWindow: "1 hour",
    hook: "preHandler" as const,
    keyGenerator: (request: Parameters<typeof currentUser>[0]) => currentUser(request).id,
  },
};

/** The bike brokerage (docs/api-surface.md "Bike brokerage"): the helpdesk's bikes and the public list. */
export const brokerageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createBrokerageService(ctx);
  const guards = createGuards(ctx);
  const manage = guards.permission("brokerage.manage");
  const use = guards.permission("brokerage.use");

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: manage,
    handler: async (request) => service.list(request.query),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.listed, tags),
    preValidation: use,
    handler: async (request) => service.listed(request.query),
  });

  app.route({
    ...endpointRoute(api.details, tags),
    preValidation: manage,
    handler: async (request) => service.details(request.params.id),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: manage,
    handler: async (request) => service.update(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.remove, tags),
    preValidation: manage,
    handler: async (request) => service.remove(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.inquire, tags),
    preValidation: use,
    config: inquiryLimit,
    handler: async (request, reply) =>
      reply.code(201).send(await service.inquire(currentUser(request), request.params.id, request.body)),
  });

  app.route({
    ...endpointRoute(api.setInquiryHandled, tags),
    preValidation: manage,
    handler: async (request) =>
      service.setHandled(currentUser(request), request.params.inquiryId, request.body.handled),
  });
};
