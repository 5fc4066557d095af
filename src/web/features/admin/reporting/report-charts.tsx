import { BarChart } from "@mantine/charts";
import "@mantine/charts/styles.layer.css";

/**
 * The report's charts (@mantine/charts on recharts, ~117 KB gzip): a lazy module of its own, loaded
 * after the figures, so the admin chunk stays small (as the calculator's cost chart). Each chart is
 * hidden from screen readers; the page gives its figures as a table next to it.
 */

export type ChartSeries = { name: string; label: string; color: string };

export function ReportBarChart({
  data,
  dataKey,
  series,
  stacked = false,
  horizontal = false,
}: {
  data: Record<string, string | number>[];
  dataKey: string;
  series: ChartSeries[];
  stacked?: boolean;
  horizontal?: boolean;
}) {
  return (
    <div aria-hidden="true">
      <BarChart
        h={horizontal ? Math.max(200, data.length * 28) : 300}
        data={data}
        dataKey={dataKey}
        series={series}
        type={stacked ? "stacked" : "default"}
        orientation={horizontal ? "vertical" : "horizontal"}
        withLegend={series.length > 1}
        legendProps={{ verticalAlign: "bottom" }}
        yAxisProps={horizontal ? { width: 180 } : { allowDecimals: false }}
        xAxisProps={horizontal ? { allowDecimals: false } : {}}
        tooltipAnimationDuration={0}
        // Hidden from assistive technology (the figures are a table beside it), so not focusable either.
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
