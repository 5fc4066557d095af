import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zIdParams } from "../../../contract/companies.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { storePayoutsApi as api, zReconciliationQuery } from "../../../contract/store-payouts.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import type { PayoutFile } from "./files.ts";
import { createStorePayoutsService } from "./service.ts";

const tags = ["store-payouts"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
/** A file is made anew on every download: a few a minute is plenty for a person. */
const fileLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };

/** A download: its type, its name, and never kept in a cache (it holds account numbers). */
const fileHeaders = (file: PayoutFile) => ({
  "content-type": file.contentType,
  "content-disposition": `attachment; filename="${file.fileName}"`,
  "cache-control": "no-store",
});

/**
 * Paying bike stores (contract/store-payouts.ts), the admin tier's (store-payouts.manage). The bank file
 * and the reconciliation CSV answer files, so they keep registrations of their own. The helpdesk's look
 * at one store's money (GET /api/bike-stores/{id}/payouts) is the admin tier's too; the store's own
 * users read the same view of their stores through GET /api/store/payouts (store-accounts).
 */
export const storePayoutsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createStorePayoutsService(ctx);
  const guards = createGuards(ctx);
  const manage = guards.permission("store-payouts.manage");

  app.route({
    ...endpointRoute(api.payables, tags),
    preValidation: manage,
    handler: async (request) => service.payables(request.query),
  });

  app.route({
    ...endpointRoute(api.open, tags),
    preValidation: manage,
    handler: async () => service.open(),
  });

  app.route({
    ...endpointRoute(api.batches, tags),
    preValidation: manage,
    handler: async (request) => service.batches(request.query),
  });

  app.route({
    ...endpointRoute(api.createBatch, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await service.createBatch(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.batch, tags),
    preValidation: manage,
    handler: async (request) => service.batch(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.approve, tags),
    preValidation: manage,
    handler: async (request) => service.approve(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.discard, tags),
    preValidation: manage,
    handler: async (request) => service.discard(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.markPaid, tags),
    preValidation: manage,
    handler: async (request) => service.markPaid(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.ofStore, tags),
    preValidation: manage,
    handler: async (request) => service.ofStore(request.params.id, request.query),
  });

  app.get(
    api.paymentFile.path,
    {
      preValidation: manage,
      config: fileLimit,
      schema: {
        tags,
        summary: "The approved payout batch's ISO 20022 pain.001.001.09 credit transfer file",
        params: zIdParams,
        response: { 200: z.string().describe("The file (application/xml)"), ...errors, 409: zErrorResponse },
      },
    },
    async (request, reply) => {
      const file = await service.paymentFile(currentUser(request), request.params.id);
      return reply.headers(fileHeaders(file)).send(file.body);
    },
  );

  app.get(
    api.reconciliation.path,
    {
      preValidation: manage,
      config: fileLimit,
      schema: {
        tags,
        summary: "The reconciliation CSV of a payout batch or of the batches paid in a period",
        querystring: zReconciliationQuery,
        response: { 200: z.string().describe("The file (text/csv)"), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.reconciliationFile(request.query);
      return reply.headers(fileHeaders(file)).send(file.body);
    },
  );
};
