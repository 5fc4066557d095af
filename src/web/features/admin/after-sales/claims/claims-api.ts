import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  INSURANCE_CLAIMS_PAGE_SIZE,
  insuranceClaimPageResponse,
  type TInsuranceClaim,
  type TUpdateInsuranceClaim,
  zInsuranceClaim,
  zInsuranceClaimFile,
} from "../../../../../contract/insurance-claims.ts";
import {
  INSURANCE_CLAIM_TYPES,
  type InsuranceClaimType,
  SIMPLE_STATES,
  type SimpleState,
} from "../../../../../domain/enums.ts";
import type { InsuranceClaimStep } from "../../../../../domain/insurance-claims.ts";
import { apiFetch } from "../../../../lib/api-client.ts";
import { uploadFile } from "../../../../lib/upload.ts";

/**
 * The helpdesk's calls of insurance claims (src/contract/insurance-claims.ts): the list with SPEC §7's
 * filters, one claim, changing it, taking its next step, adding a file, deleting it.
 */

export const CLAIMS_KEY = ["insurance-claims"] as const;
const SILENT = { silent: true };
const enc = encodeURIComponent;

export type ClaimFilter = {
  searchTerm: string;
  status: SimpleState | null;
  type: InsuranceClaimType | null;
  page: number;
};

/** The list's filters from the address; what the API would refuse is left out. */
export function claimFilterOf(params: URLSearchParams): ClaimFilter {
  const status = params.get("status");
  const type = params.get("type");
  const page = Number(params.get("page"));
  return {
    searchTerm: (params.get("searchTerm") ?? "").trim().slice(0, 100),
    status: SIMPLE_STATES.includes(status as SimpleState) ? (status as SimpleState) : null,
    type: INSURANCE_CLAIM_TYPES.includes(type as InsuranceClaimType) ? (type as InsuranceClaimType) : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function claimsPath(filter: ClaimFilter): string {
  const params = new URLSearchParams({
    page: String(filter.page),
    limit: String(INSURANCE_CLAIMS_PAGE_SIZE),
  });
  if (filter.searchTerm) params.set("searchTerm", filter.searchTerm);
  if (filter.status) params.set("status", filter.status);
  if (filter.type) params.set("type", filter.type);
  return `/api/insurance-claims?${params}`;
}

/** GET /api/insurance-claims; an answer without `items` and a numeric `total` fails with 'Invalid response format'. */
export function fetchClaims(path: string) {
  return apiFetch(path, { schema: insuranceClaimPageResponse });
}

export function useClaims(filter: ClaimFilter) {
  return useQuery({
    queryKey: [...CLAIMS_KEY, "list", filter],
    queryFn: () => fetchClaims(claimsPath(filter)),
    placeholderData: keepPreviousData,
    // The table shows its own error state with a retry.
    meta: SILENT,
  });
}

const claimPath = (id: string) => `/api/insurance-claims/${enc(id)}`;
export const claimFileHref = (claimId: string, fileId: string) =>
  `${claimPath(claimId)}/files/${enc(fileId)}`;

/** GET /api/insurance-claims/{id}; the page shows a 404 itself. */
export function useClaim(id: string) {
  return useQuery({
    queryKey: [...CLAIMS_KEY, "detail", id],
    queryFn: () => apiFetch(claimPath(id), { schema: zInsuranceClaim }),
    meta: SILENT,
  });
}

export type ClaimAction =
  | { kind: "update"; body: TUpdateInsuranceClaim }
  | { kind: "step"; step: InsuranceClaimStep }
  | { kind: "file"; file: File }
  | { kind: "delete" };

async function runAction(id: string, action: ClaimAction): Promise<TInsuranceClaim | null> {
  switch (action.kind) {
    case "update":
      return apiFetch(claimPath(id), { method: "PUT", body: action.body, schema: zInsuranceClaim });
    case "step":
      return apiFetch(`${claimPath(id)}/steps`, {
        method: "POST",
        body: { step: action.step },
        schema: zInsuranceClaim,
      });
    case "file":
      await uploadFile(`${claimPath(id)}/files`, {}, action.file, zInsuranceClaimFile);
      return null;
    case "delete":
      await apiFetch(`/api/insurance-claims/delete/${enc(id)}`, { method: "DELETE" });
      return null;
  }
}

/** One action on the claim; the claim an action answers replaces the shown one, the list refetches. */
export function useClaimAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ClaimAction) => runAction(id, action),
    // The form or dialog shows the error by its code.
    meta: SILENT,
    onSuccess: (claim, action) => {
      if (claim) queryClient.setQueryData([...CLAIMS_KEY, "detail", id], claim);
      if (action.kind === "delete") queryClient.removeQueries({ queryKey: [...CLAIMS_KEY, "detail", id] });
      else if (!claim) void queryClient.invalidateQueries({ queryKey: [...CLAIMS_KEY, "detail", id] });
      void queryClient.invalidateQueries({ queryKey: [...CLAIMS_KEY, "list"] });
    },
  });
}
