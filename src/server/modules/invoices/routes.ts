import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { invoicesApi as api, zInvoiceIdParams } from "../../../contract/invoices.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { eInvoiceRouteSchema, sendEInvoice } from "./e-invoice-reply.ts";
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

  // A file to download and hand to our operator.
  app.get(
    api.eInvoice.path,
    {
      preValidation: read,
      schema: eInvoiceRouteSchema(
        tags,
        "Our bill to a leasing company as an e-invoice, a Finvoice 3.0 message (409 when it is no e-invoice or has no recipient address)",
        zInvoiceIdParams,
      ),
    },
    async (request, reply) =>
      sendEInvoice(reply, await service.eInvoice(currentUser(request), request.params.id)),
  );

  app.route({
    ...endpointRoute(api.match, tags),
    preValidation: process,
    handler: async (request) => service.match(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.changeStatus, tags),
    preValidation: process,
    handler: async (request) => service.changeStatus(currentUser(request), request.params.id, request.body),
  });
};
