import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PAYMENT_METHODS, REDEMPTION_REASONS, SIMPLE_STATES } from "../../../../../domain/enums.ts";
import { AppLink } from "../../../../components/app-link.tsx";
import { DataTable, pageQueryProps } from "../../../../components/data-table.tsx";
import { useFilterParams, useSearchText } from "../../../../lib/filter-params.ts";
import {
  CHOICE_LABELS,
  REASON_LABELS,
  RedemptionStateBadge,
  STATE_LABELS,
} from "../../../redemption/index.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS } from "../../orders/helpdesk-paths.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { METHOD_LABELS } from "./redemption-labels.ts";
import { OpenRedemptionDialog } from "./redemption-open-dialog.tsx";
import {
  ALL_STATUSES,
  type FilterKey,
  REDEMPTIONS_PAGE_SIZE,
  redemptionFilterOf,
  type TRedemptionRow,
  useRedemptions,
} from "./redemptions-api.ts";

/**
 * Hakemukset → Lunastukset: the redemption cases, the open ones first, searched by the
 * employee or the order number and narrowed by status, payment method and reason, 20 a page from the
 * server, kept in the address. A row opens the case; "Avaa tapaus" opens one for an order.
 */
export function RedemptionList() {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf, go } = useAdminNav();
  const { params, update } = useFilterParams<FilterKey>();
  const filter = redemptionFilterOf(params);
  const list = useRedemptions(filter);
  const search = useSearchText(filter.search, (value) => update({ search: value }));
  const [opening, setOpening] = useState(false);
  const headingId = useId();
  const casePath = (id: string) => pathOf("applications", AFTER_SALES_SEGMENTS.redemptions, id);
  const filtered =
    filter.status !== "PENDING" ||
    filter.search !== "" ||
    filter.paymentMethod !== "" ||
    filter.reason !== "";

  function clearFilters() {
    search.clear();
    update({ search: "", status: "", paymentMethod: "", reason: "" });
  }

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {t("adminRedemptions.list.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
            {t("adminRedemptions.list.intro")}
          </Text>
        </div>
        <Button onClick={() => setOpening(true)}>{t("adminRedemptions.open.button")}</Button>
      </Group>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 4 }}
        spacing="md"
        role="search"
        aria-label={t("adminRedemptions.list.filters")}
      >
        <TextInput
          label={t("adminRedemptions.list.search")}
          placeholder={t("adminRedemptions.list.searchPlaceholder")}
          type="search"
          {...search.input}
        />
        <NativeSelect
          label={t("adminRedemptions.list.status")}
          value={filter.status || ALL_STATUSES}
          onChange={(event) => {
            const value = event.currentTarget.value;
            update({ status: value === "PENDING" ? "" : value });
          }}
          data={[
            ...SIMPLE_STATES.map((status) => ({ value: status, label: t(STATE_LABELS[status]) })),
            { value: ALL_STATUSES, label: t("adminRedemptions.list.allStatuses") },
          ]}
        />
        <NativeSelect
          label={t("adminRedemptions.list.paymentMethod")}
          value={filter.paymentMethod}
          onChange={(event) => update({ paymentMethod: event.currentTarget.value })}
          data={[
            { value: "", label: t("adminRedemptions.list.anyMethod") },
            ...PAYMENT_METHODS.map((method) => ({ value: method, label: t(METHOD_LABELS[method]) })),
          ]}
        />
        <NativeSelect
          label={t("adminRedemptions.list.reason")}
          value={filter.reason}
          onChange={(event) => update({ reason: event.currentTarget.value })}
          data={[
            { value: "", label: t("adminRedemptions.list.anyReason") },
            ...REDEMPTION_REASONS.map((reason) => ({ value: reason, label: t(REASON_LABELS.staff[reason]) })),
          ]}
        />
      </SimpleGrid>
      <DataTable<TRedemptionRow>
        label={t("adminRedemptions.list.title")}
        idAccessor="id"
        {...pageQueryProps(list)}
        empty={{
          text: t("adminRedemptions.list.empty"),
          action: (
            <Button variant="default" onClick={() => setOpening(true)}>
              {t("adminRedemptions.open.button")}
            </Button>
          ),
        }}
        filtered={{
          active: filtered,
          text: t("adminRedemptions.list.emptyFiltered"),
          clearLabel: t("adminRedemptions.list.clearFilters"),
          onClear: clearFilters,
        }}
        page={filter.page}
        pageSize={REDEMPTIONS_PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        onRowClick={({ record }) => go("applications", AFTER_SALES_SEGMENTS.redemptions, record.id)}
        columns={[
          {
            accessor: "order.orderNumber",
            title: t("adminRedemptions.columns.order"),
            render: (row) => (
              // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the link navigates itself.
              <span onClick={(event) => event.stopPropagation()}>
                <AppLink to={casePath(row.id)}>
                  {t("adminRedemptions.orderNumber", { number: row.order.orderNumber })}
                </AppLink>
              </span>
            ),
          },
          {
            accessor: "employee",
            title: t("adminRedemptions.columns.employee"),
            render: (row) => (
              <div>
                <Text size="sm">{row.employee.name}</Text>
                <Text size="xs" c="dimmed">
                  {[row.company.name, row.bikeName].filter(Boolean).join(" · ")}
                </Text>
              </div>
            ),
          },
          {
            accessor: "reason",
            title: t("adminRedemptions.columns.reason"),
            render: (row) => t(REASON_LABELS.staff[row.reason]),
          },
          {
            accessor: "choice",
            title: t("adminRedemptions.columns.choice"),
            render: (row) =>
              row.choice ? (
                <div>
                  <Text size="sm">{t(CHOICE_LABELS[row.choice])}</Text>
                  {row.choice === "REDEEM" && (
                    <Text size="xs" c="dimmed">
                      {t(METHOD_LABELS[row.paymentMethod])}
                      {" · "}
                      {row.userPaymentPaidAt
                        ? t("adminRedemptions.list.paid")
                        : t("adminRedemptions.list.unpaid")}
                    </Text>
                  )}
                </div>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("adminRedemptions.list.noChoice")}
                </Text>
              ),
          },
          {
            accessor: "redemptionPriceCents",
            title: t("adminRedemptions.columns.price"),
            textAlign: "right",
            render: (row) => (
              <span style={{ whiteSpace: "nowrap" }}>{display.money(row.redemptionPriceCents)}</span>
            ),
          },
          {
            accessor: "decisionDeadline",
            title: t("adminRedemptions.columns.deadline"),
            render: (row) => (
              <span style={{ whiteSpace: "nowrap" }}>{display.date(row.decisionDeadline) || "–"}</span>
            ),
          },
          {
            accessor: "status",
            title: t("adminRedemptions.columns.status"),
            render: (row) => <RedemptionStateBadge state={row.state} />,
          },
        ]}
      />
      <OpenRedemptionDialog
        opened={opening}
        onClose={() => setOpening(false)}
        onOpened={(id) => {
          setOpening(false);
          go("applications", AFTER_SALES_SEGMENTS.redemptions, id);
        }}
      />
    </Stack>
  );
}
