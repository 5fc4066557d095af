import { Alert, Drawer, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TNewsItem } from "../../../contract/whats-new.ts";
import type { NewsKind } from "../../../domain/whats-new.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { OrderTimeline } from "../../components/order-timeline.tsx";
import { QueryFrame } from "../../components/query-frame.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { STATUS_LABEL_KEYS } from "../../components/status-labels.ts";
import { formatDate, formatDateTime } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";
import { showSuccessToast } from "../../lib/toast.ts";
import { StoreHandoverStep } from "../handover/index.ts";
import { PackageForm, StorePackageTable } from "../store-links/index.ts";
import { type TStoreOrder, useSaveStorePackage, useStoreOrder } from "./store-account-api.ts";
import { StoreInvoiceStep } from "./store-invoice-step.tsx";

/** The package the order waits for (or may still replace), through the link page's own form. */
function PackageStep({ order }: { order: TStoreOrder }) {
  const { t } = useTranslation();
  const save = useSaveStorePackage(order.orderId);
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t("storeAccount.order.packageTitle")}
      </Title>
      <PackageForm
        save={save}
        current={order}
        onSaved={() => showSuccessToast(t("storeAccount.order.packageSaved"))}
      />
    </Stack>
  );
}

/** The store's words of what is new in its order, spelled out so the catalogue check sees each key. */
const NEWS_TEXTS: Partial<Record<NewsKind, string>> = {
  STATUS_CHANGED: "storeAccount.order.news.kinds.STATUS_CHANGED",
  HANDOVER_SIGNED: "storeAccount.order.news.kinds.HANDOVER_SIGNED",
  DEFECT_REPORTED: "storeAccount.order.news.kinds.DEFECT_REPORTED",
  CANCELLATION_REQUESTED: "storeAccount.order.news.kinds.CANCELLATION_REQUESTED",
  CANCELLATION_COMPLETED: "storeAccount.order.news.kinds.CANCELLATION_COMPLETED",
};

/** What changed in the order since the store user last looked at the list: a defect with its words. */
function OrderNews({ news }: { news: readonly TNewsItem[] }) {
  const { t } = useTranslation();
  if (news.length === 0) return null;
  return (
    <Alert color="blue" variant="light" title={t("storeAccount.order.news.title")}>
      <List spacing={4} listStyleType="none" p={0}>
        {news.map((item) => (
          <List.Item key={item.eventId}>
            <Text span size="sm" c="dimmed" mr="xs">
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            </Text>
            <Text span size="sm">
              {t(NEWS_TEXTS[item.kind] ?? "storeAccount.order.news.kinds.other", {
                status: item.status ? t(STATUS_LABEL_KEYS.order[item.status] ?? item.status) : "",
                note: item.note ?? "",
              })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * One order of the store: what is new in it since the store user last looked, who and what, the step
 * it waits for from the store, and its timeline.
 */
export function StoreOrderDrawer({
  orderId,
  news = [],
  onClose,
}: {
  orderId: string | null;
  news?: readonly TNewsItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const details = useStoreOrder(orderId);
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        details.data
          ? t("storeAccount.order.title", { number: details.data.orderNumber })
          : t("storeAccount.order.loading")
      }
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {orderId !== null && (
        <QueryFrame query={details} notFound={t("toasts.notFound")}>
          {(order) => (
            <Stack gap="lg">
              <OrderNews news={news} />
              <DetailsList
                items={[
                  { label: t("storeAccount.fields.customer"), value: order.customerName },
                  { label: t("storeAccount.fields.company"), value: order.companyName },
                  {
                    label: t("storeAccount.fields.status"),
                    value: <StatusBadge family="order" status={order.orderStatus} />,
                  },
                  { label: t("storeAccount.fields.store"), value: order.storeName },
                  {
                    label: t("storeAccount.fields.delivery"),
                    value:
                      order.deliveryAddress ??
                      (order.deliveryMethod === "HOME_DELIVERY"
                        ? t("storeLinks.delivery.HOME_DELIVERY")
                        : order.deliveryMethod === "PICKUP"
                          ? t("storeLinks.delivery.PICKUP")
                          : null),
                  },
                  {
                    label: t("storeAccount.fields.maxPrice"),
                    value: order.maxPriceCents === null ? null : money(order.maxPriceCents),
                  },
                  { label: t("storeAccount.fields.comment"), value: order.customerComment },
                  { label: t("storeAccount.fields.serial"), value: order.frameSerialNumber },
                  {
                    label: t("storeAccount.fields.deliveryDate"),
                    value: order.deliveryDate ? formatDate(order.deliveryDate) : null,
                  },
                ]}
              />
              {order.cancellationRequested && (
                <Alert color="yellow" variant="light" role="status">
                  {t("storeAccount.order.cancellationRequested")}
                </Alert>
              )}
              {order.packageEditable ? (
                <PackageStep order={order} />
              ) : (
                order.items.length > 0 && (
                  <StorePackageTable items={order.items} totalCents={order.totalPriceCents ?? 0} />
                )
              )}
              <StoreInvoiceStep order={order} />
              <StoreHandoverStep orderId={order.orderId} />
              <OrderTimeline order={order} audience="BIKE_STORE" />
            </Stack>
          )}
        </QueryFrame>
      )}
    </Drawer>
  );
}
