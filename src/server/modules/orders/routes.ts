import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zConfirmedOnlineCount,
  zMyOrders,
  zOrderDetails,
  zOrderIdParams,
  zOrderListData,
  zOrderListDataQuery,
  zOrderPage,
  zOrdersQuery,
  zStartOrder,
} from "../../../contract/orders.ts";
import { zTasks } from "../../../contract/tasks.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createOrdersService } from "./service.ts";
import { createOwnOrdersService } from "./start.ts";
import { helpdeskTasks } from "./tasks.ts";

const tags = ["orders"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/** Reading orders (SPEC §7 "Orders and employees"): orders.read, scoped to the caller's companies. */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createOrdersService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("orders.read");
  const own = createOwnOrdersService(ctx);
  const ownOrder = guards.permission("own-order.manage");

  app.get(
    "/orders/all",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Orders newest first, searched and filtered in SQL (status, status subset, company, store)",
        querystring: zOrdersQuery,
        response: { 200: zOrderPage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.get(
    "/orders/list-data",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "How many orders are in each status (the work queue's tabs), of one company or all in reach",
        querystring: zOrderListDataQuery,
        response: { 200: zOrderListData, ...errors },
      },
    },
    async (request) => service.listData(currentUser(request), request.query.companyId),
  );

  app.get(
    "/orders/confirmedOnlineCount",
    {
      preHandler: guards.permission("orders.process"),
      schema: {
        tags,
        summary: "Online orders confirmed and waiting for the helpdesk to process them",
        response: { 200: zConfirmedOnlineCount, ...errors },
      },
    },
    async () => service.confirmedOnlineCount(),
  );

  app.get(
    "/orders/:orderId",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "An order with whom it waits for, since when, and its timeline",
        params: zOrderIdParams,
        response: { 200: zOrderDetails, ...errors, 404: zErrorResponse },
      },
    },
    async (request) => service.details(currentUser(request), request.params.orderId),
  );

  app.get(
    "/tasks",
    {
      preHandler: guards.permission("orders.process"),
      schema: {
        tags: ["tasks"],
        summary:
          "What waits for the helpdesk: orders by status, after-sale cases, sign-ups, contact forms, tasks",
        response: { 200: zTasks, ...errors },
      },
    },
    async () => helpdeskTasks(ctx.database.db, toHelsinkiDateString(new Date())),
  );

  app.post(
    "/orders",
    {
      preHandler: ownOrder,
      schema: {
        tags,
        summary: "The employee starts an order at a bike store; it waits for the store's package",
        body: zStartOrder,
        response: { 201: zOrderDetails, ...errors, 404: zErrorResponse, 409: zErrorResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await own.start(currentUser(request), request.body, new Date(), (err, what) =>
            request.log.error({ err }, what),
          ),
        ),
  );

  app.get(
    "/orders/my",
    {
      preHandler: ownOrder,
      schema: {
        tags,
        summary: "The caller's own orders, newest first, each with its timeline",
        response: { 200: zMyOrders, ...errors },
      },
    },
    async (request) => own.mine(currentUser(request)),
  );
};
