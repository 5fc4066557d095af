import { useMutation, useQueryClient } from "@tanstack/react-query";
import { employeeImportApi as api, type TInviteBody } from "../../../../contract/employee-import.ts";
import { callEndpoint, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { SILENT } from "../../../lib/query-client.ts";
import { refreshEmployees } from "./employees-api.ts";

/** Who of the company's employees has logged in, who was invited and who not yet. */
export function useJoiningStatus(companyId: string) {
  return useEndpointQuery(
    api.joining,
    { params: { id: companyId } },
    // A status the section cannot read just stays away: nothing of the tab depends on it.
    { meta: SILENT },
  );
}

/** Mails the invitations; the joining status is read again after. */
export function useInviteEmployees(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteBody) => callEndpoint(api.invite, { params: { id: companyId }, body }),
    onSuccess: () => refreshEmployees(queryClient, "invited"),
  });
}
