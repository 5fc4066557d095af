import { z } from "zod";
import {
  EVENT_TYPES,
  INSURANCE_CLAIM_OUTCOMES,
  INSURANCE_CLAIM_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SIMPLE_STATES,
} from "../domain/enums.ts";
import { INSURANCE_CLAIM_ACTIONS, INSURANCE_CLAIM_STEPS } from "../domain/insurance-claims.ts";
import { zMessage, zPage } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zMultiLineText, zOptionalSingleLineText, zSingleLineText } from "./text.ts";
import { zFileAnswer, zStoredFileRef, zUploadFileName } from "./uploads.ts";
import { zCents, zDateOnly } from "./values.ts";

/**
 * Insurance claims (docs/data-model.md "Insurance claim", docs/product.md "Field rules", docs/api-surface.md "Insurance claims"): theft or
 * damage of a leased bike, reported by the employee (or by the helpdesk on their behalf) and handled
 * by the helpdesk through the insurance event types of docs/product.md "States" (src/domain/insurance-claims.ts).
 *
 * Reading: insurance-claims.manage (the helpdesk: every claim), orders.read (employer roles: their
 * companies' claims) or own-order.manage (the employee: their own). Another tenant's or another
 * employee's claim is 404.
 *
 * - GET /api/insurance-claims `zInsuranceClaimsQuery` (searchTerm: the employee's name or e-mail, the
 *   order number or the police report number; status, type, page 1, limit 10) → the default page
 *   `{ items, page, limit, total, totalPages, hasNext, hasPrevious }`, newest first. docs/product.md "Field rules": the client
 *   checks `items` is an array and `total` a number, else it fails with 'Invalid response format'
 *   (`insuranceClaimPageError`).
 * - POST /api/insurance-claims `zCreateInsuranceClaim` → 201 `zInsuranceClaim`. The employee for their
 *   own employment (another is 404), the helpdesk for anyone's. The order defaults to the employment's
 *   order in ACTIVE_LEASING (400 at body.orderId when there are several); without one 409
 *   NO_ACTIVE_LEASE. A theft without the police report number is 400 POLICE_REPORT_REQUIRED at
 *   body.policeReportNumber; an incident date in the future or before the lease is 400 at
 *   body.incidentDate. The company's employer admins get a notification, the employee a mail.
 * - GET /api/insurance-claims/{id} → `zInsuranceClaim`: the claim with its order in brief, files, the
 *   events (steps taken, with dates), the next steps, the deductible, insured value and report deadline,
 *   and what the caller may do with it now (`allowedActions`, src/domain/insurance-claims.ts).
 * - PUT /api/insurance-claims/{id} `zUpdateInsuranceClaim` → `zInsuranceClaim`. The helpdesk: every
 *   field; the employee: description and policeReportNumber of their own open claim (other fields 403).
 *   409 INSURANCE_CLAIM_CLOSED on a closed claim; 409 INSURANCE_STEP_NOT_ALLOWED for a new outcome once
 *   its first step is taken; 400 at body.outcome for an outcome the type does not allow (a theft is
 *   never repaired).
 * - POST /api/insurance-claims/{id}/steps `{ step }` → `zInsuranceClaim` (the helpdesk): 409
 *   INSURANCE_STEP_NOT_ALLOWED unless it is the claim's next step. A completing step closes the claim,
 *   makes the deductible's user payment and, for END_OF_LEASING, ends the lease.
 * - POST /api/insurance-claims/{id}/files?fileName (octet-stream body: a PDF, JPEG, PNG, WebP or HEIC up to
 *   10 MB) → 201 `zStoredFileRef`: the employee on their own open claim, the helpdesk on any; at most
 *   20 files (409 CONFLICT); 400 FILE_TYPE_NOT_ALLOWED / FILE_TOO_LARGE / FILE_EMPTY.
 * - GET /api/insurance-claims/{id}/files/{fileId} → the file's bytes, to whoever may read the claim.
 * - DELETE /api/insurance-claims/delete/{id} → `{ message: 'Insurance claim deleted successfully' }`:
 *   the helpdesk (a claim made by mistake; not a completed one, 409 INSURANCE_CLAIM_CLOSED) or the
 *   employee their own while the helpdesk has taken no step (409 INSURANCE_STEP_NOT_ALLOWED). Its files
 *   go with it.
 */

export const INSURANCE_CLAIM_DELETED = "Insurance claim deleted successfully";
/** docs/product.md "Field rules": the list answer's shape is checked by the client. */
const INVALID_RESPONSE_FORMAT = "Invalid response format";
/** docs/product.md "Constants": the list's default page size. */
export const INSURANCE_CLAIMS_PAGE_SIZE = 10;

export const zInsuranceClaimsQuery = lazy(() =>
  z.object({
    /** Part of the employee's name or e-mail, the order number or the police report's whole number (sealed: only the whole number is found); trimmed. */
    searchTerm: zSingleLineText({ max: 100 }).optional(),
    status: z.enum(SIMPLE_STATES).optional(),
    type: z.enum(INSURANCE_CLAIM_TYPES).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(INSURANCE_CLAIMS_PAGE_SIZE),
  }),
);
export type TInsuranceClaimsQuery = z.infer<typeof zInsuranceClaimsQuery>;

const zInsuranceClaimListItem = lazy(() =>
  z.object({
    insuranceId: z.uuid(),
    type: z.enum(INSURANCE_CLAIM_TYPES),
    status: z.enum(SIMPLE_STATES),
    outcome: z.enum(INSURANCE_CLAIM_OUTCOMES).nullable(),
    beneficiaryEmployeeId: z.uuid(),
    employee: z.object({ name: z.string(), email: z.string() }),
    company: z.object({ companyId: z.uuid(), name: z.string() }),
    order: z.object({ orderId: z.uuid(), orderNumber: z.int() }).nullable(),
    incidentDate: z.string().nullable(),
    policeReportNumber: z.string().nullable(),
    /** Reported more than 14 days after the incident. */
    reportedLate: z.boolean(),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
  }),
);
export type TInsuranceClaimListItem = z.infer<typeof zInsuranceClaimListItem>;

/** The default list envelope, which carries the `items` and numeric `total` of docs/product.md "Field rules". */
export const zInsuranceClaimPage = lazy(() => zPage(zInsuranceClaimListItem));
export type TInsuranceClaimPage = z.infer<typeof zInsuranceClaimPage>;

/**
 * The client's reading of the list (docs/product.md "Field rules"): an answer without an `items` array or a numeric `total`,
 * or with items of another shape, fails with 'Invalid response format'. The endpoint client checks the
 * answer against zInsuranceClaimPage; this turns that check's failure into the error of docs/product.md "Field rules" and passes
 * every other failure (the server's own error, no answer) on as it is.
 */
export function insuranceClaimPageError(error: unknown): unknown {
  return error instanceof z.ZodError ? new Error(INVALID_RESPONSE_FORMAT) : error;
}

const zInsuranceClaimStep = lazy(() => z.enum(INSURANCE_CLAIM_STEPS));

/** One event of the claim (its start, the helpdesk's steps, changes, files), oldest first. */
const zInsuranceClaimEvent = lazy(() =>
  z.object({
    id: z.uuid(),
    type: z.enum(EVENT_TYPES),
    /** The user's name, for the admin tier only. */
    actorName: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);

export const zInsuranceClaimFile = lazy(() => zStoredFileRef.extend({ insuranceClaimId: z.uuid() }));
export type TInsuranceClaimFile = z.infer<typeof zInsuranceClaimFile>;

export const zInsuranceClaim = lazy(() =>
  zInsuranceClaimListItem.extend({
    description: z.string().nullable(),
    repairCostCents: z.int().nullable(),
    /** The claim's deductible (240 € unless the helpdesk set another). */
    deductibleCents: z.int(),
    /** What the employee pays when the claim is settled: the deductible, capped by the loss. */
    deductibleOwedCents: z.int(),
    /** The package price less 1 % a full month since the lease started, on the incident day. */
    insuredValueCents: z.int(),
    /** The last day the claim counted as reported in time; null without an incident date. */
    reportDeadline: z.string().nullable(),
    /** The bike: the order's package, the lease's dates and the frame number. */
    bike: z
      .object({
        orderStatus: z.enum(ORDER_STATUSES),
        name: z.string().nullable(),
        frameSerialNumber: z.string().nullable(),
        totalPriceCents: z.int(),
        leaseStartDate: z.string().nullable(),
        leaseEndDate: z.string().nullable(),
      })
      .nullable(),
    files: z.array(zInsuranceClaimFile),
    events: z.array(zInsuranceClaimEvent),
    /** The steps the helpdesk may take now (none until the outcome is set, none once closed). */
    nextSteps: z.array(zInsuranceClaimStep),
    /** The outcomes the claim's type allows. */
    outcomes: z.array(z.enum(INSURANCE_CLAIM_OUTCOMES)),
    /** The employee may still withdraw it (open, no step taken). */
    canWithdraw: z.boolean(),
    /** What the caller may do with the claim now (src/domain/insurance-claims.ts insuranceClaimActions). */
    allowedActions: z.array(z.enum(INSURANCE_CLAIM_ACTIONS)),
    /** The deductible's payment, once the claim is settled. */
    userPayment: z
      .object({
        userPaymentId: z.uuid(),
        amountCents: z.int(),
        paymentMethod: z.enum(PAYMENT_METHODS),
        paymentStatus: z.enum(PAYMENT_STATUSES),
        dueDate: z.string().nullable(),
      })
      .nullable(),
  }),
);
export type TInsuranceClaim = z.infer<typeof zInsuranceClaim>;

export const zCreateInsuranceClaim = lazy(() =>
  z.object({
    beneficiaryEmployeeId: z.uuid(),
    type: z.enum(INSURANCE_CLAIM_TYPES),
    /** The bike's order; defaults to the employment's order in ACTIVE_LEASING. */
    orderId: z.uuid().optional(),
    incidentDate: zDateOnly.optional(),
    /** What happened: where and how the bike was stolen or damaged. */
    description: zMultiLineText({ max: 4000 }).optional(),
    /** Required for a theft (400 POLICE_REPORT_REQUIRED). */
    policeReportNumber: zOptionalSingleLineText(60),
  }),
);
export type TCreateInsuranceClaim = z.infer<typeof zCreateInsuranceClaim>;

/** The fields of a claim; the employee may send description and policeReportNumber only. */
export const zUpdateInsuranceClaim = lazy(() =>
  z.object({
    outcome: z.enum(INSURANCE_CLAIM_OUTCOMES).nullable().optional(),
    incidentDate: zDateOnly.optional(),
    description: z.union([zMultiLineText({ max: 4000 }), z.null()]).optional(),
    policeReportNumber: zOptionalSingleLineText(60),
    repairCostCents: zCents.max(100_000_000).nullable().optional(),
    deductibleCents: zCents.max(10_000_000).optional(),
  }),
);
export type TUpdateInsuranceClaim = z.infer<typeof zUpdateInsuranceClaim>;

const zInsuranceClaimStepInput = lazy(() => z.object({ step: zInsuranceClaimStep }));

export const zInsuranceClaimIdParams = lazy(() => z.object({ id: z.uuid() }));
export const zInsuranceClaimFileParams = lazy(() => z.object({ id: z.uuid(), fileId: z.uuid() }));
export const zInsuranceClaimUploadQuery = lazy(() => z.object({ fileName: zUploadFileName }));

/**
 * The calls of insurance claims; adding a file sends its bytes, reading one answers them. Reading: the
 * helpdesk, the employer roles (their companies'), the employee (their own); changing: the helpdesk,
 * or the employee on their own claim; a step: the helpdesk.
 */
export const insuranceClaimsApi = lazy(() => ({
  addFile: endpoint({
    method: "POST",
    path: "/insurance-claims/:id/files",
    summary: "Adds a photo or document (PDF or image, at most 10 MB) to a claim",
    params: zInsuranceClaimIdParams,
    query: zInsuranceClaimUploadQuery,
    body: "file",
    status: 201,
    response: zInsuranceClaimFile,
    errors: [400, 401, 403, 404, 409],
  }),
  file: endpoint({
    method: "GET",
    path: "/insurance-claims/:id/files/:fileId",
    summary: "A photo or document of a claim (its bytes)",
    params: zInsuranceClaimFileParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  list: endpoint({
    method: "GET",
    path: "/insurance-claims",
    summary: "Insurance claims newest first, searched and filtered in SQL (items and a numeric total)",
    query: zInsuranceClaimsQuery,
    response: zInsuranceClaimPage,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    method: "POST",
    path: "/insurance-claims",
    summary: "Reports theft or damage of a bike in use (the employee's own, or on their behalf)",
    body: zCreateInsuranceClaim,
    status: 201,
    response: zInsuranceClaim,
    errors: [400, 401, 403, 404, 409],
  }),
  details: endpoint({
    method: "GET",
    path: "/insurance-claims/:id",
    summary: "A claim with its bike, files, steps taken, next steps and what the employee bears",
    params: zInsuranceClaimIdParams,
    response: zInsuranceClaim,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: "PUT",
    path: "/insurance-claims/:id",
    summary: "Changes a claim: the helpdesk its outcome, dates and costs; the employee their own text",
    params: zInsuranceClaimIdParams,
    body: zUpdateInsuranceClaim,
    response: zInsuranceClaim,
    errors: [400, 401, 403, 404, 409],
  }),
  takeStep: endpoint({
    method: "POST",
    path: "/insurance-claims/:id/steps",
    summary: "The helpdesk takes the claim's next step; the last one closes it",
    params: zInsuranceClaimIdParams,
    body: zInsuranceClaimStepInput,
    response: zInsuranceClaim,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/insurance-claims/delete/:id",
    summary: "Deletes a claim made by mistake, with its files",
    params: zInsuranceClaimIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
}));
