import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { taxTablesApi as api } from "../../../contract/tax-tables.ts";
import type { AppContext } from "../../context.ts";
import { createGuards } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createTaxTablesService } from "./service.ts";

/**
 * The four tax tables' full CRUD (SPEC §7 "Tax tables"): /api/province-tax-table, /api/tax-table,
 * /api/state-income-tax-table and /api/taxpayer-deductions-table, each list, get, create, update and
 * delete. The admin tier only (tax-tables.manage).
 */
export const taxTablesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTaxTablesService(ctx);
  const manage = createGuards(ctx).permission("tax-tables.manage");
  const tags = ["tax-tables"];

  // ---- /api/province-tax-table ----
  app.route({
    ...endpointRoute(api.listProvinces, tags),
    preValidation: manage,
    handler: async (request) => service.listProvinces(request.query),
  });

  app.route({
    ...endpointRoute(api.createProvince, tags),
    preValidation: manage,
    handler: async (request, reply) => reply.code(201).send(await service.createProvince(request.body)),
  });

  app.route({
    ...endpointRoute(api.getProvince, tags),
    preValidation: manage,
    handler: async (request) => service.getProvince(request.params.id),
  });

  app.route({
    ...endpointRoute(api.updateProvince, tags),
    preValidation: manage,
    handler: async (request) => service.updateProvince(request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.deleteProvince, tags),
    preValidation: manage,
    handler: async (request) => service.deleteProvince(request.params.id),
  });

  // ---- /api/tax-table ----
  app.route({
    ...endpointRoute(api.listTaxTables, tags),
    preValidation: manage,
    handler: async (request) => service.listTaxTables(request.query),
  });

  app.route({
    ...endpointRoute(api.createTaxTable, tags),
    preValidation: manage,
    handler: async (request, reply) => reply.code(201).send(await service.createTaxTable(request.body)),
  });

  app.route({
    ...endpointRoute(api.getTaxTable, tags),
    preValidation: manage,
    handler: async (request) => service.getTaxTable(request.params.id),
  });

  app.route({
    ...endpointRoute(api.updateTaxTable, tags),
    preValidation: manage,
    handler: async (request) => service.updateTaxTable(request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.deleteTaxTable, tags),
    preValidation: manage,
    handler: async (request) => service.deleteTaxTable(request.params.id),
  });

  // ---- /api/state-income-tax-table ----
  app.route({
    ...endpointRoute(api.listStateIncomeTax, tags),
    preValidation: manage,
    handler: async (request) => service.listStateIncomeTax(request.query),
  });

  app.route({
    ...endpointRoute(api.createStateIncomeTax, tags),
    preValidation: manage,
    handler: async (request, reply) => reply.code(201).send(await service.createStateIncomeTax(request.body)),
  });

  app.route({
    ...endpointRoute(api.getStateIncomeTax, tags),
    preValidation: manage,
    handler: async (request) => service.getStateIncomeTax(request.params.id),
  });

  app.route({
    ...endpointRoute(api.updateStateIncomeTax, tags),
    preValidation: manage,
    handler: async (request) => service.updateStateIncomeTax(request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.deleteStateIncomeTax, tags),
    preValidation: manage,
    handler: async (request) => service.deleteStateIncomeTax(request.params.id),
  });

  // ---- /api/taxpayer-deductions-table ----
  app.route({
    ...endpointRoute(api.listDeductions, tags),
    preValidation: manage,
    handler: async (request) => service.listDeductions(request.query),
  });

  app.route({
    ...endpointRoute(api.createDeductions, tags),
    preValidation: manage,
    handler: async (request, reply) => reply.code(201).send(await service.createDeductions(request.body)),
  });

  app.route({
    ...endpointRoute(api.getDeductions, tags),
    preValidation: manage,
    handler: async (request) => service.getDeductions(request.params.id),
  });

  app.route({
    ...endpointRoute(api.updateDeductions, tags),
    preValidation: manage,
    handler: async (request) => service.updateDeductions(request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.deleteDeductions, tags),
    preValidation: manage,
    handler: async (request) => service.deleteDeductions(request.params.id),
  });
};
