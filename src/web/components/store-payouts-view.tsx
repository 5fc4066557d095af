import { Button, Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { TStorePayable, TStorePayout, TStorePayouts } from "../../contract/store-payouts.ts";
import { formatDate } from "../lib/formatters.ts";
import { money } from "../lib/money.ts";
import { DataTable } from "./data-table.tsx";
import { EmptyState } from "./empty-state.tsx";
import { ListTable } from "./list-table.tsx";
import {
  BatchStatusBadge,
  day,
  PayableStatusBadge,
  useAmountColumns,
  usePayableAmountColumns,
} from "./payout-parts.tsx";
import { SectionCard } from "./section-card.tsx";

type StorePayoutsQuery = Pick<
  UseQueryResult<TStorePayouts>,
  "data" | "isPending" | "isFetching" | "isError" | "refetch"
>;

export type StorePayoutsViewProps = {
  /** One page of the store's payouts, from whichever endpoint the page may ask (the store's, the helpdesk's). */
  query: StorePayoutsQuery;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** 2 on a page of its own (the store's tab), 3 below a page's own heading (the admin's store page). */
  headingOrder?: 2 | 3;
};

/**
 * A bike store's money as the store reads it: what is still open, the payout batches that pay the
 * store (its own part of each) and each order's payable, paged. One view for the store's own account
 * (/pyoraliike, Tilitykset) and the helpdesk's page of the store, so both read the same figures the
 * same way; the page gives the query, so the view does not know who asks.
 */
export function StorePayoutsView({
  query,
  page,
  pageSize,
  onPageChange,
  headingOrder = 2,
}: StorePayoutsViewProps) {
  const { t } = useTranslation();
  const data = query.data;
  const nothingYet = data !== undefined && data.payables.total === 0 && data.payouts.length === 0;
  return (
    <Stack gap="var(--pd-section-gap)">
      <SectionCard
        title={t("storePayouts.title")}
        description={t("storePayouts.intro")}
        headingOrder={headingOrder}
      >
        {query.isError ? (
          <EmptyState
            text={<span role="alert">{t("storePayouts.failed")}</span>}
            action={
              <Button variant="default" onClick={() => void query.refetch()}>
                {t("ds.table.retry")}
              </Button>
            }
          />
        ) : !data ? (
          <Text size="sm" c="dimmed">
            {t("ds.table.loading")}
          </Text>
        ) : nothingYet ? (
          <EmptyState text={t("storePayouts.empty")} />
        ) : (
          <Stack gap="md">
            <Text fw={600}>
              {data.open.payableCount > 0
                ? t("storePayouts.open", { count: data.open.payableCount, net: money(data.open.netCents) })
                : t("storePayouts.openNone")}
            </Text>
            <Batches payouts={data.payouts} />
          </Stack>
        )}
      </SectionCard>
      {data && !nothingYet && (
        <Payables
          query={query}
          page={page}
          pageSize={pageSize}
          onPageChange={onPageChange}
          headingOrder={headingOrder}
        />
      )}
    </Stack>
  );
}

/** The batches that pay the store, newest first: not paged, a store has a few a month. */
function Batches({ payouts }: { payouts: TStorePayout[] }) {
  const { t } = useTranslation();
  const amounts = useAmountColumns<TStorePayout>();
  if (payouts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("storePayouts.noBatches")}
      </Text>
    );
  return (
    <ListTable
      label={t("storePayouts.title")}
      rows={payouts}
      rowKey={(payout) => payout.payoutBatchId}
      minWidth={820}
      columns={[
        {
          accessor: "batchNumber",
          title: t("storePayouts.columns.batch"),
          render: (p) => String(p.batchNumber),
        },
        {
          accessor: "status",
          title: t("storePayouts.columns.status"),
          render: (p) => <BatchStatusBadge status={p.status} />,
        },
        {
          accessor: "executionDate",
          title: t("storePayouts.columns.executionDate"),
          render: (p) => day(p.executionDate),
        },
        { accessor: "paidDate", title: t("storePayouts.columns.paidDate"), render: (p) => day(p.paidDate) },
        {
          accessor: "orderNumbers",
          title: t("storePayouts.columns.orders"),
          render: (p) => p.orderNumbers.join(", "),
        },
        ...amounts,
      ]}
    />
  );
}

/** Each order's payable, newest first, one page at a time: what it is, what it pays and in which batch. */
function Payables({ query, page, pageSize, onPageChange, headingOrder }: StorePayoutsViewProps) {
  const { t } = useTranslation();
  const amounts = usePayableAmountColumns<TStorePayable>();
  return (
    <SectionCard
      title={t("storePayouts.payables.title")}
      description={t("storePayouts.payables.description")}
      headingOrder={headingOrder}
    >
      <DataTable<TStorePayable>
        label={t("storePayouts.payables.title")}
        idAccessor="id"
        records={query.data?.payables.items}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        totalRecords={query.data?.payables.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={onPageChange}
        empty={{ text: t("storePayouts.empty") }}
        columns={[
          {
            accessor: "orderNumber",
            title: t("storePayouts.columns.order"),
            render: (p) => `#${p.orderNumber}`,
          },
          { accessor: "companyName", title: t("storePayouts.columns.company") },
          {
            accessor: "createdAt",
            title: t("storePayouts.columns.since"),
            render: (p) => formatDate(p.createdAt),
          },
          ...amounts,
          {
            accessor: "status",
            title: t("storePayouts.columns.status"),
            render: (p) => <PayableStatusBadge status={p.status} />,
          },
          {
            accessor: "batchNumber",
            title: t("storePayouts.columns.batch"),
            render: (p) => (p.batchNumber === null ? "–" : String(p.batchNumber)),
          },
        ]}
      />
    </SectionCard>
  );
}
