import { useMutation, useQueryClient } from "@tanstack/react-query";
import { handoversApi as api, type TReportHandoverDefect } from "../../../contract/handovers.ts";
import { callEndpoint, endpointKey } from "../../lib/endpoint-client.ts";
import { SILENT } from "../../lib/query-client.ts";
import { refreshMyOrders } from "./mybike-api.ts";

/**
 * The employee's calls of their bike's handover (src/contract/handovers.ts): the pickup code and the
 * record, signing for the bike, reporting a defect. A change refreshes the handover and /mybike's orders.
 */

/** After the employee's change: the handover and their orders (a signature gives the delivery). */
function useOrderRefresh(orderId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: endpointKey(api.ofOrder, { params: { orderId } }) }),
      refreshMyOrders(client),
    ]);
}

export function useSignHandover(orderId: string) {
  const refresh = useOrderRefresh(orderId);
  return useMutation({
    mutationFn: () => callEndpoint(api.sign, { params: { orderId }, body: { received: true } }),
    meta: SILENT,
    onSuccess: refresh,
  });
}

export function useReportDefect(orderId: string) {
  const refresh = useOrderRefresh(orderId);
  return useMutation({
    mutationFn: (body: TReportHandoverDefect) =>
      callEndpoint(api.reportDefect, { params: { orderId }, body }),
    meta: SILENT,
    onSuccess: refresh,
  });
}
