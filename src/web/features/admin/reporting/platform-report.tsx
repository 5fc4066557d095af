import { Button, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { TPlatformReport } from "../../../../contract/admin.ts";
import type { OrderStatus, PayerType } from "../../../../domain/enums.ts";
import { DateField } from "../../../components/date-field.tsx";
import { AlertIcon } from "../../../components/design-icons.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { type FiguresData, FiguresTable } from "../../../components/figures-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { type CsvCell, csvEuros, csvFileName, downloadCsv, toCsv } from "./csv.ts";
import { usePlatformReport } from "./reporting-api.ts";

// The chart library is most of the tab's weight: the figures come first, the charts when they arrive.
const ReportBarChart = lazy(() =>
  import("../../../components/report-bar-chart.tsx").then((m) => ({ default: m.ReportBarChart })),
);

/** Theme colours for many series (order statuses), readable in both schemes. */
const SERIES_COLOURS = [
  "pedaali.6",
  "blue.6",
  "orange.6",
  "violet.6",
  "cyan.6",
  "grape.6",
  "yellow.6",
  "teal.6",
  "red.6",
  "indigo.6",
  "lime.6",
  "pink.6",
  "gray.6",
  "green.8",
  "blue.9",
  "orange.9",
] as const;

/** The payer labels, spelled out so that the catalogue check sees every key in use. */
const PAYER_LABELS: Record<PayerType, string> = {
  BIKE_STORE: "adminReports.payers.BIKE_STORE",
  PEDAALI: "adminReports.payers.PEDAALI",
  GRENKE: "adminReports.payers.GRENKE",
  LEASE_PLUS: "adminReports.payers.LEASE_PLUS",
  SVEA: "adminReports.payers.SVEA",
  EMPLOYEE: "adminReports.payers.EMPLOYEE",
  OTHER: "adminReports.payers.OTHER",
};

const TOTALS = [
  ["companies", "adminReports.totals.companies"],
  ["groupCompanies", "adminReports.totals.groupCompanies"],
  ["employees", "adminReports.totals.employees"],
  ["pendingEmployees", "adminReports.totals.pendingEmployees"],
  ["orders", "adminReports.totals.orders"],
  ["activeLeases", "adminReports.totals.activeLeases"],
  ["pendingApplications", "adminReports.totals.pendingApplications"],
] as const satisfies readonly (readonly [keyof TPlatformReport["totals"], string])[];

/** "2026-11" → "11/2026". */
function monthLabel(month: string): string {
  const [year, number] = month.split("-");
  return `${number}/${year}`;
}

/** A count in the reader's language ("12 345"). */
function formatCount(count: number): string {
  return new Intl.NumberFormat(currentLanguage() === "en" ? "en-GB" : "fi-FI").format(count);
}

/** One figure section: its chart (lazy), the same figures as a table, and the CSV of them. */
function FigureSection({
  title,
  description,
  data,
  csv,
  fileName,
  chart,
}: {
  title: string;
  description?: string;
  data: FiguresData;
  csv: CsvCell[][];
  fileName: string;
  chart?: ComponentProps<typeof ReportBarChart>;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(!chart);
  return (
    <SectionCard
      title={title}
      description={description}
      actions={
        <>
          {chart && (
            <Switch
              label={t("adminReports.showTable")}
              checked={asTable}
              onChange={(event) => setAsTable(event.currentTarget.checked)}
            />
          )}
          <Button variant="default" size="xs" onClick={() => downloadCsv(fileName, toCsv(csv))}>
            {t("adminReports.downloadCsv")}
          </Button>
        </>
      }
    >
      {data.rows.length === 0 ? (
        <EmptyState text={t("adminReports.noData")} />
      ) : (
        <Stack gap="md">
          {chart && !asTable && (
            <Suspense fallback={<Loader role="status" aria-label={t("ds.table.loading")} mx="auto" />}>
              <ReportBarChart {...chart} />
            </Suspense>
          )}
          <FiguresTable caption={title} data={data} shown={asTable} />
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * Raportointi's figures: the platform's totals and its orders, leases and invoiced
 * money over a date range (the API's default range until the reader picks one, kept in the address).
 */
export function PlatformReport() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const range = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const report = usePlatformReport(range);

  function setDate(key: "from" | "to", value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }

  const data = report.data;
  return (
    <Stack gap="lg">
      <Group align="end" gap="md" wrap="wrap">
        <DateField
          label={t("adminReports.from")}
          value={range.from || data?.from || ""}
          max={range.to || data?.to}
          onChange={(value) => setDate("from", value)}
        />
        <DateField
          label={t("adminReports.to")}
          value={range.to || data?.to || ""}
          min={range.from || data?.from}
          onChange={(value) => setDate("to", value)}
        />
        {report.isFetching && <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />}
      </Group>
      {report.isPending ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={t("ds.table.loading")} />
        </Group>
      ) : report.isError || !data ? (
        <EmptyState
          icon={<AlertIcon size={24} />}
          text={<span role="alert">{t("adminReports.loadError")}</span>}
          action={
            <Button variant="default" onClick={() => void report.refetch()}>
              {t("ds.table.retry")}
            </Button>
          }
        />
      ) : (
        <ReportSections report={data} />
      )}
    </Stack>
  );
}

function ReportSections({ report }: { report: TPlatformReport }) {
  const { t } = useTranslation();
  const statusLabel = (status: OrderStatus) => t(STATUS_LABEL_KEYS.order[status] ?? status);
  const file = (name: string) => csvFileName(name, report.from, report.to);
  const period = t("adminReports.period", { from: formatDate(report.from), to: formatDate(report.to) });

  const totalsHead = [t("adminReports.figure"), t("adminReports.count")];
  const totalsRows: CsvCell[][] = TOTALS.map(([key, label]) => [t(label), report.totals[key]]);

  const byStatus = report.ordersByStatus.filter((row) => row.count > 0);
  const byStatusHead = [t("adminReports.status"), t("adminReports.orders")];
  const byStatusRows: CsvCell[][] = byStatus.map((row) => [statusLabel(row.status), row.count]);

  // Only the statuses that occur in the range get a series (and a column).
  const overTimeStatuses = [
    ...new Set(report.ordersOverTime.flatMap((row) => Object.keys(row.counts) as OrderStatus[])),
  ];
  const overTimeHead = [t("adminReports.month"), ...overTimeStatuses.map(statusLabel)];
  const overTimeRows: CsvCell[][] = report.ordersOverTime.map((row) => [
    monthLabel(row.month),
    ...overTimeStatuses.map((status) => row.counts[status] ?? 0),
  ]);
  const anyOrders = overTimeRows.some((row) => row.slice(1).some((count) => Number(count) > 0));

  const leasesHead = [t("adminReports.month"), t("adminReports.started"), t("adminReports.ending")];
  const leasesRows: CsvCell[][] = report.leases.map((row) => [
    monthLabel(row.month),
    row.started,
    row.ending,
  ]);

  const moneyHead = [t("adminReports.payer"), t("adminReports.invoiced"), t("adminReports.paid")];

  return (
    <Stack gap="lg">
      <SectionCard
        title={t("adminReports.totalsTitle")}
        description={t("adminReports.totalsHelp")}
        actions={
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              downloadCsv(file(t("adminReports.files.totals")), toCsv([totalsHead, ...totalsRows]))
            }
          >
            {t("adminReports.downloadCsv")}
          </Button>
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0}>
          {TOTALS.map(([key, label]) => (
            <StatCard key={key} label={t(label)} value={formatCount(report.totals[key])} />
          ))}
        </SimpleGrid>
      </SectionCard>
      <FigureSection
        title={t("adminReports.byStatusTitle")}
        description={t("adminReports.byStatusHelp")}
        data={{ head: byStatusHead, rows: byStatusRows }}
        csv={[byStatusHead, ...byStatusRows]}
        fileName={file(t("adminReports.files.byStatus"))}
        chart={{
          data: byStatus.map((row) => ({ status: statusLabel(row.status), count: row.count })),
          dataKey: "status",
          series: [{ name: "count", label: t("adminReports.orders"), color: "pedaali.6" }],
          horizontal: true,
        }}
      />
      <FigureSection
        title={t("adminReports.overTimeTitle")}
        description={`${t("adminReports.overTimeHelp")} ${period}`}
        data={{ head: overTimeHead, rows: anyOrders ? overTimeRows : [] }}
        csv={[overTimeHead, ...overTimeRows]}
        fileName={file(t("adminReports.files.overTime"))}
        chart={{
          data: report.ordersOverTime.map((row) => ({ month: monthLabel(row.month), ...row.counts })),
          dataKey: "month",
          series: overTimeStatuses.map((status, i) => ({
            name: status,
            label: statusLabel(status),
            color: SERIES_COLOURS[i % SERIES_COLOURS.length] ?? "gray.6",
          })),
          stacked: true,
        }}
      />
      <FigureSection
        title={t("adminReports.leasesTitle")}
        description={`${t("adminReports.leasesHelp")} ${period}`}
        data={{ head: leasesHead, rows: leasesRows }}
        csv={[leasesHead, ...leasesRows]}
        fileName={file(t("adminReports.files.leases"))}
        chart={{
          data: report.leases.map((row) => ({
            month: monthLabel(row.month),
            started: row.started,
            ending: row.ending,
          })),
          dataKey: "month",
          series: [
            { name: "started", label: t("adminReports.started"), color: "pedaali.6" },
            { name: "ending", label: t("adminReports.ending"), color: "orange.6" },
          ],
        }}
      />
      <FigureSection
        title={t("adminReports.moneyTitle")}
        description={`${t("adminReports.moneyHelp")} ${period}`}
        data={{
          head: moneyHead,
          rows: report.moneyByPayer.map((row) => [
            t(PAYER_LABELS[row.payerType]),
            // The report answers euros, not cents.
            money(Math.round(row.invoiced * 100)),
            money(Math.round(row.paid * 100)),
          ]),
        }}
        csv={[
          moneyHead,
          ...report.moneyByPayer.map((row) => [
            t(PAYER_LABELS[row.payerType]),
            csvEuros(row.invoiced),
            csvEuros(row.paid),
          ]),
        ]}
        fileName={file(t("adminReports.files.money"))}
      />
    </Stack>
  );
}

function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fz="1.75rem" fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
        {value}
      </Text>
    </Paper>
  );
}
