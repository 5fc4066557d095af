import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zBulkOrderStatus,
  zBulkOrderStatusResult,
  zOrderStatusMove,
} from "../../../contract/order-processing.ts";
import { zOrderDetails, zOrderIdParams } from "../../../contract/orders.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createOrderProcessingService } from "./processing.ts";

const tags = ["orders"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const actionErrors = { ...errors, 404: zErrorResponse, 409: zErrorResponse };

/** The helpdesk's processing of orders (contract/order-processing.ts): orders.process, the admin tier. */
export const orderProcessingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createOrderProcessingService(ctx);
  const process = createGuards(ctx).permission("orders.process");

  const action = (path: string, summary: string) => ({
    path,
    options: {
      preHandler: process,
      schema: { tags, summary, params: zOrderIdParams, response: { 200: zOrderDetails, ...actionErrors } },
    },
  });

  const send = action(
    "/orders/:orderId/send-to-leasing-company",
    "Sends a CONFIRMED order's signed agreement to its leasing company (the agreement PENDING, event ORDER_SENT)",
  );
  app.post(send.path, send.options, async (request) =>
    service.sendToLeasingCompany(currentUser(request), request.params.orderId),
  );

  const processOrder = action(
    "/orders/:orderId/process",
    "Processes a CONFIRMED order whose agreement the leasing company accepted; the store gets the purchase order",
  );
  app.post(processOrder.path, processOrder.options, async (request) =>
    service.process(currentUser(request), request.params.orderId, request.log),
  );

  const bill = action(
    "/orders/:orderId/bill",
    "Bills the leasing company for a READY_FOR_BILLING order (GRENKE_INVOICE_SENT)",
  );
  app.post(bill.path, bill.options, async (request) =>
    service.bill(currentUser(request), request.params.orderId),
  );

  const start = action(
    "/orders/:orderId/start-leasing",
    "Starts the lease (ACTIVE_LEASING): the agreement runs from the first day of the month after delivery",
  );
  app.post(start.path, start.options, async (request) =>
    service.startLeasing(currentUser(request), request.params.orderId),
  );

  app.post(
    "/orders/:orderId/status",
    {
      preHandler: process,
      schema: {
        tags,
        summary:
          "Moves an order by status name: the customer-comment side state, cancelling, refunding, CASE_X",
        params: zOrderIdParams,
        body: zOrderStatusMove,
        response: { 200: zOrderDetails, ...actionErrors },
      },
    },
    async (request) =>
      service.moveStatus(currentUser(request), request.params.orderId, request.body, request.log),
  );

  app.post(
    "/orders/bulk-status",
    {
      preHandler: process,
      schema: {
        tags,
        summary: "Moves up to 100 orders by status name, each on its own: the result of each",
        body: zBulkOrderStatus,
        response: { 200: zBulkOrderStatusResult, ...errors },
      },
    },
    async (request) => service.bulkMoveStatus(currentUser(request), request.body, request.log),
  );
};
