import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bikeStoresApi as api } from "../../../contract/bike-stores.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createBikeStoresService } from "./service.ts";

const tags = ["bike-stores"];

/** Bike stores and their groups (docs/api-surface.md "Bike stores"): read with bike-stores.read, changed with .manage. */
export const bikeStoreRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createBikeStoresService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("bike-stores.read");
  const manage = guards.permission("bike-stores.manage");

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.minimal, tags),
    preValidation: read,
    handler: async () => service.minimal(),
  });

  app.route({
    ...endpointRoute(api.get, tags),
    preValidation: read,
    handler: async (request) => service.find(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: manage,
    handler: async (request) => service.update(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.remove, tags),
    preValidation: manage,
    handler: async (request) => service.remove(request.params.id),
  });

  app.route({
    ...endpointRoute(api.groups, tags),
    preValidation: read,
    handler: async () => service.groups(),
  });
};
