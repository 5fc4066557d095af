import { queryOptions } from "@tanstack/react-query";
import { type TUserPayment, userPaymentsApi } from "../../../../contract/user-payments.ts";
import { callEndpoint, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { SILENT } from "../../../lib/query-client.ts";
import { MY_ORDERS_KEY } from "../mybike-api.ts";

/**
 * The employee's own payments (GET /api/user-payment, src/contract/user-payments.ts): every payment of
 * theirs, newest first, an unpaid invoice with how to pay it.
 */

export type TMyPayment = TUserPayment;

export const myPaymentsQuery = queryOptions({
  // Under the orders' key, the one reader of this call: what changes an order (accepting a package
  // owes its own share, a redemption choice its redemption price) refreshes it.
  queryKey: [...MY_ORDERS_KEY, "user-payments"],
  queryFn: ({ signal }) => callEndpoint(userPaymentsApi.mine, {}, { signal }),
});

export function useMyPayments() {
  return useEndpointQuery(
    userPaymentsApi.mine,
    {},
    {
      queryKey: myPaymentsQuery.queryKey,
      select: (data) => data.items,
      // The section says itself when the payments cannot be read.
      meta: SILENT,
    },
  );
}
