import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zMessage } from "../../../contract/common.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCreateSignedDocument,
  zSignedDocumentEnvelope,
  zSignedDocumentIdParams,
  zSignedDocumentPage,
  zSignedDocumentsQuery,
  zUpdateSignedDocument,
} from "../../../contract/signed-documents.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createSignedDocumentsService } from "./service.ts";

const tags = ["signed-documents"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** Signed documents (contract/signed-documents.ts): read scoped, changed by the admin tier. */
export const signedDocumentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const read = guards.permission("signed-documents.read", "own-order.manage");
  const manage = guards.permission("signed-documents.manage");
  const service = createSignedDocumentsService(ctx);

  app.get(
    "/signed-documents",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Signed documents newest first: all (admin tier), the caller's companies', or their own",
        querystring: zSignedDocumentsQuery,
        response: { 200: zSignedDocumentPage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.post(
    "/signed-documents",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Records a signed document by hand for a leasing agreement (without signature evidence)",
        body: zCreateSignedDocument,
        response: { 201: zSignedDocumentEnvelope, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );

  app.get(
    "/signed-documents/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A signed document with its signature evidence",
        params: zSignedDocumentIdParams,
        response: { 200: zSignedDocumentEnvelope, ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.put(
    "/signed-documents/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Changes a signed document's payment status or leasing sign date (never its file or evidence)",
        params: zSignedDocumentIdParams,
        body: zUpdateSignedDocument,
        response: { 200: zSignedDocumentEnvelope, ...errors },
      },
    },
    async (request) => ({
      data: await service.update(currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/signed-documents/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Deletes a document recorded by hand; one with signature evidence answers 409",
        params: zSignedDocumentIdParams,
        response: { 200: zMessage, ...errors, 409: zErrorResponse },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { message: "Signed document deleted" };
    },
  );

  app.get(
    "/signed-documents/:id/file",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The signed document's PDF, byte for byte",
        params: zSignedDocumentIdParams,
        response: { 200: z.string().describe("The file (application/pdf)"), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.file(currentUser(request), request.params.id);
      return reply
        .header("content-type", file.mimeType)
        .header("content-disposition", `inline; filename="${file.fileName}"`)
        .header("cache-control", "no-store")
        .send(file.content as unknown as string);
    },
  );
};
