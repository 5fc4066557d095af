import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { vatApi as api } from "../../../contract/vat.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createVatService } from "./service.ts";

/** VAT rates and a company's VAT value (docs/api-surface.md "VAT", "GET /api/companies/{id}/vat"). */
export const vatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createVatService(ctx);
  const read = createGuards(ctx).permission("vat-rates.read");
  const tags = ["vat"];

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(request.query),
  });

  app.route({
    ...endpointRoute(api.country, tags),
    preValidation: read,
    handler: async (request) => service.country(request.params.code),
  });

  app.route({
    ...endpointRoute(api.company, tags),
    preValidation: read,
    handler: async (request) =>
      service.company(currentUser(request), request.params.companyId, request.query.onlyGetVATValue),
  });
};
