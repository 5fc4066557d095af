import { useQuery } from "@tanstack/react-query";
import type { TUserPayment } from "../../../../contract/user-payments.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { MY_ORDERS_KEY } from "../mybike-api.ts";

/**
 * The employee's own payments (GET /api/user-payment, src/contract/user-payments.ts): every payment of
 * theirs, newest first, an unpaid invoice with how to pay it. A type-only import of the contract keeps
 * zod out of this page's chunk.
 */

export type TMyPayment = TUserPayment;

export function useMyPayments() {
  return useQuery({
    // Under the orders' key: what changes an order (accepting a package owes its own share) refreshes it.
    queryKey: [...MY_ORDERS_KEY, "user-payments"],
    queryFn: () => apiFetch<{ items: TMyPayment[] }>("/api/user-payment"),
    select: (data) => data.items,
    // The section says itself when the payments cannot be read.
    meta: { silent: true },
  });
}
