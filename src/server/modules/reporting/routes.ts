import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import { reportingApi as api, zPayrollExportQuery } from "../../../contract/reporting.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { answerWrittenUnchecked, endpointRoute } from "../../plugins/endpoint-route.ts";
import { createReportingService } from "./service.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
/** Files are heavier than pages: a few a minute is plenty for a person. */
const exportLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };

/** The employer's reporting (/raportointi): reports.read, one of the caller's companies at a time. */
export const reportingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createReportingService(ctx);
  const read = createGuards(ctx).permission("reports.read");
  const tags = ["reporting"];

  app.addHook("onRequest", async (_request, reply) => {
    // Payroll data: never kept by a shared cache.
    reply.header("cache-control", "no-store");
  });

  app.route({
    ...endpointRoute(api.payroll, tags),
    ...answerWrittenUnchecked,
    preValidation: read,
    handler: async (request) => service.payroll(currentUser(request), request.query),
  });

  // The file is streamed as it is written (CSV or XLSX): a download, not an endpoint of JSON.
  app.get(
    api.payrollExport.path,
    {
      preValidation: read,
      config: exportLimit,
      schema: {
        tags,
        summary: "The month's payroll report as a CSV (Finnish Excel) or XLSX file",
        querystring: zPayrollExportQuery,
        // A file: Fastify sends a stream as it is, the schema only documents the answer.
        response: { 200: z.string().describe("The file: text/csv or XLSX"), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.payrollFile(currentUser(request), request.query, (error) =>
        request.log.error({ err: error }, "payroll report export failed"),
      );
      return (
        reply
          .header("content-type", file.contentType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          // The typed reply knows the documented string; an XLSX body is its stream.
          .send(file.body as string)
      );
    },
  );

  app.route({
    ...endpointRoute(api.dashboard, tags),
    preValidation: read,
    handler: async (request) => service.dashboard(currentUser(request), request.query.companyId),
  });
};
