import type { FastifyReply } from "fastify";
import { z } from "zod";
import { zErrorResponse } from "../../../contract/errors.ts";

/**
 * How every e-invoice download answers (our bill to a leasing company, the employer's lease invoice, a
 * store's invoice from its account): a file, not an endpoint of JSON, so its route keeps a registration
 * of its own with this schema, and the XML goes out as a download that no cache keeps.
 */

export function eInvoiceRouteSchema<P extends z.ZodType>(tags: string[], summary: string, params: P) {
  return {
    tags,
    summary,
    params,
    response: {
      200: z.string().describe("The Finvoice 3.0 XML (application/xml)"),
      400: zErrorResponse,
      401: zErrorResponse,
      403: zErrorResponse,
      404: zErrorResponse,
      409: zErrorResponse,
    },
  };
}

export function sendEInvoice(reply: FastifyReply, file: { fileName: string; xml: string }) {
  return reply
    .header("content-type", "application/xml; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.xml);
}
