import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zBillingTable,
  zBillingTableIdParams,
  zBillingTableInput,
  zBillingTables,
} from "../../../contract/billing-tables.ts";
import { zMessage } from "../../../contract/common.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards } from "../../plugins/auth.ts";
import { createBillingTablesService } from "./service.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...errors, 409: zErrorResponse };

/** Billing tables with their price brackets (SPEC §7 "Billing tables"); the admin tier only. */
export const billingTablesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createBillingTablesService(ctx);
  const manage = createGuards(ctx).permission("billing-tables.manage");
  const tags = ["billing-tables"];

  app.get(
    "/billing-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Billing tables with their price brackets, the default first (list in billingTables)",
        response: { 200: zBillingTables, ...errors },
      },
    },
    async () => service.list(),
  );

  app.post(
    "/billing-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a billing table with its price brackets (isDefault takes the flag from the others)",
        body: zBillingTableInput,
        response: { 201: zBillingTable, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.get(
    "/billing-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "A billing table with its price brackets",
        params: zBillingTableIdParams,
        response: { 200: zBillingTable, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.put(
    "/billing-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Replace a billing table and its price brackets (isDefault takes the flag from the others; the default keeps it: 409)",
        params: zBillingTableIdParams,
        body: zBillingTableInput,
        response: { 200: zBillingTable, ...writeErrors },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    "/billing-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Delete a billing table; companies and orders that named it keep none (409 for the default table)",
        params: zBillingTableIdParams,
        response: { 200: zMessage, ...writeErrors },
      },
    },
    async (request) => service.remove(request.params.id),
  );
};
