import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { handoversApi as api, type TReportHandoverDefect } from "../../../contract/handovers.ts";
import { callEndpoint, endpointKey } from "../../lib/endpoint-client.ts";
import { refreshQueries, SILENT } from "../../lib/query-client.ts";
import { refreshMyBike } from "./mybike-api.ts";

/**
 * The employee's calls of their bike's handover (src/contract/handovers.ts): the pickup code and the
 * record, signing for the bike, reporting a defect. A change refreshes the handover and /mybike's orders.
 */

/** After the employee's change: the handover and their orders (a signature gives the delivery). */
function refreshMyHandover(queryClient: QueryClient, orderId: string) {
  return Promise.all([
    refreshQueries(queryClient, [endpointKey(api.ofOrder, { params: { orderId } })]),
    refreshMyBike(queryClient),
  ]);
}

export function useSignHandover(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(api.sign, { params: { orderId }, body: { received: true } }),
    meta: SILENT,
    onSuccess: () => refreshMyHandover(queryClient, orderId),
  });
}

export function useReportDefect(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportHandoverDefect) =>
      callEndpoint(api.reportDefect, { params: { orderId }, body }),
    meta: SILENT,
    onSuccess: () => refreshMyHandover(queryClient, orderId),
  });
}
