import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import { zOrderIdParams } from "../../../contract/orders.ts";
import {
  zStoreDelivery,
  zStoreDeliveryInput,
  zStoreLinkIssued,
  zStoreLinkParams,
  zStoreLinkReissue,
  zStorePackage,
  zStorePackageInput,
} from "../../../contract/store-links.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { createStoreLinksService } from "./service.ts";

const tags = ["store-links"];
/** Per address: a store opens its link a few times; nobody needs to guess tokens at speed. */
const readLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
const writeLimit = { rateLimit: { max: 10, timeWindow: "1 minute" } };

const anonymousErrors = { 400: zErrorResponse, 404: zErrorResponse, 429: zErrorResponse };
const writeErrors = { ...anonymousErrors, 403: zErrorResponse, 409: zErrorResponse };

/**
 * The bike store's links, its side of an order without an account: anonymous, by the token in the
 * path, rate-limited per address; writes pass the Origin check (ORIGIN_ONLY). The helpdesk re-issues a
 * lost link.
 */
export const storeLinksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createStoreLinksService(ctx);
  const guards = createGuards(ctx);

  app.get(
    "/store-links/package/:token",
    {
      config: readLimit,
      schema: {
        tags,
        summary: "The order as the bike store enters its package (by the package link's token)",
        params: zStoreLinkParams,
        response: { 200: zStorePackage, ...anonymousErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.getPackage(request.params.token);
    },
  );

  app.put(
    "/store-links/package/:token",
    {
      config: { ...ORIGIN_ONLY, ...writeLimit },
      schema: {
        tags,
        summary: "The bike store enters or replaces the package; PENDING → PACKAGE_PROVIDED",
        params: zStoreLinkParams,
        body: zStorePackageInput,
        response: { 200: zStorePackage, ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.putPackage(request.params.token, request.body);
    },
  );

  app.get(
    "/store-links/delivery/:token",
    {
      config: readLimit,
      schema: {
        tags,
        summary: "The order as the bike store gives its frame serial number and delivery date",
        params: zStoreLinkParams,
        response: { 200: zStoreDelivery, ...anonymousErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.getDelivery(request.params.token);
    },
  );

  app.put(
    "/store-links/delivery/:token",
    {
      config: { ...ORIGIN_ONLY, ...writeLimit },
      schema: {
        tags,
        summary: "The frame serial number and delivery date; WAITING_FOR_DELIVERY_DATE → READY_FOR_BILLING",
        params: zStoreLinkParams,
        body: zStoreDeliveryInput,
        response: { 200: zStoreDelivery, ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.putDelivery(request.params.token, request.body);
    },
  );

  app.post(
    "/orders/:orderId/store-link",
    {
      preHandler: guards.permission("orders.process"),
      schema: {
        tags,
        summary: "Re-issue the bike store's package or delivery link (the old one stops working) and mail it",
        params: zOrderIdParams,
        body: zStoreLinkReissue,
        response: {
          200: zStoreLinkIssued,
          400: zErrorResponse,
          401: zErrorResponse,
          403: zErrorResponse,
          404: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.reissue(request.params.orderId, request.body.kind, (err, what) =>
        request.log.error({ err }, what),
      );
    },
  );
};
