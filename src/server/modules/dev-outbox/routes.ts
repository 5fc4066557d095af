import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { devOutboxApi as api } from "../../../contract/dev-outbox.ts";
import type { AppContext } from "../../context.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { listOutbox } from "./service.ts";

/**
 * The dev outbox: what the app "sent", so a newcomer can read the two-factor code or reset link without
 * a phone or a mail server. app.ts registers this only when `config.devOutbox` is on, which the config
 * never allows in production, so there the path does not exist at all (JSON 404).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...endpointRoute(api.list, ["dev"]),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listOutbox(ctx.database.db, request.query);
    },
  });
};
