import { BarChart } from "@mantine/charts";
import "@mantine/charts/styles.layer.css";

/**
 * A report's bar chart (@mantine/charts on recharts, ~117 KB gzip). Import it lazily, as a module of its
 * own loaded after the figures, so the page's chunk stays small (the admin's Raportointi, the employer's
 * /raportointi; the calculator's cost chart likewise). The chart is hidden from screen readers and not
 * focusable: the page gives the same figures as a table next to it.
 */

type ChartSeries = { name: string; label: string; color: string };

export type ReportBarChartProps = {
  /** One object a bar (group): the category under `dataKey`, each series' value under its `name`. */
  data: Record<string, string | number>[];
  dataKey: string;
  /** Colours are theme colours ("pedaali.6"), never hex. */
  series: ChartSeries[];
  stacked?: boolean;
  /** Bars from left to right, one row per category (long labels such as statuses). */
  horizontal?: boolean;
  /** How the values read on the axis and in the tooltip (money); whole counts by default. */
  valueFormatter?: (value: number) => string;
};

export function ReportBarChart({
  data,
  dataKey,
  series,
  stacked = false,
  horizontal = false,
  valueFormatter,
}: ReportBarChartProps) {
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
        yAxisProps={
          horizontal ? { width: 180 } : { allowDecimals: false, ...(valueFormatter ? { width: 90 } : {}) }
        }
        xAxisProps={horizontal ? { allowDecimals: false } : {}}
        {...(valueFormatter ? { valueFormatter } : {})}
        tooltipAnimationDuration={0}
        // Hidden from assistive technology (the figures are a table beside it), so not focusable either.
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
