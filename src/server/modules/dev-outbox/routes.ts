import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zDevOutboxQuery, zDevOutboxResponse } from "../../../contract/dev-outbox.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { listOutbox } from "./service.ts";

/**
 * The dev outbox: what the app "sent", so a newcomer can read the two-factor code or reset link without
 * a phone or a mail server. app.ts registers this only when `config.devOutbox` is on, which the config
 * never allows in production, so there the path does not exist at all (JSON 404).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Mails and SMS sent by the app, newest first (development only, never in production)",
        querystring: zDevOutboxQuery,
        response: { 200: zDevOutboxResponse, 400: zErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listOutbox(ctx.database.db, request.query);
    },
  );
};
