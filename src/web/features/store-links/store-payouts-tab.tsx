import { useState } from "react";
import { StorePayoutsView } from "../../components/store-payouts-view.tsx";
import { useStorePayouts } from "./store-account-api.ts";

const PAGE_SIZE = 20;

/**
 * Tilitykset: what Pedaali has paid the store and still owes it, the same view the helpdesk has of
 * the store. The page of payables stays in the component: a reload starts from the newest.
 */
export function StorePayoutsTab() {
  const [page, setPage] = useState(1);
  const payouts = useStorePayouts(page, PAGE_SIZE);
  return <StorePayoutsView query={payouts} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} />;
}
