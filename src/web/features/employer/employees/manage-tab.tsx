import { Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TEmployee } from "../../../../contract/employees.ts";
import { EMPLOYEE_FILTER_TYPES, hasEmploymentEnd } from "../../../../domain/employees.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../../../domain/enums.ts";
import { DataTable, type DataTableColumn, pageQueryProps } from "../../../components/data-table.tsx";
import { DateField } from "../../../components/date-field.tsx";
import { StatusBadge, ToneBadge } from "../../../components/status-badge.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { useFilterParams, useSearchText } from "../../../lib/filter-params.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { useSession } from "../../../lib/session.ts";
import { EmployeeDrawer } from "./employee-drawer.tsx";
import { useLanguage } from "./employee-form.tsx";
import { EmployeeStatusBadge, FILTER_TYPE_LABELS, fullName } from "./employee-labels.tsx";
import { TAB_PARAM, TABS, tabSearch, useOpenEmployee } from "./employee-nav.ts";
import {
  exportHref,
  type FilterKey,
  PAGE_SIZE,
  useEmployeesList,
  useFilterOptions,
} from "./employees-api.ts";
import { cursorOf, filtersOf, isFiltered, MORE_FILTERS, pageOf } from "./manage-filters.ts";

/**
 * The manage tab: every employee of the user's companies in a table the server pages (10 a page,
 * docs/product.md "Constants"), with the filters in the address (search, company, cost unit, payroll group, unit, a quick filter,
 * order and payment status, joined and processed dates), the export of the filtered list as CSV or
 * Excel, and one employee opened in a drawer (`&tyontekija=<id>`).
 */
export function ManageTab() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { user } = useSession();
  const companies = user?.companies ?? [];
  const severalCompanies = companies.length > 1;
  const { params, setParams, update } = useFilterParams<FilterKey>();
  const filters = filtersOf(params);
  const page = pageOf(params);
  const list = useEmployeesList(filters, page, cursorOf(params));
  const options = useFilterOptions(filters.companyId || null);
  const { employeeId, hrefOf, open, close } = useOpenEmployee();
  const moreActive = MORE_FILTERS.some((key) => filters[key] !== "");
  const [moreOpen, setMoreOpen] = useState(moreActive);
  const moreId = useId();

  // The search box is a draft: the address (and so the query) follows it once typing pauses.
  const search = useSearchText(filters.search, (value) => update({ search: value }));

  // A page emptied by a change (the last row of the last page decided or filtered away): back to the first.
  const emptyPage = list.data?.items.length === 0 && page > 1 && !list.isFetching;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an emptied page moves back.
  useEffect(() => {
    if (emptyPage) update({ page: "", after: "", before: "" });
  }, [emptyPage]);

  function clearFilters() {
    search.clear();
    setParams(new URLSearchParams({ [TAB_PARAM]: TABS.manage }), { replace: true });
  }

  const all = { value: "", label: t("employerEmployees.filters.all") };
  const companyName = (id: string) => companies.find((c) => c.id === id)?.name ?? "";
  const select = (key: FilterKey, label: string, data: { value: string; label: string }[]) => (
    <NativeSelect
      label={label}
      data={[all, ...data]}
      value={filters[key]}
      onChange={(event) => update({ [key]: event.currentTarget.value })}
    />
  );
  const date = (key: FilterKey, label: string, min?: string, max?: string) => (
    <DateField
      label={label}
      value={filters[key]}
      min={min || undefined}
      max={max || undefined}
      onChange={(value) => update({ [key]: value })}
    />
  );

  const columns: DataTableColumn<TEmployee>[] = [
    {
      accessor: "name",
      title: t("employerEmployees.columns.name"),
      render: (r) => (
        <Stack gap={2}>
          <Anchor component={Link} to={hrefOf(r.beneficiaryEmployeeId)} fw={600} size="sm">
            {fullName(r)}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {r.systemUser.workEmail}
          </Text>
        </Stack>
      ),
    },
    ...(severalCompanies
      ? [
          {
            accessor: "companyName",
            title: t("employerEmployees.columns.company"),
          } as DataTableColumn<TEmployee>,
        ]
      : []),
    {
      accessor: "unit",
      title: t("employerEmployees.columns.unitAndCostUnit"),
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm">{r.unitName ?? "–"}</Text>
          <Text size="sm" c="dimmed">
            {r.costUnit ?? "–"}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: "employeeNumber",
      title: t("employerEmployees.columns.employeeNumber"),
      render: (r) => r.employeeNumber ?? "–",
    },
    {
      accessor: "status",
      title: t("employerEmployees.columns.status"),
      render: (r) => <EmployeeStatusBadge status={r.status} />,
    },
    {
      accessor: "orders",
      title: t("employerEmployees.columns.latestOrder"),
      render: (r) => {
        const latest = r.orders[0];
        if (!latest) {
          return (
            <Text size="sm" c="dimmed">
              {t("employerEmployees.columns.noOrders")}
            </Text>
          );
        }
        return (
          <Stack gap={4} align="flex-start">
            <StatusBadge family="order" status={latest.orderStatus} />
            <Text size="xs" c="dimmed">
              {t("employerEmployees.columns.orderCount", { count: r.orderCount })}
            </Text>
          </Stack>
        );
      },
    },
    {
      accessor: "markers",
      title: t("employerEmployees.columns.markers"),
      render: (r) => <EmployeeMarkers employee={r} />,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" maw="var(--pd-measure)">
          {t("employerEmployees.manage.intro")}
        </Text>
        <Group gap="xs">
          <Button component="a" href={exportHref(filters, "csv", lang)} download variant="default" size="sm">
            {t("employerEmployees.manage.exportCsv")}
          </Button>
          <Button component="a" href={exportHref(filters, "xlsx", lang)} download variant="default" size="sm">
            {t("employerEmployees.manage.exportXlsx")}
          </Button>
        </Group>
      </Group>
      <Stack gap="sm" role="search" aria-label={t("employerEmployees.filters.label")}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: severalCompanies ? 3 : 2 }} spacing="md">
          <TextInput
            type="search"
            label={t("employerEmployees.filters.search")}
            description={t("employerEmployees.filters.searchHelp")}
            {...search.input}
          />
          <NativeSelect
            label={t("employerEmployees.filters.filterType")}
            description={t("employerEmployees.filters.filterTypeHelp")}
            data={EMPLOYEE_FILTER_TYPES.map((type) => ({
              value: type === "ALL" ? "" : type,
              label: t(FILTER_TYPE_LABELS[type]),
            }))}
            value={filters.filterType}
            onChange={(event) => update({ filterType: event.currentTarget.value })}
          />
          {severalCompanies && (
            <NativeSelect
              label={t("employerEmployees.filters.company")}
              description={t("employerEmployees.filters.companyHelp")}
              data={[all, ...companies.map((c) => ({ value: c.id, label: c.name }))]}
              value={filters.companyId}
              // The units belong to a company: another company's unit would hide every row.
              onChange={(event) => update({ companyId: event.currentTarget.value, unitId: "" })}
            />
          )}
        </SimpleGrid>
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setMoreOpen((value) => !value)}
            aria-expanded={moreOpen}
            aria-controls={moreId}
          >
            {moreOpen ? t("employerEmployees.filters.fewer") : t("employerEmployees.filters.more")}
          </Button>
        </Group>
        {moreOpen && (
          <SimpleGrid id={moreId} cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {select(
              "costUnit",
              t("employerEmployees.fields.costUnit"),
              (options.data?.costUnits ?? []).map((value) => ({ value, label: value })),
            )}
            {select(
              "payRollOther",
              t("employerEmployees.fields.payRollOther"),
              (options.data?.payRollOthers ?? []).map((value) => ({ value, label: value })),
            )}
            {select(
              "unitId",
              t("employerEmployees.fields.unit"),
              (options.data?.units ?? []).map((unit) => ({
                value: unit.unitId,
                label:
                  severalCompanies && !filters.companyId
                    ? `${unit.unitName} (${companyName(unit.companyId)})`
                    : unit.unitName,
              })),
            )}
            {select(
              "orderStatus",
              t("employerEmployees.filters.orderStatus"),
              ORDER_STATUSES.map((status) => ({
                value: status,
                label: t(STATUS_LABEL_KEYS.order[status] ?? status),
              })),
            )}
            {select(
              "paymentStatus",
              t("employerEmployees.filters.paymentStatus"),
              PAYMENT_STATUSES.map((status) => ({
                value: status,
                label: t(STATUS_LABEL_KEYS.payment[status] ?? status),
              })),
            )}
            {date("createdStart", t("employerEmployees.filters.createdStart"), undefined, filters.createdEnd)}
            {date("createdEnd", t("employerEmployees.filters.createdEnd"), filters.createdStart)}
            {date(
              "processedStart",
              t("employerEmployees.filters.processedStart"),
              undefined,
              filters.processedEnd,
            )}
            {date("processedEnd", t("employerEmployees.filters.processedEnd"), filters.processedStart)}
          </SimpleGrid>
        )}
      </Stack>
      <DataTable<TEmployee>
        label={t("employerEmployees.manage.tableLabel")}
        idAccessor="beneficiaryEmployeeId"
        {...pageQueryProps(list)}
        empty={{
          text: t("employerEmployees.manage.empty"),
          action: (
            <Button component={Link} to={tabSearch("add")} variant="light">
              {t("employerEmployees.manage.emptyAction")}
            </Button>
          ),
        }}
        filtered={{
          active: isFiltered(filters),
          text: t("employerEmployees.manage.emptyFiltered"),
          clearLabel: t("employerEmployees.manage.showAll"),
          onClear: clearFilters,
        }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) =>
          // The next and previous pages are sought from this one's cursors; another number is counted to.
          update({
            page: next > 1 ? String(next) : "",
            after: next === page + 1 ? (list.data?.nextCursor ?? "") : "",
            before: next === page - 1 && next > 1 ? (list.data?.previousCursor ?? "") : "",
          })
        }
        onRowClick={({ record, event }) => {
          // The name is a link of its own; a click on it opens the employee once.
          if ((event.target as HTMLElement).closest("a, button")) return;
          open(record.beneficiaryEmployeeId);
        }}
        columns={columns}
      />
      <EmployeeDrawer employeeId={employeeId} onClose={close} />
    </Stack>
  );
}

/** What the employer should notice at a glance: away today, the employment ended or about to end. */
function EmployeeMarkers({ employee }: { employee: TEmployee }) {
  const { t } = useTranslation();
  const markers = [];
  if (employee.currentAbsence) {
    markers.push(
      <ToneBadge key="absent" tone="warning">
        {t("employerEmployees.markers.absent")}
      </ToneBadge>,
    );
  }
  if (employee.employmentEnded) {
    markers.push(
      <ToneBadge key="ended" tone="neutral">
        {t("employerEmployees.markers.ended")}
      </ToneBadge>,
    );
  } else if (hasEmploymentEnd(employee.lastWorkingDayDate)) {
    markers.push(
      <ToneBadge key="ending" tone="info">
        {t("employerEmployees.markers.ending", { date: formatDate(employee.lastWorkingDayDate) })}
      </ToneBadge>,
    );
  }
  if (markers.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {markers}
    </Group>
  );
}
