import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  insuranceClaimsApi as api,
  type TCreateInsuranceClaim,
  type TInsuranceClaim,
} from "../../../../contract/insurance-claims.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { fileHref } from "../../../lib/file-href.ts";
import { refreshQueries, SILENT } from "../../../lib/query-client.ts";
import { uploadFile } from "../../../lib/upload.ts";
import { refreshMyBike } from "../mybike-api.ts";

/**
 * The employee's calls of their insurance claims (src/contract/insurance-claims.ts): one claim, reporting
 * one, adding its photos, withdrawing it. A claim is cached under its endpoint's one key.
 */

export type { TInsuranceClaim };

/** A claim's photo is read by its address (an image, a PDF), not as a JSON call. */
export const myClaimFileHref = (claimId: string, fileId: string) =>
  fileHref(api.file, { params: { id: claimId, fileId } });

export function useMyClaim(id: string) {
  return useEndpointQuery(
    api.details,
    { params: { id } },
    // The claim's card says itself when it cannot be read.
    { meta: SILENT },
  );
}

/** A file that was not added, and why (the server's error). */
export type FailedFile = { file: File; error: unknown };

/** Sends the files one by one; answers those the server refused. */
async function sendFiles(claimId: string, files: readonly File[]): Promise<FailedFile[]> {
  const failed: FailedFile[] = [];
  for (const file of files) {
    try {
      await uploadFile(api.addFile, { params: { id: claimId } }, file);
    } catch (error) {
      failed.push({ file, error });
    }
  }
  return failed;
}

/** After a change of the employee's claims: their orders (a claim shows on its order), and the claim changed. */
function refreshMyClaims(queryClient: QueryClient, claimId?: string) {
  void refreshMyBike(queryClient);
  if (claimId) void refreshQueries(queryClient, [endpointKey(api.details, { params: { id: claimId } })]);
}

/** POST /api/insurance-claims; the report's own errors are the form's to show. */
export function useReportClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateInsuranceClaim) => callEndpoint(api.create, { body }),
    meta: SILENT,
    onSuccess: () => refreshMyClaims(queryClient),
  });
}

/** Adds photos to a claim; answers the files the server refused (each shown at the field). */
export function useAddClaimFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, files }: { claimId: string; files: readonly File[] }) =>
      sendFiles(claimId, files),
    meta: SILENT,
    onSuccess: (_failed, { claimId }) => refreshMyClaims(queryClient, claimId),
  });
}

/** DELETE /api/insurance-claims/delete/{id}: the employee withdraws a claim the helpdesk has not taken up. */
export function useWithdrawClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: string) => callEndpoint(api.remove, { params: { id: claimId } }),
    meta: SILENT,
    onSuccess: () => refreshMyClaims(queryClient),
  });
}
