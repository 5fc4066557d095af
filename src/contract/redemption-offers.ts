import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zFileAnswer, zStoredFileRef, zUploadFileName } from "./uploads.ts";

/**
 * A redemption case's offers (docs/data-model.md "Bike redemption", docs/api-surface.md): the document
 * that states the case's price and deadline, made by Pedaali or uploaded by the helpdesk. The case lists
 * them (contract/bike-redemptions.ts); the same readers and scope as the case read their files.
 *
 * - POST /api/redemptionOffer?bikeRedemptionId&fileName (redemptions.manage; the raw body is the file,
 *   application/octet-stream; PDF or image, 10 MB) → 201 `zRedemptionOfferSaved` ('Redemption offer
 *   uploaded successfully'); 400 FILE_TYPE_NOT_ALLOWED, FILE_TOO_LARGE, FILE_EMPTY (nothing stored);
 *   409 REDEMPTION_CLOSED on a closed case.
 * - GET /api/redemption-offers/{id}/file → the file itself (its own content type), same readers and
 *   scope as the case.
 */

export const REDEMPTION_OFFER_UPLOADED = "Redemption offer uploaded successfully";
export const REDEMPTION_OFFER_CREATED = "Redemption offer created successfully";

export const zRedemptionOffer = lazy(() =>
  z.object({
    id: z.uuid(),
    bikeRedemptionId: z.uuid(),
    /** The price and deadline the offer states. */
    offerPriceCents: z.int().nullable(),
    validUntil: z.string().nullable(),
    file: zStoredFileRef,
    /**
     * The document's address, /api/redemption-offers/{id}/file (`redemptionOffersApi.file`). Kept in the
     * answer for the clients that follow it; the web builds the link from the endpoint instead.
     */
    fileUrl: z.string(),
    createdAt: z.iso.datetime(),
  }),
);
export type TRedemptionOffer = z.infer<typeof zRedemptionOffer>;

export const zRedemptionOfferSaved = lazy(() => z.object({ message: z.string(), offer: zRedemptionOffer }));
export type TRedemptionOfferSaved = z.infer<typeof zRedemptionOfferSaved>;

export const zRedemptionOfferUploadQuery = lazy(() =>
  z.object({
    bikeRedemptionId: z.uuid(),
    fileName: zUploadFileName,
  }),
);
export type TRedemptionOfferUploadQuery = z.infer<typeof zRedemptionOfferUploadQuery>;

export const zRedemptionOfferIdParams = lazy(() => z.object({ id: z.uuid() }));

/** The offers' calls: the helpdesk uploads one; whoever reads the case reads its file. */
export const redemptionOffersApi = lazy(() => ({
  upload: endpoint({
    method: "POST",
    path: "/redemptionOffer",
    summary: "Uploads a redemption offer document, PDF or image, at most 10 MB",
    query: zRedemptionOfferUploadQuery,
    body: "file",
    status: 201,
    response: zRedemptionOfferSaved,
    errors: [400, 401, 403, 404, 409],
  }),
  file: endpoint({
    method: "GET",
    path: "/redemption-offers/:id/file",
    summary: "A redemption offer's document (PDF or image)",
    params: zRedemptionOfferIdParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
}));
