import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import { leaseInvoicesApi as api, zLeaseInvoiceParams } from "../../../contract/lease-invoices.ts";
import type { AppContext } from "../../context.ts";
import { createGuards } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { leaseEInvoiceOf } from "./e-invoice.ts";
import { leaseInvoicesOf } from "./queries.ts";

const tags = ["companies"];

/**
 * The company's lease invoices on its settings page: company-settings.manage in the company (its admin,
 * its group's admin, the admin tier); another company is a 404 before anything is read, and an invoice
 * of another company is one too.
 */
export const leaseInvoiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const manage = guards.permissionIn(reach.company({ param: "id" }), "company-settings.manage");
  const db = ctx.database.db;

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: manage,
    handler: async (request) => leaseInvoicesOf(db, request.params.id, request.query),
  });

  // A file for the company's invoicing software, not an endpoint of JSON.
  app.get(
    "/companies/:id/lease-invoices/:invoiceId/finvoice.xml",
    {
      preValidation: manage,
      schema: {
        tags,
        summary:
          "A lease invoice as a Finvoice 3.0 e-invoice to the company (409 while it has no e-invoice address)",
        params: zLeaseInvoiceParams,
        response: {
          200: z.string().describe("The Finvoice 3.0 XML (application/xml)"),
          400: zErrorResponse,
          401: zErrorResponse,
          403: zErrorResponse,
          404: zErrorResponse,
          409: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const file = await leaseEInvoiceOf(db, request.params.id, request.params.invoiceId, new Date());
      return reply
        .header("content-type", "application/xml; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "no-store")
        .send(file.xml);
    },
  );
};
