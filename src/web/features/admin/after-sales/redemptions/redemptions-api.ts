import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  redemptionsApi as api,
  BIKE_REDEMPTION_CREATED,
  BIKE_REDEMPTION_DELETED,
  BIKE_REDEMPTION_UPDATED,
  REDEMPTION_PAYMENT_CREATED,
  REDEMPTION_PAYMENT_DELETED,
  REDEMPTION_PAYMENT_UPDATED,
  type TBikeRedemptionDetails,
  type TBikeRedemptionListItem,
  type TBikeRedemptionsQuery,
  type TOpenBikeRedemption,
  type TRedemptionChoiceInput,
  type TUpdateBikeRedemption,
  zBikeRedemptionsQuery,
} from "../../../../../contract/bike-redemptions.ts";
import type { EndpointDef, EndpointInput, EndpointResponse } from "../../../../../contract/endpoint.ts";
import {
  redemptionOffersApi as offersApi,
  REDEMPTION_OFFER_CREATED,
  REDEMPTION_OFFER_UPLOADED,
} from "../../../../../contract/redemption-offers.ts";
import {
  redemptionPaymentsApi as paymentsApi,
  type TRedemptionPaymentInput,
  type TRedemptionPaymentUpdate,
} from "../../../../../contract/redemption-payments.ts";
import type { PaymentMethod, RedemptionReason, SimpleState } from "../../../../../domain/enums.ts";
import { type ActionKeys, useActionKeys } from "../../../../lib/action-keys.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../../lib/endpoint-client.ts";
import { filtersFromAddress } from "../../../../lib/filter-params.ts";
import { refreshQueries, SILENT } from "../../../../lib/query-client.ts";
import { uploadFile } from "../../../../lib/upload.ts";
import { refreshOrders } from "../../orders/orders-api.ts";
import { USER_PAYMENT_ENDPOINTS } from "../payments/payments-api.ts";

/**
 * The helpdesk's calls of the lease's end (src/contract/bike-redemptions.ts): the paged list, one case,
 * opening one, changing, cancelling, choosing for the employee, the leasing company's invoice,
 * completing; offers (upload, make again); the redemption payments ledger. After a change the case,
 * the list, the orders (whose timeline shows the case), the tasks and the user payments refetch.
 */

export type TRedemption = TBikeRedemptionDetails;
export type TRedemptionRow = TBikeRedemptionListItem;

/** Every cached answer about cases: the lists and each case, read by the admin, employer and mybike. */
const REDEMPTION_ENDPOINTS = [api.list, api.details] as const;
export const REDEMPTIONS_PAGE_SIZE = 20;

/** docs/product.md "Errors": what each call says when the server's answer had no error of its own (or none came). */
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
 * docs/product.md "Errors": a bike redemption call rejects with the server's own error (its status, code and message)
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

/** A call of the contract's endpoint with the text of the call of docs/product.md "Errors" when the server said nothing. */
export function redemptionCall<const E extends EndpointDef>(
  call: BikeRedemptionCall,
  definition: E,
  input: EndpointInput<E>,
  options: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<EndpointResponse<E>> {
  return withSpecText(call, () => callEndpoint(definition, input, options));
}

/**
 * The success messages the server sends (docs/product.md "Errors"), each with its text in the reader's language; a
 * message not known here is shown as the server wrote it.
 */
const SAVED_MESSAGE_KEYS: Record<string, string> = {
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

const FILTER_KEYS = ["search", "status", "paymentMethod", "reason"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type RedemptionFilter = {
  search: string;
  /** "" is every status (the list opens on the open ones: PENDING unless the address says ALL). */
  status: SimpleState | "";
  paymentMethod: PaymentMethod | "";
  reason: RedemptionReason | "";
  page: number;
};

/** The status filter's value in the address for every status; without one the list shows the open ones. */
export const ALL_STATUSES = "ALL";

/**
 * The list's filters from the address, read through the list's query schema: what the API would
 * refuse is left out, and without a status the list shows the open cases.
 */
export function redemptionFilterOf(params: URLSearchParams): RedemptionFilter {
  const { values } = filtersFromAddress(zBikeRedemptionsQuery, params);
  return {
    search: values.search ?? "",
    status: params.get("status") === ALL_STATUSES ? "" : (values.status ?? "PENDING"),
    paymentMethod: values.paymentMethod ?? "",
    reason: values.reason ?? "",
    page: values.page,
  };
}

/** What the list asks for the filters: the page, 20 a page, and the filters given. */
export function redemptionQuery(filter: RedemptionFilter): Partial<TBikeRedemptionsQuery> {
  const query: Partial<TBikeRedemptionsQuery> = { page: filter.page, limit: REDEMPTIONS_PAGE_SIZE };
  if (filter.search) query.search = filter.search;
  if (filter.status) query.status = filter.status;
  if (filter.paymentMethod) query.paymentMethod = filter.paymentMethod;
  if (filter.reason) query.reason = filter.reason;
  return query;
}

/** GET /api/bike-redemption: one page, newest first, as `{ items, total }` for the table. */
export function useRedemptions(filter: RedemptionFilter) {
  return useEndpointQuery(
    api.list,
    { query: redemptionQuery(filter) },
    {
      call: (definition, input, options) => redemptionCall("list", definition, input, options),
      select: (data) => ({ items: data.items, total: data.totalCount }),
      placeholderData: keepPreviousData,
      // The table shows its own error state with a retry.
      meta: SILENT,
    },
  );
}

/** GET /api/bike-redemption/{id}; the page says itself when it is gone (404). */
export function useRedemption(id: string) {
  return useEndpointQuery(
    api.details,
    { params: { id } },
    {
      call: (definition, input, options) => redemptionCall("fetch", definition, input, options),
      meta: SILENT,
    },
  );
}

// ---- Changes ---------------------------------------------------------------------------------------

/** Every change on a case, by name; each is one call of the contract. Answers the server's message, if any. */
export type RedemptionAction =
  | { kind: "update"; body: TUpdateBikeRedemption }
  | { kind: "cancel" }
  | { kind: "choose"; body: TRedemptionChoiceInput }
  | { kind: "leasingCompanyInvoice" }
  | { kind: "complete" }
  | { kind: "regenerateOffer" }
  | { kind: "uploadOffer"; file: File }
  | { kind: "recordPayment"; body: TRedemptionPaymentInput }
  | { kind: "updatePayment"; paymentId: string; body: TRedemptionPaymentUpdate }
  | { kind: "deletePayment"; paymentId: string };

async function run(id: string, action: RedemptionAction, keys: ActionKeys): Promise<string | null> {
  const params = { id };
  switch (action.kind) {
    case "update":
      return (await redemptionCall("update", api.update, { params, body: action.body })).message;
    case "cancel":
      return (await redemptionCall("delete", api.cancel, { params })).message;
    case "choose":
      await redemptionCall("update", api.choose, { params, body: action.body });
      return null;
    case "leasingCompanyInvoice":
      await redemptionCall("update", api.leasingCompanyInvoice, { params });
      return null;
    case "complete":
      // Completing settles the lease's end: a retry after a lost answer sends the same key, acts once.
      await keys.run([action.kind, id], (idempotencyKey) =>
        redemptionCall("update", api.complete, { params }, { idempotencyKey }),
      );
      return null;
    case "regenerateOffer":
      return (await redemptionCall("update", api.regenerateOffer, { params })).message;
    case "uploadOffer":
      return (
        await withSpecText("upload", () =>
          uploadFile(offersApi.upload, { query: { bikeRedemptionId: id } }, action.file),
        )
      ).message;
    case "recordPayment":
      return (await callEndpoint(paymentsApi.recordPayment, { body: action.body })).message;
    case "updatePayment":
      return (
        await callEndpoint(paymentsApi.updatePayment, { params: { id: action.paymentId }, body: action.body })
      ).message;
    case "deletePayment":
      return (await callEndpoint(paymentsApi.deletePayment, { params: { id: action.paymentId } })).message;
  }
}

/** Refetches what a change of a case may move: the case and the list, orders, tasks, user payments. */
export function refreshRedemptions(queryClient: QueryClient) {
  void refreshOrders(queryClient);
  void refreshQueries(
    queryClient,
    USER_PAYMENT_ENDPOINTS.map((read) => endpointKey(read)),
  );
  return refreshQueries(
    queryClient,
    REDEMPTION_ENDPOINTS.map((read) => endpointKey(read)),
  );
}

export function useRedemptionAction(id: string) {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (action: RedemptionAction) => run(id, action, keys),
    // The page shows the error where the action was asked for.
    meta: SILENT,
    onSuccess: () => refreshRedemptions(queryClient),
  });
}

/** POST /api/bike-redemption: a case the helpdesk opens; answers the new case. */
export function useOpenRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpenBikeRedemption) => redemptionCall("create", api.open, { body }),
    meta: SILENT,
    onSuccess: () => refreshRedemptions(queryClient),
  });
}
