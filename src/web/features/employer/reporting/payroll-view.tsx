import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { TPayrollReportResponse } from "../../../../contract/reporting.ts";
import { checkRouteAccess } from "../../../../domain/access.ts";
import { LONG_ABSENCE_DAYS } from "../../../../domain/employees.ts";
import { addMonths } from "../../../../domain/payroll/period.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { ChevronRightIcon } from "../../../components/design-icons.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { useSession } from "../../../lib/session.ts";
import { TAB_PARAM, TABS } from "../employees/employee-nav.ts";
import { StatCard } from "./figures.tsx";
import { FIRST_PERIOD, LAST_PERIOD, longMonth, monthChoices, periodOf, shortMonth } from "./months.ts";
import { usePayrollColumns } from "./payroll-columns.tsx";
import { payrollExportHref, usePayrollReport } from "./reporting-api.ts";
import { INCOME_TYPE_LABELS } from "./reporting-labels.ts";
import { PERIOD_PARAM } from "./reporting-views.ts";

/** The manage tab of /tyonantaja listing the employees payroll cannot place (manage-filters.ts reads it). */
function missingDataHref(companyId: string | null): string {
  const params = new URLSearchParams({ [TAB_PARAM]: TABS.manage, filterType: "MISSING_PAYROLL_DATA" });
  if (companyId) params.set("companyId", companyId);
  return `/tyonantaja?${params}`;
}

/**
 * The payroll report view of /raportointi (`?nakyma=palkkaraportti`, ADR 008): one company's
 * pay month (`?kausi=YYYY-MM`, the current month by default) with its sums for payroll and the Incomes
 * Register, every lease's row marked against last month, the files, and what the figures mean.
 */
export function PayrollView({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get(PERIOD_PARAM));
  const report = usePayrollReport(companyId, period);
  const [onlyChanges, setOnlyChanges] = useState(false);
  const columns = usePayrollColumns();
  const { user, accessUser } = useSession();
  // The reporting role reads reports only: links to the employees page are for those who may open it.
  const mayManage = checkRouteAccess("employer", accessUser) === "allow";
  const severalCompanies = (user?.companies.length ?? 0) > 1;

  function choose(next: string) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(PERIOD_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  }

  const data = report.data;
  const rows = data?.rows ?? [];
  const shown = onlyChanges ? rows.filter((row) => row.change !== null && row.change !== "UNCHANGED") : rows;
  const lng = currentLanguage();

  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={t("employerReporting.payroll.previousMonth")}
          disabled={period <= FIRST_PERIOD}
          onClick={() => choose(addMonths(period, -1))}
        >
          <span style={{ display: "inline-flex", transform: "rotate(180deg)" }}>
            <ChevronRightIcon size={18} />
          </span>
        </ActionIcon>
        <NativeSelect
          label={t("employerReporting.payroll.month")}
          value={period}
          onChange={(event) => choose(event.currentTarget.value)}
          data={monthChoices(period).map((value) => ({ value, label: longMonth(value, lng) }))}
          w={{ base: "100%", xs: 220 }}
        />
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={t("employerReporting.payroll.nextMonth")}
          disabled={period >= LAST_PERIOD}
          onClick={() => choose(addMonths(period, 1))}
        >
          <ChevronRightIcon size={18} />
        </ActionIcon>
        {report.isFetching && !report.isPending && (
          <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />
        )}
      </Group>

      {data && (
        <PayrollSummary
          report={data}
          companyId={companyId}
          missingHref={mayManage ? missingDataHref(severalCompanies ? companyId : null) : null}
        />
      )}

      <SectionCard
        title={t("employerReporting.payroll.rowsTitle", { month: longMonth(period, lng) })}
        description={t("employerReporting.payroll.rowsHelp")}
        actions={
          rows.length > 0 && (
            <Switch
              label={t("employerReporting.payroll.onlyChanges")}
              checked={onlyChanges}
              onChange={(event) => setOnlyChanges(event.currentTarget.checked)}
            />
          )
        }
      >
        <DataTable
          label={t("employerReporting.payroll.tableLabel", { month: longMonth(period, lng) })}
          columns={columns}
          records={report.isPending ? undefined : shown}
          idAccessor="key"
          loading={report.isPending}
          error={report.isError}
          onRetry={() => void report.refetch()}
          empty={{
            text: t("employerReporting.payroll.empty"),
            action: mayManage ? (
              <Button component={AppLink} to="/tyonantaja" variant="default">
                {t("employerReporting.payroll.toEmployees")}
              </Button>
            ) : undefined,
          }}
          filtered={{
            active: onlyChanges,
            text: t("employerReporting.payroll.noChanges"),
            clearLabel: t("employerReporting.payroll.showAll"),
            onClear: () => setOnlyChanges(false),
          }}
          // One company's month, every row at once: a single page.
          page={1}
          pageSize={Math.max(1, shown.length)}
          totalRecords={shown.length}
          onPageChange={() => {}}
        />
      </SectionCard>

      <PayrollExplained />
    </Stack>
  );
}

function PayrollSummary({
  report,
  companyId,
  missingHref,
}: {
  report: TPayrollReportResponse;
  companyId: string;
  missingHref: string | null;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const { totals, comparedWith } = report;
  const deductions = [
    { label: t("employerReporting.summary.grossDeduction"), value: money(totals.grossDeductionCents) },
    ...(totals.deferredCents !== 0
      ? [{ label: t("employerReporting.summary.deferred"), value: money(totals.deferredCents) }]
      : []),
    ...(totals.catchUpCents !== 0
      ? [{ label: t("employerReporting.summary.catchUp"), value: money(totals.catchUpCents) }]
      : []),
    { label: t("employerReporting.summary.netDeduction"), value: money(totals.netDeductionCents) },
  ];
  const incomeTypes = totals.incomeTypes.map((item) => ({
    label: `${item.incomeType} ${t(INCOME_TYPE_LABELS[item.incomeType])}`,
    value: money(item.amountCents),
  }));
  return (
    <Stack gap="lg">
      {report.employeesMissingPayrollData > 0 && (
        <Alert color="yellow" variant="light" title={t("employerReporting.missing.title")}>
          <Stack gap="xs">
            <Text size="sm">
              {t("employerReporting.missing.text", { count: report.employeesMissingPayrollData })}
            </Text>
            {missingHref ? (
              // The alert's own text colour, underlined: a green link on the yellow alert fails contrast in dark.
              <Anchor component={AppLink} to={missingHref} size="sm" c="inherit" underline="always" fw={600}>
                {t("employerReporting.missing.link")}
              </Anchor>
            ) : (
              <Text size="sm">{t("employerReporting.missing.askAdmin")}</Text>
            )}
          </Stack>
        </Alert>
      )}
      <SectionCard
        title={t("employerReporting.summary.title", { month: longMonth(report.period, lng) })}
        description={
          <>
            {comparedWith.source === "SENT" && comparedWith.sentAt
              ? t("employerReporting.summary.comparedSent", {
                  month: shortMonth(comparedWith.period),
                  date: formatDate(comparedWith.sentAt),
                })
              : t("employerReporting.summary.comparedComputed", {
                  month: shortMonth(comparedWith.period),
                })}{" "}
            {report.sentAt
              ? t("employerReporting.summary.sent", { date: formatDate(report.sentAt) })
              : t("employerReporting.summary.notSent")}
          </>
        }
        actions={
          <>
            <Button
              component="a"
              href={payrollExportHref(companyId, report.period, "csv", lng)}
              download
              variant="default"
              size="xs"
            >
              {t("employerReporting.summary.downloadCsv")}
            </Button>
            <Button
              component="a"
              href={payrollExportHref(companyId, report.period, "xlsx", lng)}
              download
              variant="default"
              size="xs"
            >
              {t("employerReporting.summary.downloadExcel")}
            </Button>
          </>
        }
      >
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2 }} component="dl" m={0}>
            <StatCard label={t("employerReporting.summary.rows")} value={totals.rowCount} />
            <StatCard label={t("employerReporting.summary.employees")} value={totals.employeeCount} />
          </SimpleGrid>
          <div>
            <Title order={3} size="h5" mb="xs">
              {t("employerReporting.summary.deductionsTitle")}
            </Title>
            <DetailsList items={deductions} />
          </div>
          <div>
            <Title order={3} size="h5" mb="xs">
              {t("employerReporting.summary.incomeTypesTitle")}
            </Title>
            <DetailsList items={incomeTypes} />
          </div>
        </Stack>
      </SectionCard>
    </Stack>
  );
}

/** What the columns and the tax rules mean, in plain words. */
function PayrollExplained() {
  const { t } = useTranslation();
  return (
    <SectionCard title={t("employerReporting.explain.title")}>
      <Stack gap="md" maw="var(--pd-measure)">
        <div>
          <Title order={3} size="h5" mb="xs">
            {t("employerReporting.explain.columnsTitle")}
          </Title>
          <List size="sm" spacing="xs">
            <List.Item>{t("employerReporting.explain.monthlyPayment")}</List.Item>
            <List.Item>{t("employerReporting.explain.grossDeduction")}</List.Item>
            <List.Item>{t("employerReporting.explain.incomeTypes")}</List.Item>
            <List.Item>{t("employerReporting.explain.netDeduction")}</List.Item>
            <List.Item>{t("employerReporting.explain.changes")}</List.Item>
          </List>
        </div>
        <div>
          <Title order={3} size="h5" mb="xs">
            {t("employerReporting.explain.taxTitle")}
          </Title>
          <List size="sm" spacing="xs">
            <List.Item>{t("employerReporting.explain.repeal")}</List.Item>
            <List.Item>{t("employerReporting.explain.grandfathered")}</List.Item>
            <List.Item>{t("employerReporting.explain.exempt2025")}</List.Item>
            <List.Item>{t("employerReporting.explain.commuterTicket")}</List.Item>
          </List>
        </div>
        <div>
          <Title order={3} size="h5" mb="xs">
            {t("employerReporting.explain.absenceTitle")}
          </Title>
          <List size="sm" spacing="xs">
            <List.Item>{t("employerReporting.explain.sickLeave")}</List.Item>
            <List.Item>{t("employerReporting.explain.unpaid")}</List.Item>
            <List.Item>{t("employerReporting.explain.long", { days: LONG_ABSENCE_DAYS })}</List.Item>
            <List.Item>{t("employerReporting.explain.lastPay")}</List.Item>
          </List>
        </div>
      </Stack>
    </SectionCard>
  );
}
