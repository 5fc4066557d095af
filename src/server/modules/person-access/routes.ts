import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { personAccessApi as api } from "../../../contract/person-access.ts";
import type { AppContext } from "../../context.ts";
import { createGuards } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { accessesOf } from "./service.ts";

/**
 * The helpdesk's list of who looked at one person's data (audit.read, the admin tier): the person's
 * page shows it, and a person's request for it is answered from it.
 */
export const personAccessRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const db = ctx.database.db;

  app.route({
    ...endpointRoute(api.list, ["system-users"]),
    preValidation: guards.permission("audit.read"),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return accessesOf(db, request.params.userId);
    },
  });
};
