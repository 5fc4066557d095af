import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companiesApi as api } from "../../../contract/companies.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { named } from "../../plugins/named.ts";
import { reach } from "../auth/reach.ts";
import { createGroupCompaniesService } from "./group-companies.ts";
import { createCompaniesService } from "./service.ts";
import { companySettingsRoutes } from "./settings-routes.ts";

const tags = ["companies"];

/**
 * Companies and group companies (docs/api-surface.md; the contract's header lists every call with its answers).
 * The settings an employer keeps of its company (units, payroll report recipients, the bike policy)
 * are registered from settings-routes.ts.
 */
export const companiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const companies = createCompaniesService(ctx);
  const groups = createGroupCompaniesService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("companies.read");
  const manage = guards.permission("companies.manage");

  // ---- Companies ------------------------------------------------------------------------------------

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => companies.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.get, tags),
    preValidation: read,
    handler: async (request) => companies.get(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await companies.create(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: manage,
    handler: async (request) => companies.update(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.updateSettings, tags),
    preValidation: guards.permissionIn(reach.company({ param: "id" }), "company-settings.manage"),
    handler: async (request) =>
      companies.updateSettings(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.remove, tags),
    preValidation: manage,
    handler: async (request) => companies.remove(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.orders, tags),
    preValidation: guards.permission("orders.read"),
    handler: async (request) => companies.orders(currentUser(request), request.params.id, request.query),
  });

  // ---- Group companies ----------------------------------------------------------------------------------

  app.route({
    ...endpointRoute(api.groupList, tags),
    preValidation: read,
    handler: async (request) => groups.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.groupGet, tags),
    preValidation: read,
    handler: async (request) => groups.get(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.groupCreate, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await groups.create(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.groupUpdate, tags),
    preValidation: manage,
    handler: async (request) => groups.update(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.groupRemove, tags),
    preValidation: manage,
    handler: async (request) => groups.remove(currentUser(request), request.params.id),
  });

  await app.register(named(companySettingsRoutes), { ctx });
};
