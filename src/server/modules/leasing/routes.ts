import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import { zLeasingTimeRequest, zLeasingTimeResponse } from "../../../contract/leasing.ts";
import {
  zLeasingAgreement,
  zLeasingAgreementIdParams,
  zLeasingAgreementPage,
  zLeasingAgreementsQuery,
} from "../../../contract/leasing-agreements.ts";
import { leasingCompaniesApi } from "../../../contract/leasing-companies.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createLeasingAgreementsService } from "./agreements.ts";
import { createLeasingCompaniesService } from "./companies.ts";
import { createLeasingService } from "./service.ts";

const denied = { 401: zErrorResponse, 403: zErrorResponse };

/** Leasing calls of SPEC §7: the calculator's terms and the leasing companies (leasing.read). */
export const leasingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createLeasingService(ctx);
  const guards = createGuards(ctx);
  const companies = createLeasingCompaniesService(ctx);
  const read = guards.permission("leasing.read");
  const agreements = createLeasingAgreementsService(ctx);

  app.post(
    "/leasing/get-leasing-time-months",
    {
      preHandler: guards.user,
      schema: {
        tags: ["leasing"],
        summary: "The lease period the package's price sets, from the employee's company's billing table",
        body: zLeasingTimeRequest,
        response: {
          200: zLeasingTimeResponse,
          400: zErrorResponse,
          401: zErrorResponse,
          403: zErrorResponse,
          404: zErrorResponse,
        },
      },
    },
    async (request) => service.leaseTimeMonths(currentUser(request), request.body),
  );

  app.route({
    ...endpointRoute(leasingCompaniesApi.list, ["leasing"]),
    preHandler: read,
    handler: async (request) => companies.list(request.query.forDropdown),
  });

  app.route({
    ...endpointRoute(leasingCompaniesApi.get, ["leasing"]),
    preHandler: read,
    handler: async (request) => companies.get(request.params.id),
  });

  app.route({
    ...endpointRoute(leasingCompaniesApi.lastFetchTime, ["leasing"]),
    preHandler: read,
    handler: async () => companies.lastFetchTime(),
  });

  app.get(
    "/leasing-agreements/list",
    {
      preHandler: read,
      schema: {
        tags: ["leasing"],
        summary:
          "Leasing agreements newest first, searched by e-mail, employee number or name, and by status",
        querystring: zLeasingAgreementsQuery,
        response: { 200: zLeasingAgreementPage, 400: zErrorResponse, ...denied },
      },
    },
    async (request) => agreements.list(currentUser(request), request.query),
  );

  app.get(
    "/leasing-agreements/:id",
    {
      preHandler: read,
      schema: {
        tags: ["leasing"],
        summary: "A leasing agreement with its tax regime",
        params: zLeasingAgreementIdParams,
        response: { 200: zLeasingAgreement, 400: zErrorResponse, ...denied, 404: zErrorResponse },
      },
    },
    async (request) => agreements.get(currentUser(request), request.params.id),
  );
};
