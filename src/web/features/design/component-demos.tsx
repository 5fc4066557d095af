import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  INVOICE_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REQUEST_STATUSES_WITH_SIGNED,
} from "../../../domain/enums.ts";
import { buildPath } from "../../../domain/routes.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DetailsList } from "../../components/details-list.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { EventTimeline } from "../../components/event-timeline.tsx";
import { OrderTimeline, type OrderTimelineOrder } from "../../components/order-timeline.tsx";
import { PackageLinesTable } from "../../components/package-lines-table.tsx";
import { PageHeading } from "../../components/page-template.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { money } from "../../lib/money.ts";
import { DEMO_COMPANY, DEMO_EVENTS } from "./demo-data.ts";
import { FormDemo } from "./demo-form.tsx";
import { TableDemo } from "./demo-table.tsx";

/** One part on the reference page: its code name, when to use it, and the part itself in a frame. */
function Demo({ name, use, children }: { name: string; use: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs">
      <Title order={3}>
        <code>{name}</code>
      </Title>
      <Text c="dimmed">{use}</Text>
      <div style={{ border: "1px dashed var(--mantine-color-default-border)", borderRadius: 8, padding: 16 }}>
        {children}
      </div>
    </Stack>
  );
}

function CompanyDetails() {
  const { t } = useTranslation();
  const c = DEMO_COMPANY;
  return (
    <DetailsList
      items={[
        { label: t("ds.demo.details.businessId"), value: c.businessId },
        { label: t("ds.demo.details.address"), value: c.address },
        { label: t("ds.demo.details.eInvoiceAddress"), value: c.eInvoiceAddress },
        { label: t("ds.demo.details.eInvoiceOperator"), value: c.eInvoiceOperator },
        { label: t("ds.demo.details.contact"), value: c.contact },
        { label: t("ds.demo.details.email"), value: <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor> },
        {
          label: t("ds.demo.details.phone"),
          value: <Anchor href={`tel:${c.phone.replaceAll(" ", "")}`}>{c.phone}</Anchor>,
        },
        { label: t("ds.demo.details.maxPrice"), value: money(c.maxPriceCents) },
        { label: t("ds.demo.details.status"), value: <StatusBadge family="request" status="ACCEPTED" /> },
        { label: t("ds.demo.details.costUnit"), value: null },
      ]}
    />
  );
}

function BadgeFamilies() {
  const { t } = useTranslation();
  const families = [
    {
      title: t("ds.demo.badges.order"),
      badges: ORDER_STATUSES.map((s) => <StatusBadge key={s} family="order" status={s} />),
    },
    {
      title: t("ds.demo.badges.request"),
      badges: REQUEST_STATUSES_WITH_SIGNED.map((s) => <StatusBadge key={s} family="request" status={s} />),
    },
    {
      title: t("ds.demo.badges.payment"),
      badges: PAYMENT_STATUSES.map((s) => <StatusBadge key={s} family="payment" status={s} />),
    },
    {
      title: t("ds.demo.badges.invoice"),
      badges: INVOICE_STATUSES.map((s) => <StatusBadge key={s} family="invoice" status={s} />),
    },
  ];
  return (
    <Stack gap="md">
      {families.map((family) => (
        <div key={family.title}>
          <Title order={4} mb={6}>
            {family.title}
          </Title>
          <Group gap={6}>{family.badges}</Group>
        </div>
      ))}
    </Stack>
  );
}

function ConfirmDemo() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [deleted, setDeleted] = useState(false);
  return (
    <Group gap="md">
      <Button variant="outline" color="red" onClick={() => setOpened(true)}>
        {t("ds.demo.confirm.open")}
      </Button>
      {deleted && <Text role="status">{t("ds.demo.confirm.done")}</Text>}
      <ConfirmDialog
        opened={opened}
        title={t("ds.demo.confirm.title", { store: "Kallion Pyörä" })}
        confirmLabel={t("ds.demo.confirm.confirm")}
        onConfirm={() => {
          setOpened(false);
          setDeleted(true);
        }}
        onCancel={() => setOpened(false)}
      >
        {t("ds.demo.confirm.text")}
      </ConfirmDialog>
    </Group>
  );
}

function TimelineDemo() {
  const { t } = useTranslation();
  const price = money(289_000);
  const texts: Record<(typeof DEMO_EVENTS)[number]["key"], string> = {
    processed: t("ds.demo.timeline.processed"),
    signed: t("ds.demo.timeline.signed"),
    package: t("ds.demo.timeline.package", { bike: "Helkama Jopo 3 v", price }),
    started: t("ds.demo.timeline.started", { store: "Kallion Pyörä" }),
  };
  return (
    <EventTimeline
      events={DEMO_EVENTS.map((e) => ({
        id: e.id,
        at: e.at,
        actor: e.actor ?? t("ds.demo.timeline.system"),
        text: texts[e.key],
      }))}
    />
  );
}

const demoEvent = (
  n: number,
  from: OrderTimelineOrder["events"][number]["from"],
  to: typeof from,
  at: string,
) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  from,
  to,
  createdAt: at,
});

/** An order whose signed agreement waits for the employer's approval, and one paused for the customer. */
const DEMO_ORDERS: readonly OrderTimelineOrder[] = [
  {
    orderStatus: "ALL_INFO_PROVIDED",
    previousStatus: null,
    waitingOn: "EMPLOYER",
    statusSince: "2026-03-12T09:40:00.000Z",
    createdAt: "2026-03-02T08:00:00.000Z",
    events: [
      demoEvent(1, "NOT_STARTED", "PENDING", "2026-03-02T08:00:00.000Z"),
      demoEvent(2, "PENDING", "PACKAGE_PROVIDED", "2026-03-05T13:15:00.000Z"),
      demoEvent(3, "PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", "2026-03-12T09:40:00.000Z"),
    ],
  },
  {
    orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
    previousStatus: "PENDING",
    waitingOn: "EMPLOYEE",
    statusSince: "2026-03-04T11:20:00.000Z",
    createdAt: "2026-03-03T07:30:00.000Z",
    events: [
      demoEvent(4, "NOT_STARTED", "PENDING", "2026-03-03T07:30:00.000Z"),
      demoEvent(5, "PENDING", "WAITING_FOR_CUSTOMER_COMMENT", "2026-03-04T11:20:00.000Z"),
    ],
  },
];

/** The design-system components as the reference page (/dev/design) shows them, with Finnish demo data. */
export function ComponentDemos() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Demo name="PageTemplate" use={t("ds.demo.page.use")}>
        <PageHeading
          title="Aino Virtanen"
          description={t("ds.demo.page.description")}
          action={<Button>{t("ds.demo.page.action")}</Button>}
          breadcrumbs={[
            { label: t("ds.demo.page.employer"), to: buildPath("employer") },
            { label: t("ds.demo.page.employees"), to: buildPath("employer") },
          ]}
        />
      </Demo>
      <Demo name="SectionCard" use={t("ds.demo.section.use")}>
        <SectionCard
          title={t("ds.demo.section.title")}
          description={t("ds.demo.section.description")}
          actions={<Button variant="default">{t("ds.demo.section.edit")}</Button>}
        >
          <Text>{DEMO_COMPANY.name}</Text>
        </SectionCard>
      </Demo>
      <Demo name="DataTable" use={t("ds.demo.table.use")}>
        <TableDemo />
      </Demo>
      <Demo name="FormErrorSummary · FieldLabel · RequiredFieldsNote" use={t("ds.demo.form.use")}>
        <FormDemo />
      </Demo>
      <Demo name="StatusBadge" use={t("ds.demo.badges.use")}>
        <BadgeFamilies />
      </Demo>
      <Demo name="DetailsList" use={t("ds.demo.details.use")}>
        <CompanyDetails />
      </Demo>
      <Demo name="ConfirmDialog" use={t("ds.demo.confirm.use")}>
        <ConfirmDemo />
      </Demo>
      <Demo name="EmptyState" use={t("ds.demo.empty.use")}>
        <EmptyState text={t("ds.demo.empty.text")} action={<Button>{t("ds.demo.empty.action")}</Button>} />
      </Demo>
      <Demo name="EventTimeline" use={t("ds.demo.timeline.use")}>
        <TimelineDemo />
      </Demo>
      <Demo name="PackageLinesTable" use={t("ds.demo.packageLines.use")}>
        <PackageLinesTable
          lines={[
            {
              name: "Kathmandu Hybrid",
              brand: "Cube",
              model: "SLX 750",
              modelYear: 2026,
              quantity: 1,
              unitPriceCents: 449_900,
              discountCents: 20_000,
            },
            {
              name: t("ds.demo.packageLines.helmet"),
              brand: "Abus",
              quantity: 1,
              unitPriceCents: 8_990,
              discountCents: 0,
            },
          ]}
          totalCents={438_890}
          labels={{
            caption: t("ds.demo.packageLines.caption"),
            item: t("ds.demo.packageLines.item"),
            quantity: t("ds.demo.packageLines.quantity"),
            unitPrice: t("ds.demo.packageLines.unitPrice"),
            discount: t("ds.demo.packageLines.discount"),
            lineTotal: t("ds.demo.packageLines.lineTotal"),
            total: t("ds.demo.packageLines.total"),
          }}
        />
      </Demo>
      <Demo name="OrderTimeline" use={t("ds.demo.orderTimeline.use")}>
        <Group align="flex-start" gap="3xl">
          {DEMO_ORDERS.map((order) => (
            <OrderTimeline key={order.orderStatus} order={order} />
          ))}
        </Group>
      </Demo>
    </Stack>
  );
}
