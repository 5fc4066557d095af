import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import { orderAcceptanceApi as api } from "../../../contract/order-acceptance.ts";
import { zOrderIdParams } from "../../../contract/orders.ts";
import type { AppContext } from "../../context.ts";
import { sendStoredFile } from "../../files/uploads.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { createOrderAcceptanceService } from "./acceptance.ts";
import { createOrdersService } from "./service.ts";
import { createSigningService } from "./signing.ts";

const tags = ["orders"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
/**
 * Each code is an SMS: the service allows 5 codes per order in 15 minutes (SIGNING_CODES_PER_WINDOW);
 * this keeps one address from flooding the endpoint across orders and users.
 */
const codeLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };
/** Wrong codes are counted per code (5 tries); this keeps a script from cycling codes quickly. */
const signLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

/**
 * The employee's acceptance and signature, the employer's approval, and the agreement PDF
 * (contract/order-acceptance.ts lists the calls). The PDF answers a file and keeps its own route.
 */
export const orderAcceptanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const ownOrder = guards.permission("own-order.manage");
  const approve = guards.permission("orders.approve");
  const employeeOnly = guards.permissionIn(reach.ownOrder({ param: "orderId" }), "own-order.manage");
  const acceptance = createOrderAcceptanceService(ctx);
  const signing = createSigningService(ctx);
  const orders = createOrdersService(ctx);

  app.route({
    ...endpointRoute(api.benefit, tags),
    preValidation: ownOrder,
    handler: async (request) => acceptance.benefit(currentUser(request)),
  });

  app.route({
    ...endpointRoute(api.awaitingEmployer, tags),
    preValidation: approve,
    handler: async (request) => orders.awaitingEmployer(currentUser(request)),
  });

  app.route({
    ...endpointRoute(api.offer, tags),
    preValidation: ownOrder,
    handler: async (request) =>
      acceptance.offer(currentUser(request), request.params.orderId, request.query.leaseTimeMonths),
  });

  app.route({
    ...endpointRoute(api.accept, tags),
    preValidation: employeeOnly,
    handler: async (request) => acceptance.accept(currentUser(request), request.params.orderId, request.body),
  });

  app.route({
    ...endpointRoute(api.signCode, tags),
    preValidation: employeeOnly,
    config: codeLimit,
    handler: async (request) => signing.sendCode(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(api.sign, tags),
    preValidation: employeeOnly,
    config: signLimit,
    handler: async (request) => {
      const userAgent = request.headers["user-agent"];
      return signing.sign(currentUser(request), request.params.orderId, request.body.code, {
        ipAddress: request.ip,
        userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null,
      });
    },
  });

  app.get(
    api.agreementPdf.path,
    {
      preValidation: guards.permission("own-order.manage", "signed-documents.read"),
      schema: {
        tags,
        summary: "The order's leasing agreement as a PDF: the signed one byte for byte, else a draft",
        params: zOrderIdParams,
        response: { 200: z.string().describe("The PDF (application/pdf)"), ...errors },
      },
    },
    async (request, reply) => {
      return sendStoredFile(reply, await signing.agreementPdf(currentUser(request), request.params.orderId));
    },
  );

  app.route({
    ...endpointRoute(api.employerDecision, tags),
    preValidation: guards.permissionIn(reach.order({ param: "orderId" }), "orders.approve"),
    handler: async (request) =>
      signing.employerDecision(currentUser(request), request.params.orderId, request.body),
  });
};
