import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  handoversApi as api,
  HANDOVER_DEFECT_REPORTED,
  HANDOVER_PHOTO_REMOVED,
  zHandoverPhoto,
  zHandoverPhotoParams,
  zHandoverPhotoQuery,
} from "../../../contract/handovers.ts";
import { zOrderIdParams } from "../../../contract/orders.ts";
import type { AppContext } from "../../context.ts";
import { acceptUploads, sendStoredFile, UPLOAD_LIMIT, UPLOAD_SCHEMA } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { named } from "../../plugins/named.ts";
import { perUserLimit } from "../../plugins/shared-rate-limit.ts";
import { reach } from "../auth/reach.ts";
import type { SignerMeta } from "../orders/sign-agreement.ts";
import { createHandoversService } from "./service.ts";

const tags = ["handovers"];
const withMissing = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
};
const withConflict = { ...withMissing, 409: zErrorResponse };
const zFile = (what: string) => z.string().describe(what);

/** Where a signature came from, kept with it as its evidence. */
function signerMeta(request: FastifyRequest): SignerMeta {
  const userAgent = request.headers["user-agent"];
  return { ipAddress: request.ip, userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null };
}

/**
 * The handover of the bike (contract/handovers.ts). The store's side is its account's users' (another
 * store's order is 404); the order's side is the employee's (signing, a defect) and, to read, the
 * employer's and the helpdesk's. The photos' upload and the files' bytes are registered by hand.
 */
export const handoverRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createHandoversService(ctx);
  const guards = createGuards(ctx);
  const storeOrder = reach.order({ param: "orderId" });
  const storeReads = guards.permissionAtStore(storeOrder, "store-orders.read");
  const storeActs = guards.permissionAtStore(storeOrder, "store-orders.manage");
  const orderReads = guards.permissionIn(
    reach.order({ param: "orderId" }),
    "orders.read",
    "own-order.manage",
  );
  const employeeActs = guards.permissionIn(reach.ownOrder({ param: "orderId" }), "own-order.manage");

  app.route({
    ...endpointRoute(api.ofStore, tags),
    preValidation: storeReads,
    handler: async (request) => service.ofStore(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(api.record, tags),
    preValidation: storeActs,
    // A handover is recorded once per order; the pickup code's own counter stops guessing per order,
    // and this stops one store user trying codes across many.
    config: perUserLimit(30, "10 minutes"),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.record(
            currentUser(request),
            request.params.orderId,
            request.body,
            signerMeta(request),
          ),
        ),
  });

  app.route({
    ...endpointRoute(api.removePhoto, tags),
    preValidation: storeActs,
    handler: async (request) => {
      await service.removePhoto(currentUser(request), request.params.orderId, request.params.photoId);
      return { message: HANDOVER_PHOTO_REMOVED };
    },
  });

  app.get(
    api.photo.path,
    {
      preValidation: storeReads,
      schema: {
        tags,
        summary: "A handover photo (its bytes)",
        params: zHandoverPhotoParams,
        response: { 200: zFile("The photo (a JPEG, PNG, WebP or HEIC image)"), ...withMissing },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await service.photo(currentUser(request), request.params.orderId, request.params.photoId),
      ),
  );

  app.get(
    api.storeProtocol.path,
    {
      preValidation: storeReads,
      schema: {
        tags,
        summary: "The completed handover's protocol (PDF)",
        params: zOrderIdParams,
        response: { 200: zFile("The protocol as a PDF"), ...withMissing },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await service.storeProtocol(currentUser(request), request.params.orderId)),
  );

  app.register(
    named(async (plain) => {
      acceptUploads(plain);
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.post(
        api.addPhoto.path,
        {
          preValidation: storeActs,
          config: UPLOAD_LIMIT,
          schema: {
            ...UPLOAD_SCHEMA,
            tags,
            summary: "Adds a photo of the bike (an image, at most 10 MB) before the store signs the handover",
            params: zOrderIdParams,
            querystring: zHandoverPhotoQuery,
            response: { 201: zHandoverPhoto, ...withConflict },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(
              await service.addPhoto(
                currentUser(request),
                request.params.orderId,
                request.body,
                request.query.fileName,
              ),
            ),
      );
    }, "handover files"),
  );

  app.route({
    ...endpointRoute(api.ofOrder, tags),
    preValidation: orderReads,
    handler: async (request) => service.ofOrder(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(api.sign, tags),
    preValidation: employeeActs,
    handler: async (request) =>
      service.sign(currentUser(request), request.params.orderId, signerMeta(request)),
  });

  app.route({
    ...endpointRoute(api.reportDefect, tags),
    preValidation: employeeActs,
    // A defect or two in a bike's first weeks: ten an hour stops a flood of the store's bell.
    config: perUserLimit(10, "1 hour"),
    handler: async (request, reply) => {
      await service.reportDefect(currentUser(request), request.params.orderId, request.body);
      return reply.code(201).send({ message: HANDOVER_DEFECT_REPORTED });
    },
  });

  app.get(
    api.orderProtocol.path,
    {
      preValidation: orderReads,
      schema: {
        tags,
        summary: "The completed handover's protocol (PDF), to the employee, the employer and the helpdesk",
        params: zOrderIdParams,
        response: { 200: zFile("The protocol as a PDF"), ...withMissing },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await service.orderProtocol(currentUser(request), request.params.orderId)),
  );
};
