import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { leasingApi } from "../../../contract/leasing.ts";
import { leasingAgreementsApi } from "../../../contract/leasing-agreements.ts";
import { leasingCompaniesApi } from "../../../contract/leasing-companies.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { createLeasingAgreementsService } from "./agreements.ts";
import { createLeasingCompaniesService } from "./companies.ts";
import { createLeasingService } from "./service.ts";

/**
 * Leasing calls of docs/api-surface.md: the calculator's terms and the leasing companies (leasing.read); the
 * helpdesk sets a leasing company's e-invoice address (leasing.manage).
 */
export const leasingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createLeasingService(ctx);
  const guards = createGuards(ctx);
  const companies = createLeasingCompaniesService(ctx);
  const read = guards.permission("leasing.read");
  const agreements = createLeasingAgreementsService(ctx);

  app.route({
    ...endpointRoute(leasingApi.leaseTimeMonths, ["leasing"]),
    // The employee's own terms, or an employer's look at one of theirs.
    preValidation: guards.permissionIn(
      reach.employee({ body: "beneficiaryEmployeeId" }),
      "own-order.manage",
      "employees.read",
    ),
    handler: async (request) => service.leaseTimeMonths(currentUser(request), request.body),
  });

  app.route({
    ...endpointRoute(leasingCompaniesApi.list, ["leasing"]),
    preValidation: read,
    handler: async (request) => companies.list(request.query.forDropdown),
  });

  app.route({
    ...endpointRoute(leasingCompaniesApi.get, ["leasing"]),
    preValidation: read,
    handler: async (request) => companies.get(request.params.id),
  });

  app.route({
    ...endpointRoute(leasingCompaniesApi.setEInvoice, ["leasing"]),
    preValidation: guards.permission("leasing.manage"),
    handler: async (request) => companies.setEInvoice(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(leasingCompaniesApi.lastFetchTime, ["leasing"]),
    preValidation: read,
    handler: async () => companies.lastFetchTime(),
  });

  app.route({
    ...endpointRoute(leasingAgreementsApi.list, ["leasing"]),
    preValidation: read,
    handler: async (request) => agreements.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(leasingAgreementsApi.get, ["leasing"]),
    preValidation: read,
    handler: async (request) => agreements.get(currentUser(request), request.params.id),
  });
};
