import {
  Button,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { zListedBikesQuery } from "../../../contract/bike-brokerage.ts";
import { BROKERAGE_FRAME_SIZES } from "../../../domain/brokerage.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AlertIcon } from "../../components/design-icons.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { i18n } from "../../i18n/i18n.ts";
import { filtersFromAddress, useFilterParams, useSearchText } from "../../lib/filter-params.ts";
import { showSuccessToast } from "../../lib/toast.ts";
import { BikeCard } from "./bike-card.tsx";
import { CARDS_PAGE_SIZE, type ListedFilter, type TListedBike, useListedBikes } from "./brokerage-api.ts";
import { InquiryDialog } from "./inquiry-dialog.tsx";

// Loads the shared pages chunk first, as /mybike does: otherwise the bundler splits the shell's modules
// out of the home page's entry (rolldown#10731, see app/lazy-pages.ts).
export { PlaceholderPage as SharedPagesChunk } from "../../app/lazy-pages.ts";

type FilterKey = "search" | "frameSize";

/**
 * The page's filters from the address, read through the list's query schema: a known frame size only,
 * page 1 unless told.
 */
export function listedFilterOf(params: URLSearchParams): ListedFilter {
  const { values } = filtersFromAddress(zListedBikesQuery, params);
  const frameSize = values.frameSize ?? "";
  return {
    search: values.search ?? "",
    frameSize: (BROKERAGE_FRAME_SIZES as readonly string[]).includes(frameSize) ? frameSize : "",
    page: values.page,
  };
}

function thank(): void {
  showSuccessToast(i18n.t("brokerage.inquiry.sent"));
}

/**
 * /bikeBrokerageService (docs/product.md "Screens"): every logged-in user's view of the bike brokerage.
 * What the brokerage is, the bikes for sale as cards (search and frame size in the address, 12 a page)
 * and "Kysy ostamisesta", which sends customer service an inquiry. With nothing for sale, the page says
 * to look again later or to ask customer service.
 */
export function BrokeragePage() {
  const { t } = useTranslation();
  const { params, update } = useFilterParams<FilterKey>();
  const filter = listedFilterOf(params);
  const list = useListedBikes(filter);
  const search = useSearchText(filter.search, (value) => update({ search: value }));
  const [asking, setAsking] = useState<TListedBike | null>(null);
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  const headingId = useId();

  const filtered = filter.search !== "" || filter.frameSize !== "";
  const markAsked = (bikeId: string) => setAsked((previous) => new Set(previous).add(bikeId));
  const pages = list.data?.totalPages ?? 0;

  function clearFilters() {
    search.clear();
    update({ search: "", frameSize: "" });
  }

  return (
    <PageTemplate title={t("routes.bikeBrokerage.title")} description={t("brokerage.description")}>
      <Stack gap="xl">
        <Text maw="var(--pd-measure)">{t("brokerage.intro")}</Text>
        <Stack gap="md" component="section" aria-labelledby={headingId}>
          <Title order={2} size="h3" id={headingId}>
            {t("brokerage.forSale")}
          </Title>
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="md"
            role="search"
            aria-label={t("brokerage.filters")}
          >
            <TextInput
              label={t("brokerage.search")}
              placeholder={t("brokerage.searchPlaceholder")}
              type="search"
              {...search.input}
            />
            <NativeSelect
              label={t("brokerage.frameSize")}
              value={filter.frameSize}
              onChange={(event) => update({ frameSize: event.currentTarget.value })}
              data={[
                { value: "", label: t("brokerage.allSizes") },
                ...BROKERAGE_FRAME_SIZES.map((size) => ({ value: size, label: size })),
              ]}
            />
          </SimpleGrid>
          {list.isPending && (
            <Group justify="center" py="xl">
              <Loader role="status" aria-label={t("ds.table.loading")} />
            </Group>
          )}
          {list.isError && (
            <EmptyState
              icon={<AlertIcon size={24} />}
              text={<span role="alert">{t("brokerage.loadError")}</span>}
              action={
                <Button variant="default" onClick={() => void list.refetch()}>
                  {t("ds.table.retry")}
                </Button>
              }
            />
          )}
          {list.data && list.data.items.length === 0 && !list.isError && (
            <EmptyState
              text={filtered ? t("brokerage.emptyFiltered") : t("brokerage.empty")}
              action={
                filtered ? (
                  <Button variant="default" onClick={clearFilters}>
                    {t("brokerage.clearFilters")}
                  </Button>
                ) : (
                  <Button component={AppLink} to={buildPath("contact")} variant="light">
                    {t("brokerage.askCustomerService")}
                  </Button>
                )
              }
            />
          )}
          {list.data && list.data.items.length > 0 && (
            <>
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="md"
                aria-busy={list.isFetching && list.isPlaceholderData ? true : undefined}
              >
                {list.data.items.map((bike) => (
                  <BikeCard
                    key={bike.bikeBrokerageId}
                    bike={bike}
                    asked={asked.has(bike.bikeBrokerageId)}
                    onAsk={() => setAsking(bike)}
                  />
                ))}
              </SimpleGrid>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Text size="sm">
                  {t("brokerage.count", {
                    from: (filter.page - 1) * CARDS_PAGE_SIZE + 1,
                    to: (filter.page - 1) * CARDS_PAGE_SIZE + list.data.items.length,
                    total: list.data.total,
                  })}
                </Text>
                {pages > 1 && (
                  <Pagination
                    total={pages}
                    value={filter.page}
                    onChange={(page) => update({ page: String(page) })}
                    getItemProps={(page) => ({ "aria-label": t("ds.table.page", { page }) })}
                    getControlProps={(control) => ({
                      "aria-label": {
                        first: t("ds.table.firstPage"),
                        previous: t("ds.table.previousPage"),
                        next: t("ds.table.nextPage"),
                        last: t("ds.table.lastPage"),
                      }[control],
                    })}
                  />
                )}
              </Group>
            </>
          )}
        </Stack>
      </Stack>
      <InquiryDialog
        bike={asking}
        onClose={() => setAsking(null)}
        onSent={(bikeId) => {
          markAsked(bikeId);
          setAsking(null);
          thank();
        }}
        onAskedBefore={markAsked}
      />
    </PageTemplate>
  );
}
