import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import { signedDocumentsApi as api, zSignedDocumentIdParams } from "../../../contract/signed-documents.ts";
import type { AppContext } from "../../context.ts";
import { sendStoredFile } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createSignedDocumentsService } from "./service.ts";

const tags = ["signed-documents"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** Signed documents (contract/signed-documents.ts): read scoped, changed by the admin tier. */
export const signedDocumentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const read = guards.permission("signed-documents.read", "own-order.manage");
  const manage = guards.permission("signed-documents.manage");
  const service = createSignedDocumentsService(ctx);

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  });

  app.route({
    ...endpointRoute(api.get, tags),
    preValidation: read,
    handler: async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: manage,
    handler: async (request) => ({
      data: await service.update(currentUser(request), request.params.id, request.body),
    }),
  });

  app.route({
    ...endpointRoute(api.remove, tags),
    preValidation: manage,
    handler: async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { message: "Signed document deleted" };
    },
  });

  // The PDF is sent as it is: a file, not an endpoint of JSON.
  app.get(
    "/signed-documents/:id/file",
    {
      preValidation: read,
      schema: {
        tags,
        summary: "The signed document's PDF, byte for byte",
        params: zSignedDocumentIdParams,
        response: { 200: z.string().describe("The file (application/pdf)"), ...errors },
      },
    },
    async (request, reply) => {
      return sendStoredFile(reply, await service.file(currentUser(request), request.params.id));
    },
  );
};
