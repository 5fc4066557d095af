import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zOrderIdParams } from "../../../contract/orders.ts";
import { storeAccountsApi as api, STORE_USER_REMOVED } from "../../../contract/store-accounts.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { eInvoiceRouteSchema, sendEInvoice } from "../invoices/e-invoice-reply.ts";
import { createStoreAccountsService } from "./service.ts";

const tags = ["store-accounts"];

/**
 * A bike store's account: its users (BIKE_STORE, bound to their stores) reach only their stores'
 * orders, details and payouts, another store's is 404; the helpdesk keeps the store's users (bike-stores.manage).
 */
export const storeAccountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createStoreAccountsService(ctx);
  const guards = createGuards(ctx);
  const storeOrder = reach.order({ param: "orderId" });
  const namedStore = reach.store({ query: "storeId" });
  const manageStores = guards.permission("bike-stores.manage");

  app.route({
    ...endpointRoute(api.orders, tags),
    preValidation: guards.permissionAtStore(namedStore, "store-orders.read"),
    handler: async (request) => service.orders(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.order, tags),
    preValidation: guards.permissionAtStore(storeOrder, "store-orders.read"),
    handler: async (request) => service.order(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(api.putPackage, tags),
    preValidation: guards.permissionAtStore(storeOrder, "store-orders.manage"),
    handler: async (request) =>
      service.putPackage(currentUser(request), request.params.orderId, request.body),
  });

  app.route({
    ...endpointRoute(api.sendInvoice, tags),
    preValidation: guards.permissionAtStore(storeOrder, "store-orders.manage"),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.sendInvoice(currentUser(request), request.params.orderId, request.body)),
  });

  // The invoice as a file for the store's books.
  app.get(
    api.eInvoice.path,
    {
      preValidation: guards.permissionAtStore(storeOrder, "store-orders.read"),
      schema: eInvoiceRouteSchema(
        tags,
        "The invoice the store sent from its account, as a Finvoice 3.0 e-invoice to Pedaali",
        zOrderIdParams,
      ),
    },
    async (request, reply) =>
      sendEInvoice(reply, await service.eInvoice(currentUser(request), request.params.orderId)),
  );

  app.route({
    ...endpointRoute(api.details, tags),
    preValidation: guards.permissionAtStore(namedStore, "store-details.manage"),
    handler: async (request) => service.details(currentUser(request), request.query.storeId),
  });

  app.route({
    ...endpointRoute(api.updateDetails, tags),
    preValidation: guards.permissionAtStore(namedStore, "store-details.manage"),
    handler: async (request) =>
      service.updateDetails(currentUser(request), request.query.storeId, request.body),
  });

  app.route({
    ...endpointRoute(api.payouts, tags),
    preValidation: guards.permissionAtStore(namedStore, "store-payouts.read"),
    handler: async (request) => service.payouts(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.users, tags),
    preValidation: manageStores,
    handler: async (request) => service.storeUsers(request.params.id, request.query),
  });

  app.route({
    ...endpointRoute(api.inviteUser, tags),
    preValidation: manageStores,
    handler: async (request, reply) =>
      reply.code(201).send(await service.inviteUser(currentUser(request), request.params.id, request.body)),
  });

  app.route({
    ...endpointRoute(api.removeUser, tags),
    preValidation: manageStores,
    handler: async (request) => {
      await service.removeUser(currentUser(request), request.params.id, request.params.userId);
      return { message: STORE_USER_REMOVED };
    },
  });
};
