import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zAcceptOrder,
  zAwaitingEmployer,
  zEmployerDecision,
  zMyBenefit,
  zOrderOffer,
  zOrderOfferQuery,
  zSigningCodeSent,
  zSignOrder,
} from "../../../contract/order-acceptance.ts";
import { zOrderDetails, zOrderIdParams } from "../../../contract/orders.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createOrderAcceptanceService } from "./acceptance.ts";
import { createOrdersService } from "./service.ts";
import { createSigningService } from "./signing.ts";

const tags = ["orders"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const changing = { ...errors, 409: zErrorResponse };
/**
 * Each code is an SMS: the service allows 5 codes per order in 15 minutes (SIGNING_CODES_PER_WINDOW);
 * this keeps one address from flooding the endpoint across orders and users.
 */
const codeLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };
/** Wrong codes are counted per code (5 tries); this keeps a script from cycling codes quickly. */
const signLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

/**
 * The employee's acceptance and signature, the employer's approval, and the agreement PDF
 * (contract/order-acceptance.ts lists the calls).
 */
export const orderAcceptanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const ownOrder = guards.permission("own-order.manage");
  const approve = guards.permission("orders.approve");
  const acceptance = createOrderAcceptanceService(ctx);
  const signing = createSigningService(ctx);
  const orders = createOrdersService(ctx);

  app.get(
    "/orders/my/benefit",
    {
      preHandler: ownOrder,
      schema: {
        tags,
        summary: "The employee's max price, bike policy, and whether they may order now",
        response: { 200: zMyBenefit, ...errors, 503: zErrorResponse },
      },
    },
    async (request) => acceptance.benefit(currentUser(request)),
  );

  app.get(
    "/orders/awaiting-employer",
    {
      preHandler: approve,
      schema: {
        tags,
        summary:
          "Orders of the caller's companies waiting for the employer's approval, longest waiting first",
        response: { 200: zAwaitingEmployer, ...errors },
      },
    },
    async (request) => orders.awaitingEmployer(currentUser(request)),
  );

  app.get(
    "/orders/:orderId/offer",
    {
      preHandler: ownOrder,
      schema: {
        tags,
        summary:
          "The lease on the employee's provided package for a period: monthly payment, own share, residual",
        params: zOrderIdParams,
        querystring: zOrderOfferQuery,
        response: { 200: zOrderOffer, ...changing, 503: zErrorResponse },
      },
    },
    async (request) =>
      acceptance.offer(currentUser(request), request.params.orderId, request.query.leaseTimeMonths),
  );

  app.post(
    "/orders/:orderId/accept",
    {
      preHandler: ownOrder,
      schema: {
        tags,
        summary:
          "The employee accepts the package for a lease period; the leasing agreement waits for signing",
        params: zOrderIdParams,
        body: zAcceptOrder,
        response: { 200: zOrderDetails, ...changing, 503: zErrorResponse },
      },
    },
    async (request) =>
      acceptance.accept(
        currentUser(request),
        request.params.orderId,
        request.body.leaseTimeMonths,
        request.log,
      ),
  );

  app.post(
    "/orders/:orderId/sign/code",
    {
      preHandler: ownOrder,
      config: codeLimit,
      schema: {
        tags,
        summary: "Sends the employee a fresh 6-digit code by SMS to sign the order's leasing agreement",
        params: zOrderIdParams,
        response: { 200: zSigningCodeSent, ...changing, 429: zErrorResponse },
      },
    },
    async (request) => signing.sendCode(currentUser(request), request.params.orderId),
  );

  app.post(
    "/orders/:orderId/sign",
    {
      preHandler: ownOrder,
      config: signLimit,
      schema: {
        tags,
        summary: "The employee signs the leasing agreement with the code; the PDF is kept with its SHA-256",
        params: zOrderIdParams,
        body: zSignOrder,
        response: { 200: zOrderDetails, ...changing, 429: zErrorResponse },
      },
    },
    async (request) => {
      const userAgent = request.headers["user-agent"];
      return signing.sign(currentUser(request), request.params.orderId, request.body.code, {
        ipAddress: request.ip,
        userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null,
      });
    },
  );

  app.get(
    "/orders/:orderId/agreement.pdf",
    {
      preHandler: guards.permission("own-order.manage", "signed-documents.read"),
      schema: {
        tags,
        summary: "The order's leasing agreement as a PDF: the signed one byte for byte, else a draft",
        params: zOrderIdParams,
        response: { 200: z.string().describe("The PDF (application/pdf)"), ...errors },
      },
    },
    async (request, reply) => {
      const file = await signing.agreementPdf(currentUser(request), request.params.orderId);
      return (
        reply
          .header("content-type", "application/pdf")
          .header("content-disposition", `inline; filename="${file.fileName}"`)
          .header("cache-control", "no-store")
          // The typed reply knows the documented string; the body is the PDF's bytes.
          .send(file.content as unknown as string)
      );
    },
  );

  app.post(
    "/orders/:orderId/employer-decision",
    {
      preHandler: approve,
      schema: {
        tags,
        summary: "The employer approves the order (confirming it once signed) or refuses it (cancelling it)",
        params: zOrderIdParams,
        body: zEmployerDecision,
        response: { 200: zOrderDetails, ...changing },
      },
    },
    async (request) => signing.decide(currentUser(request), request.params.orderId, request.body),
  );
};
