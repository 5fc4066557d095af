import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCompanyVat,
  zCompanyVatParams,
  zCompanyVatQuery,
  zCountryVat,
  zVatCountryParams,
  zVatRatesPage,
  zVatRatesQuery,
} from "../../../contract/vat.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createVatService } from "./service.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** VAT rates and a company's VAT value (SPEC §7 "VAT", "GET /api/companies/{id}/vat"). */
export const vatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createVatService(ctx);
  const read = createGuards(ctx).permission("vat-rates.read");
  const tags = ["vat"];

  app.get(
    "/vat",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "VAT rates by country, newest first (filter: countryCode)",
        querystring: zVatRatesQuery,
        response: { 200: zVatRatesPage, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    "/vat/country/:code",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The VAT rate in force today in a country (ISO code in capitals, e.g. FI)",
        params: zVatCountryParams,
        response: { 200: zCountryVat, ...errors },
      },
    },
    async (request) => service.country(request.params.code),
  );

  app.get(
    "/companies/:companyId/vat",
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          "A company's VAT value: its own, else its country's rate in force (onlyGetVATValue=false adds companyId and source)",
        params: zCompanyVatParams,
        querystring: zCompanyVatQuery,
        response: { 200: zCompanyVat, ...errors },
      },
    },
    async (request) =>
      service.company(currentUser(request), request.params.companyId, request.query.onlyGetVATValue),
  );
};
