import { Anchor, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { type TBikeStore, zBikeStoresQuery } from "../../../../contract/bike-stores.ts";
import { onFirstUse } from "../../../../domain/first-use.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { textLimitOf, tooLongText } from "../../../lib/contract-form.ts";
import { useAdminNav } from "../admin-nav.ts";
import { BikeStorePage, StoreActiveBadge } from "./bike-store-page.tsx";
import { STORES_PAGE_SIZE, useBikeStores } from "./bike-stores-api.ts";

/** The longest search the list's query takes; a longer one says so and is not sent. */
const searchMax = onFirstUse(() => textLimitOf(zBikeStoresQuery, "search"));

/**
 * Pyöräliikkeet: the bike stores, searched by name or city, and below it a store's page at
 * /admin/pyoraliikkeet/<storeId> with the store's users and payouts.
 */
export function BikeStoresTab() {
  const { rest } = useAdminNav();
  const [storeId] = rest;
  if (storeId) return <BikeStorePage key={storeId} storeId={storeId} />;
  return <BikeStoresList />;
}

function BikeStoresList() {
  const { t } = useTranslation();
  const { go, pathOf } = useAdminNav();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const searched = params.get("q") ?? "";
  const [search, setSearch] = useState(searched);
  const [typed] = useDebouncedValue(search.trim(), 300);
  const list = useBikeStores({ page, search: searched });

  function update(change: { q?: string; page?: number }) {
    const next = new URLSearchParams(params);
    if (change.q !== undefined) {
      if (change.q) next.set("q", change.q);
      else next.delete("q");
      next.delete("page");
    }
    if (change.page !== undefined) {
      if (change.page > 1) next.set("page", String(change.page));
      else next.delete("page");
    }
    setParams(next, { replace: true });
  }

  // The typed search reaches the address (and the API) once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a changed search text updates the address.
  useEffect(() => {
    if (typed !== searched && !tooLongText(typed, searchMax(), t)) update({ q: typed });
  }, [typed]);

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t("adminBikeStores.list.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
          {t("adminBikeStores.list.intro")}
        </Text>
      </div>
      <TextInput
        label={t("adminBikeStores.list.search")}
        description={t("adminBikeStores.list.searchHelp")}
        type="search"
        value={search}
        error={tooLongText(search, searchMax(), t)}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      <DataTable<TBikeStore>
        label={t("adminBikeStores.list.title")}
        idAccessor="bikeStoreId"
        {...pageQueryProps(list)}
        empty={{ text: t("adminBikeStores.list.empty") }}
        filtered={{
          active: searched !== "",
          text: t("adminBikeStores.list.noMatches"),
          clearLabel: t("adminBikeStores.list.clear"),
          onClear: () => {
            setSearch("");
            update({ q: "" });
          },
        }}
        page={page}
        pageSize={STORES_PAGE_SIZE}
        onPageChange={(next) => update({ page: next })}
        onRowClick={({ record }) => go("bikeStores", record.bikeStoreId)}
        columns={[
          {
            accessor: "storeName",
            title: t("adminBikeStores.fields.name"),
            render: (store) => (
              <Anchor
                component={Link}
                to={pathOf("bikeStores", store.bikeStoreId)}
                onClick={(event) => event.stopPropagation()}
                size="sm"
                fw={600}
              >
                {store.storeName}
              </Anchor>
            ),
          },
          { accessor: "bikeStoreGroupName", title: t("adminBikeStores.fields.group") },
          { accessor: "city", title: t("adminBikeStores.fields.city") },
          { accessor: "businessId", title: t("adminBikeStores.fields.businessId") },
          {
            accessor: "active",
            title: t("adminBikeStores.fields.status"),
            render: (store) => <StoreActiveBadge active={store.active} />,
          },
        ]}
      />
    </Stack>
  );
}
