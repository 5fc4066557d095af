import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zBikeBrokerageDetails,
  zBikeBrokeragePage,
  zBikeBrokerageSaved,
  zBikeBrokeragesQuery,
  zBrokerageInquiry,
  zBrokerageInquiryInput,
  zCreateBikeBrokerage,
  zInquiryHandled,
  zInquiryParams,
  zListedBikePage,
  zListedBikesQuery,
  zUpdateBikeBrokerage,
} from "../../../contract/bike-brokerage.ts";
import { zMessage } from "../../../contract/common.ts";
import { zIdParams } from "../../../contract/companies.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { BROKERAGE_INQUIRIES_PER_HOUR } from "../../../domain/brokerage.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createBrokerageService } from "./service.ts";

const tags = ["bike-brokerage"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const withNotFound = { ...errors, 404: zErrorResponse };

/**
 * A person asks about a few bikes; a script filling customer service's inbox meets 429. Counted per
 * user after the guard (the preHandler hook), so one office behind one address shares nothing.
 */
const inquiryLimit = {
  rateLimit: {
    max: BROKERAGE_INQUIRIES_PER_HOUR,
    timeWindow: "1 hour",
    hook: "preHandler" as const,
    keyGenerator: (request: Parameters<typeof currentUser>[0]) => currentUser(request).id,
  },
};

/** The bike brokerage (SPEC §7 "Bike brokerage"): the helpdesk's bikes and the public list. */
export const brokerageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createBrokerageService(ctx);
  const guards = createGuards(ctx);
  const manage = guards.permission("brokerage.manage");
  const use = guards.permission("brokerage.use");

  app.get(
    "/bike-brokerage",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "The brokerage's bikes, newest first, with their open inquiries (search, status, listed)",
        querystring: zBikeBrokeragesQuery,
        response: { 200: zBikeBrokeragePage, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    "/bike-brokerage",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Add a bike from an order or by hand ('Bike brokerage created successfully')",
        body: zCreateBikeBrokerage,
        response: { 201: zBikeBrokerageSaved, ...errors, 409: zErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    "/bike-brokerage/listed",
    {
      preHandler: use,
      schema: {
        tags,
        summary: "The bikes for sale on /bikeBrokerageService, newest listed first (search, frameSize)",
        querystring: zListedBikesQuery,
        response: { 200: zListedBikePage, ...errors },
      },
    },
    async (request) => service.listed(request.query),
  );

  app.get(
    "/bike-brokerage/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "A brokerage bike with its suggested price, inquiries and events",
        params: zIdParams,
        response: { 200: zBikeBrokerageDetails, ...withNotFound },
      },
    },
    async (request) => service.details(request.params.id),
  );

  app.put(
    "/bike-brokerage/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Change a bike, list or unlist it, mark it sold or withdrawn ('Bike brokerage updated successfully')",
        params: zIdParams,
        body: zUpdateBikeBrokerage,
        response: { 200: zBikeBrokerageSaved, ...withNotFound, 409: zErrorResponse },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    "/bike-brokerage/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a bike nobody asked about (409 BROKERAGE_IN_USE otherwise: withdraw it)",
        params: zIdParams,
        response: { 200: zMessage, ...withNotFound, 409: zErrorResponse },
      },
    },
    async (request) => service.remove(currentUser(request), request.params.id),
  );

  app.post(
    "/bike-brokerage/:id/inquiries",
    {
      preHandler: use,
      config: inquiryLimit,
      schema: {
        tags,
        summary: "Ask to buy a listed bike; customer service is mailed (10 an hour per user)",
        params: zIdParams,
        body: zBrokerageInquiryInput,
        response: { 201: zMessage, ...withNotFound, 409: zErrorResponse, 429: zErrorResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.inquire(currentUser(request), request.params.id, request.body, request.log)),
  );

  app.put(
    "/bike-brokerage/inquiries/:inquiryId",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Mark an inquiry handled (answered) or open again",
        params: zInquiryParams,
        body: zInquiryHandled,
        response: { 200: zBrokerageInquiry, ...withNotFound },
      },
    },
    async (request) =>
      service.setHandled(currentUser(request), request.params.inquiryId, request.body.handled),
  );
};
