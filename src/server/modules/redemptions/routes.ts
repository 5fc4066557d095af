import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { redemptionsApi as api } from "../../../contract/bike-redemptions.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  redemptionOffersApi as offersApi,
  zRedemptionOfferIdParams,
  zRedemptionOfferSaved,
  zRedemptionOfferUploadQuery,
} from "../../../contract/redemption-offers.ts";
import { redemptionPaymentsApi as paymentsApi } from "../../../contract/redemption-payments.ts";
import type { AppContext } from "../../context.ts";
import { acceptUploads, sendStoredFile, UPLOAD_LIMIT, UPLOAD_SCHEMA } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { named } from "../../plugins/named.ts";
import { reach } from "../auth/reach.ts";
import { createRedemptionsService } from "./service.ts";

const tags = ["bike-redemptions"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const withMissing = { ...errors, 404: zErrorResponse };
const withConflict = { ...withMissing, 409: zErrorResponse };

/**
 * Bike redemptions, redemption offers and redemption payments (contract/bike-redemptions.ts). Reading
 * a case: redemptions.manage, orders.read or own-order.manage (scoped in the service); opening one and
 * choosing: redemptions.manage, employees.manage or own-order.manage; the rest the helpdesk's. The
 * offer's upload (a raw body) and its document (a file) are registered here by hand.
 */
/** Who opens a redemption case and makes its choice: the helpdesk, the employer, the employee their own. */
const ACTORS = ["redemptions.manage", "employees.manage", "own-order.manage"] as const;

export const redemptionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createRedemptionsService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("redemptions.manage", "orders.read", "own-order.manage");
  const manage = guards.permission("redemptions.manage");
  const readPayments = guards.permission("redemptions.manage", "orders.read");

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.open, tags),
    preValidation: guards.permissionIn(reach.order({ body: "orderId" }), ...ACTORS),
    handler: async (request, reply) =>
      reply.code(201).send(await service.open(currentUser(request), request.body)),
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
    ...endpointRoute(api.cancel, tags),
    preValidation: manage,
    handler: async (request) => service.remove(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.choose, tags),
    preValidation: guards.permissionIn(reach.redemptionCase({ param: "id" }), ...ACTORS),
    handler: async (request) => service.choose(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.leasingCompanyInvoice, tags),
    preValidation: manage,
    handler: async (request) => service.sendLeasingCompanyInvoice(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.complete, tags),
    preValidation: manage,
    handler: async (request) => service.complete(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.regenerateOffer, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await service.regenerateOffer(currentUser(request), request.params.id)),
  });

  app.get(
    offersApi.file.path,
    {
      preValidation: read,
      schema: {
        tags,
        summary: "A redemption offer's document (PDF or image)",
        params: zRedemptionOfferIdParams,
        response: { 200: z.string().describe("The file (a PDF, JPEG, PNG, WebP or HEIC)"), ...withMissing },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await service.offerFile(currentUser(request), request.params.id)),
  );

  app.register(
    named(async (plain) => {
      acceptUploads(plain);
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.post(
        offersApi.upload.path,
        {
          preValidation: manage,
          config: UPLOAD_LIMIT,
          schema: {
            ...UPLOAD_SCHEMA,
            tags,
            summary:
              "Uploads a redemption offer document, PDF or image, at most 10 MB ('Redemption offer uploaded successfully')",
            querystring: zRedemptionOfferUploadQuery,
            response: { 201: zRedemptionOfferSaved, ...withConflict },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await service.uploadOffer(currentUser(request), request.query, request.body)),
      );
    }, "redemption files"),
  );

  app.route({
    ...endpointRoute(paymentsApi.listPayments, tags),
    preValidation: readPayments,
    handler: async (request) => service.listPayments(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(paymentsApi.recordPayment, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await service.recordPayment(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(paymentsApi.payment, tags),
    preValidation: manage,
    handler: async (request) => service.findPayment(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(paymentsApi.updatePayment, tags),
    preValidation: manage,
    handler: async (request) => service.updatePayment(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(paymentsApi.deletePayment, tags),
    preValidation: manage,
    handler: async (request) => service.deletePayment(currentUser(request), request.params.id),
  });
};
