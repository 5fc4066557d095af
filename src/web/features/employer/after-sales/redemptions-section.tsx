import { NativeSelect, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { zBikeRedemptionsQuery } from "../../../../contract/bike-redemptions.ts";
import { REDEMPTION_REASONS, SIMPLE_STATES } from "../../../../domain/enums.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { filtersFromAddress, useFilterParams } from "../../../lib/filter-params.ts";
import { money } from "../../../lib/money.ts";
import { CHOICE_LABELS, REASON_LABELS, RedemptionStateBadge, STATE_LABELS } from "../../redemption/index.ts";
import { REDEMPTIONS_PAGE_SIZE, type RedemptionFilter, useRedemptions } from "./redemptions-api.ts";
import { day, RedemptionDrawer } from "./redemptions-drawer.tsx";

/** The address parameter of the case open in the drawer (the employee drawer links to it). */
export const REDEMPTION_PARAM = "lunastus";

/** The keys of the redemptions list in the address (the page shows the other after-sales lists too). */
const KEYS = { prefix: "redemptions" };

/**
 * Leases of the companies' employees that are ending, early or at the end of their term, with each
 * case's state: GET /api/bike-redemption, scoped by the server to the caller's
 * companies, newest first, 10 a page, narrowed by status and reason. A row opens the case in a drawer
 * with its options compared; holders of employees.manage choose there for an employee who has left.
 * An early end is opened from the employee's drawer on the manage tab.
 */
export function RedemptionsSection() {
  const { t } = useTranslation();
  const { params, setParams, update } = useFilterParams<"status" | "reason">(KEYS);
  const { values } = filtersFromAddress(zBikeRedemptionsQuery, params, KEYS);
  const filter: RedemptionFilter = {
    status: values.status ?? "",
    reason: values.reason ?? "",
    page: values.page,
  };
  const list = useRedemptions(filter);
  const openId = params.get(REDEMPTION_PARAM);
  const filtered = filter.status !== "" || filter.reason !== "";

  function open(id: string | null) {
    const next = new URLSearchParams(params);
    if (id) next.set(REDEMPTION_PARAM, id);
    else next.delete(REDEMPTION_PARAM);
    setParams(next);
  }

  return (
    <SectionCard title={t("employerRedemptions.title")} description={t("employerRedemptions.description")}>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        mb="md"
        role="search"
        aria-label={t("employerRedemptions.filters")}
      >
        <NativeSelect
          label={t("employerRedemptions.statusFilter")}
          value={filter.status}
          onChange={(event) => update({ status: event.currentTarget.value })}
          data={[
            { value: "", label: t("employerRedemptions.all") },
            ...SIMPLE_STATES.map((status) => ({ value: status, label: t(STATE_LABELS[status]) })),
          ]}
        />
        <NativeSelect
          label={t("employerRedemptions.reasonFilter")}
          value={filter.reason}
          onChange={(event) => update({ reason: event.currentTarget.value })}
          data={[
            { value: "", label: t("employerRedemptions.all") },
            ...REDEMPTION_REASONS.map((reason) => ({ value: reason, label: t(REASON_LABELS.staff[reason]) })),
          ]}
        />
      </SimpleGrid>
      <DataTable
        label={t("employerRedemptions.title")}
        idAccessor="id"
        {...pageQueryProps(list)}
        empty={{ text: t("employerRedemptions.empty") }}
        filtered={{
          active: filtered,
          text: t("employerRedemptions.emptyFiltered"),
          clearLabel: t("employerRedemptions.showAll"),
          onClear: () => update({ status: "", reason: "" }),
        }}
        page={filter.page}
        pageSize={REDEMPTIONS_PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        onRowClick={({ record }) => open(record.id)}
        columns={[
          {
            accessor: "employee",
            title: t("employerRedemptions.columns.employee"),
            render: (row) => (
              <div>
                <Text size="sm">{row.employee.name}</Text>
                <Text size="xs" c="dimmed">
                  {[
                    row.company.name,
                    t("employerRedemptions.orderNumber", { number: row.order.orderNumber }),
                  ].join(" · ")}
                </Text>
              </div>
            ),
          },
          {
            accessor: "reason",
            title: t("employerRedemptions.columns.reason"),
            render: (row) => t(REASON_LABELS.staff[row.reason]),
          },
          {
            accessor: "choice",
            title: t("employerRedemptions.columns.choice"),
            render: (row) => (row.choice ? t(CHOICE_LABELS[row.choice]) : t("employerRedemptions.noChoice")),
          },
          {
            accessor: "redemptionPriceCents",
            title: t("employerRedemptions.columns.price"),
            textAlign: "right",
            render: (row) => <span style={{ whiteSpace: "nowrap" }}>{money(row.redemptionPriceCents)}</span>,
          },
          {
            accessor: "decisionDeadline",
            title: t("employerRedemptions.columns.deadline"),
            render: (row) => day(row.decisionDeadline) ?? "–",
          },
          {
            accessor: "leaseEndsOn",
            title: t("employerRedemptions.columns.leaseEndsOn"),
            render: (row) => day(row.leaseEndsOn) ?? "–",
          },
          {
            accessor: "status",
            title: t("employerRedemptions.columns.status"),
            render: (row) => <RedemptionStateBadge state={row.state} />,
          },
        ]}
      />
      <RedemptionDrawer id={openId} onClose={() => open(null)} />
    </SectionCard>
  );
}
