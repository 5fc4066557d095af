import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import { zLeasingAgreementIdParams } from "../../../contract/leasing-agreements.ts";
import {
  zLeasingDecisionInput,
  zLeasingDecisionRecorded,
  zLeasingSyncResult,
} from "../../../contract/leasing-decisions.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createLeasingDecisionsService } from "./service.ts";

const tags = ["leasing"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/** The leasing companies' decisions and the sync (contract/leasing-decisions.ts): leasing.manage. */
export const leasingDecisionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createLeasingDecisionsService(ctx);
  const manage = createGuards(ctx).permission("leasing.manage");

  app.post(
    "/leasing-agreements/:id/decision",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Records the leasing company's decision on a PENDING agreement; the sync job applies it",
        params: zLeasingAgreementIdParams,
        body: zLeasingDecisionInput,
        response: { 202: zLeasingDecisionRecorded, ...errors, 404: zErrorResponse, 409: zErrorResponse },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.record(currentUser(request), request.params.id, request.body)),
  );

  app.post(
    "/leasing-agreements/sync",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Applies the leasing companies' decisions now (the job runs every 10 minutes)",
        response: { 200: zLeasingSyncResult, ...errors },
      },
    },
    async (request) => service.syncNow(request.log),
  );
};
