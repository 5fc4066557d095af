import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  municipalRateImportApi,
  zMunicipalRateImportConfirmQuery,
  zMunicipalRateImportPreview,
  zMunicipalRateImportQuery,
  zMunicipalRateImportResult,
} from "../../../contract/municipal-rate-import.ts";
import { taxTablesApi as api } from "../../../contract/tax-tables.ts";
import type { AppContext } from "../../context.ts";
import { acceptUploads, UPLOAD_LIMIT, zUploadBody } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { named } from "../../plugins/named.ts";
import { RATE_LIST_BODIES } from "./rate-list-upload.ts";
import { createTaxTablesService } from "./service.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** The import's body: the list file's bytes as the raw body. */
const RATE_LIST_SCHEMA = {
  body: zUploadBody.meta({
    type: "string",
    format: "binary",
    description: "The list file's bytes: CSV (UTF-8 or Windows-1252, `;` or `,`) or XLSX, at most 1 MB",
  }),
  consumes: ["application/octet-stream"],
} as const;

/**
 * The four tax tables' full CRUD (docs/api-surface.md "Tax tables"): /api/province-tax-table, /api/tax-table,
 * /api/state-income-tax-table and /api/taxpayer-deductions-table, each list, get, create, update and
 * delete, and a year's municipal rates imported from the Tax Administration's list (its preview and its
 * confirm read the file as a raw body, in a scope of their own). The admin tier only (tax-tables.manage).
 */
export const taxTablesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTaxTablesService(ctx);
  const manage = createGuards(ctx).permission("tax-tables.manage");
  const tags = ["tax-tables"];

  app.route({
    ...endpointRoute(api.municipalRateYears, tags),
    preValidation: manage,
    handler: async () => service.municipalRateYears(),
  });

  // The list file is read from a raw body of up to 1 MB (src/server/files/uploads.ts).
  await app.register(
    named(async (scope) => {
      acceptUploads(scope, RATE_LIST_BODIES);
      const typed = scope.withTypeProvider<ZodTypeProvider>();
      typed.post(
        municipalRateImportApi.preview.path,
        {
          preValidation: manage,
          config: UPLOAD_LIMIT,
          schema: {
            ...RATE_LIST_SCHEMA,
            tags,
            summary:
              "Reads a year's municipal rate list (the Tax Administration's CSV or XLSX, or the repository's CSV shape) and answers what it changes against the year before, or its problems with row and reason; writes nothing",
            querystring: zMunicipalRateImportQuery,
            response: { 200: zMunicipalRateImportPreview, ...errors },
          },
        },
        async (request) => service.previewMunicipalRateImport(request.query, request.body),
      );
      typed.post(
        municipalRateImportApi.write.path,
        {
          preValidation: manage,
          config: UPLOAD_LIMIT,
          schema: {
            ...RATE_LIST_SCHEMA,
            tags,
            summary:
              "Writes a year's municipal rates from its list file in one transaction (400 RATE_LIST_INVALID with each problem's row; 409 TAX_YEAR_HAS_RATES unless replace=true); a refusal writes nothing",
            querystring: zMunicipalRateImportConfirmQuery,
            response: { 201: zMunicipalRateImportResult, ...errors, 409: zErrorResponse },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(await service.importMunicipalRates(currentUser(request).id, request.query, request.body)),
      );
    }, "tax table import"),
  );

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
