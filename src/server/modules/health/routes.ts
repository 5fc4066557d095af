import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zHealthCheckFailure, zHealthCheckResponse } from "../../../contract/health.ts";
import type { AppContext } from "../../context.ts";
import { checkHealth } from "./service.ts";

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/health-check",
    {
      schema: {
        tags: ["system"],
        summary: "Whether the service and its database answer (polled by the web app every 60 s)",
        response: { 200: zHealthCheckResponse, 503: zHealthCheckFailure },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(ctx.database);
      reply.header("cache-control", "no-store");
      if (!health) {
        return reply
          .code(503)
          .send({ statusCode: 503, code: "SERVICE_UNAVAILABLE", message: "Database is not reachable" });
      }
      return health;
    },
  );
};
