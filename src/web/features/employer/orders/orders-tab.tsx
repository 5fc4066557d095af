import { Alert, Button, Drawer, Group, Loader, Paper, Stack, Table, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { zEmployerDecision } from "../../../../contract/order-acceptance.ts";
import type { TOrderDetails, TOrderListItem } from "../../../../contract/orders.ts";
import { packageItemDescription } from "../../../../domain/order-package.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable, type DataTableColumn, pageQueryProps } from "../../../components/data-table.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { NewBadge } from "../../../components/new-badge.tsx";
import { OrderTimeline } from "../../../components/order-timeline.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { OrderStatusBadges } from "../../../components/status-badge.tsx";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { textLimitOf, tooLongText } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../../lib/form-errors.ts";
import { formatDate, formatMoney } from "../../../lib/formatters.ts";
import { signingErrorMessage, useLeavingForBroker } from "../../../lib/strong-identification.ts";
import { usePageNews } from "../../../lib/whats-new.ts";
import { OrderHandoverSection } from "../../handover/index.ts";
import { CancelOrderAction } from "../after-sales/cancel-order-action.tsx";
import { ORDER_PARAM } from "../employees/employee-nav.ts";
import {
  ORDERS_PAGE_SIZE,
  useAwaitingApproval,
  useCompanyOrders,
  useEmployerDecision,
  useOrderDetails,
  useStartStrongApproval,
} from "./orders-api.ts";

/** The longest reason the decision takes: a longer one says so at once and is not sent. */
const REASON_MAX = textLimitOf(zEmployerDecision, "reason");

function money(cents: number | null): string | null {
  return cents === null ? null : formatMoney(cents, currentLanguage());
}

/** The package's lines of one order (fetched with the order), with the total. */
function PackageLines({ order }: { order: TOrderDetails }) {
  const { t } = useTranslation();
  if (order.items.length === 0) return <Text size="sm">{t("employerOrders.package.none")}</Text>;
  return (
    <Table withTableBorder striped aria-label={t("employerOrders.package.title")}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("employerOrders.package.item")}</Table.Th>
          <Table.Th ta="right">{t("employerOrders.package.quantity")}</Table.Th>
          <Table.Th ta="right">{t("employerOrders.package.lineTotal")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{packageItemDescription(item)}</Table.Td>
            <Table.Td ta="right">{item.quantity}</Table.Td>
            <Table.Td ta="right">{money(item.lineTotalCents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>{t("employerOrders.package.total")}</Table.Th>
          <Table.Td ta="right">{money(order.totalPriceCents)}</Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/**
 * One order in a drawer: its details, package and the shared timeline; an order waiting for this
 * user's approval has the two decisions too, since the approvers' mail opens it here.
 */
function OrderDrawer({
  orderId,
  onClose,
  decide,
}: {
  orderId: string | null;
  onClose: () => void;
  decide: { onApprove: () => void; onReject: () => void } | null;
}) {
  const { t } = useTranslation();
  const details = useOrderDetails(orderId);
  const order = details.data;
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        order
          ? t("employerOrders.orderTitle", { number: order.orderNumber })
          : t("employerOrders.drawerTitle")
      }
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {details.isPending && <Loader role="status" aria-label={t("ds.table.loading")} />}
      {details.isError && (
        <Alert color="red" role="alert">
          {formErrorMessage(details.error, t)}
        </Alert>
      )}
      {order && (
        <Stack gap="lg">
          <DetailsList
            items={[
              { label: t("employerOrders.fields.employee"), value: order.employee.name },
              {
                label: t("employerOrders.fields.status"),
                value: <OrderStatusBadges order={order} />,
              },
              { label: t("employerOrders.fields.store"), value: order.bikeStore?.storeName ?? null },
              { label: t("employerOrders.fields.total"), value: money(order.totalPriceCents) },
              { label: t("employerOrders.fields.monthlyPayment"), value: money(order.monthlyPaymentCents) },
              {
                label: t("employerOrders.fields.leaseTime"),
                value:
                  order.leaseTimeMonths === null
                    ? null
                    : t("employerOrders.months", { n: order.leaseTimeMonths }),
              },
            ]}
          />
          {decide && (
            <Group gap="sm">
              <Button onClick={decide.onApprove}>{t("employerOrders.approve")}</Button>
              <Button variant="outline" color="red" onClick={decide.onReject}>
                {t("employerOrders.reject")}
              </Button>
            </Group>
          )}
          <PackageLines order={order} />
          <OrderHandoverSection orderId={order.orderId} />
          <OrderTimeline order={order} audience="EMPLOYER" />
          <CancelOrderAction order={order} />
        </Stack>
      )}
    </Drawer>
  );
}

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
            { label: t("employerOrders.fields.store"), value: order.bikeStore?.storeName ?? null },
            { label: t("employerOrders.fields.total"), value: money(order.totalPriceCents) },
            { label: t("employerOrders.fields.monthlyPayment"), value: money(order.monthlyPaymentCents) },
            {
              label: t("employerOrders.fields.leaseTime"),
              value:
                order.leaseTimeMonths === null
                  ? null
                  : t("employerOrders.months", { n: order.leaseTimeMonths }),
            },
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
 * Approving sends the order on to the leasing company and cannot be undone, so it is asked first, naming
 * the employee and the bike (from the order's package, read when the dialog opens) and the price. The
 * order's details also say how the company lets its employer users approve now (signingMethods): with
 * strong identification at the broker, where the employer's own approval as logged in stays a second way
 * if the company also allows it; or as logged in only. A company that requires strong identification
 * while the platform has none set up leaves no way to approve, and the dialog says so.
 */
function ApproveDialog({
  order,
  dialog,
}: {
  order: TOrderListItem | null;
  dialog: ReturnType<typeof useActionDialog<TOrderListItem>>;
}) {
  const { t } = useTranslation();
  const details = useOrderDetails(order?.orderId ?? null);
  const startStrong = useStartStrongApproval();
  const leaving = useLeavingForBroker(startStrong);
  const methods = details.data?.signingMethods ?? null;
  const strong = methods?.includes("STRONG") ?? false;
  const plain = methods?.includes("SMS_CODE") ?? false;
  const bike = details.data?.items.find((item) => item.itemType === "BIKE");
  let bikeText: string;
  if (bike) bikeText = packageItemDescription(bike);
  else if (details.isPending) bikeText = t("employerOrders.approveDialog.bikeLoading");
  else bikeText = t("employerOrders.approveDialog.noBike");

  const approvePlainly = () => {
    if (!order) return;
    startStrong.reset();
    dialog.run({ order, decision: { approve: true } });
  };
  const approveStrongly = () => order && startStrong.mutate(order.orderId);
  const state = dialog.props(order !== null);
  // The failure of the way last tried: the strong start's once it has been pressed, else the plain one's.
  let failure = state.error;
  if (!startStrong.isIdle) failure = startStrong.isError ? signingErrorMessage(startStrong.error, t) : null;
  if (!failure && details.isError) failure = formErrorMessage(details.error, t);

  return (
    <ActionDialog
      {...state}
      onCancel={() => {
        if (leaving) return;
        startStrong.reset();
        state.onCancel();
      }}
      loading={state.loading || leaving}
      error={failure}
      title={t("employerOrders.approveDialog.title", { name: order?.employee.name ?? "" })}
      confirmLabel={strong ? t("employerOrders.approveDialog.strongConfirm") : t("employerOrders.approve")}
      confirmDisabled={methods === null || (!strong && !plain)}
      danger={false}
      onConfirm={strong ? approveStrongly : approvePlainly}
      {...(strong && plain
        ? {
            secondaryAction: {
              label: t("employerOrders.approveDialog.plainConfirm"),
              onClick: approvePlainly,
              loading: state.loading,
            },
          }
        : {})}
    >
      <Stack gap="sm">
        <DetailsList
          items={[
            { label: t("employerOrders.fields.employee"), value: order?.employee.name ?? null },
            { label: t("employerOrders.fields.bike"), value: bikeText },
            { label: t("employerOrders.fields.total"), value: order ? money(order.totalPriceCents) : null },
            {
              label: t("employerOrders.fields.monthlyPayment"),
              value: order ? money(order.monthlyPaymentCents) : null,
            },
          ]}
        />
        <Text size="sm">{t("employerOrders.approveDialog.text")}</Text>
        {strong && <Text size="sm">{t("employerOrders.approveDialog.strongText")}</Text>}
        {methods?.length === 0 && (
          <Alert color="yellow" role="status">
            {t("employerOrders.approveDialog.unavailable")}
          </Alert>
        )}
      </Stack>
    </ActionDialog>
  );
}

/** Rejecting needs a reason, which the employee sees; the red button names the action. */
function RejectDialog({ order, onClose }: { order: TOrderListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useEmployerDecision();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason("");
    setError(null);
    decide.reset();
    onClose();
  };
  const confirm = () => {
    if (!order) return;
    if (!reason.trim()) {
      setError(t("employerOrders.rejectReasonRequired"));
      return;
    }
    if (tooLongText(reason, REASON_MAX, t)) return;
    mutateThen(
      decide,
      { order, decision: { approve: false, reason: reason.trim() } },
      { onSuccess: close, onError: (e) => setError(formErrorMessage(e, t)) },
    );
  };
  return (
    <ConfirmDialog
      opened={order !== null}
      title={t("employerOrders.rejectTitle", { name: order?.employee.name ?? "" })}
      confirmLabel={t("employerOrders.rejectConfirm")}
      onConfirm={confirm}
      onCancel={close}
      loading={decide.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">{t("employerOrders.rejectText")}</Text>
        <Textarea
          label={t("employerOrders.rejectReason")}
          required
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tooLongText(reason, REASON_MAX, t) ?? error}
        />
      </Stack>
    </ConfirmDialog>
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
  const [page, setPage] = useState(1);
  const orders = useCompanyOrders(page);
  const { newOrderIds } = usePageNews("employerOrders");
  // The open order lives in the address, so the approvers' mail opens it and a reload keeps it.
  const [params, setParams] = useSearchParams();
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
          onPageChange={setPage}
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
