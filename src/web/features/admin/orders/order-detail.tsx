import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderEvent } from "../../../../contract/orders.ts";
import type { OrderCancellationRequester } from "../../../../domain/enums.ts";
import { packageItemDetails } from "../../../../domain/order-package.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { AppLink } from "../../../components/app-link.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { EventTimeline } from "../../../components/event-timeline.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { OrderTimeline } from "../../../components/order-timeline.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { OrderStatusBadges, StatusBadge } from "../../../components/status-badge.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { useTaxLine } from "../../../components/tax-line.tsx";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { OrderHandoverSection } from "../../handover/index.ts";
import { useAdminNav } from "../admin-nav.ts";
import { eventTypeLabelKey } from "../reporting/event-types.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { AFTER_SALES_SEGMENTS } from "./helpdesk-paths.ts";
import { OrderActions } from "./order-actions.tsx";
import { TAX_REGIME_LABELS } from "./order-labels.ts";
import { OpenQuestion } from "./order-question.tsx";
import { eInvoiceHref, type TAdminOrder, useAdminOrder, useOrderAction } from "./orders-api.ts";
import { useOrderLinks } from "./use-order-links.tsx";
import { WaitingSince } from "./waiting-since.tsx";

/**
 * One order as the helpdesk works on it (/admin/hakemukset/tilaus/{orderId}, linkable): who it waits
 * for, the actions its status allows, the employee, company, store and delivery, the package and its
 * totals, the leasing agreement, the invoices, its way through the lifecycle and its event log.
 */
export function OrderDetail({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const links = useOrderLinks();
  const order = useAdminOrder(orderId);
  const back = <AppLink to={links.queuePath()}>{t("adminOrders.detail.back")}</AppLink>;

  return (
    <QueryFrame query={order} header={back} notFound={t("adminOrders.detail.notFound")}>
      {(data) => <OrderView order={data} back={back} />}
    </QueryFrame>
  );
}

function OrderView({ order, back }: { order: TAdminOrder; back: ReactNode }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const delivery =
    order.deliveryMethod === "HOME_DELIVERY"
      ? [
          t("adminOrders.detail.homeDelivery"),
          [
            order.deliveryStreetAddress,
            [order.deliveryPostalCode, order.deliveryCity].filter(Boolean).join(" "),
          ]
            .filter(Boolean)
            .join(", "),
        ]
          .filter(Boolean)
          .join(": ")
      : order.deliveryMethod === "PICKUP"
        ? t("adminOrders.detail.pickup")
        : null;

  return (
    <Stack gap="var(--pd-section-gap)">
      <Stack gap="xs">
        {back}
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={2} size="h3">
            {t("adminOrders.detail.title", { number: order.orderNumber })}
          </Title>
          <OrderStatusBadges order={order} />
        </Group>
        <Text size="sm">
          {t("adminOrders.detail.waiting")}{" "}
          <WaitingSince waitingOn={order.waitingOn} since={order.statusSince} />
        </Text>
      </Stack>

      <OpenCancellation order={order} />
      <OpenQuestion order={order} />

      <SectionCard title={t("adminOrders.detail.actions")}>
        <OrderActions order={order} />
      </SectionCard>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t("adminOrders.detail.parties")}>
          <DetailsList
            items={[
              {
                label: t("adminOrders.detail.employee"),
                value: `${order.employee.name} (${order.employee.email})`,
              },
              { label: t("adminOrders.detail.company"), value: order.company.name },
              { label: t("adminOrders.detail.store"), value: order.bikeStore?.storeName },
              { label: t("adminOrders.detail.storeOrderNumber"), value: order.bikeStoreOrderNumber },
              { label: t("adminOrders.detail.delivery"), value: delivery },
              { label: t("adminOrders.detail.deliveryDate"), value: display.date(order.deliveryDate) },
              { label: t("adminOrders.detail.frameSerialNumber"), value: order.frameSerialNumber },
              { label: t("adminOrders.detail.customerComment"), value: order.customerComment },
              { label: t("adminOrders.detail.createdAt"), value: formatDateTime(order.createdAt) },
            ]}
          />
        </SectionCard>
        <AgreementSection order={order} />
      </SimpleGrid>

      <PackageSection order={order} />
      <OrderHandoverSection orderId={order.orderId} />
      <InvoicesSection order={order} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t("adminOrders.detail.lifecycle")}>
          <OrderTimeline order={order} />
        </SectionCard>
        <SectionCard title={t("adminOrders.detail.events")}>
          <EventLog events={order.events} />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}

/** Who asked to cancel, in the reader's language; spelled out so every key is seen in use. */
const REQUESTER_KEYS: Record<OrderCancellationRequester, string> = {
  EMPLOYEE: "adminOrders.detail.openCancellation.who.EMPLOYEE",
  EMPLOYER: "adminOrders.detail.openCancellation.who.EMPLOYER",
  HELPDESK: "adminOrders.detail.openCancellation.who.HELPDESK",
};

/**
 * An open cancellation request, above the actions it holds back: who asked, when and why, and the way
 * to the cancellation's own page, where the helpdesk completes it.
 */
function OpenCancellation({ order }: { order: TAdminOrder }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const cancellation = order.afterSales.cancellation;
  if (cancellation?.status !== "PENDING") return null;
  const words = {
    who: t(REQUESTER_KEYS[cancellation.requestedBy]),
    date: formatDateTime(cancellation.createdAt),
    reason: cancellation.reason,
  };
  return (
    <Alert color="orange" title={t("adminOrders.detail.openCancellation.title")} role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {cancellation.reason
            ? t("adminOrders.detail.openCancellation.body", words)
            : t("adminOrders.detail.openCancellation.bodyNoReason", words)}
        </Text>
        <Button
          component={AppLink}
          to={pathOf("applications", AFTER_SALES_SEGMENTS.cancellations, cancellation.orderCancellationId)}
          size="sm"
        >
          {t("adminOrders.detail.openCancellation.open")}
        </Button>
      </Stack>
    </Alert>
  );
}

type PackageItem = TAdminOrder["items"][number];
type Invoice = TAdminOrder["invoices"][number];

/** Who sent each bill and to whom: the store's purchase invoice, our bill, the leasing company's. */
const INVOICE_SENDER_LABELS: Record<Invoice["sender"], string> = {
  BIKE_STORE: "adminOrders.invoices.fromStore",
  PEDAALI: "adminOrders.invoices.toLeasingCompany",
  LEASING_COMPANY: "adminOrders.invoices.fromLeasingCompany",
};

function PackageSection({ order }: { order: TAdminOrder }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const items = order.items;
  return (
    <SectionCard title={t("adminOrders.package.title")}>
      <Stack gap="md">
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("adminOrders.package.empty")}
          </Text>
        ) : (
          <ListTable<PackageItem>
            label={t("adminOrders.package.title")}
            minWidth={560}
            rows={items}
            rowKey={(item) => item.id ?? String(items.indexOf(item))}
            columns={[
              {
                accessor: "item",
                title: t("adminOrders.package.item"),
                render: (item) => (
                  <>
                    <Text size="sm">{item.name}</Text>
                    <Text size="xs" c="dimmed">
                      {packageItemDetails(item).join(" · ")}
                    </Text>
                  </>
                ),
              },
              {
                accessor: "quantity",
                title: t("adminOrders.package.quantity"),
                textAlign: "right",
                render: (item) => item.quantity,
              },
              {
                accessor: "unitPrice",
                title: t("adminOrders.package.unitPrice"),
                textAlign: "right",
                render: (item) => display.money(item.unitPriceCents),
              },
              {
                accessor: "discount",
                title: t("adminOrders.package.discount"),
                textAlign: "right",
                render: (item) => (item.discountCents ? display.money(item.discountCents) : "–"),
              },
              {
                accessor: "lineTotal",
                title: t("adminOrders.package.lineTotal"),
                textAlign: "right",
                render: (item) => display.money(item.lineTotalCents),
              },
            ]}
          />
        )}
        <DetailsList
          items={[
            { label: t("adminOrders.package.total"), value: display.money(order.totalPriceCents) },
            { label: t("adminOrders.package.userPayment"), value: display.money(order.userPaymentCents) },
            {
              label: t("adminOrders.package.monthlyPayment"),
              value: display.money(order.monthlyPaymentCents),
            },
            { label: t("adminOrders.package.residualValue"), value: display.money(order.residualValueCents) },
          ]}
        />
      </Stack>
    </SectionCard>
  );
}

function AgreementSection({ order }: { order: TAdminOrder }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const taxLine = useTaxLine();
  const agreement = order.agreement;
  return (
    <SectionCard title={t("adminOrders.agreement.title")}>
      {agreement ? (
        <DetailsList
          items={[
            {
              label: t("adminOrders.agreement.status"),
              value: agreement.status ? (
                <StatusBadge family="request" status={agreement.status} />
              ) : (
                t("adminOrders.agreement.unsigned")
              ),
            },
            {
              label: t("adminOrders.agreement.months"),
              value:
                agreement.leaseTimeMonths != null
                  ? t("adminOrders.agreement.monthsValue", { months: agreement.leaseTimeMonths })
                  : null,
            },
            {
              label: t("adminOrders.agreement.monthlyPayment"),
              value: display.money(agreement.monthlyPaymentCents),
            },
            // The regime names the transition rule the commitment date falls under; the tax line says
            // what applies to this lease from its own dates (a 2025 commitment's lease starting in 2026
            // never was tax-free), in the same words as the employee's page.
            {
              label: t("adminOrders.agreement.taxRegime"),
              value: agreement.taxRegime ? t(TAX_REGIME_LABELS[agreement.taxRegime]) : null,
            },
            { label: t("adminOrders.agreement.tax"), value: taxLine(agreement.tax) },
            {
              label: t("adminOrders.agreement.commitmentDate"),
              value: display.date(agreement.commitmentDate),
            },
            { label: t("adminOrders.agreement.startDate"), value: display.date(agreement.startDate) },
            // The lease's last day as the employee's page, the case and payroll show it.
            { label: t("adminOrders.agreement.endDate"), value: display.date(agreement.leaseEndsOn) },
            {
              label: t("adminOrders.agreement.employerApproval"),
              value: order.employerApprovalRequired
                ? order.employerApprovedAt
                  ? t("adminOrders.agreement.approvedAt", { time: formatDateTime(order.employerApprovedAt) })
                  : t("adminOrders.agreement.approvalPending")
                : t("adminOrders.agreement.approvalNotRequired"),
            },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t("adminOrders.agreement.none")}
        </Text>
      )}
    </SectionCard>
  );
}

function InvoicesSection({ order }: { order: TAdminOrder }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const match = useOrderAction(order.orderId);
  const invoices = order.invoices;
  // Matching moves the order on and cannot be undone, so it is asked first, naming the invoice.
  const matching = useActionDialog<(typeof invoices)[number]>(match);
  const canMatch = order.allowedActions.includes("MATCH_INVOICE");
  const anyEInvoice = invoices.some((invoice) => invoice.eInvoice);
  const asked = matching.current;
  return (
    <SectionCard title={t("adminOrders.invoices.title")}>
      <Stack gap="sm">
        {match.isError && asked === null && (
          <Alert color="red" variant="light" role="alert" title={t("adminOrders.actions.failed")}>
            {messageForApiError(match.error, t)}
          </Alert>
        )}
        {invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {canMatch ? t("adminOrders.invoices.emptyWaiting") : t("adminOrders.invoices.empty")}
          </Text>
        ) : (
          <ListTable<Invoice>
            label={t("adminOrders.invoices.title")}
            minWidth={560}
            rows={invoices}
            rowKey={(invoice) => invoice.id}
            columns={[
              {
                accessor: "number",
                title: t("adminOrders.invoices.number"),
                render: (invoice) => invoice.invoiceNumber ?? "–",
              },
              {
                accessor: "payer",
                title: t("adminOrders.invoices.payer"),
                render: (invoice) => t(INVOICE_SENDER_LABELS[invoice.sender]),
              },
              {
                accessor: "status",
                title: t("adminOrders.invoices.status"),
                render: (invoice) => <StatusBadge family="invoice" status={invoice.status} />,
              },
              {
                accessor: "issueDate",
                title: t("adminOrders.invoices.issueDate"),
                render: (invoice) => display.date(invoice.issueDate) || "–",
              },
              {
                accessor: "total",
                title: t("adminOrders.invoices.total"),
                textAlign: "right",
                render: (invoice) => display.money(invoice.totalCents),
              },
              ...(anyEInvoice
                ? [
                    {
                      // Our bill as the Finvoice file the helpdesk hands to our operator.
                      accessor: "eInvoice",
                      title: t("adminOrders.invoices.eInvoice"),
                      render: (invoice: Invoice) =>
                        invoice.eInvoice && (
                          <Anchor
                            href={eInvoiceHref(invoice.id)}
                            size="sm"
                            aria-label={t("adminOrders.invoices.downloadEInvoiceNamed", {
                              number: invoice.invoiceNumber ?? "",
                            })}
                          >
                            {t("adminOrders.invoices.downloadEInvoice")}
                          </Anchor>
                        ),
                    },
                  ]
                : []),
              ...(canMatch
                ? [
                    {
                      // The match is the row's one action: on a phone its button ends the card.
                      accessor: "actions",
                      title: t("adminOrders.invoices.match"),
                      render: (invoice: Invoice) =>
                        invoice.sender === "BIKE_STORE" &&
                        invoice.status === "RECEIVED" && (
                          <Button
                            size="xs"
                            loading={match.isPending && match.variables?.kind === "matchInvoice"}
                            onClick={() => matching.open(invoice)}
                          >
                            {t("adminOrders.invoices.matchNamed", { number: invoice.invoiceNumber ?? "" })}
                          </Button>
                        ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Stack>
      <ActionDialog
        {...matching.props(asked !== null)}
        title={t("adminOrders.invoices.matchTitle", { number: asked?.invoiceNumber ?? "" })}
        confirmLabel={t("adminOrders.invoices.matchNamed", { number: asked?.invoiceNumber ?? "" })}
        danger={false}
        onConfirm={() =>
          asked &&
          matching.run({ kind: "matchInvoice", invoiceId: asked.id }, () =>
            showSuccessToast(t("adminOrders.actions.done.matchInvoice")),
          )
        }
      >
        {t("adminOrders.invoices.matchText", {
          number: asked?.invoiceNumber ?? "",
          total: asked ? display.money(asked.totalCents) : "",
          order: order.orderNumber,
        })}
      </ActionDialog>
    </SectionCard>
  );
}

/**
 * The order's event log, newest first: what happened (the event type, and the move), when and by whom,
 * with the words of the row (a move's note, the question asked of the customer, their answer).
 */
function EventLog({ events }: { events: readonly TOrderEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("adminOrders.detail.noEvents")}
      </Text>
    );
  const status = (s: TOrderEvent["to"]) => (s ? t(STATUS_LABEL_KEYS.order[s] ?? s) : "–");
  const actor = (event: TOrderEvent) =>
    event.actorName ??
    (event.by === "bikeStoreToken"
      ? t("adminOrders.detail.byStore")
      : event.by === "system"
        ? t("adminOrders.detail.bySystem")
        : t("adminOrders.detail.byUser"));
  return (
    <EventTimeline
      events={[...events].reverse().map((event) => ({
        id: event.id,
        at: event.createdAt,
        actor: actor(event),
        text: (
          <>
            {t(eventTypeLabelKey(event.type))}
            {event.to && (
              <Text size="sm" c="dimmed" component="span">
                {" "}
                {t("adminOrders.detail.move", { from: status(event.from), to: status(event.to) })}
              </Text>
            )}
            {event.message && (
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {event.message}
              </Text>
            )}
          </>
        ),
      }))}
    />
  );
}
