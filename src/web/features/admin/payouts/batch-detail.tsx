import { Alert, Button, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TPayoutBatchDetails, TPayoutBatchStore } from "../../../../contract/store-payouts.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { AppLink } from "../../../components/app-link.tsx";
import { DateField } from "../../../components/date-field.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import {
  BatchStatusBadge,
  useAmountColumns,
  usePayableAmountColumns,
} from "../../../components/payout-parts.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { formatDateTime } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { useAdminNav } from "../admin-nav.ts";
import { ORDER_SEGMENT } from "../orders/helpdesk-paths.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { paymentFileHref, reconciliationHref, useBatchAction, usePayoutBatch } from "./payouts-api.ts";

/**
 * One payout batch (/admin/tilitykset/{id}): who made and approved it, what it pays to which store for
 * which orders, and what the caller may do now as the server says (approve, download the bank file,
 * mark paid, discard it before approval); the reconciliation CSV of the batch at any time.
 */
export function BatchDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const back = <AppLink to={pathOf("payouts")}>{t("adminPayouts.detail.back")}</AppLink>;
  return (
    <QueryFrame query={usePayoutBatch(id)} header={back} notFound={t("adminPayouts.detail.notFound")}>
      {(batch) => <BatchView batch={batch} back={back} />}
    </QueryFrame>
  );
}

function BatchView({ batch, back }: { batch: TPayoutBatchDetails; back: React.ReactNode }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const person = (who: { name: string } | null, at: string | null) =>
    who ? `${who.name}${at ? `, ${formatDateTime(at)}` : ""}` : null;
  return (
    <Stack gap="var(--pd-section-gap)">
      <Stack gap="xs">
        {back}
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={2} size="h3">
            {t("adminPayouts.detail.title", { number: batch.batchNumber })}
          </Title>
          <BatchStatusBadge status={batch.status} />
        </Group>
        <Text size="sm">
          {t("adminPayouts.detail.summary", {
            net: display.money(batch.netCents),
            stores: batch.storeCount,
            count: batch.payableCount,
          })}
        </Text>
      </Stack>

      {batch.accountChanges.length > 0 && (
        <Alert color="red" variant="light" role="alert" title={t("adminPayouts.detail.accountChangedTitle")}>
          <Stack gap="xs">
            <Text size="sm">{t("adminPayouts.detail.accountChangedText")}</Text>
            <List size="sm">
              {batch.accountChanges.map((change) => (
                <List.Item key={`${change.bikeStoreId}-${change.changedAt}`}>
                  {t(
                    change.changedBy === "HELPDESK"
                      ? "adminPayouts.detail.accountChangedByHelpdesk"
                      : "adminPayouts.detail.accountChangedByStore",
                    { store: change.storeName, at: formatDateTime(change.changedAt) },
                  )}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t("adminPayouts.detail.actions")}>
          <BatchActions batch={batch} />
        </SectionCard>
        <SectionCard title={t("adminPayouts.detail.details")}>
          <DetailsList
            items={[
              { label: t("adminPayouts.detail.createdBy"), value: person(batch.createdBy, batch.createdAt) },
              {
                label: t("adminPayouts.detail.approvedBy"),
                value: person(batch.approvedBy, batch.approvedAt),
              },
              { label: t("adminPayouts.detail.executionDate"), value: display.date(batch.executionDate) },
              { label: t("adminPayouts.detail.paidBy"), value: person(batch.paidBy, null) },
              { label: t("adminPayouts.detail.paidDate"), value: display.date(batch.paidDate) },
              { label: t("storePayouts.columns.gross"), value: display.money(batch.grossCents) },
              { label: t("storePayouts.columns.commission"), value: display.money(batch.commissionCents) },
              { label: t("storePayouts.columns.net"), value: display.money(batch.netCents) },
            ]}
          />
        </SectionCard>
      </SimpleGrid>

      <SectionCard title={t("adminPayouts.detail.stores")}>
        <BatchStores stores={batch.stores} />
      </SectionCard>

      <SectionCard title={t("adminPayouts.detail.orders")} description={t("adminPayouts.detail.ordersIntro")}>
        <BatchPayables stores={batch.stores} />
      </SectionCard>
    </Stack>
  );
}

type BatchPayable = TPayoutBatchStore["payables"][number] & { storeName: string };

/** Each order the batch pays: its price, the commission with the price it was taken of, and what is paid. */
function BatchPayables({ stores }: { stores: TPayoutBatchStore[] }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const amountColumns = usePayableAmountColumns<BatchPayable>();
  const rows = stores.flatMap((store) => store.payables.map((p) => ({ ...p, storeName: store.storeName })));
  return (
    <ListTable
      label={t("adminPayouts.detail.orders")}
      rows={rows}
      rowKey={(p) => p.id}
      minWidth={760}
      columns={[
        {
          accessor: "orderNumber",
          title: t("storePayouts.columns.order"),
          render: (p) => (
            <AppLink to={pathOf("applications", ORDER_SEGMENT, p.orderId)}>{String(p.orderNumber)}</AppLink>
          ),
        },
        { accessor: "storeName", title: t("adminPayouts.columns.store") },
        {
          accessor: "invoiceNumber",
          title: t("adminPayouts.columns.invoice"),
          render: (p) => p.invoiceNumber ?? "–",
        },
        ...amountColumns,
      ]}
    />
  );
}

function BatchStores({ stores }: { stores: TPayoutBatchStore[] }) {
  const { t } = useTranslation();
  const amountColumns = useAmountColumns<TPayoutBatchStore>();
  const { pathOf } = useAdminNav();
  return (
    <ListTable
      label={t("adminPayouts.detail.stores")}
      rows={stores}
      rowKey={(store) => store.bikeStoreId}
      minWidth={760}
      columns={[
        {
          accessor: "storeName",
          title: t("adminPayouts.columns.store"),
          render: (store) => (
            <Stack gap={0}>
              <Text size="sm">{store.storeName}</Text>
              <Text size="xs" c="dimmed">
                {[store.businessId, store.iban].filter(Boolean).join(" · ")}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: "payables",
          title: t("adminPayouts.columns.orders"),
          render: (store) => (
            <Group gap="xs" wrap="wrap">
              {store.payables.map((p) => (
                <AppLink key={p.id} to={pathOf("applications", ORDER_SEGMENT, p.orderId)}>
                  {String(p.orderNumber)}
                </AppLink>
              ))}
            </Group>
          ),
        },
        ...amountColumns,
      ]}
    />
  );
}

type Dialog = "approve" | "paid" | "discard";

/** Each dialog's words, spelled out so the catalogue check sees each key. */
const DIALOG_TEXTS: Record<Dialog, { title: string; confirm: string; text: string }> = {
  approve: {
    title: "adminPayouts.actions.approveTitle",
    confirm: "adminPayouts.actions.approve",
    text: "adminPayouts.actions.approveText",
  },
  paid: {
    title: "adminPayouts.actions.paidTitle",
    confirm: "adminPayouts.actions.markPaid",
    text: "adminPayouts.actions.paidText",
  },
  discard: {
    title: "adminPayouts.actions.discardTitle",
    confirm: "adminPayouts.actions.discard",
    text: "adminPayouts.actions.discardText",
  },
};

/** What the server says the caller may do with the batch now; the reconciliation CSV always. */
function BatchActions({ batch }: { batch: TPayoutBatchDetails }) {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  const dialog = useActionDialog<Dialog>(useBatchAction(batch.id));
  const { go } = useAdminNav();
  const today = toHelsinkiDateString(new Date());
  const [date, setDate] = useState(today);
  const allowed = new Set(batch.allowedActions);
  const current = dialog.current;

  function openDialog(next: Dialog) {
    setDate(today);
    dialog.open(next);
  }
  function confirm() {
    if (current === "approve")
      // The digest of the batch as this page shows it: an approval of anything else is refused.
      dialog.run({ kind: "approve", executionDate: date, approvalDigest: batch.approvalDigest }, () =>
        showSuccessToast(t("adminPayouts.actions.approved")),
      );
    if (current === "paid")
      dialog.run({ kind: "paid", paidDate: date }, () =>
        showSuccessToast(t("adminPayouts.actions.paidDone")),
      );
    // The batch is gone: back to the payouts, where its orders are open again.
    if (current === "discard")
      dialog.run({ kind: "discard" }, () => {
        showSuccessToast(t("adminPayouts.actions.discarded"));
        go("payouts");
      });
  }
  const texts = DIALOG_TEXTS[current ?? "approve"];

  return (
    <Stack gap="sm">
      {batch.status === "CREATED" && !allowed.has("APPROVE") && (
        <Text size="sm">{t("adminPayouts.actions.waitsForSecond")}</Text>
      )}
      {batch.status === "APPROVED" && <Text size="sm">{t("adminPayouts.actions.sendFile")}</Text>}
      <Group gap="sm" wrap="wrap">
        {allowed.has("APPROVE") && (
          <Button onClick={() => openDialog("approve")}>{t("adminPayouts.actions.approve")}</Button>
        )}
        {allowed.has("DOWNLOAD_FILE") && (
          <Button
            component="a"
            href={paymentFileHref(batch.id)}
            download
            variant={allowed.has("MARK_PAID") ? "filled" : "default"}
          >
            {t("adminPayouts.actions.downloadFile")}
          </Button>
        )}
        {allowed.has("MARK_PAID") && (
          <Button variant="default" onClick={() => openDialog("paid")}>
            {t("adminPayouts.actions.markPaid")}
          </Button>
        )}
        <Button
          component="a"
          href={reconciliationHref({ batchId: batch.id }, lang)}
          download
          variant="default"
        >
          {t("adminPayouts.actions.downloadCsv")}
        </Button>
        {allowed.has("DISCARD") && (
          <Button variant="default" color="red" onClick={() => dialog.open("discard")}>
            {t("adminPayouts.actions.discard")}
          </Button>
        )}
      </Group>
      <ActionDialog
        {...dialog.props(current !== null)}
        title={t(texts.title, { number: batch.batchNumber })}
        confirmLabel={t(texts.confirm)}
        errorTitle={t("adminPayouts.failed")}
        danger={current === "discard"}
        confirmDisabled={current !== "discard" && date === ""}
        onConfirm={confirm}
      >
        <Stack gap="md">
          <Text>{t(texts.text)}</Text>
          {current !== "discard" && (
            <DateField
              required
              label={
                current === "approve"
                  ? t("adminPayouts.actions.executionDate")
                  : t("adminPayouts.actions.paidDate")
              }
              value={date}
              min={current === "approve" ? today : undefined}
              max={current === "paid" ? today : undefined}
              onChange={(value) => setDate(value)}
            />
          )}
        </Stack>
      </ActionDialog>
    </Stack>
  );
}
