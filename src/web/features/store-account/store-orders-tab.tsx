import { Group, Select, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { storeAccountsApi, zStoreOrdersQuery } from "../../../contract/store-accounts.ts";
import { whatsNewApi } from "../../../contract/whats-new.ts";
import { onFirstUse } from "../../../domain/first-use.ts";
import type { StoreStep } from "../../../domain/store-orders.ts";
import type { FirstData } from "../../app/route-guard.tsx";
import { DataTable, type DataTableColumn, pageQueryProps } from "../../components/data-table.tsx";
import { NewBadge } from "../../components/new-badge.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { textLimitOf, tooLongText } from "../../lib/contract-form.ts";
import { endpointQuery, readFirstData } from "../../lib/endpoint-client.ts";
import { filtersFromAddress } from "../../lib/filter-params.ts";
import { formatDate } from "../../lib/formatters.ts";
import { usePageNews } from "../../lib/whats-new.ts";
import { type TStoreOrderListItem, useStoreOrders } from "./store-account-api.ts";
import { StoreOrderDrawer } from "./store-order-drawer.tsx";

/** The longest search the orders' query takes. */
const searchMax = onFirstUse(() => textLimitOf(zStoreOrdersQuery, "search"));

const PAGE_SIZE = 20;

/** The store's steps in the reader's language, spelled out so the catalogue check sees each key. */
const STEP_LABELS: Record<StoreStep, string> = {
  PACKAGE: "storeAccount.steps.PACKAGE",
  INVOICE: "storeAccount.steps.INVOICE",
  DELIVERY: "storeAccount.steps.DELIVERY",
};

/**
 * The orders tab's first page (the account's first view, ?valilehti=tilaukset or none) and what is new
 * in it, read before /pyoraliike is shown (app/route-guard.tsx FirstData).
 */
export const storeAccountFirstData: FirstData = (_routeId, params, _pathname, queryClient) => {
  const tab = params.get("valilehti");
  if (tab && tab !== "tilaukset") return undefined;
  const { values } = filtersFromAddress(zStoreOrdersQuery, params);
  return readFirstData(queryClient, [
    endpointQuery(storeAccountsApi.orders, { query: { ...values, limit: PAGE_SIZE } }),
    endpointQuery(whatsNewApi.news, { params: { page: "storeOrders" } }),
  ]);
};

/**
 * The store's orders of every employer, newest first; what waits for the store first in the filter. An
 * order with something new since the store user last looked (a defect reported, a cancellation) has a
 * badge, and its drawer says what.
 */
export function StoreOrdersTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { values } = filtersFromAddress(zStoreOrdersQuery, params);
  const [search, setSearch] = useState(values.search ?? "");
  const [opened, setOpened] = useState<string | null>(null);
  const list = useStoreOrders({ ...values, limit: PAGE_SIZE });
  const { items: news, newOrderIds } = usePageNews("storeOrders");
  const setFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete("page");
    setParams(next, { replace: true });
  };
  const searchTooLong = tooLongText(search, searchMax(), t);
  // A search past the query's limit stays in the box saying so; the API would refuse it.
  const setSearchFilter = () => {
    if (!searchTooLong) setFilter("search", search.trim() || null);
  };
  const filtered = Boolean(values.step || values.search);
  const columns: DataTableColumn<TStoreOrderListItem>[] = [
    {
      accessor: "orderNumber",
      title: t("storeAccount.fields.order"),
      render: (o) => (
        <Group gap={6} wrap="nowrap">
          <span>#{o.orderNumber}</span>
          {newOrderIds.has(o.orderId) && <NewBadge />}
        </Group>
      ),
    },
    { accessor: "customerName", title: t("storeAccount.fields.customer") },
    { accessor: "companyName", title: t("storeAccount.fields.company") },
    {
      accessor: "orderStatus",
      title: t("storeAccount.fields.status"),
      render: (o) => <StatusBadge family="order" status={o.orderStatus} />,
    },
    {
      accessor: "nextStep",
      title: t("storeAccount.fields.nextStep"),
      render: (o) => (o.nextStep ? t(STEP_LABELS[o.nextStep]) : t("storeAccount.steps.none")),
    },
    {
      accessor: "createdAt",
      title: t("storeAccount.fields.created"),
      render: (o) => formatDate(o.createdAt),
    },
  ];
  return (
    <SectionCard title={t("storeAccount.orders.title")} description={t("storeAccount.orders.description")}>
      <form
        aria-label={t("storeAccount.orders.search")}
        onSubmit={(event) => {
          event.preventDefault();
          setSearchFilter();
        }}
      >
        <Group align="end" mb="md">
          <Select
            label={t("storeAccount.orders.stepFilter")}
            data={[
              { value: "PACKAGE", label: t(STEP_LABELS.PACKAGE) },
              { value: "INVOICE", label: t(STEP_LABELS.INVOICE) },
              { value: "DELIVERY", label: t(STEP_LABELS.DELIVERY) },
            ]}
            placeholder={t("storeAccount.orders.allOrders")}
            clearable
            value={values.step ?? null}
            onChange={(value) => setFilter("step", value)}
          />
          <TextInput
            label={t("storeAccount.orders.search")}
            description={t("storeAccount.orders.searchHelp")}
            value={search}
            error={searchTooLong}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onBlur={setSearchFilter}
          />
        </Group>
      </form>
      <DataTable
        label={t("storeAccount.orders.title")}
        columns={columns}
        idAccessor="orderId"
        {...pageQueryProps(list)}
        empty={{ text: t("storeAccount.orders.empty") }}
        filtered={{
          active: filtered,
          text: t("storeAccount.orders.noMatches"),
          clearLabel: t("storeAccount.orders.clearFilters"),
          onClear: () => {
            setSearch("");
            setParams(new URLSearchParams({ valilehti: params.get("valilehti") ?? "tilaukset" }), {
              replace: true,
            });
          },
        }}
        page={values.page}
        pageSize={PAGE_SIZE}
        onPageChange={(page) => setFilter("page", String(page))}
        onRowClick={({ record }) => setOpened(record.orderId)}
      />
      <StoreOrderDrawer
        orderId={opened}
        news={news.filter((item) => item.orderId === opened)}
        onClose={() => setOpened(null)}
      />
    </SectionCard>
  );
}
