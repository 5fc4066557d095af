import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { billingTablesApi as api } from "../../../contract/billing-tables.ts";
import type { AppContext } from "../../context.ts";
import { createGuards } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createBillingTablesService } from "./service.ts";

/** Billing tables with their price brackets (docs/api-surface.md "Billing tables"); the admin tier only. */
export const billingTablesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createBillingTablesService(ctx);
  const manage = createGuards(ctx).permission("billing-tables.manage");
  const tags = ["billing-tables"];

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: manage,
    handler: async () => service.list(),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: manage,
    handler: async (request, reply) => reply.code(201).send(await service.create(request.body)),
  });

  app.route({
    ...endpointRoute(api.get, tags),
    preValidation: manage,
    handler: async (request) => service.get(request.params.id),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: manage,
    handler: async (request) => service.update(request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.remove, tags),
    preValidation: manage,
    handler: async (request) => service.remove(request.params.id),
  });
};
