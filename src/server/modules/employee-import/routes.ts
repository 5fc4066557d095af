import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  employeeImportApi as api,
  zImportColumns,
  zImportTemplateQuery,
} from "../../../contract/employee-import.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { MAX_IMPORT_BYTES } from "../../../domain/employee-import.ts";
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../errors.ts";
import { fileRefused, UPLOAD_LIMIT } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { named } from "../../plugins/named.ts";
import { reach } from "../auth/reach.ts";
import { createEmployeeImportService, type ImportUpload } from "./service.ts";
import { importTemplate } from "./template.ts";

const tags = ["employees"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/**
 * The staff file's import (src/contract/employee-import.ts): multipart with the file in `file` and the
 * mapping of unknown headers in `columns`, up to MAX_IMPORT_BYTES. The company's admins (and the
 * helpdesk) only: company-settings.manage in that company; another company is 404.
 */
export const employeeImportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createEmployeeImportService(ctx);
  const guards = createGuards(ctx);
  const company = reach.company({ param: "id" });
  const admin = guards.permissionIn(company, "company-settings.manage");
  // Inviting the company's staff is adding them, as the employee form does: employees.manage there.
  const manager = guards.permissionIn(company, "employees.manage");

  app.route({
    ...endpointRoute(api.joining, tags),
    preValidation: manager,
    handler: async (request) => service.joining(request.params.id),
  });

  app.route({
    ...endpointRoute(api.invite, tags),
    preValidation: manager,
    handler: async (request) => service.invite(currentUser(request), request.params.id, request.body),
  });

  app.get(
    api.template.path,
    {
      preValidation: guards.permission("company-settings.manage"),
      schema: {
        tags,
        summary: "The staff file's template: its header row in the asked language, as CSV or XLSX",
        querystring: zImportTemplateQuery,
        response: { 200: z.string().describe("The file: text/csv or XLSX"), ...errors },
      },
    },
    async (request, reply) => {
      const file = await importTemplate(request.query.language, request.query.format);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .send(file.body as unknown as string);
    },
  );

  await app.register(
    named(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 2, fieldSize: 64 * 1024, parts: 3 },
      });
      const route = endpointRoute(api.importFile, tags);
      scope.withTypeProvider<ZodTypeProvider>().route({
        ...route,
        // The body is the multipart form, read by readUpload: the endpoint describes no JSON body.
        schema: { ...route.schema, consumes: ["multipart/form-data"] },
        preValidation: admin,
        config: UPLOAD_LIMIT,
        handler: async (request) =>
          service.run(currentUser(request), request.params.id, await readUpload(request), request.query),
      });
    }, "employee import upload"),
  );
};

/** The multipart body's file and mapping; a file over the limit is refused, not cut. */
async function readUpload(request: FastifyRequest): Promise<ImportUpload> {
  let bytes: Buffer | null = null;
  let fileName = "";
  let columns: ImportUpload["columns"];
  try {
    for await (const part of request.parts()) {
      if (part.type === "file" && part.fieldname === "file") {
        bytes = await part.toBuffer();
        fileName = part.filename;
      } else if (part.type === "field" && part.fieldname === "columns") {
        const parsed = zImportColumns.safeParse(safeJson(String(part.value)));
        if (!parsed.success)
          throw badRequest("The columns must map headers to fields", [
            { field: "columns", message: "Not a mapping of headers to fields" },
          ]);
        columns = parsed.data;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw fileRefused("FILE_TOO_LARGE", `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB`);
    if ((error as { code?: string }).code === "FST_INVALID_MULTIPART_CONTENT_TYPE")
      throw badRequest("Send the file as multipart/form-data in the field file", [
        { field: "file", message: "Required" },
      ]);
    throw error;
  }
  if (bytes === null)
    throw badRequest("Send the file in the field file", [{ field: "file", message: "Required" }]);
  return { bytes, fileName, columns };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
