import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { zEventLogPage } from "../../../../contract/admin.ts";
import {
  type TBikePolicyInput,
  type TCreateCompany,
  type TGroupCompanyInput,
  type TUpdateCompany,
  zBikePolicy,
  zCodeMessage,
  zCompaniesPage,
  zCompanyDetails,
  zCompanyOrdersPage,
  zCompanyRecipients,
  zCompanyUnitResponse,
  zGroupCompaniesPage,
  zGroupCompany,
  zGroupRecipients,
} from "../../../../contract/companies.ts";
import { zRegisterLinkResponse } from "../../../../contract/registration.ts";
import { zSystemUsersPage } from "../../../../contract/system-users.ts";
import { zCompanyVat } from "../../../../contract/vat.ts";
import { apiFetch } from "../../../lib/api-client.ts";

/**
 * The calls of the Yritykset and Lisää yritys tabs (src/contract/companies.ts has the list): companies,
 * group companies, a company's units, payroll report recipients, bike policy, people, orders, event
 * history and registration link. Every answer is checked against its contract schema. Mutations are
 * `silent`: the screens word their own outcome (field errors, the SPEC §8 toasts of the unit codes).
 */

export const COMPANIES_KEY = ["companies"] as const;
export const GROUP_COMPANIES_KEY = ["group-companies"] as const;

export const PAGE_SIZE = 20;

const enc = encodeURIComponent;

export type CompanyListFilters = {
  page: number;
  search: string;
  groupCompanyId: string;
  /** "grouped": only companies in a group; "standalone": only those without one. */
  kind: "" | "grouped" | "standalone";
};

export function companiesPath({ page, search, groupCompanyId, kind }: CompanyListFilters): string {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (search.trim()) params.set("search", search.trim());
  if (groupCompanyId) params.set("groupCompanyId", groupCompanyId);
  if (kind) params.set("groupCompany", String(kind === "grouped"));
  return `/api/companies?${params}`;
}

/** One page of companies with the list's filters; the previous page stays while the next loads. */
export function useCompanies(filters: CompanyListFilters) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "list", filters],
    queryFn: () => apiFetch(companiesPath(filters), { schema: zCompaniesPage }),
    placeholderData: keepPreviousData,
  });
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", id],
    queryFn: () => apiFetch(`/api/companies/${enc(id)}`, { schema: zCompanyDetails }),
  });
}

/** Refetches every company query (lists and pages), after any change to a company or its parts. */
function useRefetchCompanies() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: GROUP_COMPANIES_KEY });
    return queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
  };
}

export function useCreateCompany() {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (body: TCreateCompany) =>
      apiFetch("/api/companies", { method: "POST", body, schema: zCompanyDetails }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useUpdateCompany(id: string) {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (body: TUpdateCompany) =>
      apiFetch(`/api/companies/${enc(id)}`, { method: "PUT", body, schema: zCompanyDetails }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useDeleteCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/companies/${enc(id)}`, { method: "DELETE", schema: zCodeMessage }),
    meta: { silent: true },
    onSuccess: () => {
      // The page of the deleted company must not ask for it again.
      queryClient.removeQueries({ queryKey: [...COMPANIES_KEY, "one", id] });
      void queryClient.invalidateQueries({ queryKey: [...COMPANIES_KEY, "list"] });
      return queryClient.invalidateQueries({ queryKey: GROUP_COMPANIES_KEY });
    },
  });
}

/** GET /api/companies/{id}/vat: the company's own value, or its country's rate (`source` says which). */
export function useCompanyVat(id: string) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", id, "vat"],
    queryFn: () => apiFetch(`/api/companies/${enc(id)}/vat?onlyGetVATValue=false`, { schema: zCompanyVat }),
  });
}

export function useCompanyOrders(id: string, page: number, activeLeases: boolean) {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (activeLeases) params.set("activeLeases", "true");
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", id, "orders", page, activeLeases],
    queryFn: () => apiFetch(`/api/companies/${enc(id)}/orders?${params}`, { schema: zCompanyOrdersPage }),
    placeholderData: keepPreviousData,
  });
}

/** The people of a company (a role in it or their home company), 20 a page; `limit` 100 for pickers. */
export function useCompanyPeople(companyId: string | null, page = 1, limit = PAGE_SIZE) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", companyId, "people", page, limit],
    queryFn: () =>
      apiFetch(`/api/system-users?companyId=${enc(companyId ?? "")}&page=${page}&limit=${limit}`, {
        schema: zSystemUsersPage,
      }),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}

export const EVENTS_SHOWN = 10;

/** The company's latest events (GET /api/event-log), newest first. */
export function useCompanyEvents(companyId: string) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", companyId, "events"],
    queryFn: () =>
      apiFetch(`/api/event-log?companyId=${enc(companyId)}&limit=${EVENTS_SHOWN}`, { schema: zEventLogPage }),
  });
}

// ---- Units ------------------------------------------------------------------------------------------------

export function useCreateUnit(companyId: string) {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (unitName: string) =>
      apiFetch("/api/company-unit", {
        method: "POST",
        body: { unit: { unitName }, companyId },
        schema: zCompanyUnitResponse,
      }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useRenameUnit() {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: ({ unitId, unitName }: { unitId: string; unitName: string }) =>
      apiFetch(`/api/company-unit/${enc(unitId)}`, {
        method: "PATCH",
        body: { unitName },
        schema: zCompanyUnitResponse,
      }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useDeleteUnit() {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (unitId: string) =>
      apiFetch(`/api/company-unit/${enc(unitId)}`, { method: "DELETE", schema: zCodeMessage }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

// ---- Bike policy -----------------------------------------------------------------------------------------

export function useSaveBikePolicy(companyId: string) {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (body: TBikePolicyInput) =>
      apiFetch(`/api/bike-policy/company/${enc(companyId)}`, { method: "PUT", body, schema: zBikePolicy }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

// ---- Payroll report recipients ----------------------------------------------------------------------------

/** A company's or a group's recipients: the same calls under /api/companies or /api/group-companies. */
export type RecipientOwner = { kind: "company" | "group"; id: string };

function recipientsBase({ kind, id }: RecipientOwner): string {
  return kind === "company"
    ? `/api/companies/${enc(id)}/payroll-recipients`
    : `/api/group-companies/${enc(id)}/payroll-recipients`;
}

export function usePayrollRecipients(owner: RecipientOwner) {
  return useQuery({
    queryKey: ["payroll-recipients", owner.kind, owner.id],
    queryFn: async () =>
      owner.kind === "company"
        ? (await apiFetch(recipientsBase(owner), { schema: zCompanyRecipients })).recipients
        : (await apiFetch(recipientsBase(owner), { schema: zGroupRecipients })).data,
  });
}

function useRecipientsChange(owner: RecipientOwner, change: (userId: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { silent: true },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ["payroll-recipients", owner.kind, owner.id] }),
  });
}

export function useAddRecipient(owner: RecipientOwner) {
  return useRecipientsChange(owner, (userId) =>
    apiFetch(recipientsBase(owner), { method: "POST", body: { userIds: [userId] } }),
  );
}

export function useRemoveRecipient(owner: RecipientOwner) {
  return useRecipientsChange(owner, (userId) =>
    apiFetch(`${recipientsBase(owner)}/${enc(userId)}`, { method: "DELETE" }),
  );
}

// ---- Registration link -------------------------------------------------------------------------------------

export function useCompanyRegisterLink(companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch("/api/register-link/company", {
        method: "POST",
        body: { companyId },
        schema: zRegisterLinkResponse,
      }),
    meta: { silent: true },
  });
}

// ---- Group companies ---------------------------------------------------------------------------------------

/** Every group company as a choice (id and name); the API allows 500 in one answer. */
export function useGroupCompanyOptions() {
  return useQuery({
    queryKey: [...GROUP_COMPANIES_KEY, "options"],
    queryFn: () =>
      apiFetch("/api/group-companies?forDropdown=true&limit=500", { schema: zGroupCompaniesPage }),
    select: (data) => data.items,
  });
}

export function useGroupCompanies(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (search.trim()) params.set("search", search.trim());
  return useQuery({
    queryKey: [...GROUP_COMPANIES_KEY, "list", page, search.trim()],
    queryFn: () => apiFetch(`/api/group-companies?${params}`, { schema: zGroupCompaniesPage }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveGroupCompany() {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TGroupCompanyInput }) =>
      apiFetch(id ? `/api/group-companies/${enc(id)}` : "/api/group-companies", {
        method: id ? "PUT" : "POST",
        body,
        schema: zGroupCompany,
      }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}

export function useDeleteGroupCompany() {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/group-companies/${enc(id)}`, { method: "DELETE", schema: zCodeMessage }),
    meta: { silent: true },
    onSuccess: refetch,
  });
}
