import {
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BIKE_BROKERAGE_PAGE_SIZE, zBikeBrokeragesQuery } from "../../../../../contract/bike-brokerage.ts";
import {
  BROKERAGE_STAGES,
  type BrokerageStage,
  brokerageBikeTitle,
} from "../../../../../domain/brokerage.ts";
import { onFirstUse } from "../../../../../domain/first-use.ts";
import { AppLink } from "../../../../components/app-link.tsx";
import { DataTable, pageQueryProps } from "../../../../components/data-table.tsx";
import { textLimitOf } from "../../../../lib/contract-form.ts";
import { useFilterParams, useSearchText } from "../../../../lib/filter-params.ts";
import { formatDate } from "../../../../lib/formatters.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS } from "../../orders/helpdesk-paths.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { AddBikeDialog } from "./add-bike-dialog.tsx";
import {
  type BrokerageFilter,
  brokerageFilterOf,
  type FilterKey,
  type TBikeBrokerage,
  useBrokerageBikes,
} from "./brokerage-api.ts";
import { STAGE_LABELS, StageBadge } from "./brokerage-labels.tsx";

/** The longest search the list's query takes. */
const searchMax = onFirstUse(() => textLimitOf(zBikeBrokeragesQuery, "search"));

/** A stage as the API's two filters: status, and whether the bike is shown. */
const STAGE_FILTERS: Record<BrokerageStage, Pick<BrokerageFilter, "status" | "listed">> = {
  WAITING: { status: "PENDING", listed: "false" },
  FOR_SALE: { status: "PENDING", listed: "true" },
  SOLD: { status: "COMPLETED", listed: "" },
  WITHDRAWN: { status: "CANCELLED", listed: "" },
};

function stageOf(filter: BrokerageFilter): BrokerageStage | "" {
  return (
    BROKERAGE_STAGES.find(
      (stage) =>
        STAGE_FILTERS[stage].status === filter.status && STAGE_FILTERS[stage].listed === filter.listed,
    ) ?? ""
  );
}

/**
 * The helpdesk's brokerage bikes (Hakemukset → Pyörävälitys): search (brand, model, city, order
 * number), the stage (waiting for a look, for sale, sold, withdrawn) and the bikes with unanswered
 * inquiries, kept in the address, 20 a page from the server, newest first. A row opens the bike's
 * page; "Lisää pyörä" adds one from an order or by hand.
 */
export function BrokerageList() {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf, go } = useAdminNav();
  const { params, setParams, update } = useFilterParams<FilterKey>();
  const filter = brokerageFilterOf(params);
  const list = useBrokerageBikes(filter);
  const search = useSearchText(filter.search, (value) => update({ search: value }), searchMax());
  const [adding, setAdding] = useState(false);
  const headingId = useId();
  const stage = stageOf(filter);
  const filtered =
    filter.search !== "" || filter.status !== "" || filter.listed !== "" || filter.openInquiries !== "";
  const bikePath = (id: string) => pathOf("applications", AFTER_SALES_SEGMENTS.brokerage, id);

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {t("adminBrokerage.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
            {t("adminBrokerage.intro")}
          </Text>
        </div>
        <Button onClick={() => setAdding(true)}>{t("adminBrokerage.add.open")}</Button>
      </Group>
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        role="search"
        aria-label={t("adminBrokerage.filters.label")}
      >
        <TextInput
          label={t("adminBrokerage.filters.search")}
          placeholder={t("adminBrokerage.filters.searchPlaceholder")}
          type="search"
          {...search.input}
        />
        <NativeSelect
          label={t("adminBrokerage.filters.stage")}
          value={stage}
          onChange={(event) => {
            const next = event.currentTarget.value as BrokerageStage | "";
            update(next ? STAGE_FILTERS[next] : { status: "", listed: "" });
          }}
          data={[
            { value: "", label: t("adminBrokerage.filters.allStages") },
            ...BROKERAGE_STAGES.map((value) => ({ value, label: t(STAGE_LABELS[value]) })),
          ]}
        />
        <Checkbox
          mt={{ base: 0, sm: 30 }}
          label={t("adminBrokerage.filters.openInquiries")}
          checked={filter.openInquiries === "true"}
          onChange={(event) => update({ openInquiries: event.currentTarget.checked ? "true" : "" })}
        />
      </SimpleGrid>
      <DataTable<TBikeBrokerage>
        label={t("adminBrokerage.title")}
        idAccessor="bikeBrokerageId"
        {...pageQueryProps(list)}
        empty={{
          text: t("adminBrokerage.empty"),
          action: (
            <Button variant="light" onClick={() => setAdding(true)}>
              {t("adminBrokerage.add.open")}
            </Button>
          ),
        }}
        filtered={{
          active: filtered,
          text: t("adminBrokerage.emptyFiltered"),
          clearLabel: t("adminBrokerage.filters.clear"),
          onClear: () => {
            search.clear();
            setParams({}, { replace: true });
          },
        }}
        page={filter.page}
        pageSize={BIKE_BROKERAGE_PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        onRowClick={({ record }) =>
          go("applications", AFTER_SALES_SEGMENTS.brokerage, record.bikeBrokerageId)
        }
        columns={[
          {
            accessor: "bike",
            title: t("adminBrokerage.columns.bike"),
            render: (bike) => (
              <div>
                {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the link navigates itself. */}
                <span onClick={(event) => event.stopPropagation()}>
                  <AppLink to={bikePath(bike.bikeBrokerageId)}>{brokerageBikeTitle(bike)}</AppLink>
                </span>
                <Text size="xs" c="dimmed">
                  {bike.orderNumber
                    ? t("adminBrokerage.columns.fromOrder", {
                        number: bike.orderNumber,
                        company: bike.companyName ?? "–",
                      })
                    : t("adminBrokerage.columns.byHand")}
                </Text>
              </div>
            ),
          },
          {
            accessor: "stage",
            title: t("adminBrokerage.columns.stage"),
            render: (bike) => <StageBadge stage={bike.stage} />,
          },
          {
            accessor: "askingPriceCents",
            title: t("adminBrokerage.columns.price"),
            textAlign: "right",
            render: (bike) => (
              <span style={{ whiteSpace: "nowrap" }}>{display.money(bike.askingPriceCents) || "–"}</span>
            ),
          },
          {
            accessor: "city",
            title: t("adminBrokerage.columns.city"),
            render: (bike) => bike.city ?? "–",
          },
          {
            accessor: "listedAt",
            title: t("adminBrokerage.columns.listedAt"),
            render: (bike) => (bike.listedAt ? formatDate(bike.listedAt) : "–"),
          },
          {
            accessor: "openInquiryCount",
            title: t("adminBrokerage.columns.openInquiries"),
            textAlign: "right",
            render: (bike) =>
              bike.openInquiryCount > 0 ? (
                <Badge color="yellow" variant="light">
                  {bike.openInquiryCount}
                </Badge>
              ) : (
                "0"
              ),
          },
        ]}
      />
      <AddBikeDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(id) => {
          setAdding(false);
          go("applications", AFTER_SALES_SEGMENTS.brokerage, id);
        }}
      />
    </Stack>
  );
}
