import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TOrderCancellationListItem } from "../../../../contract/order-cancellations.ts";
import type { OrderCancellationStatus } from "../../../../domain/enums.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { StatusBadge, ToneBadge } from "../../../components/status-badge.tsx";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { CANCELLATIONS_PAGE_SIZE, useCompanyCancellations } from "./cancellations-api.ts";

/** The label keys, spelled out so that the catalogue check sees every key in use. */
const STATUS_LABELS: Record<OrderCancellationStatus, string> = {
  PENDING: "employerCancellations.status.PENDING",
  COMPLETED: "employerCancellations.status.COMPLETED",
  CANCELLED: "employerCancellations.status.CANCELLED",
};
const STATUS_TONES: Record<OrderCancellationStatus, StatusTone> = {
  PENDING: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
};
const REQUESTER_LABELS = {
  EMPLOYEE: "employerCancellations.requester.EMPLOYEE",
  EMPLOYER: "employerCancellations.requester.EMPLOYER",
  HELPDESK: "employerCancellations.requester.HELPDESK",
} as const;

/** The keys of the cancellations list in the address (the page shows the other after-sales lists too). */
const KEYS = { prefix: "cancellations" };

/**
 * The companies' order cancellations and refunds, read only: GET
 * /api/order-cancellations, scoped by the server to the caller's companies, newest first, 10 a page.
 * The employer cancels an order in its drawer on the orders tab; the helpdesk carries out requests and
 * refunds.
 */
export function EmployerCancellationsSection() {
  const { t } = useTranslation();
  const { params, update } = useFilterParams(KEYS);
  const { page } = filtersFromAddress(zPageOnly, params, KEYS).values;
  const list = useCompanyCancellations(page);
  return (
    <SectionCard
      title={t("employerCancellations.title")}
      description={t("employerCancellations.description")}
    >
      <DataTable<TOrderCancellationListItem>
        label={t("employerCancellations.title")}
        idAccessor="orderCancellationId"
        {...pageQueryProps(list)}
        empty={{ text: t("employerCancellations.empty") }}
        page={page}
        pageSize={CANCELLATIONS_PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        columns={[
          {
            accessor: "orderNumber",
            title: t("employerCancellations.columns.order"),
            render: (row) => t("employerCancellations.orderNumber", { number: row.order.orderNumber }),
          },
          {
            accessor: "employee",
            title: t("employerCancellations.columns.employee"),
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
            title: t("employerCancellations.columns.requestedBy"),
            render: (row) => t(REQUESTER_LABELS[row.requestedBy]),
          },
          {
            accessor: "status",
            title: t("employerCancellations.columns.status"),
            render: (row) => (
              <ToneBadge tone={STATUS_TONES[row.status]}>{t(STATUS_LABELS[row.status])}</ToneBadge>
            ),
          },
          {
            accessor: "orderStatus",
            title: t("employerCancellations.columns.orderStatus"),
            render: (row) => <StatusBadge family="order" status={row.order.orderStatus} />,
          },
          {
            accessor: "reason",
            title: t("employerCancellations.columns.reason"),
            render: (row) => (
              <Text size="sm" lineClamp={2}>
                {row.reason}
              </Text>
            ),
          },
          {
            accessor: "refundAmountCents",
            title: t("employerCancellations.columns.refund"),
            textAlign: "right",
            render: (row) => (row.refundAmountCents > 0 ? money(row.refundAmountCents) : "–"),
          },
          {
            accessor: "createdAt",
            title: t("employerCancellations.columns.requestedAt"),
            render: (row) => formatDate(row.createdAt),
          },
        ]}
      />
    </SectionCard>
  );
}
