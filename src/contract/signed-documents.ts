import { z } from "zod";
import { PAYMENT_STATUSES } from "../domain/enums.ts";
import { zMessage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";
import { zPlausibleDate } from "./values.ts";

/**
 * Signed documents (docs/data-model.md "Signed document", docs/api-surface.md): the employee's signatures of leasing agreements.
 * Read with signed-documents.read (the admin tier all, the employer their companies') or
 * own-order.manage (the employee their own); changed by hand with signed-documents.manage (the admin
 * tier). A document signed in Pedaali carries its evidence (who, when, from which address and user
 * agent, the SHA-256 of the exact PDF): its PDF and evidence never change, and it cannot be deleted.
 *
 * - GET /api/signed-documents `zSignedDocumentsQuery` → `{ data: zSignedDocument[], page, limit, total }`,
 *   newest first; search by the employee's name or e-mail or the order number.
 * - POST /api/signed-documents `zCreateSignedDocument` → 201 `{ data }`: a document recorded by hand
 *   for an agreement, without evidence.
 * - GET /api/signed-documents/{id} → `{ data }`; PUT `zUpdateSignedDocument` → `{ data }`;
 *   DELETE → `{ message }`, 409 SIGNED_DOCUMENT_LOCKED for a document with evidence.
 * - GET /api/signed-documents/{id}/file → the PDF (404 when the document has none).
 */

const zSignedDocumentsQuery = lazy(() =>
  zPageQuery.extend({
    paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
    search: zSingleLineText({ max: 100 }).optional(),
  }),
);
export type TSignedDocumentsQuery = z.infer<typeof zSignedDocumentsQuery>;

const zSignedDocument = lazy(() =>
  z.object({
    id: z.uuid(),
    leasingAgreementId: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.int(),
    company: z.object({ companyId: z.uuid(), name: z.string() }),
    employee: z.object({ beneficiaryEmployeeId: z.uuid(), name: z.string(), email: z.string() }),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    leasingSignDate: z.string().nullable(),
    hasFile: z.boolean(),
    /** Signed in Pedaali with a two-factor code: the evidence below is set and never changes. */
    hasEvidence: z.boolean(),
    signedAt: z.iso.datetime().nullable(),
    signerName: z.string().nullable(),
    /** The SHA-256 (hex) of the signed PDF's bytes. */
    documentSha256: z.string().nullable(),
    /** The signer's address and browser: for the admin tier only (null for others). */
    signerIp: z.string().nullable(),
    signerUserAgent: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TSignedDocument = z.infer<typeof zSignedDocument>;

export const zSignedDocumentPage = lazy(() =>
  z.object({
    data: z.array(zSignedDocument),
    page: z.int(),
    limit: z.int(),
    total: z.int(),
  }),
);
export type TSignedDocumentPage = z.infer<typeof zSignedDocumentPage>;

export const zSignedDocumentEnvelope = lazy(() => z.object({ data: zSignedDocument }));

export const zCreateSignedDocument = lazy(() =>
  z.object({
    leasingAgreementId: z.uuid(),
    paymentStatus: z.enum(PAYMENT_STATUSES).default("PENDING"),
    leasingSignDate: z.union([zPlausibleDate("LEASE"), z.null()]).optional(),
  }),
);
export type TCreateSignedDocument = z.infer<typeof zCreateSignedDocument>;

const zUpdateSignedDocument = lazy(() =>
  z
    .object({
      paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
      leasingSignDate: z.union([zPlausibleDate("LEASE"), z.null()]).optional(),
    })
    .refine((body) => body.paymentStatus !== undefined || body.leasingSignDate !== undefined, {
      message: "Nothing to change",
      path: ["paymentStatus"],
    }),
);
export type TUpdateSignedDocument = z.infer<typeof zUpdateSignedDocument>;

export const zSignedDocumentIdParams = lazy(() => z.object({ id: z.uuid() }));

/** The PDF (GET /api/signed-documents/{id}/file) is a file, not JSON: its route keeps its own schema. */
export const signedDocumentsApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/signed-documents",
    summary: "Signed documents newest first: all (admin tier), the caller's companies', or their own",
    query: zSignedDocumentsQuery,
    response: zSignedDocumentPage,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/signed-documents",
    summary: "Records a signed document by hand for a leasing agreement (without signature evidence)",
    body: zCreateSignedDocument,
    status: 201,
    response: zSignedDocumentEnvelope,
    errors: [400, 401, 403, 404],
  }),
  get: endpoint({
    method: "GET",
    path: "/signed-documents/:id",
    summary: "A signed document with its signature evidence",
    params: zSignedDocumentIdParams,
    response: zSignedDocumentEnvelope,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: "PUT",
    path: "/signed-documents/:id",
    summary: "Changes a signed document's payment status or leasing sign date (never its file or evidence)",
    params: zSignedDocumentIdParams,
    body: zUpdateSignedDocument,
    response: zSignedDocumentEnvelope,
    errors: [400, 401, 403, 404],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/signed-documents/:id",
    summary: "Deletes a document recorded by hand; one with signature evidence answers 409",
    params: zSignedDocumentIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
}));
