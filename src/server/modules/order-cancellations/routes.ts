import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { zMessage } from "../../../contract/common.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCreateOrderCancellation,
  zOrderCancellationDetails,
  zOrderCancellationIdParams,
  zOrderCancellationPage,
  zOrderCancellationsQuery,
  zRefundUpload,
  zRefundUploadIdParams,
  zRefundUploadQuery,
  zUpdateOrderCancellation,
} from "../../../contract/order-cancellations.ts";
import type { AppContext } from "../../context.ts";
import { acceptUploads, sendStoredFile, UPLOAD_SCHEMA } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createOrderCancellationsService } from "./service.ts";

const tags = ["order-cancellations"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const withConflict = { ...errors, 409: zErrorResponse };

/**
 * Order cancellations and refund receipts (contract/order-cancellations.ts, SPEC §7). Reading: the
 * helpdesk, the employer (orders.read) and the employee (own-order.manage), each as far as they reach;
 * cancelling: the helpdesk, the employer's deciders (orders.approve) and the employee; the refund's
 * work (change, complete, receipts): the helpdesk (order-cancellations.manage).
 */
export const orderCancellationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const read = guards.permission("order-cancellations.manage", "orders.read", "own-order.manage");
  const cancel = guards.permission("order-cancellations.manage", "orders.approve", "own-order.manage");
  const manage = guards.permission("order-cancellations.manage");
  const service = createOrderCancellationsService(ctx);

  app.get(
    "/order-cancellations",
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          "Order cancellations newest first, of the caller's reach; search, status, requester, company",
        querystring: zOrderCancellationsQuery,
        response: { 200: zOrderCancellationPage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.post(
    "/order-cancellations",
    {
      preHandler: cancel,
      schema: {
        tags,
        summary: "Cancels an order before delivery with a reason: at once, or as a request for the helpdesk",
        body: zCreateOrderCancellation,
        response: { 201: zOrderCancellationDetails, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.body, request.log)),
  );

  app.get(
    "/order-cancellations/get-details/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A cancellation with its order in brief, refund receipts and events",
        params: zOrderCancellationIdParams,
        response: { 200: zOrderCancellationDetails, ...errors },
      },
    },
    async (request) => service.details(currentUser(request), request.params.id),
  );

  app.put(
    "/order-cancellations/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Changes an open cancellation's reason, note and refund (amount, who pays it, to whom)",
        params: zOrderCancellationIdParams,
        body: zUpdateOrderCancellation,
        response: { 200: zOrderCancellationDetails, ...withConflict },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    "/order-cancellations/:id",
    {
      preHandler: cancel,
      schema: {
        tags,
        summary: "Withdraws a cancellation request the order has not followed yet",
        params: zOrderCancellationIdParams,
        response: { 200: zMessage, ...withConflict },
      },
    },
    async (request) => service.withdraw(currentUser(request), request.params.id),
  );

  app.post(
    "/order-cancellations/:id/complete",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Completes a cancellation: cancels a requested order, refunds it when a receipt shows the refund",
        params: zOrderCancellationIdParams,
        response: { 200: zOrderCancellationDetails, ...withConflict },
      },
    },
    async (request) => service.complete(currentUser(request), request.params.id, request.log),
  );

  // The upload reads a raw body of up to 10 MB, in a scope of its own (src/server/files/uploads.ts).
  await app.register(async (scope) => {
    acceptUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/refund/upload",
      {
        preHandler: manage,
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
  });

  app.delete(
    "/delete-refund/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Deletes a refund receipt and its file from an open cancellation",
        params: zRefundUploadIdParams,
        response: { 200: zMessage, ...withConflict },
      },
    },
    async (request) => service.deleteUpload(currentUser(request), request.params.id),
  );

  app.get(
    "/refund/:id/file",
    {
      preHandler: read,
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
