import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userPaymentsApi as api } from "../../../contract/user-payments.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createUserPaymentsService } from "./service.ts";

const tags = ["user-payments"];

/**
 * User payments (contract/user-payments.ts): the employee's own (own-order.manage), the paged list
 * (user-payments.manage or .read, scoped), one payment (the same, or one's own), and the helpdesk's
 * changes (user-payments.manage).
 */
export const userPaymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createUserPaymentsService(ctx);
  const guards = createGuards(ctx);
  const manage = guards.permission("user-payments.manage");
  const read = guards.permission("user-payments.manage", "user-payments.read");

  app.route({
    ...endpointRoute(api.mine, tags),
    preValidation: guards.permission("own-order.manage"),
    handler: async (request) => service.mine(currentUser(request)),
  });

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.details, tags),
    preValidation: guards.permission("user-payments.manage", "user-payments.read", "own-order.manage"),
    handler: async (request) => service.details(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.markSent, tags),
    preValidation: manage,
    handler: async (request) => service.send(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.markPaid, tags),
    preValidation: manage,
    handler: async (request) => service.pay(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.cancel, tags),
    preValidation: manage,
    handler: async (request) => service.cancel(currentUser(request), request.params.id, request.body.reason),
  });
};
