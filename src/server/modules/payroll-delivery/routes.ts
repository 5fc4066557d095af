import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { payrollDeliveryApi as api } from "../../../contract/payroll-delivery.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { createPayrollDeliveryService } from "./service.ts";

const tags = ["companies"];

/**
 * How the company's payroll report reaches payroll, on its settings page: company-settings.manage in
 * the company (its admin, its group's admin, the admin tier); another company is a 404 before anything
 * is read, and a delivery of another company is one too.
 */
export const payrollDeliveryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPayrollDeliveryService(ctx);
  const guards = createGuards(ctx);
  const settings = guards.permissionIn(reach.company({ param: "id" }), "company-settings.manage");

  app.route({
    ...endpointRoute(api.settings, tags),
    preValidation: settings,
    handler: async (request) => service.settings(request.params.id),
  });

  app.route({
    ...endpointRoute(api.updateSettings, tags),
    preValidation: settings,
    handler: async (request) => service.update(currentUser(request).id, request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.preview, tags),
    preValidation: settings,
    handler: async (request) =>
      service.preview(request.params.id, request.body.template, request.body.deltaOnly),
  });

  app.route({
    ...endpointRoute(api.testConnection, tags),
    preValidation: settings,
    handler: async (request) => service.testConnection(request.params.id),
  });

  app.route({
    ...endpointRoute(api.deliveries, tags),
    preValidation: settings,
    handler: async (request) => service.deliveries(request.params.id),
  });

  app.route({
    ...endpointRoute(api.deliverNow, tags),
    preValidation: settings,
    handler: async (request, reply) =>
      reply.code(201).send(await service.deliverNow(currentUser(request).id, request.params.id)),
  });

  app.route({
    ...endpointRoute(api.resend, tags),
    preValidation: settings,
    handler: async (request) =>
      service.resend(currentUser(request).id, request.params.id, request.params.deliveryId),
  });
};
