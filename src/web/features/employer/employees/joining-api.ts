import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { employeeImportApi as api, type TInviteBody } from "../../../../contract/employee-import.ts";
import { callEndpoint, endpointKey } from "../../../lib/endpoint-client.ts";

/** Who of the company's employees has logged in, who was invited and who not yet. */
export function useJoiningStatus(companyId: string) {
  return useQuery({
    queryKey: endpointKey(api.joining, { params: { id: companyId } }),
    queryFn: ({ signal }) => callEndpoint(api.joining, { params: { id: companyId } }, { signal }),
    // A status the section cannot read just stays away: nothing of the tab depends on it.
    meta: { silent: true },
  });
}

/** Mails the invitations; the joining status is read again after. */
export function useInviteEmployees(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteBody) => callEndpoint(api.invite, { params: { id: companyId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(api.joining) }),
  });
}
