import { Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderListItem } from "../../../../contract/orders.ts";
import { useActionDialog } from "../../../components/action-dialog.tsx";
import { DataTable, type DataTableColumn, pageQueryProps } from "../../../components/data-table.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { NewBadge } from "../../../components/new-badge.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { OrderStatusBadges } from "../../../components/status-badge.tsx";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { signingErrorMessage } from "../../../lib/strong-identification.ts";
import { usePageNews } from "../../../lib/whats-new.ts";
import { ORDER_PARAM } from "../employees/employee-nav.ts";
import { ApproveDialog } from "./approve-order-dialog.tsx";
import { OrderDrawer } from "./order-drawer.tsx";
import { leaseFigures } from "./order-money.ts";
import {
  ORDERS_PAGE_SIZE,
  useAwaitingApproval,
  useCompanyOrders,
  useEmployerDecision,
} from "./orders-api.ts";
import { RejectDialog } from "./reject-order-dialog.tsx";

/** One order waiting for the employer: who, what and for how much, and the two decisions. */
function AwaitingCard({
  order,
  onOpen,
  onApprove,
  onReject,
}: {
  order: TOrderListItem;
  onOpen: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={order.employee.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{order.employee.name}</Text>
          <Text size="sm" c="dimmed">
            {t("employerOrders.orderTitle", { number: order.orderNumber })} · {formatDate(order.createdAt)}
          </Text>
        </Group>
        <DetailsList
          items={[
            { label: t("employerOrders.fields.company"), value: order.company.name },
            ...leaseFigures(order, t),
          ]}
        />
        <Group gap="sm">
          <Button onClick={onApprove}>{t("employerOrders.approve")}</Button>
          <Button variant="outline" color="red" onClick={onReject}>
            {t("employerOrders.reject")}
          </Button>
          <Button variant="subtle" onClick={onOpen}>
            {t("employerOrders.showPackage")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The Orders tab of /tyonantaja: first the orders waiting for the employer's approval
 * (approve, or reject with a reason), then the companies' orders with their status; any order opens in
 * a drawer with its package and the shared timeline. An order that changed since the user last looked
 * at the list (a cancellation requested, a claim reported) has a "new" badge.
 */
export function OrdersTab() {
  const { t } = useTranslation();
  const awaiting = useAwaitingApproval();
  // The open order lives in the address too, so the approvers' mail opens it and a reload keeps it.
  const { params, setParams, update } = useFilterParams();
  const { page } = filtersFromAddress(zPageOnly, params).values;
  const orders = useCompanyOrders(page);
  const { newOrderIds } = usePageNews("employerOrders");
  const openId = params.get(ORDER_PARAM);
  const setOpenId = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(ORDER_PARAM, id);
      else next.delete(ORDER_PARAM);
      return next;
    });
  const [rejecting, setRejecting] = useState<TOrderListItem | null>(null);
  const awaitingOpen = awaiting.data?.find((order) => order.orderId === openId) ?? null;
  const approving = useActionDialog<TOrderListItem>(useEmployerDecision(), {
    errorText: signingErrorMessage,
  });

  const columns: DataTableColumn<TOrderListItem>[] = [
    {
      accessor: "orderNumber",
      title: t("employerOrders.columns.order"),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(r.orderId)}>
            {t("employerOrders.orderTitle", { number: r.orderNumber })}
          </Button>
          {newOrderIds.has(r.orderId) && <NewBadge />}
        </Group>
      ),
    },
    { accessor: "employee", title: t("employerOrders.columns.employee"), render: (r) => r.employee.name },
    {
      accessor: "orderStatus",
      title: t("employerOrders.columns.status"),
      render: (r) => <OrderStatusBadges order={r} />,
    },
    {
      accessor: "monthlyPaymentCents",
      title: t("employerOrders.columns.monthlyPayment"),
      textAlign: "right",
      render: (r) => money(r.monthlyPaymentCents) ?? "–",
    },
    {
      accessor: "createdAt",
      title: t("employerOrders.columns.created"),
      render: (r) => formatDate(r.createdAt),
    },
  ];

  return (
    <Stack gap="lg">
      <SectionCard
        title={t("employerOrders.awaiting.title")}
        description={t("employerOrders.awaiting.description")}
      >
        {awaiting.isPending && <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />}
        {awaiting.isError && (
          <EmptyState
            text={<span role="alert">{t("employerOrders.awaiting.loadError")}</span>}
            action={
              <Button variant="default" onClick={() => void awaiting.refetch()}>
                {t("ds.table.retry")}
              </Button>
            }
          />
        )}
        {awaiting.data?.length === 0 && <EmptyState text={t("employerOrders.awaiting.empty")} />}
        {awaiting.data && awaiting.data.length > 0 && (
          <Stack gap="md">
            {awaiting.data.map((order) => (
              <AwaitingCard
                key={order.orderId}
                order={order}
                onOpen={() => setOpenId(order.orderId)}
                onApprove={() => approving.open(order)}
                onReject={() => setRejecting(order)}
              />
            ))}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title={t("employerOrders.all.title")}>
        <DataTable
          label={t("employerOrders.all.title")}
          columns={columns}
          idAccessor="orderId"
          {...pageQueryProps(orders)}
          empty={{ text: t("employerOrders.all.empty") }}
          page={page}
          pageSize={ORDERS_PAGE_SIZE}
          onPageChange={(next) => update({ page: String(next) })}
        />
      </SectionCard>
      <OrderDrawer
        orderId={openId}
        onClose={() => setOpenId(null)}
        decide={
          awaitingOpen
            ? {
                // The decision's dialog takes the drawer's place.
                onApprove: () => {
                  setOpenId(null);
                  approving.open(awaitingOpen);
                },
                onReject: () => {
                  setOpenId(null);
                  setRejecting(awaitingOpen);
                },
              }
            : null
        }
      />
      <ApproveDialog order={approving.current} dialog={approving} />
      <RejectDialog order={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
