import { Stack, Tabs } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { IdentificationOutcome } from "../../../components/identification-outcome.tsx";
import { PageTemplate } from "../../../components/page-template.tsx";
import { FIRST_VIEW_HEADS } from "../../../lib/first-view.ts";
import { BikesTab } from "../after-sales/bikes-tab.tsx";
import { OrdersTab } from "../orders/orders-tab.tsx";
import { AcceptTab } from "./accept-tab.tsx";
import { AddTab } from "./add-tab.tsx";
import { TAB_ORDER, type Tab, tabOf, tabSearch } from "./employee-nav.ts";
import { ManageTab } from "./manage-tab.tsx";

const PANELS: Record<Tab, () => ReactNode> = {
  add: () => <AddTab />,
  accept: () => <AcceptTab />,
  manage: () => <ManageTab />,
  orders: () => <OrdersTab />,
  bikes: () => <BikesTab />,
};

const TAB_LABELS: Record<Tab, string> = {
  add: "employerEmployees.tabs.add",
  accept: "employerEmployees.tabs.accept",
  manage: "employerEmployees.tabs.manage",
  orders: "employerEmployees.tabs.orders",
  bikes: "employerEmployees.tabs.bikes",
};

/**
 * /tyonantaja (docs/product.md "Screens"): the employer's employees in tabs add, accept (the default) and manage, their
 * orders (the orders waiting for approval first), and their bikes after the sale (leases ending,
 * insurance claims, cancellations, the employees' own payments). The open tab is in the address
 * (`?valilehti=`), so a reload, the back button and a bookmark keep it; only the open tab is mounted,
 * so each asks for its own data only when shown. Back from approving an order with strong
 * identification, the outcome is said above the tabs.
 */
export function EmployeesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = tabOf(params);
  return (
    <PageTemplate
      title={t(FIRST_VIEW_HEADS.employer.title)}
      description={t(FIRST_VIEW_HEADS.employer.description)}
    >
      <Stack gap="lg">
        <IdentificationOutcome
          successTitle={t("employerOrders.identification.approvedTitle")}
          successText={t("employerOrders.identification.approvedText")}
        />
        <Tabs
          value={tab}
          onChange={(value) => {
            if (value && value !== tab) void navigate({ search: tabSearch(value as Tab, params) });
          }}
          keepMounted={false}
        >
          <Tabs.List>
            {TAB_ORDER.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(TAB_LABELS[value])}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {/* Every tab has its panel (aria-controls must point at one); only the open one renders. */}
          {TAB_ORDER.map((value) => (
            <Tabs.Panel key={value} value={value} pt="lg">
              {value === tab && PANELS[value]()}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </PageTemplate>
  );
}
