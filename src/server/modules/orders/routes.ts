import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ordersApi as api } from "../../../contract/orders.ts";
import { tasksApi } from "../../../contract/tasks.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { createCustomerAnswerService } from "./customer-answer.ts";
import { createOrdersService } from "./service.ts";
import { createOwnOrdersService } from "./start.ts";
import { helpdeskTasks } from "./tasks.ts";

const tags = ["orders"];

/** Reading orders (docs/api-surface.md "Orders and employees"): orders.read, scoped to the caller's companies. */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createOrdersService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("orders.read");
  const own = createOwnOrdersService(ctx);
  const ownOrder = guards.permission("own-order.manage");

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.list(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.listData, tags),
    preValidation: read,
    handler: async (request) => service.listData(currentUser(request), request.query.companyId),
  });

  app.route({
    ...endpointRoute(api.confirmedOnlineCount, tags),
    preValidation: guards.permission("orders.process"),
    handler: async () => service.confirmedOnlineCount(),
  });

  app.route({
    ...endpointRoute(api.details, tags),
    preValidation: read,
    handler: async (request) => service.details(currentUser(request), request.params.orderId),
  });

  app.route({
    ...endpointRoute(tasksApi.list, ["tasks"]),
    preValidation: guards.permission("orders.process"),
    handler: async () => helpdeskTasks(ctx.database.db, toHelsinkiDateString(new Date())),
  });

  app.route({
    ...endpointRoute(api.start, tags),
    preValidation: ownOrder,
    handler: async (request, reply) =>
      reply.code(201).send(await own.start(currentUser(request), request.body, new Date())),
  });

  app.route({
    ...endpointRoute(api.mine, tags),
    preValidation: ownOrder,
    handler: async (request) => own.mine(currentUser(request)),
  });

  const answers = createCustomerAnswerService(ctx);
  app.route({
    ...endpointRoute(api.answer, tags),
    preValidation: guards.permissionIn(reach.ownOrder({ param: "orderId" }), "own-order.manage"),
    handler: async (request) => answers.answer(currentUser(request), request.params.orderId, request.body),
  });
};
