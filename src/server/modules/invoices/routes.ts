import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCreateInvoice,
  zInvoice,
  zInvoiceIdParams,
  zInvoicePage,
  zInvoiceStatusChange,
  zInvoicesQuery,
} from "../../../contract/invoices.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createInvoicesService } from "./service.ts";

const tags = ["invoices"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/** Invoices (contract/invoices.ts): read with invoices.read, changed with orders.process. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createInvoicesService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("invoices.read");
  const process = guards.permission("orders.process");

  app.get(
    "/invoices",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Invoices newest first, filtered by order, status and payer type",
        querystring: zInvoicesQuery,
        response: { 200: zInvoicePage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.post(
    "/invoices",
    {
      preHandler: process,
      schema: {
        tags,
        summary: "Records a bike store's purchase invoice of an order (RECEIVED; Pedaali pays it)",
        body: zCreateInvoice,
        response: { 201: zInvoice, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    "/invoices/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "An invoice",
        params: zInvoiceIdParams,
        response: { 200: zInvoice, ...errors, 404: zErrorResponse },
      },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.post(
    "/invoices/:id/match",
    {
      preHandler: process,
      schema: {
        tags,
        summary:
          "Matches a store's purchase invoice to its order (equal totals): the invoice VERIFIED, the order on to WAITING_FOR_DELIVERY_DATE",
        params: zInvoiceIdParams,
        response: { 200: zInvoice, ...errors, 404: zErrorResponse, 409: zErrorResponse },
      },
    },
    async (request) => service.match(currentUser(request), request.params.id, request.log),
  );

  app.put(
    "/invoices/:id/status",
    {
      preHandler: process,
      schema: {
        tags,
        summary: "Moves an invoice to another status the invoice status table allows",
        params: zInvoiceIdParams,
        body: zInvoiceStatusChange,
        response: { 200: zInvoice, ...errors, 404: zErrorResponse, 409: zErrorResponse },
      },
    },
    async (request) => service.changeStatus(currentUser(request), request.params.id, request.body),
  );
};
