import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calculatorApi as api } from "../../../contract/calculator.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createCalculatorService } from "./service.ts";

/** Anyone may calculate, but a script hammering the engine meets 429. */
const calculateLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

/** The public benefit calculator (/laskuri): no login. */
export const calculatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createCalculatorService(ctx);
  const tags = ["calculator"];

  app.route({
    ...endpointRoute(api.parameters, tags),
    config: calculateLimit,
    handler: async (_request, reply) => {
      // Public figures that change a few times a year: a browser may keep them for five minutes.
      reply.header("cache-control", "public, max-age=300");
      return service.parameters();
    },
  });

  app.route({
    ...endpointRoute(api.myTerms, tags),
    preValidation: createGuards(ctx).user,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.myTerms(currentUser(request));
    },
  });

  app.route({
    ...endpointRoute(api.calculate, tags),
    config: { ...ORIGIN_ONLY, ...calculateLimit },
    handler: async (request) => service.calculate(request.body),
  });
};
