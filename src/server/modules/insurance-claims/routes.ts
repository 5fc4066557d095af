import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  insuranceClaimsApi as api,
  zInsuranceClaimFile,
  zInsuranceClaimFileParams,
  zInsuranceClaimIdParams,
  zInsuranceClaimUploadQuery,
} from "../../../contract/insurance-claims.ts";
import type { AppContext } from "../../context.ts";
import { acceptUploads, sendStoredFile, UPLOAD_LIMIT, UPLOAD_SCHEMA } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { named } from "../../plugins/named.ts";
import { perUserLimit } from "../../plugins/shared-rate-limit.ts";
import { recordPersonAccess } from "../person-access/record.ts";
import { createInsuranceClaimsService } from "./service.ts";

const tags = ["insurance-claims"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const withMissing = { ...errors, 404: zErrorResponse };
const withConflict = { ...withMissing, 409: zErrorResponse };

/**
 * Insurance claims (docs/api-surface.md; contract/insurance-claims.ts): the employee's reports and the helpdesk's
 * handling. Adding a file (a raw body) and reading one (a file) are registered here by hand.
 */
export const insuranceClaimsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createInsuranceClaimsService(ctx);
  const guards = createGuards(ctx);
  // Reading: the helpdesk, the employer roles (their companies'), the employee (their own).
  const read = guards.permission("insurance-claims.manage", "orders.read", "own-order.manage");
  // Changing: the helpdesk, or the employee on their own claim (the service tells them apart).
  const write = guards.permission("insurance-claims.manage", "own-order.manage");
  const helpdesk = guards.permission("insurance-claims.manage");

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: write,
    // An employee reports a theft or damage a few times in a lease: 30 an hour stops a flood of
    // claims, each a mail and a notice to the employer.
    config: perUserLimit(30, "1 hour"),
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.body, new Date())),
  });

  app.route({
    ...endpointRoute(api.details, tags),
    preValidation: read,
    handler: async (request) => service.details(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: write,
    handler: async (request) =>
      service.update(currentUser(request), request.params.id, request.body, new Date()),
  });

  app.route({
    ...endpointRoute(api.takeStep, tags),
    preValidation: helpdesk,
    handler: async (request) =>
      service.step(currentUser(request), request.params.id, request.body.step, new Date()),
  });

  app.get(
    api.file.path,
    {
      preValidation: read,
      schema: {
        tags,
        summary: "A photo or document of a claim (its bytes)",
        params: zInsuranceClaimFileParams,
        response: { 200: z.string().describe("The file (a PDF, JPEG, PNG, WebP or HEIC)"), ...withMissing },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const viewer = currentUser(request);
      const file = await service.file(viewer, id, fileId);
      await recordPersonAccess(ctx.database.db, viewer, request, {
        kind: "CLAIM_FILE",
        subjectUserId: file.employeeUserId,
        companyId: file.companyId,
      });
      return sendStoredFile(reply, file);
    },
  );

  app.route({
    ...endpointRoute(api.remove, tags),
    preValidation: write,
    handler: async (request) => service.remove(currentUser(request), request.params.id, new Date()),
  });

  app.register(
    named(async (plain) => {
      acceptUploads(plain);
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.post(
        api.addFile.path,
        {
          preValidation: write,
          config: UPLOAD_LIMIT,
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
    }, "claim files"),
  );
};
