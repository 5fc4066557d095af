import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import { zLeasingTimeRequest, zLeasingTimeResponse } from "../../../contract/leasing.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createLeasingService } from "./service.ts";

/** Leasing calls of SPEC §7 that the calculator's terms answer. */
export const leasingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createLeasingService(ctx);
  const guards = createGuards(ctx);

  app.post(
    "/leasing/get-leasing-time-months",
    {
      preHandler: guards.user,
      schema: {
        tags: ["leasing"],
        summary: "The lease period the package's price sets, from the employee's company's billing table",
        body: zLeasingTimeRequest,
        response: {
          200: zLeasingTimeResponse,
          400: zErrorResponse,
          401: zErrorResponse,
          403: zErrorResponse,
          404: zErrorResponse,
        },
      },
    },
    async (request) => service.leaseTimeMonths(currentUser(request), request.body),
  );
};
