import { Stack } from "@mantine/core";
import { zStorePayoutsQuery } from "../../../contract/store-accounts.ts";
import { StorePayoutsView } from "../../components/store-payouts-view.tsx";
import { filtersFromAddress, useFilterParams } from "../../lib/filter-params.ts";
import { useStoreDetails, useStorePayouts } from "./store-account-api.ts";
import { StoreSelect } from "./store-select.tsx";

const PAGE_SIZE = 20;

/** The keys of the payouts tab's list in the address (the orders tab's list keeps its own). */
const KEYS = { prefix: "payouts" };

/**
 * Tilitykset: what Pedaali has paid the store and still owes it, the same view the helpdesk has of
 * the store; a user of several stores picks the store (the list comes with the store's details). The
 * store and the page of payables are in the address.
 */
export function StorePayoutsTab() {
  const { params, update } = useFilterParams<"storeId">(KEYS);
  const { page, storeId } = filtersFromAddress(zStorePayoutsQuery, params, KEYS).values;
  const stores = useStoreDetails(undefined).data?.stores ?? [];
  const payouts = useStorePayouts(page, PAGE_SIZE, storeId);
  return (
    <Stack gap="md">
      <StoreSelect
        stores={stores}
        value={storeId ?? stores[0]?.bikeStoreId ?? ""}
        onChange={(next) => update({ storeId: next })}
      />
      <StorePayoutsView
        query={payouts}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
      />
    </Stack>
  );
}
