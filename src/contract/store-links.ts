import { z } from "zod";
import { DELIVERY_METHODS, ORDER_ITEM_TYPES, ORDER_STATUSES } from "../domain/enums.ts";
import { MODEL_YEAR_MAX, MODEL_YEAR_MIN } from "../domain/model-year.ts";
import {
  FRAME_SERIAL_NUMBER_PATTERN,
  PACKAGE_MAX_CENTS,
  PACKAGE_MAX_LINES,
  PACKAGE_MAX_QUANTITY,
  PACKAGE_MAX_TOTAL_CENTS,
  packageTotalCents,
} from "../domain/order-package.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zOrderIdParams } from "./orders.ts";
import { zOptionalSingleLineText, zSingleLineText } from "./text.ts";
import { zPlausibleDate } from "./values.ts";

/**
 * The bike store's side of an order, without an account: links mailed to the store,
 * each carrying a random token (only its SHA-256 is stored). Anonymous, rate-limited per address; an
 * unknown, expired or wrong-kind token is 404 STORE_LINK_INVALID, a link whose step is done 409
 * STORE_LINK_USED (its GET still shows what was entered, until it expires).
 *
 * - GET /api/store-links/package/{token} → `zStorePackage`: the order as the store enters its package.
 * - PUT /api/store-links/package/{token} `zStorePackageInput` → `zStorePackage`: the package replaces the
 *   order's lines; PENDING → PACKAGE_PROVIDED (while still PACKAGE_PROVIDED it replaces the package, and
 *   the employee's acceptance of an offer read before is then 409 OFFER_CHANGED).
 * - GET /api/store-links/delivery/{token} → `zStoreDelivery`.
 * - PUT /api/store-links/delivery/{token} `zStoreDeliveryInput` → `zStoreDelivery`: the frame serial
 *   number and the delivery date; WAITING_FOR_DELIVERY_DATE → READY_FOR_BILLING. The date is held to
 *   its plausible span (domain/plausible-dates.ts), so a typo years ahead is refused at the field.
 * - POST /api/orders/{orderId}/store-link `zStoreLinkReissue` → `zStoreLinkIssued` (orders.process, the
 *   admin tier): a new link of the kind (the old one stops working), mailed to the store again.
 */

const STORE_LINK_KINDS = ["package", "delivery"] as const;
export type StoreLinkKind = (typeof STORE_LINK_KINDS)[number];

/** Days a link works after it is issued. */
export const STORE_LINK_VALID_DAYS: Record<StoreLinkKind, number> = { package: 30, delivery: 60 };

const zStoreLinkParams = lazy(() =>
  z.object({
    token: z
      .string()
      .min(20)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, "Not a link token"),
  }),
);

const zLineCents = lazy(() => z.int().min(0).max(PACKAGE_MAX_CENTS));

const zPackageItemInput = lazy(() =>
  z
    .object({
      itemType: z.enum(ORDER_ITEM_TYPES),
      name: zSingleLineText({ min: 1, max: 200 }),
      brand: zOptionalSingleLineText(100),
      model: zOptionalSingleLineText(100),
      modelYear: z.int().min(MODEL_YEAR_MIN).max(MODEL_YEAR_MAX).nullable().optional(),
      frameSize: zOptionalSingleLineText(40),
      color: zOptionalSingleLineText(60),
      quantity: z.int().min(1).max(PACKAGE_MAX_QUANTITY),
      /** One unit's price incl. VAT. */
      unitPriceCents: zLineCents,
      /** The discount on the whole line incl. VAT: at most the line's price. */
      discountCents: zLineCents,
    })
    .superRefine((item, issues) => {
      if (item.discountCents > item.unitPriceCents * item.quantity) {
        issues.addIssue({
          code: "custom",
          path: ["discountCents"],
          message: "At most the unit price times the quantity",
        });
      }
    }),
);
export type TPackageItemInput = z.infer<typeof zPackageItemInput>;

export const zStorePackageInput = lazy(() =>
  z.object({
    /** The store's own order number, for its books. */
    bikeStoreOrderNumber: zOptionalSingleLineText(50),
    items: z
      .array(zPackageItemInput)
      .min(1)
      .max(PACKAGE_MAX_LINES)
      .refine((items) => items.some((item) => item.itemType === "BIKE"), "At least one line must be the bike")
      .refine(
        (items) => packageTotalCents(items) <= PACKAGE_MAX_TOTAL_CENTS,
        `The package's total must be at most ${PACKAGE_MAX_TOTAL_CENTS / 100} euros`,
      ),
  }),
);
export type TStorePackageInput = z.infer<typeof zStorePackageInput>;

export const zPackageItem = lazy(() =>
  z.object({
    itemType: z.enum(ORDER_ITEM_TYPES),
    name: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    modelYear: z.int().nullable(),
    frameSize: z.string().nullable(),
    color: z.string().nullable(),
    quantity: z.int(),
    unitPriceCents: z.int(),
    discountCents: z.int(),
  }),
);
export type TPackageItem = z.infer<typeof zPackageItem>;

export const zStorePackage = lazy(() =>
  z.object({
    orderNumber: z.int(),
    orderStatus: z.enum(ORDER_STATUSES),
    customerName: z.string(),
    companyName: z.string(),
    deliveryMethod: z.enum(DELIVERY_METHODS).nullable(),
    /** "Street, postal code city" for home delivery; null for a pickup. */
    deliveryAddress: z.string().nullable(),
    /** The employee's max price (their own, else the company's); above it the employee pays the rest. */
    maxPriceCents: z.int().nullable(),
    customerComment: z.string().nullable(),
    bikeStoreOrderNumber: z.string().nullable(),
    items: z.array(zPackageItem),
    /** The lines' prices minus their discounts. */
    totalPriceCents: z.int(),
    /** The store may still (re)enter the package: the order waits for it or for the employee's acceptance. */
    editable: z.boolean(),
    expiresAt: z.iso.datetime(),
  }),
);
export type TStorePackage = z.infer<typeof zStorePackage>;

export const zStoreDeliveryInput = lazy(() =>
  z.object({
    frameSerialNumber: z
      .string()
      .trim()
      .min(3)
      .max(40)
      .regex(FRAME_SERIAL_NUMBER_PATTERN, "Letters, digits, hyphens and spaces only"),
    deliveryDate: zPlausibleDate("DELIVERY"),
  }),
);
export type TStoreDeliveryInput = z.infer<typeof zStoreDeliveryInput>;

export const zStoreDelivery = lazy(() =>
  z.object({
    orderNumber: z.int(),
    orderStatus: z.enum(ORDER_STATUSES),
    customerName: z.string(),
    /** The package's bike line (brand, model, name); null when the package has none. */
    bikeName: z.string().nullable(),
    frameSerialNumber: z.string().nullable(),
    deliveryDate: z.string().nullable(),
    /** The order's date (Helsinki): the delivery cannot be before it. */
    orderDate: z.string(),
    /** A cancellation request of the order is open: the store holds the delivery until it is handled. */
    cancellationRequested: z.boolean(),
    /**
     * The order's store has an account now: its users record the bike's handover there (the pickup
     * code and both signatures), and the link no longer gives the delivery.
     */
    handoverRequired: z.boolean(),
    editable: z.boolean(),
    expiresAt: z.iso.datetime(),
  }),
);
export type TStoreDelivery = z.infer<typeof zStoreDelivery>;

const zStoreLinkReissue = lazy(() => z.object({ kind: z.enum(STORE_LINK_KINDS) }));

export const zStoreLinkIssued = lazy(() =>
  z.object({
    url: z.string(),
    expiresAt: z.iso.datetime(),
    /** Whether the mail went to the store (false when the store has no e-mail address). */
    mailed: z.boolean(),
  }),
);
export type TStoreLinkIssued = z.infer<typeof zStoreLinkIssued>;

export const storeLinksApi = lazy(() => ({
  getPackage: endpoint({
    method: "GET",
    path: "/store-links/package/:token",
    summary: "The order as the bike store enters its package (by the package link's token)",
    params: zStoreLinkParams,
    response: zStorePackage,
    errors: [400, 404, 429],
  }),
  putPackage: endpoint({
    method: "PUT",
    path: "/store-links/package/:token",
    summary: "The bike store enters or replaces the package; PENDING → PACKAGE_PROVIDED",
    params: zStoreLinkParams,
    body: zStorePackageInput,
    response: zStorePackage,
    errors: [400, 403, 404, 409, 429],
  }),
  getDelivery: endpoint({
    method: "GET",
    path: "/store-links/delivery/:token",
    summary: "The order as the bike store gives its frame serial number and delivery date",
    params: zStoreLinkParams,
    response: zStoreDelivery,
    errors: [400, 404, 429],
  }),
  putDelivery: endpoint({
    method: "PUT",
    path: "/store-links/delivery/:token",
    summary: "The frame serial number and delivery date; WAITING_FOR_DELIVERY_DATE → READY_FOR_BILLING",
    params: zStoreLinkParams,
    body: zStoreDeliveryInput,
    response: zStoreDelivery,
    errors: [400, 403, 404, 409, 429],
  }),
  reissue: endpoint({
    method: "POST",
    path: "/orders/:orderId/store-link",
    summary: "Re-issue the bike store's package or delivery link (the old one stops working) and mail it",
    params: zOrderIdParams,
    body: zStoreLinkReissue,
    response: zStoreLinkIssued,
    errors: [400, 401, 403, 404],
  }),
}));
