import { z } from "zod";
import {
  EMPLOYEE_SIGNING_PLACES,
  HANDOVER_KINDS,
  HANDOVER_STATUSES,
  MAX_HANDOVER_ACCESSORIES,
  normalizePickupCode,
  PICKUP_CODE_LENGTH,
} from "../domain/handovers.ts";
import { FRAME_SERIAL_NUMBER_PATTERN } from "../domain/order-package.ts";
import { zMessage } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zOrderIdParams } from "./orders.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";
import { zFileAnswer, zStoredFileRef, zUploadFileName } from "./uploads.ts";

/**
 * The handover of the bike (domain/handovers.ts). The store, as a user of its account, adds photos and
 * records the handover, which is its signature; the employee's signature completes it, on the store's
 * device in the same call or later from their own page. The PDF of a completed handover is its
 * protocol, stored with the signatures' evidence.
 *
 * - GET /api/store/orders/{orderId}/handover → `zStoreHandover` (another store's order: 404);
 * - POST /api/store/orders/{orderId}/handover/photos?fileName= (the image's bytes) → 201 `zHandoverPhoto`;
 *   GET …/photos/{photoId} (its bytes); DELETE …/photos/{photoId} until the store has signed;
 * - POST /api/store/orders/{orderId}/handover `zRecordHandover` → 201 `zStoreHandover`: 400
 *   PICKUP_CODE_WRONG for a code that does not match, 429 PICKUP_CODE_LOCKED after too many, 409
 *   HANDOVER_CLOSED when the order does not take a handover now;
 * - GET /api/orders/{orderId}/handover → `zOrderHandover`: the employee (with the pickup code while the
 *   store may hand over), the employer and the helpdesk;
 * - POST /api/orders/{orderId}/handover/signature `zSignHandover` → `zOrderHandover`, the employee on
 *   their own phone; POST …/handover/defects `zReportHandoverDefect` → 201 within the defect window
 *   (else 409 DEFECT_WINDOW_CLOSED);
 * - GET /api/orders/{orderId}/handover/pdf and /api/store/orders/{orderId}/handover/pdf: the protocol.
 */

export const zHandoverPhotoParams = lazy(() => zOrderIdParams.extend({ photoId: z.uuid() }));
export const zHandoverPhotoQuery = lazy(() => z.object({ fileName: zUploadFileName }));
export const zHandoverPhoto = zStoredFileRef;
export type THandoverPhoto = z.infer<typeof zHandoverPhoto>;

const zSerial = (min: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(40)
    .regex(FRAME_SERIAL_NUMBER_PATTERN, "Letters, digits, hyphens and spaces only");

/** The pickup code as typed: six digits, spaces and dashes allowed in between. */
const zPickupCode = lazy(() =>
  z
    .string()
    .max(20)
    .overwrite(normalizePickupCode)
    .regex(new RegExp(`^\\d{${PICKUP_CODE_LENGTH}}$`), `${PICKUP_CODE_LENGTH} digits`),
);

/** The employee's signature on the store's device: the name they sign with, and that they received the bike. */
const zEmployeeSignatureAtStore = lazy(() =>
  z.object({
    name: zSingleLineText({ min: 2, max: 200 }),
    received: z.literal(true),
  }),
);

export const zRecordHandover = lazy(() =>
  z.object({
    frameSerialNumber: zSerial(3),
    /** An e-bike's battery; empty or left out for a bike without one. */
    batterySerial: z.union([zSerial(1), z.literal(""), z.null()]).optional(),
    accessories: z
      .array(zSingleLineText({ min: 1, max: 100 }))
      .max(MAX_HANDOVER_ACCESSORIES)
      .default([]),
    /** The code the employee shows from their page; required for a bike handed over in person. */
    pickupCode: zPickupCode.optional(),
    /** Present when the employee signs on the store's device now (in person only). */
    employeeSignature: zEmployeeSignatureAtStore.optional(),
  }),
);
export type TRecordHandover = z.infer<typeof zRecordHandover>;

/** A recorded handover, as each party reads it. */
const zHandoverRecord = lazy(() =>
  z.object({
    handoverId: z.uuid(),
    kind: z.enum(HANDOVER_KINDS),
    status: z.enum(HANDOVER_STATUSES),
    frameSerialNumber: z.string(),
    batterySerial: z.string().nullable(),
    accessories: z.array(z.string()),
    storeName: z.string(),
    storeSignerName: z.string(),
    storeSignedAt: z.iso.datetime(),
    pickupCodeChecked: z.boolean(),
    employeeSigningPlace: z.enum(EMPLOYEE_SIGNING_PLACES).nullable(),
    employeeSignerName: z.string().nullable(),
    employeeSignedAt: z.iso.datetime().nullable(),
    /** The bike's delivery date (YYYY-MM-DD), once the employee has signed. */
    handoverDate: z.string().nullable(),
    /** The first day of the lease, which follows from the handover date. */
    leaseStartDate: z.string().nullable(),
    /** A shipped bike's last day for reporting a defect through the handover. */
    defectWindowEndsOn: z.string().nullable(),
    /** The protocol's SHA-256, once it is complete. */
    documentSha256: z.string().nullable(),
    /** The defects the employee reported of a shipped bike, oldest first. */
    defects: z.array(z.object({ reportedAt: z.iso.datetime(), description: z.string() })),
  }),
);
export type THandoverRecord = z.infer<typeof zHandoverRecord>;

export const zStoreHandover = lazy(() =>
  z.object({
    orderId: z.uuid(),
    orderNumber: z.int(),
    kind: z.enum(HANDOVER_KINDS),
    customerName: z.string(),
    /** The order's frame serial number, if the store already gave one: the form starts from it. */
    frameSerialNumber: z.string().nullable(),
    /** The package's accessories (every line but the bike), which the form offers to tick as handed over. */
    packageAccessories: z.array(z.string()),
    /** The store may record the handover now (the order waits for its delivery and nothing holds it). */
    canRecord: z.boolean(),
    photos: z.array(zHandoverPhoto),
    handover: zHandoverRecord.nullable(),
  }),
);
export type TStoreHandover = z.infer<typeof zStoreHandover>;

export const zOrderHandover = lazy(() =>
  z.object({
    orderId: z.uuid(),
    kind: z.enum(HANDOVER_KINDS),
    /** The code the employee shows at the store; only to the employee, only while the store may hand over. */
    pickupCode: z.string().nullable(),
    photoCount: z.int(),
    handover: zHandoverRecord.nullable(),
    /** The caller (the employee) may sign now. */
    canSign: z.boolean(),
    /** The caller (the employee) may report a defect now. */
    canReportDefect: z.boolean(),
  }),
);
export type TOrderHandover = z.infer<typeof zOrderHandover>;

const zSignHandover = lazy(() => z.object({ received: z.literal(true) }));
export const zReportHandoverDefect = lazy(() =>
  z.object({ description: zMultiLineText({ min: 10, max: 2000 }) }),
);
export type TReportHandoverDefect = z.infer<typeof zReportHandoverDefect>;

export const HANDOVER_PHOTO_REMOVED = "Photo removed";
export const HANDOVER_DEFECT_REPORTED = "Defect reported";

/** The handover's calls; a photo's upload sends its bytes, the photos and the protocol answer theirs. */
export const handoversApi = lazy(() => ({
  addPhoto: endpoint({
    method: "POST",
    path: "/store/orders/:orderId/handover/photos",
    summary: "Adds a photo of the bike (an image, at most 10 MB) before the store signs the handover",
    params: zOrderIdParams,
    query: zHandoverPhotoQuery,
    body: "file",
    status: 201,
    response: zHandoverPhoto,
    errors: [400, 401, 403, 404, 409],
  }),
  photo: endpoint({
    method: "GET",
    path: "/store/orders/:orderId/handover/photos/:photoId",
    summary: "A handover photo (its bytes)",
    params: zHandoverPhotoParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  storeProtocol: endpoint({
    method: "GET",
    path: "/store/orders/:orderId/handover/pdf",
    summary: "The completed handover's protocol (PDF)",
    params: zOrderIdParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  orderProtocol: endpoint({
    method: "GET",
    path: "/orders/:orderId/handover/pdf",
    summary: "The completed handover's protocol (PDF), to the employee, the employer and the helpdesk",
    params: zOrderIdParams,
    answer: "file",
    response: zFileAnswer,
    errors: [400, 401, 403, 404],
  }),
  ofStore: endpoint({
    method: "GET",
    path: "/store/orders/:orderId/handover",
    summary: "The handover of one of the caller's stores' orders: what may be done, the photos, the record",
    params: zOrderIdParams,
    response: zStoreHandover,
    errors: [400, 401, 403, 404],
  }),
  record: endpoint({
    method: "POST",
    path: "/store/orders/:orderId/handover",
    summary: "The store records and signs the handover (and the employee signs on its device, in person)",
    params: zOrderIdParams,
    body: zRecordHandover,
    status: 201,
    response: zStoreHandover,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  removePhoto: endpoint({
    method: "DELETE",
    path: "/store/orders/:orderId/handover/photos/:photoId",
    summary: "Remove a photo the store has not yet signed for ('Photo removed')",
    params: zHandoverPhotoParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  ofOrder: endpoint({
    method: "GET",
    path: "/orders/:orderId/handover",
    summary: "An order's handover: the employee's pickup code, the record, what the employee may do",
    params: zOrderIdParams,
    response: zOrderHandover,
    errors: [400, 401, 403, 404],
  }),
  sign: endpoint({
    method: "POST",
    path: "/orders/:orderId/handover/signature",
    summary: "The employee signs for the bike on their own device, completing the handover",
    params: zOrderIdParams,
    body: zSignHandover,
    response: zOrderHandover,
    errors: [400, 401, 403, 404, 409],
  }),
  reportDefect: endpoint({
    method: "POST",
    path: "/orders/:orderId/handover/defects",
    summary: "The employee reports a defect of a shipped bike within its window ('Defect reported')",
    params: zOrderIdParams,
    body: zReportHandoverDefect,
    status: 201,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
}));
