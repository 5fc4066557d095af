import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TOpenStoreTotal, TPayoutBatch } from "../../../../contract/store-payouts.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { AppLink } from "../../../components/app-link.tsx";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { ACTIONS_ACCESSOR } from "../../../components/data-table-parts.tsx";
import { DateField } from "../../../components/date-field.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { BatchStatusBadge, useAmountColumns } from "../../../components/payout-parts.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { useAdminNav } from "../admin-nav.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { BatchDetail } from "./batch-detail.tsx";
import {
  BATCHES_PAGE_SIZE,
  reconciliationHref,
  useCreateBatch,
  useOpenPayables,
  usePayoutBatches,
} from "./payouts-api.ts";

/**
 * Tilitykset: what Pedaali owes bike stores and the payout batches that pay it. The open payables per
 * store (a batch of all, or of one store), the batches newest first, and the reconciliation file of a
 * period; one batch's page at /admin/tilitykset/{batchId}.
 */
export function PayoutsTab() {
  const { rest } = useAdminNav();
  if (rest[0]) return <BatchDetail id={rest[0]} />;
  return (
    <Stack gap="var(--pd-section-gap)">
      <OpenPayables />
      <Batches />
      <PeriodReconciliation />
    </Stack>
  );
}

/** Whose batch the dialog is about to make: every store's that can be paid, or one store's. */
type Making = { store: TOpenStoreTotal | null };

function OpenPayables() {
  const { t } = useTranslation();
  const display = useDisplay();
  const amountColumns = useAmountColumns<TOpenStoreTotal>();
  const { go } = useAdminNav();
  const open = useOpenPayables();
  const dialog = useActionDialog<Making>(useCreateBatch());
  const data = open.data;
  const making = dialog.current;
  const sums = making?.store ?? data?.payableNow;

  function make() {
    if (!making) return;
    dialog.run(making.store?.bikeStoreId ?? null, (batch) => {
      showSuccessToast(t("adminPayouts.open.made", { number: batch.batchNumber }));
      go("payouts", batch.id);
    });
  }

  return (
    <SectionCard
      title={t("adminPayouts.open.title")}
      description={t("adminPayouts.open.intro")}
      actions={
        data && data.payableNow.payableCount > 0 ? (
          <Button onClick={() => dialog.open({ store: null })}>{t("adminPayouts.open.makeAll")}</Button>
        ) : undefined
      }
    >
      {open.isError ? (
        <EmptyState
          text={<span role="alert">{t("adminPayouts.open.failed")}</span>}
          action={
            <Button variant="default" onClick={() => void open.refetch()}>
              {t("ds.table.retry")}
            </Button>
          }
        />
      ) : !data ? (
        <Text size="sm" c="dimmed">
          {t("ds.table.loading")}
        </Text>
      ) : data.stores.length === 0 ? (
        <EmptyState text={t("adminPayouts.open.empty")} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {t("adminPayouts.open.summary", {
              count: data.total.payableCount,
              net: display.money(data.total.netCents),
              now: display.money(data.payableNow.netCents),
            })}
          </Text>
          <ListTable
            label={t("adminPayouts.open.title")}
            rows={data.stores}
            rowKey={(store) => store.bikeStoreId}
            minWidth={820}
            columns={[
              {
                accessor: "storeName",
                title: t("adminPayouts.columns.store"),
                render: (store) => store.storeName,
              },
              {
                accessor: "iban",
                title: t("adminPayouts.columns.iban"),
                render: (store) =>
                  store.iban ?? <ToneBadge tone="warning">{t("adminPayouts.open.noAccount")}</ToneBadge>,
              },
              {
                accessor: "payableCount",
                title: t("adminPayouts.columns.orders"),
                textAlign: "right",
                render: (store) => store.payableCount,
              },
              {
                accessor: "oldestAt",
                title: t("adminPayouts.columns.waitingSince"),
                render: (store) => formatDate(store.oldestAt),
              },
              ...amountColumns,
              {
                accessor: ACTIONS_ACCESSOR,
                title: t("adminPayouts.columns.actions"),
                render: (store) =>
                  store.iban ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => dialog.open({ store })}
                      aria-label={t("adminPayouts.open.makeOneFor", { store: store.storeName })}
                    >
                      {t("adminPayouts.open.makeOne")}
                    </Button>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t("adminPayouts.open.addAccount")}
                    </Text>
                  ),
              },
            ]}
          />
        </Stack>
      )}
      <ActionDialog
        {...dialog.props(making !== null)}
        title={
          making?.store
            ? t("adminPayouts.open.confirmOneTitle", { store: making.store.storeName })
            : t("adminPayouts.open.confirmAllTitle")
        }
        confirmLabel={t("adminPayouts.open.confirm")}
        errorTitle={t("adminPayouts.failed")}
        danger={false}
        onConfirm={make}
      >
        <Stack gap="sm">
          <Text>
            {t("adminPayouts.open.confirmText", {
              count: sums?.payableCount ?? 0,
              net: display.money(sums?.netCents ?? 0),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t("adminPayouts.fourEyes")}
          </Text>
        </Stack>
      </ActionDialog>
    </SectionCard>
  );
}

function Batches() {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf, go } = useAdminNav();
  const { params, update } = useFilterParams();
  const { page } = filtersFromAddress(zPageOnly, params).values;
  const batches = usePayoutBatches(page);
  return (
    <SectionCard title={t("adminPayouts.batches.title")}>
      <DataTable<TPayoutBatch>
        label={t("adminPayouts.batches.title")}
        {...pageQueryProps(batches)}
        idAccessor="id"
        page={page}
        pageSize={BATCHES_PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        onRowClick={({ record }) => go("payouts", record.id)}
        empty={{ text: t("adminPayouts.batches.empty") }}
        columns={[
          {
            accessor: "batchNumber",
            title: t("adminPayouts.columns.batch"),
            render: (batch) => (
              <AppLink to={pathOf("payouts", batch.id)} onClick={(event) => event.stopPropagation()}>
                {String(batch.batchNumber)}
              </AppLink>
            ),
          },
          {
            accessor: "status",
            title: t("adminPayouts.columns.status"),
            render: (batch) => <BatchStatusBadge status={batch.status} />,
          },
          { accessor: "storeCount", title: t("adminPayouts.columns.stores"), textAlign: "right" },
          { accessor: "payableCount", title: t("adminPayouts.columns.orders"), textAlign: "right" },
          {
            accessor: "netCents",
            title: t("storePayouts.columns.net"),
            textAlign: "right",
            render: (batch) => display.money(batch.netCents),
          },
          {
            accessor: "createdBy",
            title: t("adminPayouts.columns.createdBy"),
            render: (batch) => `${batch.createdBy.name}, ${formatDate(batch.createdAt)}`,
          },
          {
            accessor: "approvedBy",
            title: t("adminPayouts.columns.approvedBy"),
            render: (batch) => batch.approvedBy?.name ?? "",
          },
          {
            accessor: "paidDate",
            title: t("adminPayouts.columns.paidDate"),
            render: (batch) => display.date(batch.paidDate),
          },
        ]}
      />
    </SectionCard>
  );
}

/** The reconciliation CSV of the batches paid in a period: this month so far by default. */
function PeriodReconciliation() {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  const today = toHelsinkiDateString(new Date());
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const valid = range.from !== "" && range.to !== "" && range.from <= range.to;
  return (
    <SectionCard
      title={t("adminPayouts.reconciliation.title")}
      description={t("adminPayouts.reconciliation.intro")}
    >
      <Group align="end" gap="md" wrap="wrap">
        <DateField
          label={t("adminPayouts.reconciliation.from")}
          value={range.from}
          max={range.to}
          onChange={(value) => setRange({ ...range, from: value })}
        />
        <DateField
          label={t("adminPayouts.reconciliation.to")}
          value={range.to}
          min={range.from}
          onChange={(value) => setRange({ ...range, to: value })}
        />
        {valid ? (
          <Button
            component="a"
            variant="default"
            download
            href={reconciliationHref({ paidFrom: range.from, paidTo: range.to }, lang)}
          >
            {t("adminPayouts.reconciliation.download")}
          </Button>
        ) : (
          <Button variant="default" disabled>
            {t("adminPayouts.reconciliation.download")}
          </Button>
        )}
      </Group>
    </SectionCard>
  );
}
