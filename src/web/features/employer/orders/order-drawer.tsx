import { Alert, Button, Drawer, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TOrderDetails } from "../../../../contract/orders.ts";
import { packageItemDescription } from "../../../../domain/order-package.ts";
import { DetailsList } from "../../../components/details-list.tsx";
import { OrderTimeline } from "../../../components/order-timeline.tsx";
import { OrderStatusBadges } from "../../../components/status-badge.tsx";
import { formErrorMessage } from "../../../lib/form-errors.ts";
import { money } from "../../../lib/money.ts";
import { OrderHandoverSection } from "../../handover/index.ts";
import { CancelOrderAction } from "../after-sales/cancel-order-action.tsx";
import { leaseFigures } from "./order-money.ts";
import { useOrderDetails } from "./orders-api.ts";

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
export function OrderDrawer({
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
              ...leaseFigures(order, t),
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
