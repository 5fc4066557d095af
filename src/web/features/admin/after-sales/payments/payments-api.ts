import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { employeesApi } from "../../../../../contract/employees.ts";
import {
  type TCreateUserPayment,
  type TUserPayment,
  USER_PAYMENTS_FETCH_ERROR,
  zUserPayment,
  zUserPaymentDetails,
  zUserPaymentPage,
} from "../../../../../contract/user-payments.ts";
import { USER_PAYMENTS_PAGE_SIZE } from "../../../../../domain/constants.ts";
import { ApiError, apiFetch } from "../../../../lib/api-client.ts";
import { endpointQuery } from "../../../../lib/endpoint-client.ts";

/**
 * The helpdesk's calls of user payments (src/contract/user-payments.ts): the paged list with SPEC §3's
 * filters, one payment with its events, marking it sent or paid, cancelling it, making one by hand
 * (with the employee found by the employee list's search).
 */

export const USER_PAYMENTS_KEY = ["user-payments"] as const;
const SILENT = { silent: true };
const enc = encodeURIComponent;

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

/** A real calendar date as YYYY-MM-DD (no 30 February, which Date.parse would roll over). */
const isDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

/**
 * The filters of the address, with what the API would refuse left out (a date that is not one, a
 * range whose end is before its start keeps only its start, a flag other than true or false).
 */
export function paymentFilterOf(params: URLSearchParams): PaymentFilter {
  const value = (key: FilterKey) => (params.get(key) ?? "").trim();
  const filter: PaymentFilter = {
    searchTerm: value("searchTerm").slice(0, 100),
    createdFrom: value("createdFrom"),
    createdTo: value("createdTo"),
    sentFrom: value("sentFrom"),
    sentTo: value("sentTo"),
    paidFrom: value("paidFrom"),
    paidTo: value("paidTo"),
    isUserPaymentDone: value("isUserPaymentDone"),
    page: 1,
  };
  for (const [from, to] of DATE_PAIRS) {
    if (!isDate(filter[from])) filter[from] = "";
    if (!isDate(filter[to]) || (filter[from] && filter[to] < filter[from])) filter[to] = "";
  }
  if (!["true", "false"].includes(filter.isUserPaymentDone)) filter.isUserPaymentDone = "";
  const page = Number(params.get("page"));
  filter.page = Number.isInteger(page) && page > 0 ? page : 1;
  return filter;
}

export function userPaymentsPath(filter: PaymentFilter, pageSize = USER_PAYMENTS_PAGE_SIZE): string {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: String(pageSize) });
  for (const key of FILTER_KEYS) if (filter[key]) params.set(key, filter[key]);
  return `/api/user-payment/optimized?${params}`;
}

/**
 * SPEC §8: the list call rejects with 'Error fetching user payments' when the answer had no readable
 * error of ours (a proxy's page, no answer at all); the server's own error is kept.
 */
export async function fetchUserPayments(path: string) {
  try {
    return await apiFetch(path, { schema: zUserPaymentPage });
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
  return useQuery({
    queryKey: [...USER_PAYMENTS_KEY, "list", filter],
    queryFn: () => fetchUserPayments(userPaymentsPath(filter)),
    placeholderData: keepPreviousData,
    // The table shows its own error with a retry.
    meta: SILENT,
  });
}

/** GET /api/user-payment/{id}: the payment with its events; the page shows a 404 itself. */
export function useUserPayment(id: string) {
  return useQuery({
    queryKey: [...USER_PAYMENTS_KEY, "detail", id],
    queryFn: () => apiFetch(`/api/user-payment/${enc(id)}`, { schema: zUserPaymentDetails }),
    meta: SILENT,
  });
}

export type PaymentAction = { kind: "sent" } | { kind: "paid" } | { kind: "cancel"; reason: string };

/** Marks the payment sent or paid, or cancels it; the list and the payment refetch afterwards. */
export function usePaymentAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentAction): Promise<TUserPayment> =>
      apiFetch(`/api/user-payment/${enc(id)}/${action.kind}`, {
        method: "POST",
        ...(action.kind === "cancel" ? { body: { reason: action.reason } } : {}),
        schema: zUserPayment,
      }),
    // The dialog or the action bar shows the error by its code.
    meta: SILENT,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_PAYMENTS_KEY }),
  });
}

/** POST /api/user-payment: a payment made by hand. */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateUserPayment) =>
      apiFetch("/api/user-payment", { method: "POST", body, schema: zUserPayment }),
    meta: SILENT,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_PAYMENTS_KEY }),
  });
}

export type EmployeeOption = { value: string; label: string };

/** Employees of every company matching the search (name or e-mail), for choosing whom a payment is for. */
export function useEmployeeOptions(search: string) {
  const term = search.trim();
  return useQuery({
    ...endpointQuery(employeesApi.list, { query: { page: 1, pageSize: 10, search: term } }),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
    select: (data): EmployeeOption[] =>
      data.employees.map((e) => ({
        value: e.beneficiaryEmployeeId,
        label: `${`${e.systemUser.firstName} ${e.systemUser.lastName}`.trim()} (${e.systemUser.workEmail}) – ${e.companyName}`,
      })),
    meta: SILENT,
  });
}
