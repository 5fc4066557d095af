import { z } from "zod";
import { BROKERAGE_INQUIRY_MESSAGE_MAX, BROKERAGE_STAGES } from "../domain/brokerage.ts";
import { EVENT_TYPES, SIMPLE_STATES } from "../domain/enums.ts";
import { MODEL_YEAR_MAX, MODEL_YEAR_MIN } from "../domain/model-year.ts";
import { zMessage, zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zBooleanString, zEmailAddress } from "./system-users.ts";
import { zMultiLineText, zOptionalSingleLineText, zSingleLineText } from "./text.ts";

/**
 * The bike brokerage (pyörävälitys; docs/data-model.md "Bike brokerage", docs/api-surface.md "Bike brokerage"):
 * benefit bikes that came back, which Pedaali sells on. The helpdesk (brokerage.manage) keeps the
 * bikes; every logged-in user (brokerage.use) sees the listed ones on /bikeBrokerageService and may ask
 * to buy one. The public listing carries only what describes the bike: never the seller, the former
 * employee, the company or the order.
 *
 * The helpdesk's calls:
 * - GET /api/bike-brokerage `zBikeBrokeragesQuery` (page, limit 20, search: brand, model, city or the
 *   order number; status; listed true/false; openInquiries true: only bikes with unanswered inquiries)
 *   → the default page of `zBikeBrokerage`, each with its open inquiry count, newest first;
 * - POST /api/bike-brokerage `zCreateBikeBrokerage` → 201 `{ message: 'Bike brokerage created
 *   successfully', bikeBrokerage }`. From an order (ACTIVE_LEASING; else 409 CONFLICT, as is an order
 *   whose bike is already for sale or sold; an unknown order is 400 at body.orderId): the package's
 *   bike fills what the body leaves out and the suggested price (src/domain/brokerage.ts) the asking
 *   price. By hand: brand, model and askingPriceCents are required (400 at the field);
 * - GET /api/bike-brokerage/{id} → `zBikeBrokerageDetails`: the bike with its suggested price and its
 *   basis (from its order), its inquiries (newest 100) and its events;
 * - PUT /api/bike-brokerage/{id} `zUpdateBikeBrokerage` (any of the fields; null empties an optional
 *   one) → `{ message: 'Bike brokerage updated successfully', bikeBrokerage }`. status COMPLETED is sold
 *   (soldAt, BIKE_BROKERAGE_SOLD), CANCELLED withdrawn (it leaves the public page), PENDING again puts a
 *   withdrawn bike back, unlisted; a sold bike stays sold (409 CONFLICT). listed true shows it
 *   (BIKE_BROKERAGE_LISTED; only while PENDING, 409 CONFLICT otherwise, and only with an asking price,
 *   400 at body.askingPriceCents); other changes write BIKE_BROKERAGE_UPDATED;
 * - DELETE /api/bike-brokerage/{id} → `{ message: 'Bike brokerage deleted successfully' }`; a bike
 *   someone asked about is kept (409 BROKERAGE_IN_USE: withdraw it instead);
 * - PUT /api/bike-brokerage/inquiries/{inquiryId} `{ handled }` → `zBrokerageInquiry`.
 *
 * Every logged-in user's calls:
 * - GET /api/bike-brokerage/listed `zListedBikesQuery` (page, limit 12, search: brand, model or city;
 *   frameSize) → the default page of `zListedBike`, newest listed first;
 * - POST /api/bike-brokerage/{id}/inquiries `zBrokerageInquiryInput` → 201 `{ message: 'Bike brokerage
 *   inquiry received' }`; customer service gets it by mail. A bike sold, withdrawn or not listed is
 *   409 BROKERAGE_NOT_AVAILABLE, except that one not listed is 404 to anyone but the helpdesk; a
 *   second open inquiry of the same user about the same bike is 409 CONFLICT; more than 10 inquiries
 *   an hour is 429.
 *
 * docs/product.md "Errors": the web's calls fail with the server's message, else the texts below.
 */

export const BIKE_BROKERAGE_CREATED = "Bike brokerage created successfully";
export const BIKE_BROKERAGE_UPDATED = "Bike brokerage updated successfully";
export const BIKE_BROKERAGE_DELETED = "Bike brokerage deleted successfully";
export const BIKE_BROKERAGE_INQUIRY_RECEIVED = "Bike brokerage inquiry received";

/** docs/product.md "Errors": what a failed call says when the server's answer had no message of its own. */
export const BIKE_BROKERAGE_ERRORS = {
  fetch: "Failed to fetch bike brokerages",
  create: "Failed to create bike brokerage",
  update: "Failed to update bike brokerage",
  delete: "Failed to delete bike brokerage",
} as const;
/** docs/product.md "Errors": ... and when no answer came at all. */
export const BIKE_BROKERAGE_NETWORK_ERRORS = {
  fetch: "Network error while fetching bike brokerage",
  create: "Network error while creating bike brokerage",
  update: "Network error while updating bike brokerage",
  delete: "Network error while deleting bike brokerage",
} as const;
export type BikeBrokerageCall = keyof typeof BIKE_BROKERAGE_ERRORS;

/** docs/product.md "Constants"-style page sizes: the helpdesk's list 20, the public cards 12. */
export const BIKE_BROKERAGE_PAGE_SIZE = 20;
const LISTED_BIKES_PAGE_SIZE = 12;

/** The highest asking price the brokerage takes (100 000 €): a bike, not a car. */
const BROKERAGE_PRICE_MAX_CENTS = 10_000_000;

const zModelYear = lazy(() => z.int().min(MODEL_YEAR_MIN).max(MODEL_YEAR_MAX));
const zAskingPrice = lazy(() => z.int().min(0).max(BROKERAGE_PRICE_MAX_CENTS));

// ---- The helpdesk's bikes -------------------------------------------------------------------------

export const zBikeBrokeragesQuery = lazy(() =>
  zPageQuery.extend({
    limit: z.coerce.number().int().min(1).max(100).default(BIKE_BROKERAGE_PAGE_SIZE),
    /** Part of the brand, model or city, or the order number; trimmed, empty means all. */
    search: zSingleLineText({ max: 100 }).optional(),
    status: z.enum(SIMPLE_STATES).optional(),
    /** true: shown on the public page (listedAt set), false: not. */
    listed: zBooleanString.optional(),
    /** true: only bikes with inquiries customer service has not answered (the helpdesk's task). */
    openInquiries: zBooleanString.optional(),
  }),
);
export type TBikeBrokeragesQuery = z.infer<typeof zBikeBrokeragesQuery>;

const zBikeBrokerage = lazy(() =>
  z.object({
    bikeBrokerageId: z.uuid(),
    /** The benefit bike's order and its number, when the bike is one. */
    orderId: z.uuid().nullable(),
    orderNumber: z.int().nullable(),
    /** The redemption case that handed the bike over, when one did. */
    bikeRedemptionId: z.uuid().nullable(),
    companyName: z.string().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    modelYear: z.int().nullable(),
    frameSize: z.string().nullable(),
    description: z.string().nullable(),
    askingPriceCents: z.int().nullable(),
    city: z.string().nullable(),
    adminNote: z.string().nullable(),
    status: z.enum(SIMPLE_STATES),
    /** Whether it is on the public page: status PENDING and listed. */
    stage: z.enum(BROKERAGE_STAGES),
    listed: z.boolean(),
    listedAt: z.iso.datetime().nullable(),
    soldAt: z.iso.datetime().nullable(),
    openInquiryCount: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TBikeBrokerage = z.infer<typeof zBikeBrokerage>;

export const zBikeBrokeragePage = lazy(() => zPage(zBikeBrokerage));
export type TBikeBrokeragePage = z.infer<typeof zBikeBrokeragePage>;

export const zBrokerageInquiry = lazy(() =>
  z.object({
    inquiryId: z.uuid(),
    bikeBrokerageId: z.uuid(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    message: z.string().nullable(),
    handled: z.boolean(),
    handledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TBrokerageInquiry = z.infer<typeof zBrokerageInquiry>;

const zBrokerageEvent = lazy(() =>
  z.object({
    id: z.uuid(),
    type: z.enum(EVENT_TYPES),
    /** What a BIKE_BROKERAGE_UPDATED event did beyond changing fields, when it did. */
    action: z.enum(["UNLISTED", "WITHDRAWN", "REOPENED", "INQUIRY_HANDLED", "INQUIRY_REOPENED"]).nullable(),
    actorName: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TBrokerageEvent = z.infer<typeof zBrokerageEvent>;

/** What the suggested asking price was worked out from (the bike's order). */
const zAskingPriceSuggestion = lazy(() =>
  z.object({
    priceCents: z.int(),
    packagePriceCents: z.int(),
    leaseStartDate: z.string().nullable(),
    months: z.int(),
    residualValueCents: z.int().nullable(),
  }),
);
export type TAskingPriceSuggestion = z.infer<typeof zAskingPriceSuggestion>;

export const zBikeBrokerageDetails = lazy(() =>
  zBikeBrokerage.extend({
    /** Null for a bike added by hand: there is no order to work it out from. */
    suggestion: zAskingPriceSuggestion.nullable(),
    inquiryCount: z.int(),
    inquiries: z.array(zBrokerageInquiry),
    events: z.array(zBrokerageEvent),
  }),
);
export type TBikeBrokerageDetails = z.infer<typeof zBikeBrokerageDetails>;

/** The describing fields; an optional one is emptied with null (or empty text). */
const bikeFields = lazy(() => ({
  brand: zSingleLineText({ min: 1, max: 100 }),
  model: zSingleLineText({ min: 1, max: 150 }),
  modelYear: zModelYear.nullable().optional(),
  frameSize: zOptionalSingleLineText(30),
  description: z.union([zMultiLineText({ max: 2000 }), z.null()]).optional(),
  askingPriceCents: zAskingPrice,
  city: zOptionalSingleLineText(100),
  adminNote: z.union([zMultiLineText({ max: 2000 }), z.null()]).optional(),
}));

export const zCreateBikeBrokerage = lazy(() =>
  z.object({
    /** From this order's bike; without it the bike is added by hand. */
    orderId: z.uuid().optional(),
    brand: bikeFields.brand.optional(),
    model: bikeFields.model.optional(),
    modelYear: bikeFields.modelYear,
    frameSize: bikeFields.frameSize,
    description: bikeFields.description,
    askingPriceCents: bikeFields.askingPriceCents.optional(),
    city: bikeFields.city,
    adminNote: bikeFields.adminNote,
    /** Show it on the public page at once (the helpdesk has seen the bike). */
    listed: z.boolean(),
  }),
);
export type TCreateBikeBrokerage = z.infer<typeof zCreateBikeBrokerage>;

export const zUpdateBikeBrokerage = lazy(() =>
  z.object({
    brand: bikeFields.brand.optional(),
    model: bikeFields.model.optional(),
    modelYear: bikeFields.modelYear,
    frameSize: bikeFields.frameSize,
    description: bikeFields.description,
    askingPriceCents: bikeFields.askingPriceCents.optional(),
    city: bikeFields.city,
    adminNote: bikeFields.adminNote,
    listed: z.boolean().optional(),
    status: z.enum(SIMPLE_STATES).optional(),
  }),
);
export type TUpdateBikeBrokerage = z.infer<typeof zUpdateBikeBrokerage>;

export const zBikeBrokerageSaved = lazy(() =>
  z.object({ message: z.string(), bikeBrokerage: zBikeBrokerage }),
);
export type TBikeBrokerageSaved = z.infer<typeof zBikeBrokerageSaved>;

const zBikeBrokerageIdParams = lazy(() => z.object({ id: z.uuid() }));
const zInquiryParams = lazy(() => z.object({ inquiryId: z.uuid() }));
const zInquiryHandled = lazy(() => z.object({ handled: z.boolean() }));

// ---- The public page ------------------------------------------------------------------------------

export const zListedBikesQuery = lazy(() =>
  zPageQuery.extend({
    limit: z.coerce.number().int().min(1).max(48).default(LISTED_BIKES_PAGE_SIZE),
    /** Part of the brand, model or city; trimmed, empty means all. */
    search: zSingleLineText({ max: 100 }).optional(),
    /** The frame size as written (M, 54 cm), in any case; empty means all. */
    frameSize: zSingleLineText({ max: 30 }).optional(),
  }),
);
export type TListedBikesQuery = z.infer<typeof zListedBikesQuery>;

/** A bike on /bikeBrokerageService: what describes it, and nothing about whose it was. */
const zListedBike = lazy(() =>
  z.object({
    bikeBrokerageId: z.uuid(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    modelYear: z.int().nullable(),
    frameSize: z.string().nullable(),
    description: z.string().nullable(),
    askingPriceCents: z.int().nullable(),
    city: z.string().nullable(),
    listedAt: z.iso.datetime(),
  }),
);
export type TListedBike = z.infer<typeof zListedBike>;

export const zListedBikePage = lazy(() => zPage(zListedBike));
export type TListedBikePage = z.infer<typeof zListedBikePage>;

export const zBrokerageInquiryInput = lazy(() =>
  z.object({
    name: zSingleLineText({ min: 1, max: 200 }),
    email: zEmailAddress,
    /** A Finnish or international number (docs/product.md "Field rules"), checked by the service; empty means none. */
    phoneNumber: zOptionalSingleLineText(40),
    message: zMultiLineText({ min: 1, max: BROKERAGE_INQUIRY_MESSAGE_MAX }),
  }),
);
export type TBrokerageInquiryInput = z.infer<typeof zBrokerageInquiryInput>;

/** The helpdesk's bikes (brokerage.manage) and the public page's (brokerage.use). */
export const brokerageApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/bike-brokerage",
    summary: "The brokerage's bikes, newest first, with their open inquiries (search, status, listed)",
    query: zBikeBrokeragesQuery,
    response: zBikeBrokeragePage,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    method: "POST",
    path: "/bike-brokerage",
    summary: "Add a bike from an order or by hand ('Bike brokerage created successfully')",
    body: zCreateBikeBrokerage,
    status: 201,
    response: zBikeBrokerageSaved,
    errors: [400, 401, 403, 409],
  }),
  listed: endpoint({
    method: "GET",
    path: "/bike-brokerage/listed",
    summary: "The bikes for sale on /bikeBrokerageService, newest listed first (search, frameSize)",
    query: zListedBikesQuery,
    response: zListedBikePage,
    errors: [400, 401, 403],
  }),
  details: endpoint({
    method: "GET",
    path: "/bike-brokerage/:id",
    summary: "A brokerage bike with its suggested price, inquiries and events",
    params: zBikeBrokerageIdParams,
    response: zBikeBrokerageDetails,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: "PUT",
    path: "/bike-brokerage/:id",
    summary:
      "Change a bike, list or unlist it, mark it sold or withdrawn ('Bike brokerage updated successfully')",
    params: zBikeBrokerageIdParams,
    body: zUpdateBikeBrokerage,
    response: zBikeBrokerageSaved,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/bike-brokerage/:id",
    summary: "Delete a bike nobody asked about (409 BROKERAGE_IN_USE otherwise: withdraw it)",
    params: zBikeBrokerageIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  inquire: endpoint({
    method: "POST",
    path: "/bike-brokerage/:id/inquiries",
    summary: "Ask to buy a listed bike; customer service is mailed (10 an hour per user)",
    params: zBikeBrokerageIdParams,
    body: zBrokerageInquiryInput,
    status: 201,
    response: zMessage,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  setInquiryHandled: endpoint({
    method: "PUT",
    path: "/bike-brokerage/inquiries/:inquiryId",
    summary: "Mark an inquiry handled (answered) or open again",
    params: zInquiryParams,
    body: zInquiryHandled,
    response: zBrokerageInquiry,
    errors: [400, 401, 403, 404],
  }),
}));
