import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ORDER_STATUS_GROUPS, type TOrderListItem, zOrdersQuery } from "../../../../contract/orders.ts";
import type { OrderStatus } from "../../../../domain/enums.ts";
import { ORDER_WAITING_ON } from "../../../../domain/order-state-machine.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { StackingSegments } from "../../../components/stacking-segments.tsx";
import { OrderStatusBadges } from "../../../components/status-badge.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { filtersFromAddress, useFilterParams, useSearchText } from "../../../lib/filter-params.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { useCompanyNames } from "../users/users-api.ts";
import { BulkStatusDialog } from "./bulk-status-dialog.tsx";
import { GROUP_LABELS, GROUP_STATUSES } from "./order-labels.ts";
import { OrderQueueHeading } from "./order-queue-heading.tsx";
import { ORDERS_PAGE_SIZE, type OrderQueueFilter, useOrderCounts, useOrderQueue } from "./orders-api.ts";
import { TasksStrip } from "./tasks-strip.tsx";
import { useOrderLinks } from "./use-order-links.tsx";
import { WaitingSince } from "./waiting-since.tsx";

type FilterKey = "group" | "status" | "search" | "companyId";

/**
 * The queue's filters from the address, read through the list's query schema (general subset, every
 * status, page 1 unless told); the subset is `group` in the address.
 */
export function queueFilterOf(params: URLSearchParams): OrderQueueFilter {
  const { values } = filtersFromAddress(zOrdersQuery, params);
  const group = zOrdersQuery.shape.statusGroup.safeParse(params.get("group") ?? undefined).data;
  return {
    group: group ?? "GENERAL",
    status: values.status ?? null,
    search: (values.search ?? "").trim(),
    companyId: values.companyId ?? null,
    page: values.page,
  };
}

/**
 * The helpdesk's order queue: what waits for the helpdesk on top, then every order
 * of the status subset of docs/product.md "States", narrowed by status (with its count), search and company, 20 a page on
 * the server. The filters live in the address. Rows can be selected for a safe move in bulk; a row
 * opens the order.
 */
export function OrderQueue() {
  const { t } = useTranslation();
  const display = useDisplay();
  const links = useOrderLinks();
  const { params, update } = useFilterParams<FilterKey>();
  const filter = queueFilterOf(params);
  const list = useOrderQueue(filter);
  const counts = useOrderCounts(filter.companyId);
  const companies = useCompanyNames();
  const search = useSearchText(filter.search, (value) => update({ search: value }));
  const [selected, setSelected] = useState<TOrderListItem[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  const headingId = useId();

  const rows = list.data?.items ?? [];
  const selectedIds = new Set(selected.map((order) => order.orderId));
  const allOnPage = rows.length > 0 && rows.every((order) => selectedIds.has(order.orderId));
  const someOnPage = rows.some((order) => selectedIds.has(order.orderId));
  const filtered = filter.status !== null || filter.search !== "" || filter.companyId !== null;

  function change(next: Partial<Record<FilterKey | "page", string>>) {
    setSelected([]);
    update(next);
  }
  function clearFilters() {
    search.clear();
    change({ status: "", search: "", companyId: "" });
  }
  function toggle(order: TOrderListItem, on: boolean) {
    setSelected((previous) =>
      on ? [...previous, order] : previous.filter((other) => other.orderId !== order.orderId),
    );
  }
  function togglePage(on: boolean) {
    setSelected((previous) => {
      const others = previous.filter((order) => !rows.some((row) => row.orderId === order.orderId));
      return on ? [...others, ...rows] : others;
    });
  }

  const statusCount = (status: OrderStatus) => counts.data?.get(status) ?? 0;
  const groupTotal = GROUP_STATUSES[filter.group].reduce((sum, status) => sum + statusCount(status), 0);

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <OrderQueueHeading id={headingId} />
      <TasksStrip />
      {/* Three status subsets do not fit side by side on a phone: there they stack. */}
      <StackingSegments
        stackBelow="phone"
        aria-label={t("adminOrders.queue.groupFilter")}
        value={filter.group}
        onChange={(value) => change({ group: value === "GENERAL" ? "" : value, status: "" })}
        data={ORDER_STATUS_GROUPS.map((group) => ({ value: group, label: t(GROUP_LABELS[group]) }))}
      />
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        role="search"
        aria-label={t("adminOrders.queue.filters")}
      >
        <NativeSelect
          label={t("adminOrders.queue.statusFilter")}
          value={filter.status ?? ""}
          onChange={(event) => change({ status: event.currentTarget.value })}
          data={[
            { value: "", label: t("adminOrders.queue.allStatuses", { count: groupTotal }) },
            ...GROUP_STATUSES[filter.group].map((status) => ({
              value: status,
              label: t("adminOrders.queue.statusWithCount", {
                status: t(STATUS_LABEL_KEYS.order[status] ?? status),
                count: statusCount(status),
              }),
            })),
          ]}
        />
        <TextInput
          label={t("adminOrders.queue.search")}
          placeholder={t("adminOrders.queue.searchPlaceholder")}
          type="search"
          value={search.input.value}
          onChange={(event) => {
            setSelected([]);
            search.input.onChange(event);
          }}
        />
        <Select
          label={t("adminOrders.queue.company")}
          placeholder={t("adminOrders.queue.allCompanies")}
          data={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
          value={filter.companyId}
          onChange={(value) => change({ companyId: value ?? "" })}
          searchable
          clearable
          nothingFoundMessage={t("adminOrders.queue.noCompanyFound")}
          comboboxProps={{ withinPortal: false }}
        />
      </SimpleGrid>
      {selected.length > 0 && (
        <Paper withBorder radius="md" p="sm" role="region" aria-label={t("adminOrders.bulk.region")}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>
              {t("adminOrders.bulk.selected", { count: selected.length })}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={() => setSelected([])}>
                {t("adminOrders.bulk.clear")}
              </Button>
              <Button onClick={() => setBulkOpen(true)}>{t("adminOrders.bulk.move")}</Button>
            </Group>
          </Group>
        </Paper>
      )}
      <DataTable<TOrderListItem>
        label={t("adminOrders.queue.title")}
        idAccessor="orderId"
        {...pageQueryProps(list)}
        rowsAfterFirstScreen
        empty={{ text: t("adminOrders.queue.empty") }}
        filtered={{
          active: filtered,
          text: t("adminOrders.queue.emptyFiltered"),
          clearLabel: t("adminOrders.queue.clearFilters"),
          onClear: clearFilters,
        }}
        page={filter.page}
        pageSize={ORDERS_PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        onRowClick={({ record }) => links.open(record.orderId)}
        columns={[
          {
            accessor: "select",
            title: (
              <Checkbox
                aria-label={t("adminOrders.bulk.selectPage")}
                checked={allOnPage}
                disabled={rows.length === 0}
                indeterminate={someOnPage && !allOnPage}
                onChange={(event) => togglePage(event.currentTarget.checked)}
              />
            ),
            width: 40,
            render: (order) => (
              // The checkbox selects; the rest of the row opens the order.
              // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: stops the row's click only.
              <div onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={t("adminOrders.bulk.selectOrder", { number: order.orderNumber })}
                  checked={selectedIds.has(order.orderId)}
                  onChange={(event) => toggle(order, event.currentTarget.checked)}
                />
              </div>
            ),
          },
          {
            accessor: "orderNumber",
            title: t("adminOrders.columns.number"),
            render: (order) => (
              // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the link navigates itself.
              <span onClick={(event) => event.stopPropagation()}>
                {links.link(order.orderId, String(order.orderNumber))}
              </span>
            ),
          },
          {
            accessor: "employee",
            title: t("adminOrders.columns.employee"),
            render: (order) => (
              <div>
                <Text size="sm">{order.employee.name}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {order.employee.email}
                </Text>
              </div>
            ),
          },
          {
            accessor: "company",
            title: t("adminOrders.columns.company"),
            render: (order) => order.company.name,
          },
          {
            accessor: "bikeStore",
            title: t("adminOrders.columns.store"),
            render: (order) => order.bikeStore?.storeName ?? "–",
          },
          {
            accessor: "orderStatus",
            title: t("adminOrders.columns.status"),
            render: (order) => <OrderStatusBadges order={order} />,
          },
          {
            accessor: "waiting",
            title: t("adminOrders.columns.waiting"),
            // The list has no statusSince: its last change is when it entered its status, or later.
            render: (order) => (
              <WaitingSince waitingOn={ORDER_WAITING_ON[order.orderStatus]} since={order.updatedAt} />
            ),
          },
          {
            accessor: "totalPriceCents",
            title: t("adminOrders.columns.total"),
            textAlign: "right",
            render: (order) => (
              <span style={{ whiteSpace: "nowrap" }}>{display.money(order.totalPriceCents)}</span>
            ),
          },
        ]}
      />
      <BulkStatusDialog
        opened={bulkOpen}
        orders={selected}
        onClose={() => setBulkOpen(false)}
        onDone={() => setSelected([])}
      />
    </Stack>
  );
}
