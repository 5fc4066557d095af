import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type TCompanySettingsInput,
  zBikePolicy,
  type zBikePolicyInput,
  zCodeMessage,
  zCompanyDetails,
  zCompanyRecipients,
  zCompanyUnitResponse,
  zGroupRecipients,
} from "../../../contract/companies.ts";
import { zRegisterLinkResponse } from "../../../contract/registration.ts";
import { zSystemUsersPage } from "../../../contract/system-users.ts";
import { zCompanyVat } from "../../../contract/vat.ts";
import { apiFetch } from "../../lib/api-client.ts";

/**
 * The calls of the company sections both areas show (the admin company page and the employer's
 * company settings; src/contract/companies.ts has the list): a company, its VAT, its people, the
 * employer's own settings, units, bike policy, payroll report recipients and registration links.
 * Every answer is checked against its contract schema. Mutations are `silent`: the sections word their
 * own outcome (field errors, the SPEC §8 toasts of the unit codes).
 */

export const COMPANIES_KEY = ["companies"] as const;
export const GROUP_COMPANIES_KEY = ["group-companies"] as const;
const RECIPIENTS_KEY = ["payroll-recipients"] as const;

export const PAGE_SIZE = 20;

const enc = encodeURIComponent;

/** Refetches every company query (lists and pages), after any change to a company or its parts. */
export function useRefetchCompanies() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: GROUP_COMPANIES_KEY });
    return queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
  };
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", id],
    queryFn: () => apiFetch(`/api/companies/${enc(id)}`, { schema: zCompanyDetails }),
  });
}

/** GET /api/companies/{id}/vat: the company's own value, or its country's rate (`source` says which). */
export function useCompanyVat(id: string) {
  return useQuery({
    queryKey: [...COMPANIES_KEY, "one", id, "vat"],
    queryFn: () => apiFetch(`/api/companies/${enc(id)}/vat?onlyGetVATValue=false`, { schema: zCompanyVat }),
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

/** PUT /api/companies/{id}/settings: what the employer sets of its own company (the max price). */
export function useUpdateCompanySettings(companyId: string) {
  const refetch = useRefetchCompanies();
  return useMutation({
    mutationFn: (body: TCompanySettingsInput) =>
      apiFetch(`/api/companies/${enc(companyId)}/settings`, { method: "PUT", body, schema: zCompanyDetails }),
    meta: { silent: true },
    onSuccess: refetch,
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
    mutationFn: (body: z.input<typeof zBikePolicyInput>) =>
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

/** The recipients of a company (`recipients`) or of a group (SPEC: the group's GET answers `data`). */
export function usePayrollRecipients(owner: RecipientOwner) {
  return useQuery({
    queryKey: [...RECIPIENTS_KEY, owner.kind, owner.id],
    queryFn: async () =>
      owner.kind === "company"
        ? (await apiFetch(recipientsBase(owner), { schema: zCompanyRecipients })).recipients
        : (await apiFetch(recipientsBase(owner), { schema: zGroupRecipients })).data,
  });
}

function useRecipientsChange<T>(owner: RecipientOwner, change: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...RECIPIENTS_KEY, owner.kind, owner.id] }),
  });
}

/** Adds several recipients in one call (SPEC: group recipients are sent as a list of user ids). */
export function useAddRecipients(owner: RecipientOwner) {
  return useRecipientsChange(owner, (userIds: string[]) =>
    apiFetch(recipientsBase(owner), { method: "POST", body: { userIds } }),
  );
}

export function useRemoveRecipient(owner: RecipientOwner) {
  return useRecipientsChange(owner, (userId: string) =>
    apiFetch(`${recipientsBase(owner)}/${enc(userId)}`, { method: "DELETE" }),
  );
}

// ---- Registration links -------------------------------------------------------------------------------------

/** What a registration link is for: one company, or every company of a group. */
export type LinkTarget = { kind: "company" | "group"; id: string };

/** POST /api/register-link/company or /group-company → `{ token }`; each call makes a new link. */
export function useCreateRegisterLink(target: LinkTarget) {
  return useMutation({
    mutationFn: () =>
      target.kind === "company"
        ? apiFetch("/api/register-link/company", {
            method: "POST",
            body: { companyId: target.id },
            schema: zRegisterLinkResponse,
          })
        : apiFetch("/api/register-link/group-company", {
            method: "POST",
            body: { groupCompanyId: target.id },
            schema: zRegisterLinkResponse,
          }),
    meta: { silent: true },
  });
}
