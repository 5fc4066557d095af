import { Loader, Paper, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FiguresData, FiguresTable } from "../../../components/figures-table.tsx";
import type { ReportBarChartProps } from "../../../components/report-bar-chart.tsx";
import { SectionCard } from "../../../components/section-card.tsx";

export type { FiguresData };

// The chart library is most of the page's weight: the figures come first, the charts when they arrive
// (a lazy module of its own, shared with the admin's Raportointi).
const ReportBarChart = lazy(() =>
  import("../../../components/report-bar-chart.tsx").then((m) => ({ default: m.ReportBarChart })),
);

/** A section of charts (lazy, hidden from screen readers) with their figures as a table beside them. */
export function ChartSection({
  title,
  description,
  data,
  charts,
}: {
  title: string;
  description?: ReactNode;
  data: FiguresData;
  charts: { title?: string; chart: ReportBarChartProps }[];
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  return (
    <SectionCard
      title={title}
      description={description}
      actions={
        <Switch
          label={t("employerReporting.overview.showTable")}
          checked={asTable}
          onChange={(event) => setAsTable(event.currentTarget.checked)}
        />
      }
    >
      <Stack gap="md">
        {!asTable && (
          <Suspense fallback={<Loader role="status" aria-label={t("ds.table.loading")} mx="auto" />}>
            <SimpleGrid cols={{ base: 1, md: charts.length > 1 ? 2 : 1 }} spacing="lg">
              {charts.map(({ title: chartTitle, chart }) => (
                <div key={chartTitle ?? title}>
                  {chartTitle && (
                    // The chart's own heading is seen; the table's caption says the same to screen readers.
                    <Text size="sm" fw={600} mb="xs" aria-hidden="true">
                      {chartTitle}
                    </Text>
                  )}
                  <ReportBarChart {...chart} />
                </div>
              ))}
            </SimpleGrid>
          </Suspense>
        )}
        <FiguresTable caption={title} data={data} shown={asTable} />
      </Stack>
    </SectionCard>
  );
}

/** One figure of a summary: a label over a large value, with an optional line that explains it. */
export function StatCard({ label, value, help }: { label: string; value: ReactNode; help?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fz="1.75rem" fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
        {value}
      </Text>
      {help && (
        <Text component="dd" m={0} size="sm" c="dimmed">
          {help}
        </Text>
      )}
    </Paper>
  );
}
