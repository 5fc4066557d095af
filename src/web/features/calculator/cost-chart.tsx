import { LineChart } from "@mantine/charts";
import "@mantine/charts/styles.layer.css";
import { Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TCalculatorResult } from "../../../contract/calculator.ts";
import { SectionCard } from "../../components/section-card.tsx";
import { cumulativeCosts } from "./cost-series.ts";
import { useMoney, useWholeEuros } from "./display.ts";

/**
 * Cumulative cost over the lease: the net pay the lease has taken so far against buying the bike
 * outright on day one. The years table below gives the same figures as text.
 */
export function CostChart({ result, onShown }: { result: TCalculatorResult; onShown?: () => void }) {
  const { t } = useTranslation();
  useEffect(() => onShown?.(), [onShown]);
  const money = useMoney();
  const euros = useWholeEuros();
  const points = cumulativeCosts(result);
  const summary = t("calculator.chartSummary", {
    months: result.leaseTimeMonths,
    lease: money(result.totalCostWithBenefit),
    buy: money(result.totalCostWithoutBenefit),
  });
  return (
    <SectionCard title={t("calculator.chartTitle")} description={t("calculator.chartHelp")}>
      <div role="img" aria-label={summary}>
        <LineChart
          h={280}
          data={points}
          dataKey="month"
          series={[
            { name: "lease", label: t("calculator.chartLease"), color: "pedaali.6" },
            { name: "buy", label: t("calculator.chartBuy"), color: "orange.6", strokeDasharray: "6 4" },
          ]}
          curveType="linear"
          withDots={false}
          withLegend
          legendProps={{ verticalAlign: "bottom" }}
          valueFormatter={euros}
          xAxisLabel={t("calculator.chartMonths")}
          yAxisProps={{ width: 90 }}
          tooltipAnimationDuration={0}
        />
      </div>
      <Text size="sm" c="dimmed" mt="xs">
        {summary}
      </Text>
    </SectionCard>
  );
}
