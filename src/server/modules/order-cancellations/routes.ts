import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  orderCancellationsApi as api,
  zRefundUpload,
  zRefundUploadIdParams,
  zRefundUploadQuery,
} from "../../../contract/order-cancellations.ts";
import type { AppContext } from "../../context.ts";
import { acceptUploads, sendStoredFile, UPLOAD_LIMIT, UPLOAD_SCHEMA } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { named } from "../../plugins/named.ts";
import { reach } from "../auth/reach.ts";
import { createOrderCancellationsService } from "./service.ts";

const tags = ["order-cancellations"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const withConflict = { ...errors, 409: zErrorResponse };

/**
 * Order cancellations and refund receipts (contract/order-cancellations.ts, docs/api-surface.md). Reading: the
 * helpdesk, the employer (orders.read) and the employee (own-order.manage), each as far as they reach;
 * cancelling: the helpdesk, the employer's deciders (orders.approve) and the employee; the refund's
 * work (change, complete, receipts): the helpdesk (order-cancellations.manage). The receipt's upload (a
 * raw body) and its file keep their own registration.
 */
/** Who cancels: the helpdesk, the employer (who approves orders), the employee their own. */
const CANCELLERS = ["order-cancellations.manage", "orders.approve", "own-order.manage"] as const;

export const orderCancellationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const read = guards.permission("order-cancellations.manage", "orders.read", "own-order.manage");
  const cancel = guards.permission(...CANCELLERS);
  const manage = guards.permission("order-cancellations.manage");
  const service = createOrderCancellationsService(ctx);

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: guards.permissionIn(reach.order({ body: "orderId" }), ...CANCELLERS),
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.details, tags),
    preValidation: read,
    handler: async (request) => service.details(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: manage,
    handler: async (request) => service.update(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.withdraw, tags),
    preValidation: cancel,
    handler: async (request) => service.withdraw(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.complete, tags),
    preValidation: manage,
    handler: async (request) => service.complete(currentUser(request), request.params.id),
  });

  // The upload reads a raw body of up to 10 MB, in a scope of its own (src/server/files/uploads.ts).
  await app.register(
    named(async (scope) => {
      acceptUploads(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        api.uploadReceipt.path,
        {
          preValidation: manage,
          config: UPLOAD_LIMIT,
          schema: {
            ...UPLOAD_SCHEMA,
            tags,
            summary: "Uploads a refund receipt (PDF or image, at most 10 MB) to an open cancellation",
            querystring: zRefundUploadQuery,
            response: { 201: zRefundUpload, ...withConflict },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await service.upload(currentUser(request), request.query, request.body)),
      );
    }, "refund uploads"),
  );

  app.route({
    ...endpointRoute(api.deleteReceipt, tags),
    preValidation: manage,
    handler: async (request) => service.deleteUpload(currentUser(request), request.params.id),
  });

  app.get(
    api.receiptFile.path,
    {
      preValidation: read,
      schema: {
        tags,
        summary: "A refund receipt's file (PDF or image), to whoever reads its cancellation",
        params: zRefundUploadIdParams,
        response: { 200: z.string().describe("The receipt (application/pdf or an image)"), ...errors },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await service.file(currentUser(request), request.params.id)),
  );
};
