import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  insuranceClaimsApi as api,
  INSURANCE_CLAIMS_PAGE_SIZE,
  insuranceClaimPageError,
  type TInsuranceClaim,
  type TInsuranceClaimsQuery,
  type TUpdateInsuranceClaim,
  zInsuranceClaimsQuery,
} from "../../../../../contract/insurance-claims.ts";
import type { InsuranceClaimType, SimpleState } from "../../../../../domain/enums.ts";
import type { InsuranceClaimStep } from "../../../../../domain/insurance-claims.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../../lib/endpoint-client.ts";
import { fileHref } from "../../../../lib/file-href.ts";
import { filtersFromAddress } from "../../../../lib/filter-params.ts";
import { refreshQueries, SILENT } from "../../../../lib/query-client.ts";
import { uploadFile } from "../../../../lib/upload.ts";

/**
 * The helpdesk's calls of insurance claims (src/contract/insurance-claims.ts): the list with docs/api-surface.md
 * filters, one claim, changing it, taking its next step, adding a file, deleting it.
 */

export type ClaimFilter = {
  searchTerm: string;
  status: SimpleState | null;
  type: InsuranceClaimType | null;
  page: number;
};

/** The list's filters from the address, read through the list's query schema: what the API would refuse is left out. */
export function claimFilterOf(params: URLSearchParams): ClaimFilter {
  const { values } = filtersFromAddress(zInsuranceClaimsQuery, params);
  return {
    searchTerm: values.searchTerm ?? "",
    status: values.status ?? null,
    type: values.type ?? null,
    page: values.page,
  };
}

/** What the list asks for the filters: the page, 10 a page, and the filters given. */
function claimsQuery(filter: ClaimFilter): Partial<TInsuranceClaimsQuery> {
  return {
    page: filter.page,
    limit: INSURANCE_CLAIMS_PAGE_SIZE,
    ...(filter.searchTerm ? { searchTerm: filter.searchTerm } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.type ? { type: filter.type } : {}),
  };
}

/** GET /api/insurance-claims; an answer without `items` and a numeric `total` fails with 'Invalid response format'. */
export function fetchClaims(query: Partial<TInsuranceClaimsQuery>, signal?: AbortSignal) {
  return callEndpoint(api.list, { query }, signal ? { signal } : {}).catch((error: unknown) => {
    throw insuranceClaimPageError(error);
  });
}

export function useClaims(filter: ClaimFilter) {
  const query = claimsQuery(filter);
  return useEndpointQuery(
    api.list,
    { query },
    {
      call: (_definition, _input, { signal }) => fetchClaims(query, signal),
      placeholderData: keepPreviousData,
      // The table shows its own error state with a retry.
      meta: SILENT,
    },
  );
}

/** A claim's file is read by its address (an image, a PDF), not as a JSON call. */
export const claimFileHref = (claimId: string, fileId: string) =>
  fileHref(api.file, { params: { id: claimId, fileId } });

/** The one key a claim is cached under, on the helpdesk's page and the employee's card alike. */
const claimKey = (id: string) => endpointKey(api.details, { params: { id } });

/** GET /api/insurance-claims/{id}; the page shows a 404 itself. */
export function useClaim(id: string) {
  // Under claimKey(id), the endpoint's own key.
  return useEndpointQuery(api.details, { params: { id } }, { meta: SILENT });
}

export type ClaimAction =
  | { kind: "update"; body: TUpdateInsuranceClaim }
  | { kind: "step"; step: InsuranceClaimStep }
  | { kind: "file"; file: File }
  | { kind: "delete" };

async function runAction(id: string, action: ClaimAction): Promise<TInsuranceClaim | null> {
  const params = { id };
  switch (action.kind) {
    case "update":
      return callEndpoint(api.update, { params, body: action.body });
    case "step":
      return callEndpoint(api.takeStep, { params, body: { step: action.step } });
    case "file":
      await uploadFile(api.addFile, { params }, action.file);
      return null;
    case "delete":
      await callEndpoint(api.remove, { params });
      return null;
  }
}

/** After a change of a claim: the list, and the claim itself when the change did not answer it. */
function refreshClaims(queryClient: QueryClient, claimId?: string) {
  return refreshQueries(
    queryClient,
    claimId ? [claimKey(claimId), endpointKey(api.list)] : [endpointKey(api.list)],
  );
}

/** One action on the claim; the claim an action answers replaces the shown one, the list refetches. */
export function useClaimAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ClaimAction) => runAction(id, action),
    // The form or dialog shows the error by its code.
    meta: SILENT,
    onSuccess: (claim, action) => {
      if (claim) queryClient.setQueryData(claimKey(id), claim);
      if (action.kind === "delete") queryClient.removeQueries({ queryKey: claimKey(id) });
      void refreshClaims(queryClient, action.kind !== "delete" && !claim ? id : undefined);
    },
  });
}
