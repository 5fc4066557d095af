import { NativeSelect, SimpleGrid, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import {
  LEASE_END_REASONS,
  type LeaseEndReason,
  SIMPLE_STATES,
  type SimpleState,
} from "../../../../domain/enums.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { money } from "../../../lib/money.ts";
import { CHOICE_LABELS, LeaseEndStateBadge, REASON_LABELS, STATE_LABELS } from "../../lease-end/index.ts";
import { LEASE_ENDS_PAGE_SIZE, type LeaseEndsFilter, useLeaseEnds } from "./lease-ends-api.ts";
import { day, LeaseEndDrawer } from "./lease-ends-drawer.tsx";

/** The address parameter of the case open in the drawer (the employee drawer links to it). */
export const LEASE_END_PARAM = "lunastus";

/**
 * Leases of the companies' employees that are ending, early or at the end of their term, with each
 * case's state: GET /api/bike-redemption, scoped by the server to the caller's
 * companies, newest first, 10 a page, narrowed by status and reason. A row opens the case in a drawer
 * with its options compared; holders of employees.manage choose there for an employee who has left.
 * An early end is opened from the employee's drawer on the manage tab.
 */
export function LeaseEndsSection() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<LeaseEndsFilter>({ status: "", reason: "", page: 1 });
  const list = useLeaseEnds(filter);
  const openId = params.get(LEASE_END_PARAM);
  const filtered = filter.status !== "" || filter.reason !== "";

  function open(id: string | null) {
    const next = new URLSearchParams(params);
    if (id) next.set(LEASE_END_PARAM, id);
    else next.delete(LEASE_END_PARAM);
    setParams(next);
  }

  return (
    <SectionCard title={t("employerLeaseEnds.title")} description={t("employerLeaseEnds.description")}>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        mb="md"
        role="search"
        aria-label={t("employerLeaseEnds.filters")}
      >
        <NativeSelect
          label={t("employerLeaseEnds.statusFilter")}
          value={filter.status}
          onChange={(event) =>
            setFilter({ ...filter, status: event.currentTarget.value as SimpleState | "", page: 1 })
          }
          data={[
            { value: "", label: t("employerLeaseEnds.all") },
            ...SIMPLE_STATES.map((status) => ({ value: status, label: t(STATE_LABELS[status]) })),
          ]}
        />
        <NativeSelect
          label={t("employerLeaseEnds.reasonFilter")}
          value={filter.reason}
          onChange={(event) =>
            setFilter({ ...filter, reason: event.currentTarget.value as LeaseEndReason | "", page: 1 })
          }
          data={[
            { value: "", label: t("employerLeaseEnds.all") },
            ...LEASE_END_REASONS.map((reason) => ({ value: reason, label: t(REASON_LABELS.staff[reason]) })),
          ]}
        />
      </SimpleGrid>
      <DataTable
        label={t("employerLeaseEnds.title")}
        idAccessor="id"
        {...pageQueryProps(list)}
        empty={{ text: t("employerLeaseEnds.empty") }}
        filtered={{
          active: filtered,
          text: t("employerLeaseEnds.emptyFiltered"),
          clearLabel: t("employerLeaseEnds.showAll"),
          onClear: () => setFilter({ status: "", reason: "", page: 1 }),
        }}
        page={filter.page}
        pageSize={LEASE_ENDS_PAGE_SIZE}
        onPageChange={(page) => setFilter({ ...filter, page })}
        onRowClick={({ record }) => open(record.id)}
        columns={[
          {
            accessor: "employee",
            title: t("employerLeaseEnds.columns.employee"),
            render: (row) => (
              <div>
                <Text size="sm">{row.employee.name}</Text>
                <Text size="xs" c="dimmed">
                  {[
                    row.company.name,
                    t("employerLeaseEnds.orderNumber", { number: row.order.orderNumber }),
                  ].join(" · ")}
                </Text>
              </div>
            ),
          },
          {
            accessor: "reason",
            title: t("employerLeaseEnds.columns.reason"),
            render: (row) => t(REASON_LABELS.staff[row.reason]),
          },
          {
            accessor: "choice",
            title: t("employerLeaseEnds.columns.choice"),
            render: (row) => (row.choice ? t(CHOICE_LABELS[row.choice]) : t("employerLeaseEnds.noChoice")),
          },
          {
            accessor: "redemptionPriceCents",
            title: t("employerLeaseEnds.columns.price"),
            textAlign: "right",
            render: (row) => <span style={{ whiteSpace: "nowrap" }}>{money(row.redemptionPriceCents)}</span>,
          },
          {
            accessor: "decisionDeadline",
            title: t("employerLeaseEnds.columns.deadline"),
            render: (row) => day(row.decisionDeadline) ?? "–",
          },
          {
            accessor: "leaseEndsOn",
            title: t("employerLeaseEnds.columns.leaseEndsOn"),
            render: (row) => day(row.leaseEndsOn) ?? "–",
          },
          {
            accessor: "status",
            title: t("employerLeaseEnds.columns.status"),
            render: (row) => <LeaseEndStateBadge state={row.state} />,
          },
        ]}
      />
      <LeaseEndDrawer id={openId} onClose={() => open(null)} />
    </SectionCard>
  );
}
