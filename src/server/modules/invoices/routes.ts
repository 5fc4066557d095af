import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { invoicesApi as api } from "../../../contract/invoices.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createInvoicesService } from "./service.ts";

const tags = ["invoices"];

/** Invoices (contract/invoices.ts): read with invoices.read, changed with orders.process. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createInvoicesService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("invoices.read");
  const process = guards.permission("orders.process");

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: process,
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.get, tags),
    preValidation: read,
    handler: async (request) => service.get(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.match, tags),
    preValidation: process,
    handler: async (request) => service.match(currentUser(request), request.params.id, request.log),
  });

  app.route({
    ...endpointRoute(api.changeStatus, tags),
    preValidation: process,
    handler: async (request) => service.changeStatus(currentUser(request), request.params.id, request.body),
  });
};
