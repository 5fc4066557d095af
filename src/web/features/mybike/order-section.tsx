import { Accordion, Alert, Anchor, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { OrderStatus } from "../../../domain/enums.ts";
import { packageItemDescription } from "../../../domain/order-package.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { OrderTimeline } from "../../components/order-timeline.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { OrderStatusBadge, OrderStatusBadges } from "../../components/status-badge.tsx";
import { useTaxLine } from "../../components/tax-line.tsx";
import { formatDate } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";
import { CustomerQuestion } from "./customer-question.tsx";
import { agreementPdfHref, type TMyOrder } from "./mybike-api.ts";
import { PackageOffer } from "./package-offer.tsx";
import { PackageTable } from "./package-table.tsx";
import { Signing } from "./signing.tsx";

/** What happens next in the states after the signature, until the lease starts. */
const NEXT_KEYS: Partial<Record<OrderStatus, string>> = {
  CONFIRMED: "myBike.next.CONFIRMED",
  PROCESSED: "myBike.next.PROCESSED",
  WAITING_FOR_INVOICE_MATCH: "myBike.next.WAITING_FOR_INVOICE_MATCH",
  WAITING_FOR_DELIVERY_DATE: "myBike.next.WAITING_FOR_DELIVERY_DATE",
  READY_FOR_BILLING: "myBike.next.READY_FOR_BILLING",
  GRENKE_INVOICE_SENT: "myBike.next.GRENKE_INVOICE_SENT",
};

/** The order's delivery: pickup, or home delivery to the address given. */
function deliveryText(order: TMyOrder, t: (key: string) => string): string | null {
  if (!order.deliveryMethod) return null;
  const method = t(
    order.deliveryMethod === "PICKUP" ? "myBike.delivery.PICKUP" : "myBike.delivery.HOME_DELIVERY",
  );
  if (order.deliveryMethod !== "HOME_DELIVERY") return method;
  const address = [
    order.deliveryStreetAddress,
    [order.deliveryPostalCode, order.deliveryCity].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(", ");
  return address ? `${method}: ${address}` : method;
}

/**
 * The agreement: tax regime, monthly payment, lease period and dates, and once signed the signed PDF
 * (before the signature the signing step gives the one way to open the draft).
 */
function AgreementSummary({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const taxLine = useTaxLine();
  const agreement = order.agreement ?? null;
  const monthly = agreement?.monthlyPaymentCents ?? order.monthlyPaymentCents;
  const months = agreement?.leaseTimeMonths ?? order.leaseTimeMonths;
  return (
    <Stack gap="sm">
      <DetailsList
        items={[
          {
            label: t("myBike.agreement.monthlyPayment"),
            value: monthly === null ? null : money(monthly),
          },
          {
            label: t("myBike.agreement.leasePeriod"),
            value: months === null ? null : t("myBike.months", { n: months }),
          },
          { label: t("myBike.agreement.tax"), value: taxLine(agreement?.tax) },
          {
            label: t("myBike.agreement.start"),
            value: agreement?.startDate ? formatDate(agreement.startDate) : t("myBike.agreement.startRule"),
          },
          {
            label: t("myBike.agreement.end"),
            value: agreement?.leaseEndsOn ? formatDate(agreement.leaseEndsOn) : null,
          },
          {
            label: t("myBike.agreement.commitmentDate"),
            value: agreement?.commitmentDate ? formatDate(agreement.commitmentDate) : null,
          },
          {
            label: t("myBike.agreement.deliveryDate"),
            value: order.deliveryDate ? formatDate(order.deliveryDate) : null,
          },
          { label: t("myBike.agreement.frameSerialNumber"), value: order.frameSerialNumber },
        ]}
      />
      {agreement?.signedAt && (
        <Anchor href={agreementPdfHref(order.orderId)} target="_blank" rel="noopener" fw={600}>
          {t("myBike.agreement.signedPdf")}
        </Anchor>
      )}
    </Stack>
  );
}

/** What the employee sees of an order in its current state, beside its timeline. */
function StatePanel({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const items = order.items;
  const status = order.orderStatus;
  switch (status) {
    case "NOT_STARTED":
    case "PENDING":
      return (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t("myBike.pending.title")}
          </Title>
          <Text>{t("myBike.pending.next")}</Text>
          <DetailsList
            items={[
              { label: t("myBike.order.store"), value: order.bikeStore?.storeName ?? null },
              { label: t("myBike.order.delivery"), value: deliveryText(order, t) },
              { label: t("myBike.order.comment"), value: order.customerComment },
            ]}
          />
        </Stack>
      );
    case "PACKAGE_PROVIDED":
      return <PackageOffer order={order} />;
    case "ALL_INFO_PROVIDED":
      return (
        <Stack gap="md">
          {items.length > 0 && <PackageTable items={items} totalCents={order.totalPriceCents} />}
          <AgreementSummary order={order} />
          <Signing order={order} />
        </Stack>
      );
    case "WAITING_FOR_CUSTOMER_COMMENT":
      return <CustomerQuestion order={order} />;
    case "CASE_X":
    case "WIX":
      return <Alert title={t("myBike.caseX.title")}>{t("myBike.caseX.text")}</Alert>;
    default: {
      // While the employee's cancellation request is open the order waits for the helpdesk, not on.
      const next = order.cancellationOpen ? "myBike.next.cancellationOpen" : NEXT_KEYS[status];
      return (
        <Stack gap="md">
          {next && <Text>{t(next)}</Text>}
          <AgreementSummary order={order} />
          {items.length > 0 && <PackageTable items={items} totalCents={order.totalPriceCents} />}
        </Stack>
      );
    }
  }
}

/** The order on its way: its state's panel and the shared timeline. */
export function OrderSection({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t("myBike.order.title", { number: order.orderNumber })}
      actions={<OrderStatusBadges order={order} audience="EMPLOYEE" />}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <StatePanel order={order} />
        <OrderTimeline order={order} audience="EMPLOYEE" />
      </SimpleGrid>
    </SectionCard>
  );
}

/** ACTIVE_LEASING: the bike in use, its lease and the signed agreement. */
export function YourBikeCard({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const bike = order.items.find((item) => item.itemType === "BIKE");
  return (
    <SectionCard
      title={t("myBike.yourBike.title")}
      description={bike ? packageItemDescription(bike) : null}
      actions={<OrderStatusBadge status={order.orderStatus} audience="EMPLOYEE" />}
    >
      <AgreementSummary order={order} />
    </SectionCard>
  );
}

/** Cancelled and refunded orders, newest first, each with its timeline on opening. */
export function PastOrders({ orders }: { orders: readonly TMyOrder[] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t("myBike.past.title")}>
      <Accordion variant="separated">
        {orders.map((order) => (
          <Accordion.Item key={order.orderId} value={order.orderId}>
            <Accordion.Control>
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>{t("myBike.order.title", { number: order.orderNumber })}</Text>
                <Text c="dimmed" size="sm">
                  {[order.bikeStore?.storeName, formatDate(order.createdAt)].filter(Boolean).join(" · ")}
                </Text>
                <OrderStatusBadge status={order.orderStatus} audience="EMPLOYEE" />
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <OrderTimeline order={order} audience="EMPLOYEE" />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </SectionCard>
  );
}
