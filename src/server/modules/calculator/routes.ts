import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zCalculatorMyTerms,
  zCalculatorParameters,
  zCalculatorRequest,
  zCalculatorResult,
} from "../../../contract/calculator.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { createCalculatorService } from "./service.ts";

/** Anyone may calculate, but a script hammering the engine meets 429. */
const calculateLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

/** The public benefit calculator (/laskuri): no login. */
export const calculatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createCalculatorService(ctx);
  const tags = ["calculator"];

  app.get(
    "/calculator/parameters",
    {
      config: calculateLimit,
      schema: {
        tags,
        summary: "The tax tables, municipal rates and default lease terms the calculator runs on (public)",
        response: { 200: zCalculatorParameters, 429: zErrorResponse, 503: zErrorResponse },
      },
    },
    async (_request, reply) => {
      // Public figures that change a few times a year: a browser may keep them for five minutes.
      reply.header("cache-control", "public, max-age=300");
      return service.parameters();
    },
  );

  app.get(
    "/calculator/my-terms",
    {
      preHandler: createGuards(ctx).user,
      schema: {
        tags,
        summary: "A logged-in employee's own lease terms and max price, prefilled on the calculator",
        response: {
          200: zCalculatorMyTerms,
          401: zErrorResponse,
          403: zErrorResponse,
          404: zErrorResponse,
          503: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.myTerms(currentUser(request));
    },
  );

  app.post(
    "/calculator",
    {
      config: { ...ORIGIN_ONLY, ...calculateLimit },
      schema: {
        tags,
        summary:
          "What a bike benefit costs an employee: monthly payment, net pay with and without, total saving",
        body: zCalculatorRequest,
        response: {
          200: zCalculatorResult,
          400: zErrorResponse,
          403: zErrorResponse,
          429: zErrorResponse,
          503: zErrorResponse,
        },
      },
    },
    async (request) => service.calculate(request.body),
  );
};
