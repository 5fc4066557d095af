import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  zBikeRedemptionDetails,
  zBikeRedemptionIdParams,
  zBikeRedemptionList,
  zBikeRedemptionSaved,
  zBikeRedemptionsQuery,
  zLeaseEndChoiceInput,
  zOpenBikeRedemption,
  zRedemptionOfferIdParams,
  zRedemptionOfferSaved,
  zRedemptionOfferUploadQuery,
  zRedemptionPayment,
  zRedemptionPaymentIdParams,
  zRedemptionPaymentInput,
  zRedemptionPaymentList,
  zRedemptionPaymentSaved,
  zRedemptionPaymentsQuery,
  zRedemptionPaymentUpdate,
  zUpdateBikeRedemption,
} from "../../../contract/bike-redemptions.ts";
import { zMessage } from "../../../contract/common.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { acceptUploads, sendStoredFile, UPLOAD_SCHEMA } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createRedemptionsService } from "./service.ts";

const tags = ["bike-redemptions"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const withMissing = { ...errors, 404: zErrorResponse };
const withConflict = { ...withMissing, 409: zErrorResponse };

/**
 * Bike redemptions, redemption offers and redemption payments (contract/bike-redemptions.ts). Reading
 * a case: redemptions.manage, orders.read or own-order.manage (scoped in the service); opening one and
 * choosing: redemptions.manage, employees.manage or own-order.manage; the rest the helpdesk's.
 */
export const redemptionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createRedemptionsService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("redemptions.manage", "orders.read", "own-order.manage");
  const act = guards.permission("redemptions.manage", "employees.manage", "own-order.manage");
  const manage = guards.permission("redemptions.manage");
  const readPayments = guards.permission("redemptions.manage", "orders.read");

  app.get(
    "/bike-redemption",
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          "Lease-end cases, newest first; search by employee or order number, filter by status, method, reason",
        querystring: zBikeRedemptionsQuery,
        response: { 200: zBikeRedemptionList, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.post(
    "/bike-redemption",
    {
      preHandler: act,
      schema: {
        tags,
        summary: "Opens a lease-end case for an active lease ('Bike redemption created successfully')",
        body: zOpenBikeRedemption,
        response: { 201: zBikeRedemptionSaved, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.open(currentUser(request), request.body, request.log)),
  );

  app.get(
    "/bike-redemption/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A lease-end case with its options, price table, offers, payments and events",
        params: zBikeRedemptionIdParams,
        response: { 200: zBikeRedemptionDetails, ...withMissing },
      },
    },
    async (request) => service.details(currentUser(request), request.params.id),
  );

  app.put(
    "/bike-redemption/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Changes an open case's price, dates, payment method, fee or note ('Bike redemption updated successfully')",
        params: zBikeRedemptionIdParams,
        body: zUpdateBikeRedemption,
        response: { 200: zBikeRedemptionSaved, ...withConflict },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    "/bike-redemption/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Cancels an open case, kept for history ('Bike redemption deleted successfully')",
        params: zBikeRedemptionIdParams,
        response: { 200: zMessage, ...withConflict },
      },
    },
    async (request) => service.remove(currentUser(request), request.params.id),
  );

  app.post(
    "/bike-redemption/:id/choice",
    {
      preHandler: act,
      schema: {
        tags,
        summary:
          "The employee's choice (redeem, return, brokerage, transfer, continue) and what follows from it",
        params: zBikeRedemptionIdParams,
        body: zLeaseEndChoiceInput,
        response: { 200: zBikeRedemptionDetails, ...withConflict },
      },
    },
    async (request) => service.choose(currentUser(request), request.params.id, request.body),
  );

  app.post(
    "/bike-redemption/:id/grenke-invoice",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Pedaali buys the bike from the leasing company: our invoice and its redemption payment",
        params: zBikeRedemptionIdParams,
        response: { 200: zBikeRedemptionDetails, ...withConflict },
      },
    },
    async (request) => service.sendLeasingCompanyInvoice(currentUser(request), request.params.id),
  );

  app.post(
    "/bike-redemption/:id/complete",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Completes the case: the lease ends; a returned bike goes to the brokerage",
        params: zBikeRedemptionIdParams,
        response: { 200: zBikeRedemptionDetails, ...withConflict },
      },
    },
    async (request) => service.complete(currentUser(request), request.params.id, request.log),
  );

  app.post(
    "/bike-redemption/:id/offer",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Makes the redemption offer PDF again from the case",
        params: zBikeRedemptionIdParams,
        response: { 201: zRedemptionOfferSaved, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.regenerateOffer(currentUser(request), request.params.id)),
  );

  app.get(
    "/redemption-offers/:id/file",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A redemption offer's document (PDF or image)",
        params: zRedemptionOfferIdParams,
        response: { 200: z.string().describe("The file (a PDF, JPEG, PNG or WebP)"), ...withMissing },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await service.offerFile(currentUser(request), request.params.id)),
  );

  app.register(async (plain) => {
    acceptUploads(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      "/redemptionOffer",
      {
        preHandler: manage,
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
  });

  app.get(
    "/redemption-payment",
    {
      preHandler: readPayments,
      schema: {
        tags,
        summary: "Redemption payments, newest first; search by employee, order or reference number",
        querystring: zRedemptionPaymentsQuery,
        response: { 200: zRedemptionPaymentList, ...errors },
      },
    },
    async (request) => service.listPayments(currentUser(request), request.query),
  );

  app.post(
    "/redemption-payment",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Records a payment towards a case's redemption (not the employee's: their user payment)",
        body: zRedemptionPaymentInput,
        response: { 201: zRedemptionPaymentSaved, ...withMissing },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.recordPayment(currentUser(request), request.body)),
  );

  app.get(
    "/redemption-payment/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "A redemption payment",
        params: zRedemptionPaymentIdParams,
        response: { 200: zRedemptionPayment, ...withMissing },
      },
    },
    async (request) => service.findPayment(currentUser(request), request.params.id),
  );

  app.put(
    "/redemption-payment/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Changes a redemption payment (409 for the employee's, which follows their user payment)",
        params: zRedemptionPaymentIdParams,
        body: zRedemptionPaymentUpdate,
        response: { 200: zRedemptionPaymentSaved, ...withConflict },
      },
    },
    async (request) => service.updatePayment(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    "/redemption-payment/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Deletes a redemption payment (409 for the employee's, which follows their user payment)",
        params: zRedemptionPaymentIdParams,
        response: { 200: zMessage, ...withConflict },
      },
    },
    async (request) => service.deletePayment(currentUser(request), request.params.id),
  );
};
