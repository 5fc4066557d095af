import { Alert, Button, Group, List, NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderListItem } from "../../../../contract/orders.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { type TBulkStatusResult, useBulkStatus } from "./orders-api.ts";

/**
 * The moves that are safe for many orders at once: each only pauses an order (the customer's comment
 * is asked, or it becomes a manual case) and the server checks every order against the transition
 * table. Moves that finish work (process, bill, cancel) are made one order at a time on its page.
 */
const BULK_TARGETS = ["CASE_X", "WAITING_FOR_CUSTOMER_COMMENT"] as const;
type BulkTarget = (typeof BULK_TARGETS)[number];

type Outcome = { orders: TOrderListItem[]; to: BulkTarget; result: TBulkStatusResult };

/** Moves the selected orders to one safe status, then lists each order's outcome: moved, or why not. */
export function BulkStatusDialog({
  opened,
  orders,
  onClose,
  onDone,
}: {
  opened: boolean;
  orders: TOrderListItem[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const bulk = useBulkStatus();
  const [to, setTo] = useState<BulkTarget>("CASE_X");
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function close() {
    setOutcome(null);
    bulk.reset();
    onClose();
  }
  function run() {
    const snapshot = orders;
    mutateThen(
      bulk,
      { orderIds: snapshot.map((order) => order.orderId), to },
      {
        onSuccess: (result) => {
          setOutcome({ orders: snapshot, to, result });
          onDone();
        },
      },
    );
  }

  const statusLabel = (status: BulkTarget) => t(STATUS_LABEL_KEYS.order[status] ?? status);

  return (
    <ActionDialog
      opened={opened}
      onCancel={close}
      holdOpen={bulk.isPending}
      title={t("adminOrders.bulk.title")}
    >
      {outcome ? (
        <BulkOutcome outcome={outcome} onClose={close} />
      ) : (
        <Stack gap="md">
          <Text size="sm">{t("adminOrders.bulk.intro", { count: orders.length })}</Text>
          <NativeSelect
            label={t("adminOrders.bulk.to")}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value as BulkTarget)}
            data={BULK_TARGETS.map((status) => ({ value: status, label: statusLabel(status) }))}
          />
          {bulk.isError && (
            <Alert color="red" variant="light" role="alert">
              {messageForApiError(bulk.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={bulk.isPending} data-autofocus>
              {t("ds.confirm.cancel")}
            </Button>
            <Button onClick={run} loading={bulk.isPending}>
              {t("adminOrders.bulk.confirm", { count: orders.length, status: statusLabel(to) })}
            </Button>
          </Group>
        </Stack>
      )}
    </ActionDialog>
  );
}

function BulkOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { t } = useTranslation();
  const numbers = new Map(outcome.orders.map((order) => [order.orderId, order.orderNumber]));
  const moved = outcome.result.results.filter((row) => row.ok).length;
  const refused = outcome.result.results.length - moved;
  return (
    <Stack gap="md">
      <Alert color={refused > 0 ? "yellow" : "pedaali"} variant="light" role="status">
        {t("adminOrders.bulk.summary", { moved, refused })}
      </Alert>
      <List spacing={4} size="sm" aria-label={t("adminOrders.bulk.results")}>
        {outcome.result.results.map((row) => (
          <List.Item key={row.orderId}>
            {t("adminOrders.bulk.orderNumber", { number: numbers.get(row.orderId) ?? row.orderId })}
            {": "}
            {row.ok
              ? t("adminOrders.bulk.moved")
              : t("adminOrders.bulk.refused", {
                  reason: row.code
                    ? t(`errors.${row.code}`, { defaultValue: row.code })
                    : t("adminOrders.bulk.unknownReason"),
                })}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t("common.close")}</Button>
      </Group>
    </Stack>
  );
}
