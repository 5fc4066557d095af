import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orderProcessingApi as api } from "../../../contract/order-processing.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createOrderProcessingService } from "./processing.ts";

const tags = ["orders"];

/** The helpdesk's processing of orders (contract/order-processing.ts): orders.process, the admin tier. */
export const orderProcessingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createOrderProcessingService(ctx);
  const process = createGuards(ctx).permission("orders.process");

  app.route({
    ...endpointRoute(api.sendToLeasingCompany, tags),
    preValidation: process,
    handler: async (request) => service.sendToLeasingCompany(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(api.process, tags),
    preValidation: process,
    handler: async (request) => service.process(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(api.bill, tags),
    preValidation: process,
    handler: async (request) => service.bill(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(api.startLeasing, tags),
    preValidation: process,
    handler: async (request) => service.startLeasing(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(api.moveStatus, tags),
    preValidation: process,
    handler: async (request) =>
      service.moveStatus(currentUser(request), request.params.orderId, request.body),
  });

  app.route({
    ...endpointRoute(api.bulkStatus, tags),
    preValidation: process,
    handler: async (request) => service.bulkMoveStatus(currentUser(request), request.body),
  });
};
