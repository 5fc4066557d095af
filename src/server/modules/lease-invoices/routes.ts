import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { leaseInvoicesApi as api, zLeaseInvoiceParams } from "../../../contract/lease-invoices.ts";
import type { AppContext } from "../../context.ts";
import { createGuards } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { eInvoiceRouteSchema, sendEInvoice } from "../invoices/e-invoice-reply.ts";
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

  // A file for the company's invoicing software.
  app.get(
    api.eInvoice.path,
    {
      preValidation: manage,
      schema: eInvoiceRouteSchema(
        tags,
        "A lease invoice as a Finvoice 3.0 e-invoice to the company (409 while it has no e-invoice address)",
        zLeaseInvoiceParams,
      ),
    },
    async (request, reply) =>
      sendEInvoice(reply, await leaseEInvoiceOf(db, request.params.id, request.params.invoiceId, new Date())),
  );
};
