import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";

export const taxTablesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _opts) => {};
