import { NativeSelect, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { zOrderCancellationsQuery } from "../../../../../contract/order-cancellations.ts";
import { ORDER_CANCELLATION_REQUESTERS, ORDER_CANCELLATION_STATUSES } from "../../../../../domain/enums.ts";
import { AppLink } from "../../../../components/app-link.tsx";
import { DataTable } from "../../../../components/data-table.tsx";
import { StatusBadge, ToneBadge } from "../../../../components/status-badge.tsx";
import { filtersFromAddress, useFilterParams, useSearchText } from "../../../../lib/filter-params.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS } from "../../orders/helpdesk-paths.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { useCompanyNames } from "../../users/users-api.ts";
import { PAYER_LABELS, REQUESTER_LABELS, STATUS_LABELS, STATUS_TONES } from "./cancellation-labels.ts";
import {
  CANCELLATIONS_PAGE_SIZE,
  type CancellationFilter,
  type TCancellationRow,
  useCancellations,
} from "./cancellations-api.ts";

type FilterKey = "status" | "requestedBy" | "companyId" | "search";
/** The status filter's value for every status; without one the list shows the open ones. */
const ALL = "ALL";

/**
 * The list's filters from the address, read through the list's query schema: open cancellations first
 * (status PENDING unless told, ALL for every status).
 */
function cancellationFilterOf(params: URLSearchParams): CancellationFilter {
  const { values } = filtersFromAddress(zOrderCancellationsQuery, params);
  return {
    status: params.get("status") === ALL ? null : (values.status ?? "PENDING"),
    requestedBy: values.requestedBy ?? null,
    companyId: values.companyId ?? null,
    search: (values.search ?? "").trim(),
    page: values.page,
  };
}

/**
 * Hakemukset → Peruutukset: the order cancellations, open ones first by default, searched by
 * order number or the employee, narrowed by status, who asked and company, 20 a page on the server; the
 * filters live in the address. A row opens the cancellation.
 */
export function CancellationList() {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf, go } = useAdminNav();
  const { params, update } = useFilterParams<FilterKey>();
  const filter = cancellationFilterOf(params);
  const list = useCancellations(filter);
  const companies = useCompanyNames();
  const search = useSearchText(filter.search, (value) => update({ search: value }));
  const headingId = useId();
  const detailPath = (id: string) => pathOf("applications", AFTER_SALES_SEGMENTS.cancellations, id);
  const filtered =
    filter.status !== "PENDING" ||
    filter.requestedBy !== null ||
    filter.companyId !== null ||
    filter.search !== "";

  function clearFilters() {
    search.clear();
    update({ status: "", requestedBy: "", companyId: "", search: "" });
  }

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t("adminCancellations.list.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
          {t("adminCancellations.list.intro")}
        </Text>
      </div>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 4 }}
        spacing="md"
        role="search"
        aria-label={t("adminCancellations.list.filters")}
      >
        <TextInput
          label={t("adminCancellations.list.search")}
          placeholder={t("adminCancellations.list.searchPlaceholder")}
          type="search"
          {...search.input}
        />
        <NativeSelect
          label={t("adminCancellations.list.status")}
          value={filter.status ?? ALL}
          onChange={(event) => {
            const value = event.currentTarget.value;
            update({ status: value === "PENDING" ? "" : value });
          }}
          data={[
            ...ORDER_CANCELLATION_STATUSES.map((status) => ({
              value: status,
              label: t(STATUS_LABELS[status]),
            })),
            { value: ALL, label: t("adminCancellations.list.allStatuses") },
          ]}
        />
        <NativeSelect
          label={t("adminCancellations.list.requestedBy")}
          value={filter.requestedBy ?? ""}
          onChange={(event) => update({ requestedBy: event.currentTarget.value })}
          data={[
            { value: "", label: t("adminCancellations.list.anyone") },
            ...ORDER_CANCELLATION_REQUESTERS.map((side) => ({
              value: side,
              label: t(REQUESTER_LABELS[side]),
            })),
          ]}
        />
        <Select
          label={t("adminCancellations.list.company")}
          placeholder={t("adminCancellations.list.allCompanies")}
          data={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
          value={filter.companyId}
          onChange={(value) => update({ companyId: value ?? "" })}
          searchable
          clearable
          nothingFoundMessage={t("adminCancellations.list.noCompanyFound")}
          comboboxProps={{ withinPortal: false }}
        />
      </SimpleGrid>
      <DataTable<TCancellationRow>
        label={t("adminCancellations.list.title")}
        idAccessor="orderCancellationId"
        records={list.data?.items}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        totalRecords={list.data?.total ?? 0}
        empty={{ text: t("adminCancellations.list.empty") }}
        filtered={{
          active: filtered,
          text: t("adminCancellations.list.emptyFiltered"),
          clearLabel: t("adminCancellations.list.clearFilters"),
          onClear: clearFilters,
        }}
        page={filter.page}
        pageSize={CANCELLATIONS_PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        onRowClick={({ record }) =>
          go("applications", AFTER_SALES_SEGMENTS.cancellations, record.orderCancellationId)
        }
        columns={[
          {
            accessor: "order.orderNumber",
            title: t("adminCancellations.columns.order"),
            render: (row) => (
              // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the link navigates itself.
              <span onClick={(event) => event.stopPropagation()}>
                <AppLink to={detailPath(row.orderCancellationId)}>
                  {t("adminCancellations.orderNumber", { number: row.order.orderNumber })}
                </AppLink>
              </span>
            ),
          },
          {
            accessor: "employee",
            title: t("adminCancellations.columns.employee"),
            render: (row) => (
              <div>
                <Text size="sm">{row.order.employee.name}</Text>
                <Text size="xs" c="dimmed">
                  {row.order.company.name}
                </Text>
              </div>
            ),
          },
          {
            accessor: "requestedBy",
            title: t("adminCancellations.columns.requestedBy"),
            render: (row) => t(REQUESTER_LABELS[row.requestedBy]),
          },
          {
            accessor: "status",
            title: t("adminCancellations.columns.status"),
            render: (row) => (
              <ToneBadge tone={STATUS_TONES[row.status]}>{t(STATUS_LABELS[row.status])}</ToneBadge>
            ),
          },
          {
            accessor: "orderStatus",
            title: t("adminCancellations.columns.orderStatus"),
            render: (row) => <StatusBadge family="order" status={row.order.orderStatus} />,
          },
          {
            accessor: "refundAmountCents",
            title: t("adminCancellations.columns.refund"),
            textAlign: "right",
            render: (row) =>
              row.refundAmountCents > 0 ? (
                <div style={{ whiteSpace: "nowrap" }}>
                  <Text size="sm">{display.money(row.refundAmountCents)}</Text>
                  {row.payerType && row.refundToType && (
                    <Text size="xs" c="dimmed">
                      {t("adminCancellations.refund.flow", {
                        payer: t(PAYER_LABELS[row.payerType]),
                        recipient: t(PAYER_LABELS[row.refundToType]),
                      })}
                    </Text>
                  )}
                </div>
              ) : (
                "–"
              ),
          },
          {
            accessor: "createdAt",
            title: t("adminCancellations.columns.requestedAt"),
            render: (row) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(row.createdAt)}</span>,
          },
        ]}
      />
    </Stack>
  );
}
