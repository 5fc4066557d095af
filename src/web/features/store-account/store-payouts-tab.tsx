import { Stack } from "@mantine/core";
import { useState } from "react";
import { StorePayoutsView } from "../../components/store-payouts-view.tsx";
import { useStoreDetails, useStorePayouts } from "./store-account-api.ts";
import { StoreSelect } from "./store-select.tsx";

const PAGE_SIZE = 20;

/**
 * Tilitykset: what Pedaali has paid the store and still owes it, the same view the helpdesk has of
 * the store; a user of several stores picks the store (the list comes with the store's details). The
 * page of payables stays in the component: a reload starts from the newest.
 */
export function StorePayoutsTab() {
  const [page, setPage] = useState(1);
  const [storeId, setStoreId] = useState<string | undefined>(undefined);
  const stores = useStoreDetails(undefined).data?.stores ?? [];
  const payouts = useStorePayouts(page, PAGE_SIZE, storeId);
  return (
    <Stack gap="md">
      <StoreSelect
        stores={stores}
        value={storeId ?? stores[0]?.bikeStoreId ?? ""}
        onChange={(next) => {
          setStoreId(next);
          setPage(1);
        }}
      />
      <StorePayoutsView query={payouts} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} />
    </Stack>
  );
}
