import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BIKE_REDEMPTION_CREATED,
  BIKE_REDEMPTION_DELETED,
  BIKE_REDEMPTION_UPDATED,
  REDEMPTION_OFFER_CREATED,
  REDEMPTION_OFFER_UPLOADED,
  REDEMPTION_PAYMENT_CREATED,
  REDEMPTION_PAYMENT_DELETED,
  REDEMPTION_PAYMENT_UPDATED,
  type TBikeRedemptionDetails,
  type TBikeRedemptionListItem,
  type TLeaseEndChoiceInput,
  type TOpenBikeRedemption,
  type TRedemptionPaymentInput,
  type TRedemptionPaymentUpdate,
  type TUpdateBikeRedemption,
  zBikeRedemptionDetails,
  zBikeRedemptionList,
  zBikeRedemptionSaved,
  zRedemptionOfferSaved,
  zRedemptionPaymentSaved,
} from "../../../../../contract/bike-redemptions.ts";
import { zMessage } from "../../../../../contract/common.ts";
import {
  LEASE_END_REASONS,
  type LeaseEndReason,
  PAYMENT_METHODS,
  type PaymentMethod,
  SIMPLE_STATES,
  type SimpleState,
} from "../../../../../domain/enums.ts";
import { ApiError, type ApiFetchOptions, apiFetch } from "../../../../lib/api-client.ts";
import { endpointKey } from "../../../../lib/endpoint-client.ts";
import { uploadFile } from "../../../../lib/upload.ts";
import { ORDERS_KEY, TASKS_KEY } from "../../orders/orders-api.ts";
import { USER_PAYMENT_ENDPOINTS } from "../payments/payments-api.ts";

/**
 * The helpdesk's calls of the lease's end (src/contract/bike-redemptions.ts): the paged list, one case,
 * opening one, changing, cancelling, choosing for the employee, the leasing company's invoice,
 * completing; offers (upload, make again); the redemption payments ledger. After a change the case,
 * the list, the orders (whose timeline shows the case), the tasks and the user payments refetch.
 */

export type TRedemption = TBikeRedemptionDetails;
export type TRedemptionRow = TBikeRedemptionListItem;

export const REDEMPTIONS_KEY = ["bike-redemptions"] as const;
export const REDEMPTIONS_PAGE_SIZE = 20;
const SILENT = { silent: true };
const enc = encodeURIComponent;

/** SPEC §8: what each call says when the server's answer had no error of its own (or none came). */
export const BIKE_REDEMPTION_ERRORS = {
  list: "Failed to fetch bike redemptions",
  fetch: "Failed to fetch bike redemption",
  create: "Failed to create bike redemption",
  update: "Failed to update bike redemption",
  delete: "Failed to delete bike redemption",
  upload: "Failed to upload redemption offer",
} as const;
export type BikeRedemptionCall = keyof typeof BIKE_REDEMPTION_ERRORS;

/**
 * SPEC §8: a bike redemption call rejects with the server's own error (its status, code and message)
 * when it sent one, else with the call's text above and the HTTP status (0: no answer).
 */
async function withSpecText<T>(call: BikeRedemptionCall, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof ApiError) || error.bodyReadable) throw error;
    throw new ApiError({
      status: error.status,
      code: error.code,
      message: BIKE_REDEMPTION_ERRORS[call],
      bodyReadable: false,
    });
  }
}

export function redemptionCall<T>(
  call: BikeRedemptionCall,
  path: string,
  options: ApiFetchOptions<T> = {},
): Promise<T> {
  return withSpecText(call, () => apiFetch(path, options));
}

/**
 * The success messages the server sends (SPEC §8), each with its text in the reader's language; a
 * message not known here is shown as the server wrote it.
 */
export const SAVED_MESSAGE_KEYS: Record<string, string> = {
  [BIKE_REDEMPTION_CREATED]: "adminRedemptions.saved.created",
  [BIKE_REDEMPTION_UPDATED]: "adminRedemptions.saved.updated",
  [BIKE_REDEMPTION_DELETED]: "adminRedemptions.saved.deleted",
  [REDEMPTION_OFFER_UPLOADED]: "adminRedemptions.saved.offerUploaded",
  [REDEMPTION_OFFER_CREATED]: "adminRedemptions.saved.offerCreated",
  [REDEMPTION_PAYMENT_CREATED]: "adminRedemptions.saved.paymentCreated",
  [REDEMPTION_PAYMENT_UPDATED]: "adminRedemptions.saved.paymentUpdated",
  [REDEMPTION_PAYMENT_DELETED]: "adminRedemptions.saved.paymentDeleted",
};

export function savedMessage(message: string, t: (key: string) => string): string {
  const key = SAVED_MESSAGE_KEYS[message];
  return key ? t(key) : message;
}

// ---- The list ------------------------------------------------------------------------------------

export const FILTER_KEYS = ["search", "status", "paymentMethod", "reason"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type RedemptionFilter = {
  search: string;
  /** "" is every status (the list opens on the open ones: PENDING unless the address says ALL). */
  status: SimpleState | "";
  paymentMethod: PaymentMethod | "";
  reason: LeaseEndReason | "";
  page: number;
};

/** The status filter's value in the address for every status; without one the list shows the open ones. */
export const ALL_STATUSES = "ALL";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : "";

/** The list's filters from the address, with what the API would refuse left out. */
export function redemptionFilterOf(params: URLSearchParams): RedemptionFilter {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    status: status === ALL_STATUSES ? "" : oneOf(SIMPLE_STATES, status) || "PENDING",
    paymentMethod: oneOf(PAYMENT_METHODS, params.get("paymentMethod")),
    reason: oneOf(LEASE_END_REASONS, params.get("reason")),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function redemptionsPath(filter: RedemptionFilter): string {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(REDEMPTIONS_PAGE_SIZE) });
  for (const key of FILTER_KEYS) if (filter[key]) params.set(key, filter[key]);
  return `/api/bike-redemption?${params}`;
}

/** GET /api/bike-redemption: one page, newest first, as `{ items, total }` for the table. */
export function useRedemptions(filter: RedemptionFilter) {
  return useQuery({
    queryKey: [...REDEMPTIONS_KEY, "list", filter],
    queryFn: () => redemptionCall("list", redemptionsPath(filter), { schema: zBikeRedemptionList }),
    select: (data) => ({ items: data.items, total: data.totalCount }),
    placeholderData: keepPreviousData,
    // The table shows its own error state with a retry.
    meta: SILENT,
  });
}

const casePath = (id: string) => `/api/bike-redemption/${enc(id)}`;

/** GET /api/bike-redemption/{id}; the page says itself when it is gone (404). */
export function useRedemption(id: string) {
  return useQuery({
    queryKey: [...REDEMPTIONS_KEY, "detail", id],
    queryFn: () => redemptionCall("fetch", casePath(id), { schema: zBikeRedemptionDetails }),
    meta: SILENT,
  });
}

// ---- Changes ---------------------------------------------------------------------------------------

/** Every change on a case, by name; each is one call of the contract. Answers the server's message, if any. */
export type RedemptionAction =
  | { kind: "update"; body: TUpdateBikeRedemption }
  | { kind: "cancel" }
  | { kind: "choose"; body: TLeaseEndChoiceInput }
  | { kind: "leasingCompanyInvoice" }
  | { kind: "complete" }
  | { kind: "regenerateOffer" }
  | { kind: "uploadOffer"; file: File }
  | { kind: "recordPayment"; body: TRedemptionPaymentInput }
  | { kind: "updatePayment"; paymentId: string; body: TRedemptionPaymentUpdate }
  | { kind: "deletePayment"; paymentId: string };

const paymentPath = (id: string) => `/api/redemption-payment/${enc(id)}`;

async function run(id: string, action: RedemptionAction): Promise<string | null> {
  const path = casePath(id);
  switch (action.kind) {
    case "update":
      return (
        await redemptionCall("update", path, {
          method: "PUT",
          body: action.body,
          schema: zBikeRedemptionSaved,
        })
      ).message;
    case "cancel":
      return (await redemptionCall("delete", path, { method: "DELETE", schema: zMessage })).message;
    case "choose":
      await redemptionCall("update", `${path}/choice`, {
        method: "POST",
        body: action.body,
        schema: zBikeRedemptionDetails,
      });
      return null;
    case "leasingCompanyInvoice":
      await redemptionCall("update", `${path}/grenke-invoice`, {
        method: "POST",
        schema: zBikeRedemptionDetails,
      });
      return null;
    case "complete":
      await redemptionCall("update", `${path}/complete`, { method: "POST", schema: zBikeRedemptionDetails });
      return null;
    case "regenerateOffer":
      return (
        await redemptionCall("update", `${path}/offer`, { method: "POST", schema: zRedemptionOfferSaved })
      ).message;
    case "uploadOffer":
      return (
        await withSpecText("upload", () =>
          uploadFile("/api/redemptionOffer", { bikeRedemptionId: id }, action.file, zRedemptionOfferSaved),
        )
      ).message;
    case "recordPayment":
      return (
        await apiFetch("/api/redemption-payment", {
          method: "POST",
          body: action.body,
          schema: zRedemptionPaymentSaved,
        })
      ).message;
    case "updatePayment":
      return (
        await apiFetch(paymentPath(action.paymentId), {
          method: "PUT",
          body: action.body,
          schema: zRedemptionPaymentSaved,
        })
      ).message;
    case "deletePayment":
      return (await apiFetch(paymentPath(action.paymentId), { method: "DELETE", schema: zMessage })).message;
  }
}

/** Refetches what a change of a case may move: the case and the list, orders, tasks, user payments. */
export function useRefreshAfterCase() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    for (const stale of USER_PAYMENT_ENDPOINTS)
      void queryClient.invalidateQueries({ queryKey: endpointKey(stale) });
    return queryClient.invalidateQueries({ queryKey: REDEMPTIONS_KEY });
  };
}

export function useRedemptionAction(id: string) {
  const refresh = useRefreshAfterCase();
  return useMutation({
    mutationFn: (action: RedemptionAction) => run(id, action),
    // The page shows the error where the action was asked for.
    meta: SILENT,
    onSuccess: refresh,
  });
}

/** POST /api/bike-redemption: a case the helpdesk opens; answers the new case. */
export function useOpenRedemption() {
  const refresh = useRefreshAfterCase();
  return useMutation({
    mutationFn: (body: TOpenBikeRedemption) =>
      redemptionCall("create", "/api/bike-redemption", {
        method: "POST",
        body,
        schema: zBikeRedemptionSaved,
      }),
    meta: SILENT,
    onSuccess: refresh,
  });
}
