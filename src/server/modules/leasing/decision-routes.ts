import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { leasingDecisionsApi as api } from "../../../contract/leasing-decisions.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createLeasingDecisionsService } from "./service.ts";

const tags = ["leasing"];

/** The leasing companies' decisions and the sync (contract/leasing-decisions.ts): leasing.manage. */
export const leasingDecisionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createLeasingDecisionsService(ctx);
  const manage = createGuards(ctx).permission("leasing.manage");

  app.route({
    ...endpointRoute(api.record, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(202).send(await service.record(currentUser(request), request.params.id, request.body)),
  });

  app.route({
    ...endpointRoute(api.sync, tags),
    preValidation: manage,
    handler: async (request) => service.syncNow(request.log),
  });
};
