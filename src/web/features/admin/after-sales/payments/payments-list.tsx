import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TUserPayment } from "../../../../../contract/user-payments.ts";
import { zUserPaymentsQuery } from "../../../../../contract/user-payments.ts";
import { USER_PAYMENTS_PAGE_SIZE } from "../../../../../domain/constants.ts";
import { onFirstUse } from "../../../../../domain/first-use.ts";
import { AppLink } from "../../../../components/app-link.tsx";
import { DataTable, pageQueryProps } from "../../../../components/data-table.tsx";
import { DateField } from "../../../../components/date-field.tsx";
import { StackingSegments } from "../../../../components/stacking-segments.tsx";
import { StatusBadge } from "../../../../components/status-badge.tsx";
import { textLimitOf } from "../../../../lib/contract-form.ts";
import { useFilterParams, useSearchText } from "../../../../lib/filter-params.ts";
import { formatDate } from "../../../../lib/formatters.ts";
import { userPaymentWhat } from "../../../../lib/user-payment-text.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS } from "../../orders/helpdesk-paths.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { CreatePaymentDialog } from "./create-payment-dialog.tsx";
import { METHOD_LABELS, PAYMENT_WORDS } from "./payment-labels.ts";
import { FILTER_KEYS, type FilterKey, paymentFilterOf, useUserPayments } from "./payments-api.ts";

/** The longest search the list's query takes. */
const searchMax = onFirstUse(() => textLimitOf(zUserPaymentsQuery, "searchTerm"));

const DATE_FILTERS: { key: FilterKey; label: string; min?: FilterKey; max?: FilterKey }[] = [
  { key: "createdFrom", label: "adminUserPayments.filters.createdFrom", max: "createdTo" },
  { key: "createdTo", label: "adminUserPayments.filters.createdTo", min: "createdFrom" },
  { key: "sentFrom", label: "adminUserPayments.filters.sentFrom", max: "sentTo" },
  { key: "sentTo", label: "adminUserPayments.filters.sentTo", min: "sentFrom" },
  { key: "paidFrom", label: "adminUserPayments.filters.paidFrom", max: "paidTo" },
  { key: "paidTo", label: "adminUserPayments.filters.paidTo", min: "paidFrom" },
];

const DONE_OPTIONS = [
  { value: "", label: "adminUserPayments.filters.doneAll" },
  { value: "false", label: "adminUserPayments.filters.doneFalse" },
  { value: "true", label: "adminUserPayments.filters.doneTrue" },
];

/**
 * The helpdesk's list of user payments (Hakemukset → Käyttäjämaksut): the filters of docs/data-model.md (search; the
 * created, sent and paid days; done or not) kept in the address, 10 a page from the server, newest
 * first. A row opens the payment's page; a payment can be made by hand.
 */
export function PaymentsList() {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf, go } = useAdminNav();
  const { params, setParams, update } = useFilterParams<FilterKey>();
  const filter = paymentFilterOf(params);
  const list = useUserPayments(filter);
  const search = useSearchText(filter.searchTerm, (value) => update({ searchTerm: value }), searchMax());
  const [creating, setCreating] = useState(false);
  const headingId = useId();
  const filtered = FILTER_KEYS.some((key) => filter[key] !== "");
  const open = (id: string) => go("applications", AFTER_SALES_SEGMENTS.payments, id);

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {t("adminUserPayments.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
            {t("adminUserPayments.intro")}
          </Text>
        </div>
        <Button onClick={() => setCreating(true)}>{t("adminUserPayments.newPayment")}</Button>
      </Group>
      <Stack gap="sm" role="search" aria-label={t("adminUserPayments.filters.label")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("adminUserPayments.filters.search")}
            placeholder={t("adminUserPayments.filters.searchPlaceholder")}
            type="search"
            {...search.input}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${headingId}-done`}>
              {t("adminUserPayments.filters.done")}
            </Text>
            <StackingSegments
              stackBelow="phone"
              aria-labelledby={`${headingId}-done`}
              value={filter.isUserPaymentDone}
              onChange={(value) => update({ isUserPaymentDone: value })}
              data={DONE_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
            />
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 6 }} spacing="md">
          {DATE_FILTERS.map((date) => (
            <DateField
              key={date.key}
              label={t(date.label)}
              value={filter[date.key]}
              min={(date.min && filter[date.min]) || undefined}
              max={(date.max && filter[date.max]) || undefined}
              onChange={(value) => update({ [date.key]: value })}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <DataTable<TUserPayment>
        label={t("adminUserPayments.title")}
        idAccessor="id"
        {...pageQueryProps(list)}
        empty={{ text: t("adminUserPayments.empty") }}
        filtered={{
          active: filtered,
          text: t("adminUserPayments.emptyFiltered"),
          clearLabel: t("adminUserPayments.filters.clear"),
          onClear: () => {
            search.clear();
            setParams({}, { replace: true });
          },
        }}
        page={filter.page}
        pageSize={USER_PAYMENTS_PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        onRowClick={({ record }) => open(record.id)}
        columns={[
          {
            accessor: "employee",
            title: t("adminUserPayments.columns.employee"),
            render: (p) => (
              <div>
                <Text size="sm">{p.employee.name}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {p.employee.email} · {p.company.name}
                </Text>
              </div>
            ),
          },
          {
            accessor: "description",
            title: t("adminUserPayments.columns.what"),
            render: (p) => {
              const what = userPaymentWhat(t, PAYMENT_WORDS, p);
              return (
                <div>
                  {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the link navigates itself. */}
                  <span onClick={(event) => event.stopPropagation()}>
                    <AppLink to={pathOf("applications", AFTER_SALES_SEGMENTS.payments, p.id)}>
                      {what.kind}
                    </AppLink>
                  </span>
                  {what.detail && (
                    <Text size="xs" c="dimmed">
                      {what.detail}
                    </Text>
                  )}
                </div>
              );
            },
          },
          {
            accessor: "amountCents",
            title: t("adminUserPayments.columns.amount"),
            textAlign: "right",
            render: (p) => <span style={{ whiteSpace: "nowrap" }}>{display.money(p.amountCents)}</span>,
          },
          {
            accessor: "paymentMethod",
            title: t("adminUserPayments.columns.method"),
            render: (p) => t(METHOD_LABELS[p.paymentMethod]),
          },
          {
            accessor: "paymentStatus",
            title: t("adminUserPayments.columns.status"),
            render: (p) => <StatusBadge family="payment" status={p.paymentStatus} />,
          },
          {
            accessor: "dueDate",
            title: t("adminUserPayments.columns.due"),
            render: (p) => display.date(p.dueDate) || "–",
          },
          {
            accessor: "sentAt",
            title: t("adminUserPayments.columns.sent"),
            render: (p) => (p.sentAt ? formatDate(p.sentAt) : "–"),
          },
          {
            accessor: "paidAt",
            title: t("adminUserPayments.columns.paid"),
            render: (p) => (p.paidAt ? formatDate(p.paidAt) : "–"),
          },
          {
            accessor: "createdAt",
            title: t("adminUserPayments.columns.created"),
            render: (p) => formatDate(p.createdAt),
          },
        ]}
      />
      <CreatePaymentDialog opened={creating} onClose={() => setCreating(false)} onCreated={open} />
    </Stack>
  );
}
