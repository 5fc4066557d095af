import { Anchor, Button, Group, Loader, SimpleGrid, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TReportingDashboard } from "../../../../contract/reporting.ts";
import { checkRouteAccess } from "../../../../domain/access.ts";
import type { OrderStatus } from "../../../../domain/enums.ts";
import type { TaxRegime } from "../../../../domain/payroll/types.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { AlertIcon } from "../../../components/design-icons.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { formatPercent, formatWholeEuros } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { useSession } from "../../../lib/session.ts";
import { ChartSection, StatCard } from "./figures.tsx";
import { shortMonth } from "./months.ts";
import { useReportingDashboard } from "./reporting-api.ts";
import { REGIME_LABELS } from "./reporting-labels.ts";

const REGIMES: readonly TaxRegime[] = ["GRANDFATHERED", "EXEMPT_2025_ONLY", "TAXABLE"];

/** The share of accepted employees with a running lease, as a whole percentage; null without any. */
export function takeUpPercent(withActiveLease: number, accepted: number): number | null {
  return accepted > 0 ? Math.round((withActiveLease / accepted) * 100) : null;
}

/**
 * The overview of /raportointi (`?nakyma=yleiskuva`, the default): the company's benefit at a glance
 * (leases, cost, take-up, join requests, the tax-free part, leases ending), then the last 12 months,
 * the orders by status and the leases by tax regime as charts with their figures as tables.
 */
export function OverviewView({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const dashboard = useReportingDashboard(companyId);
  if (dashboard.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label={t("employerReporting.overview.loading")} />
      </Group>
    );
  }
  if (dashboard.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={24} />}
        text={<span role="alert">{t("employerReporting.overview.loadError")}</span>}
        action={
          <Button variant="default" onClick={() => void dashboard.refetch()}>
            {t("ds.table.retry")}
          </Button>
        }
      />
    );
  }
  return <Overview dashboard={dashboard.data} />;
}

function Overview({ dashboard }: { dashboard: TReportingDashboard }) {
  const { t } = useTranslation();
  const { accessUser } = useSession();
  // The reporting role reads reports only: links to the employees page are for those who may open it.
  const mayManage = checkRouteAccess("employer", accessUser) === "allow";
  const lng = currentLanguage();
  const { employees } = dashboard;
  const takeUp = takeUpPercent(employees.withActiveLease, employees.accepted);
  const orders = dashboard.ordersByStatus.filter((row) => row.count > 0);
  const anyLeases = dashboard.activeLeases > 0 || dashboard.months.some((month) => month.activeLeases > 0);
  const statusLabel = (status: OrderStatus) => t(STATUS_LABEL_KEYS.order[status] ?? status);
  const regimeLabel = (regime: TaxRegime) => t(REGIME_LABELS[regime]);
  const toEmployees = (label: string) =>
    mayManage ? (
      <Anchor component={AppLink} to="/tyonantaja" size="sm">
        {label}
      </Anchor>
    ) : undefined;

  const monthsHead = [
    t("employerReporting.overview.month"),
    t("employerReporting.overview.runningLeases"),
    t("employerReporting.overview.leaseCost"),
  ];
  const ordersHead = [t("employerReporting.overview.status"), t("employerReporting.overview.orders")];
  const regimesHead = [t("employerReporting.overview.regime"), t("employerReporting.overview.leases")];

  return (
    <Stack gap="lg">
      <SectionCard title={t("employerReporting.overview.nowTitle")}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="dl" m={0}>
          <StatCard
            label={t("employerReporting.overview.activeLeases")}
            value={dashboard.activeLeases}
            help={t("employerReporting.overview.activeLeasesHelp")}
          />
          <StatCard
            label={t("employerReporting.overview.monthlyCost")}
            value={money(dashboard.monthlyCostCents)}
            help={t("employerReporting.overview.monthlyCostHelp")}
          />
          <StatCard
            label={t("employerReporting.overview.takeUp")}
            value={takeUp === null ? "–" : formatPercent(takeUp, lng)}
            help={
              takeUp === null
                ? t("employerReporting.overview.takeUpNone")
                : t("employerReporting.overview.takeUpHelp", {
                    withLease: employees.withActiveLease,
                    accepted: employees.accepted,
                  })
            }
          />
          <StatCard
            label={t("employerReporting.overview.pending")}
            value={employees.pending}
            help={
              employees.pending > 0
                ? (toEmployees(t("employerReporting.overview.pendingLink")) ??
                  t("employerReporting.overview.pendingHelp"))
                : t("employerReporting.overview.pendingNone")
            }
          />
          <StatCard
            label={t("employerReporting.overview.taxFreeThisYear")}
            value={money(dashboard.taxFreeThisYearCents)}
            help={t("employerReporting.overview.taxFreeThisYearHelp")}
          />
          <StatCard
            label={t("employerReporting.overview.endingSoon")}
            value={dashboard.leasesEndingSoon}
            help={t("employerReporting.overview.endingSoonHelp")}
          />
          {/* The same open lease ends as the Pyörät list shows as open, the overdue among them named. */}
          <StatCard
            label={t("employerReporting.overview.openRedemptions")}
            value={dashboard.openLeaseEnds.open}
            help={t("employerReporting.overview.openRedemptionsHelp", {
              overdue: dashboard.openLeaseEnds.overdue,
            })}
          />
        </SimpleGrid>
      </SectionCard>

      {!anyLeases && orders.length === 0 ? (
        <EmptyState
          text={t("employerReporting.overview.empty")}
          action={
            mayManage ? (
              <Button component={AppLink} to="/tyonantaja" variant="default">
                {t("employerReporting.overview.toEmployees")}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ChartSection
            title={t("employerReporting.overview.monthsTitle")}
            description={t("employerReporting.overview.monthsHelp")}
            data={{
              head: monthsHead,
              rows: dashboard.months.map((month) => [
                shortMonth(month.period),
                month.activeLeases,
                money(month.leaseCostCents),
              ]),
            }}
            charts={[
              {
                title: t("employerReporting.overview.runningLeases"),
                chart: {
                  data: dashboard.months.map((month) => ({
                    month: shortMonth(month.period),
                    leases: month.activeLeases,
                  })),
                  dataKey: "month",
                  series: [
                    {
                      name: "leases",
                      label: t("employerReporting.overview.runningLeases"),
                      color: "pedaali.6",
                    },
                  ],
                },
              },
              {
                title: t("employerReporting.overview.leaseCost"),
                chart: {
                  data: dashboard.months.map((month) => ({
                    month: shortMonth(month.period),
                    cost: month.leaseCostCents / 100,
                  })),
                  dataKey: "month",
                  series: [
                    { name: "cost", label: t("employerReporting.overview.leaseCost"), color: "blue.6" },
                  ],
                  valueFormatter: (euros) => formatWholeEuros(euros, lng),
                },
              },
            ]}
          />
          {orders.length > 0 && (
            <ChartSection
              title={t("employerReporting.overview.ordersTitle")}
              description={t("employerReporting.overview.ordersHelp")}
              data={{
                head: ordersHead,
                rows: orders.map((row) => [statusLabel(row.orderStatus), row.count]),
              }}
              charts={[
                {
                  chart: {
                    data: orders.map((row) => ({ status: statusLabel(row.orderStatus), count: row.count })),
                    dataKey: "status",
                    series: [
                      { name: "count", label: t("employerReporting.overview.orders"), color: "pedaali.6" },
                    ],
                    horizontal: true,
                  },
                },
              ]}
            />
          )}
          <ChartSection
            title={t("employerReporting.overview.regimesTitle")}
            description={t("employerReporting.overview.regimesHelp")}
            data={{
              head: regimesHead,
              rows: REGIMES.map((regime) => [regimeLabel(regime), dashboard.leasesByRegime[regime]]),
            }}
            charts={[
              {
                chart: {
                  data: REGIMES.map((regime) => ({
                    regime: regimeLabel(regime),
                    count: dashboard.leasesByRegime[regime],
                  })),
                  dataKey: "regime",
                  series: [
                    { name: "count", label: t("employerReporting.overview.leases"), color: "pedaali.6" },
                  ],
                  horizontal: true,
                },
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
