import { Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableSortStatus } from "../../components/data-table.tsx";
import { Segments } from "../../components/segments.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { filtersFromAddress, useLocalFilterParams, zPageOnly } from "../../lib/filter-params.ts";
import { money } from "../../lib/money.ts";
import { DEMO_EMPLOYEES, type DemoEmployee } from "./demo-data.ts";

type DemoState = "rows" | "loading" | "empty" | "error";
const PAGE_SIZE = 5;

/**
 * The table convention with each of its states one click away; paging and sorting act like a server's.
 * The demo's page is its own, as a dialog's list's is: the design page's address stays as it is.
 */
export function TableDemo() {
  const { t } = useTranslation();
  const [state, setState] = useState<DemoState>("rows");
  const { params, update } = useLocalFilterParams();
  const { page } = filtersFromAddress(zPageOnly, params).values;
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<DemoEmployee>>({
    columnAccessor: "name",
    direction: "asc",
  });
  const sorted = [...DEMO_EMPLOYEES].sort((a, b) => {
    const by = sortStatus.columnAccessor === "monthlyPaymentCents";
    const order = by ? a.monthlyPaymentCents - b.monthlyPaymentCents : a.name.localeCompare(b.name, "fi");
    return sortStatus.direction === "asc" ? order : -order;
  });
  const records = state === "rows" ? sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : [];
  return (
    <Stack gap="sm">
      <Segments
        aria-label={t("ds.demo.table.stateLabel")}
        value={state}
        onChange={(value) => setState(value as DemoState)}
        data={[
          { value: "rows", label: t("ds.demo.table.stateRows") },
          { value: "loading", label: t("ds.demo.table.stateLoading") },
          { value: "empty", label: t("ds.demo.table.stateEmpty") },
          { value: "error", label: t("ds.demo.table.stateError") },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      <DataTable<DemoEmployee>
        label={t("ds.demo.table.label")}
        idAccessor="id"
        records={state === "loading" ? undefined : records}
        loading={state === "loading"}
        error={state === "error"}
        onRetry={() => setState("rows")}
        empty={{ text: t("ds.demo.table.empty") }}
        page={page}
        pageSize={PAGE_SIZE}
        totalRecords={state === "rows" ? DEMO_EMPLOYEES.length : 0}
        onPageChange={(next) => update({ page: String(next) })}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        maxHeight={360}
        columns={[
          { accessor: "name", title: t("ds.demo.table.employee"), sortable: true },
          { accessor: "company", title: t("ds.demo.table.company") },
          { accessor: "bike", title: t("ds.demo.table.bike") },
          {
            accessor: "monthlyPaymentCents",
            title: t("ds.demo.table.monthlyPayment"),
            sortable: true,
            textAlign: "right",
            render: (r) => money(r.monthlyPaymentCents),
          },
          {
            accessor: "orderStatus",
            title: t("ds.demo.table.status"),
            render: (r) => <StatusBadge family="order" status={r.orderStatus} />,
          },
        ]}
      />
    </Stack>
  );
}
