import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { employeesApi } from "../../../../../contract/employees.ts";
import type { EndpointInput } from "../../../../../contract/endpoint.ts";
import {
  userPaymentsApi as api,
  type TCreateUserPayment,
  type TUserPayment,
  type TUserPaymentsQueryInput,
  USER_PAYMENTS_FETCH_ERROR,
  zUserPaymentsQuery,
} from "../../../../../contract/user-payments.ts";
import { USER_PAYMENTS_PAGE_SIZE } from "../../../../../domain/constants.ts";
import { useActionKeys } from "../../../../lib/action-keys.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../../lib/endpoint-client.ts";
import { filtersFromAddress } from "../../../../lib/filter-params.ts";
import { refreshQueries, SILENT } from "../../../../lib/query-client.ts";

/**
 * The helpdesk's calls of user payments (src/contract/user-payments.ts): the paged list with docs/data-model.md
 * filters, one payment with its events, marking it sent or paid, cancelling it, making one by hand
 * (with the employee found by the employee list's search).
 */

/** Every cached answer about user payments: the lists and each payment, to refresh after a change. */
export const USER_PAYMENT_ENDPOINTS = [api.list, api.details, api.mine] as const;

/** The list's filters as the address and the API name them; an empty value is no filter. */
export const FILTER_KEYS = [
  "searchTerm",
  "createdFrom",
  "createdTo",
  "sentFrom",
  "sentTo",
  "paidFrom",
  "paidTo",
  "isUserPaymentDone",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type PaymentFilter = Record<FilterKey, string> & { page: number };

const DATE_PAIRS = [
  ["createdFrom", "createdTo"],
  ["sentFrom", "sentTo"],
  ["paidFrom", "paidTo"],
] as const;

/**
 * The filters of the address, read through the list's query schema: what the API would refuse is left
 * out (a date that is not one, a flag other than true or false, a bad page), and a range whose end is
 * before its start keeps only its start.
 */
export function paymentFilterOf(params: URLSearchParams): PaymentFilter {
  const address = new URLSearchParams(params);
  for (const [from, to] of DATE_PAIRS) {
    const start = params.get(from);
    const end = params.get(to);
    if (start && end && zUserPaymentsQuery.shape[from].safeParse(start).success && end < start)
      address.delete(to);
  }
  const { values } = filtersFromAddress(zUserPaymentsQuery, address);
  const filter = { page: values.page } as PaymentFilter;
  for (const key of FILTER_KEYS) {
    const value = values[key];
    filter[key] = value === undefined ? "" : String(value);
  }
  return filter;
}

/** What the list asks for the filters: the page, 10 a page, and the filters given. */
export function paymentQuery(
  filter: PaymentFilter,
  pageSize = USER_PAYMENTS_PAGE_SIZE,
): TUserPaymentsQueryInput {
  const query: Record<string, string | number> = { page: filter.page, pageSize };
  for (const key of FILTER_KEYS) if (filter[key]) query[key] = filter[key];
  return query as TUserPaymentsQueryInput;
}

/**
 * docs/product.md "Errors": the list call rejects with 'Error fetching user payments' when the answer had no readable
 * error of ours (a proxy's page, no answer at all); the server's own error is kept.
 */
export async function fetchUserPayments(input: EndpointInput<typeof api.list>, signal?: AbortSignal) {
  try {
    return await callEndpoint(api.list, input, signal ? { signal } : {});
  } catch (error) {
    if (!(error instanceof ApiError) || error.bodyReadable) throw error;
    throw new ApiError({
      status: error.status,
      code: error.code,
      message: USER_PAYMENTS_FETCH_ERROR,
      bodyReadable: false,
    });
  }
}

/** GET /api/user-payment/optimized: one page, newest first; the previous page stays while the next loads. */
export function useUserPayments(filter: PaymentFilter) {
  return useEndpointQuery(
    api.list,
    { query: paymentQuery(filter) },
    {
      call: (_definition, input, { signal }) => fetchUserPayments(input, signal),
      placeholderData: keepPreviousData,
      // The table shows its own error with a retry.
      meta: SILENT,
    },
  );
}

/** GET /api/user-payment/{id}: the payment with its events; the page shows a 404 itself. */
export function useUserPayment(id: string) {
  return useEndpointQuery(api.details, { params: { id } }, { meta: SILENT });
}

export type PaymentAction = { kind: "sent" } | { kind: "paid" } | { kind: "cancel"; reason: string };

/** Refreshes every cached answer about user payments: the lists and each payment. */
function refreshPayments(queryClient: QueryClient) {
  return refreshQueries(
    queryClient,
    USER_PAYMENT_ENDPOINTS.map((read) => endpointKey(read)),
  );
}

/** Marks the payment sent or paid, or cancels it; the list and the payment refetch afterwards. */
export function usePaymentAction(id: string) {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (action: PaymentAction): Promise<TUserPayment> => {
      const params = { id };
      if (action.kind === "sent") return callEndpoint(api.markSent, { params });
      // The payment is booked in: a retry after a lost answer sends the same key and books it once.
      if (action.kind === "paid")
        return keys.run([action.kind, id], (idempotencyKey) =>
          callEndpoint(api.markPaid, { params }, { idempotencyKey }),
        );
      return callEndpoint(api.cancel, { params, body: { reason: action.reason } });
    },
    // The dialog or the action bar shows the error by its code.
    meta: SILENT,
    onSuccess: () => refreshPayments(queryClient),
  });
}

/** POST /api/user-payment: a payment made by hand. */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateUserPayment) => callEndpoint(api.create, { body }),
    meta: SILENT,
    onSuccess: () => refreshPayments(queryClient),
  });
}

export type EmployeeOption = { value: string; label: string };

/** Employees of every company matching the search (name or e-mail), for choosing whom a payment is for. */
export function useEmployeeOptions(search: string) {
  const term = search.trim();
  return useEndpointQuery(
    employeesApi.list,
    { query: { page: 1, pageSize: 10, search: term } },
    {
      enabled: term.length >= 2,
      placeholderData: keepPreviousData,
      select: (data): EmployeeOption[] =>
        data.employees.map((e) => ({
          value: e.beneficiaryEmployeeId,
          label: `${`${e.systemUser.firstName} ${e.systemUser.lastName}`.trim()} (${e.systemUser.workEmail}) – ${e.companyName}`,
        })),
      meta: SILENT,
    },
  );
}
