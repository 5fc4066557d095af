import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { zMessage } from "../../../contract/common.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCreateInsuranceClaim,
  zInsuranceClaim,
  zInsuranceClaimFile,
  zInsuranceClaimFileParams,
  zInsuranceClaimIdParams,
  zInsuranceClaimPage,
  zInsuranceClaimStepInput,
  zInsuranceClaimsQuery,
  zInsuranceClaimUploadQuery,
  zUpdateInsuranceClaim,
} from "../../../contract/insurance-claims.ts";
import type { AppContext } from "../../context.ts";
import { acceptUploads, sendStoredFile, UPLOAD_SCHEMA } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createInsuranceClaimsService } from "./service.ts";

const tags = ["insurance-claims"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const withMissing = { ...errors, 404: zErrorResponse };
const withConflict = { ...withMissing, 409: zErrorResponse };

/** Insurance claims (SPEC §7; contract/insurance-claims.ts): the employee's reports and the helpdesk's handling. */
export const insuranceClaimsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createInsuranceClaimsService(ctx);
  const guards = createGuards(ctx);
  // Reading: the helpdesk, the employer roles (their companies'), the employee (their own).
  const read = guards.permission("insurance-claims.manage", "orders.read", "own-order.manage");
  // Changing: the helpdesk, or the employee on their own claim (the service tells them apart).
  const write = guards.permission("insurance-claims.manage", "own-order.manage");
  const helpdesk = guards.permission("insurance-claims.manage");

  app.get(
    "/insurance-claims",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Insurance claims newest first, searched and filtered in SQL (items and a numeric total)",
        querystring: zInsuranceClaimsQuery,
        response: { 200: zInsuranceClaimPage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.post(
    "/insurance-claims",
    {
      preHandler: write,
      schema: {
        tags,
        summary: "Reports theft or damage of a bike in use (the employee's own, or on their behalf)",
        body: zCreateInsuranceClaim,
        response: { 201: zInsuranceClaim, ...withConflict },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.create(currentUser(request), request.body, new Date(), (err, what) =>
            request.log.error({ err }, what),
          ),
        ),
  );

  app.get(
    "/insurance-claims/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A claim with its bike, files, steps taken, next steps and what the employee bears",
        params: zInsuranceClaimIdParams,
        response: { 200: zInsuranceClaim, ...withMissing },
      },
    },
    async (request) => service.details(currentUser(request), request.params.id),
  );

  app.put(
    "/insurance-claims/:id",
    {
      preHandler: write,
      schema: {
        tags,
        summary: "Changes a claim: the helpdesk its outcome, dates and costs; the employee their own text",
        params: zInsuranceClaimIdParams,
        body: zUpdateInsuranceClaim,
        response: { 200: zInsuranceClaim, ...withConflict },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body, new Date()),
  );

  app.post(
    "/insurance-claims/:id/steps",
    {
      preHandler: helpdesk,
      schema: {
        tags,
        summary: "The helpdesk takes the claim's next step; the last one closes it",
        params: zInsuranceClaimIdParams,
        body: zInsuranceClaimStepInput,
        response: { 200: zInsuranceClaim, ...withConflict },
      },
    },
    async (request) =>
      service.step(currentUser(request), request.params.id, request.body.step, new Date(), (err, what) =>
        request.log.error({ err }, what),
      ),
  );

  app.get(
    "/insurance-claims/:id/files/:fileId",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A photo or document of a claim (its bytes)",
        params: zInsuranceClaimFileParams,
        response: { 200: z.string().describe("The file (a PDF, JPEG, PNG or WebP)"), ...withMissing },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      return sendStoredFile(reply, await service.file(currentUser(request), id, fileId));
    },
  );

  app.delete(
    "/insurance-claims/delete/:id",
    {
      preHandler: write,
      schema: {
        tags,
        summary: "Deletes a claim made by mistake, with its files",
        params: zInsuranceClaimIdParams,
        response: { 200: zMessage, ...withConflict },
      },
    },
    async (request) => service.remove(currentUser(request), request.params.id, new Date()),
  );

  app.register(async (plain) => {
    acceptUploads(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      "/insurance-claims/:id/files",
      {
        preHandler: write,
        schema: {
          ...UPLOAD_SCHEMA,
          tags,
          summary: "Adds a photo or document (PDF or image, at most 10 MB) to a claim",
          params: zInsuranceClaimIdParams,
          querystring: zInsuranceClaimUploadQuery,
          response: { 201: zInsuranceClaimFile, ...withConflict },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.addFile(
              currentUser(request),
              request.params.id,
              request.body,
              request.query.fileName,
              new Date(),
            ),
          ),
    );
  });
};
