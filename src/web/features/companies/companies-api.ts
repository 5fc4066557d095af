import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { adminApi } from "../../../contract/admin.ts";
import {
  companiesApi as api,
  type TCompanySettingsInput,
  type zBikePolicyInput,
} from "../../../contract/companies.ts";
import { companySettingsApi as settingsApi } from "../../../contract/company-settings.ts";
import { registrationApi } from "../../../contract/registration.ts";
import { systemUsersApi } from "../../../contract/system-users.ts";
import { vatApi } from "../../../contract/vat.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { refreshQueries } from "../../lib/query-client.ts";

/**
 * The calls of the company sections both areas show (the admin company page and the employer's
 * company settings; src/contract/companies.ts has the list): a company, its VAT, its people, the
 * employer's own settings, units, bike policy, payroll report recipients and registration links.
 * Every answer is checked against its contract schema. Mutations are `silent`: the sections word their
 * own outcome (field errors, the docs/product.md "Errors" toasts of the unit codes).
 */

export const PAGE_SIZE = 20;

/**
 * Refetches every company query (lists and pages), after any change to a company or its parts; after a
 * change of payroll report recipients, only the owner's recipients.
 */
export function refreshCompanies(
  queryClient: QueryClient,
  change: "company" | { recipients: RecipientOwner } = "company",
) {
  if (change !== "company") return refreshQueries(queryClient, [recipientsKey(change.recipients)]);
  return refreshQueries(
    queryClient,
    [
      api.list,
      api.get,
      api.orders,
      api.groupList,
      api.groupGet,
      // A company's own VAT value is one of its details.
      vatApi.company,
      // A change to a company is one of its events too, and may change who its people are.
      adminApi.eventLog,
      systemUsersApi.list,
    ].map((read) => endpointKey(read)),
  );
}

export function useCompany(id: string) {
  return useEndpointQuery(api.get, { params: { id } });
}

/** GET /api/companies/{id}/vat: the company's own value, or its country's rate (`source` says which). */
export function useCompanyVat(id: string) {
  return useEndpointQuery(vatApi.company, { params: { companyId: id }, query: { onlyGetVATValue: "false" } });
}

/** The people of a company (a role in it or their home company), 20 a page; `limit` 100 for pickers. */
export function useCompanyPeople(companyId: string | null, page = 1, limit = PAGE_SIZE) {
  return useEndpointQuery(
    systemUsersApi.list,
    { query: { companyId: companyId ?? "", page, limit } },
    { enabled: companyId !== null, placeholderData: keepPreviousData },
  );
}

/** PUT /api/companies/{id}/settings: what the employer sets of its own company (the max price). */
export function useUpdateCompanySettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanySettingsInput) =>
      callEndpoint(api.updateSettings, { params: { id: companyId }, body }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

// ---- Units ------------------------------------------------------------------------------------------------

export function useCreateUnit(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitName: string) =>
      callEndpoint(settingsApi.unitCreate, { body: { unit: { unitName }, companyId } }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

export function useRenameUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ unitId, unitName }: { unitId: string; unitName: string }) =>
      callEndpoint(settingsApi.unitRename, { params: { unitId }, body: { unitName } }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitId: string) => callEndpoint(settingsApi.unitRemove, { params: { unitId } }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

// ---- Bike policy -----------------------------------------------------------------------------------------

export function useSaveBikePolicy(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof zBikePolicyInput>) =>
      callEndpoint(settingsApi.saveBikePolicy, { params: { id: companyId }, body }),
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient),
  });
}

// ---- Payroll report recipients ----------------------------------------------------------------------------

/** A company's or a group's recipients: the same calls under /api/companies or /api/group-companies. */
export type RecipientOwner = { kind: "company" | "group"; id: string };

/** The cache key of the owner's recipients: the GET's own answers. */
function recipientsKey({ kind, id }: RecipientOwner) {
  return endpointKey(kind === "company" ? settingsApi.recipients : settingsApi.groupRecipients, {
    params: { id },
  });
}

/** The recipients of a company (`recipients`) or of a group (SPEC: the group's GET answers `data`). */
export function usePayrollRecipients(owner: RecipientOwner) {
  const input = { params: { id: owner.id } };
  const company = useEndpointQuery(settingsApi.recipients, input, {
    enabled: owner.kind === "company",
    select: (answer) => answer.recipients,
  });
  const group = useEndpointQuery(settingsApi.groupRecipients, input, {
    enabled: owner.kind === "group",
    select: (answer) => answer.data,
  });
  return owner.kind === "company" ? company : group;
}

function useRecipientsChange<T>(owner: RecipientOwner, change: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { silent: true },
    onSuccess: () => refreshCompanies(queryClient, { recipients: owner }),
  });
}

/** Adds several recipients in one call (SPEC: group recipients are sent as a list of user ids). */
export function useAddRecipients(owner: RecipientOwner) {
  return useRecipientsChange(owner, (userIds: string[]) => {
    const input = { params: { id: owner.id }, body: { userIds } };
    return owner.kind === "company"
      ? callEndpoint(settingsApi.addRecipients, input)
      : callEndpoint(settingsApi.groupAddRecipients, input);
  });
}

export function useRemoveRecipient(owner: RecipientOwner) {
  return useRecipientsChange(owner, (userId: string) => {
    const input = { params: { id: owner.id, userId } };
    return owner.kind === "company"
      ? callEndpoint(settingsApi.removeRecipient, input)
      : callEndpoint(settingsApi.groupRemoveRecipient, input);
  });
}

// ---- Registration links -------------------------------------------------------------------------------------

/** What a registration link is for: one company, or every company of a group. */
export type LinkTarget = { kind: "company" | "group"; id: string };

/** POST /api/register-link/company or /group-company → `{ token }`; each call makes a new link. */
export function useCreateRegisterLink(target: LinkTarget) {
  return useMutation({
    mutationFn: () =>
      target.kind === "company"
        ? callEndpoint(registrationApi.companyLink, { body: { companyId: target.id } })
        : callEndpoint(registrationApi.groupCompanyLink, { body: { groupCompanyId: target.id } }),
    meta: { silent: true },
  });
}
