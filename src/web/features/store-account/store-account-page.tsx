import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageTemplate } from "../../components/page-template.tsx";
import { FIRST_VIEW_HEADS } from "../../lib/first-view.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { StoreDetailsTab } from "./store-details-tab.tsx";
import { StoreOrdersTab } from "./store-orders-tab.tsx";
import { StorePayoutsTab } from "./store-payouts-tab.tsx";

const TABS = { tilaukset: "orders", tilitykset: "payouts", tiedot: "details" } as const;
type TabSegment = keyof typeof TABS;
const isTab = (value: string | null): value is TabSegment => value !== null && value in TABS;

/**
 * /pyoraliike: a bike store's own account. Tilaukset lists the store's orders of every employer and
 * gives their package and delivery; Tilitykset shows what Pedaali has paid the store and still owes
 * it; Liikkeen tiedot keeps the store's details. The tab is kept in
 * ?valilehti=, so a reload and the back button stay on it.
 */
export function StoreAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t(FIRST_VIEW_HEADS.bikeStore.title));
  const [params, setParams] = useSearchParams();
  const tab: TabSegment = isTab(params.get("valilehti"))
    ? (params.get("valilehti") as TabSegment)
    : "tilaukset";
  return (
    <PageTemplate
      title={t(FIRST_VIEW_HEADS.bikeStore.title)}
      description={t(FIRST_VIEW_HEADS.bikeStore.description)}
    >
      <Tabs
        value={tab}
        onChange={(value) => value && setParams(new URLSearchParams({ valilehti: value }))}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="tilaukset">{t("storeAccount.tabs.orders")}</Tabs.Tab>
          <Tabs.Tab value="tilitykset">{t("storeAccount.tabs.payouts")}</Tabs.Tab>
          <Tabs.Tab value="tiedot">{t("storeAccount.tabs.details")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tilaukset">
          <StoreOrdersTab />
        </Tabs.Panel>
        <Tabs.Panel value="tilitykset">
          <StorePayoutsTab />
        </Tabs.Panel>
        <Tabs.Panel value="tiedot">
          <StoreDetailsTab />
        </Tabs.Panel>
      </Tabs>
    </PageTemplate>
  );
}
