import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TBikeStore } from "../../../../contract/bike-stores.ts";
import { DetailsList } from "../../../components/details-list.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { StorePayoutsView } from "../../../components/store-payouts-view.tsx";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { formatPercent } from "../../../lib/formatters.ts";
import { useAdminNav } from "../admin-nav.ts";
import { STORE_PAYABLES_PAGE_SIZE, useBikeStore, useStorePayoutsOf } from "./bike-stores-api.ts";
import { StoreUsersSection } from "./store-users-section.tsx";

/** The keys of the store page's payables list in the address (the page shows the store's users too). */
const KEYS = { prefix: "payouts" };

/** Käytössä / Ei käytössä: whether the store takes new orders. */
export function StoreActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <ToneBadge tone="success">{t("adminBikeStores.active")}</ToneBadge>
  ) : (
    <ToneBadge tone="neutral">{t("adminBikeStores.inactive")}</ToneBadge>
  );
}

/**
 * A bike store's page in the admin area (/admin/pyoraliikkeet/<storeId>): its details, the users of its
 * own account (invited and removed here), and its payouts as the store itself sees them at /pyoraliike.
 */
export function BikeStorePage({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const store = useBikeStore(storeId);
  const back = (
    <Anchor component={Link} to={pathOf("bikeStores")} size="sm">
      {t("adminBikeStores.page.back")}
    </Anchor>
  );
  return (
    <QueryFrame query={store} header={back} notFound={t("adminBikeStores.page.notFound")}>
      {(data) => (
        <Stack gap="lg">
          {back}
          <StoreView store={data} />
        </Stack>
      )}
    </QueryFrame>
  );
}

function StoreView({ store }: { store: TBikeStore }) {
  const { t } = useTranslation();
  const { params, update } = useFilterParams(KEYS);
  const { page } = filtersFromAddress(zPageOnly, params, KEYS).values;
  const payouts = useStorePayoutsOf(store.bikeStoreId, page);
  const address = [store.streetAddress, [store.postalCode, store.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      <div>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={2} size="h3">
            {store.storeName}
          </Title>
          <StoreActiveBadge active={store.active} />
        </Group>
        {store.bikeStoreGroupName && (
          <Text size="sm" c="dimmed" mt={4}>
            {t("adminBikeStores.page.inGroup", { group: store.bikeStoreGroupName })}
          </Text>
        )}
      </div>
      <SectionCard title={t("adminBikeStores.page.details")} headingOrder={3}>
        <DetailsList
          items={[
            { label: t("adminBikeStores.fields.businessId"), value: store.businessId },
            { label: t("adminBikeStores.fields.email"), value: store.email },
            { label: t("adminBikeStores.fields.phone"), value: store.phoneNumber },
            { label: t("adminBikeStores.fields.address"), value: address },
            { label: t("adminBikeStores.fields.iban"), value: store.iban },
            {
              label: t("adminBikeStores.fields.commission"),
              value:
                store.commissionPercent === null
                  ? t("adminBikeStores.page.noCommission")
                  : formatPercent(store.commissionPercent, currentLanguage()),
            },
            {
              label: t("adminBikeStores.fields.onlineStore"),
              value: store.isOnlineStore ? t("adminBikeStores.page.yes") : t("adminBikeStores.page.no"),
            },
          ]}
        />
      </SectionCard>
      <StoreUsersSection store={store} />
      <StorePayoutsView
        query={payouts}
        page={page}
        pageSize={STORE_PAYABLES_PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        headingOrder={3}
      />
    </>
  );
}
