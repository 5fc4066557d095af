import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
// Through the one chunk of lazy pages, not the frame's module itself: a second chunk that shares the
// shell's libraries would split the entry chunk (see app/lazy-pages.ts).
import { AdminFrame } from "../../app/lazy-pages.ts";
import { ContactFormsTab, ContactFormsTabLabel } from "./contact-forms-tab.tsx";
import { LeasingCompaniesTab } from "./leasing-companies/leasing-companies-tab.tsx";
import { BillingTablesTab } from "./tax-tables/billing-tables-tab.tsx";
import { TaxTablesTab } from "./tax-tables/tax-tables-tab.tsx";

/**
 * The admin area (SPEC §2 admin tabs); the tabs arrive one by one: Contact Forms first, then the
 * calculator's reference data (tax tables and billing tables, SPEC §7), then the leasing companies with
 * their billing tables (Rahoitusyhtiöt, issue 10 point 5). It sits in its own module so
 * its lazy chunk stays separate from everything an anonymous visitor downloads. The header is hidden
 * on admin paths (SPEC §2), so the full-width AdminFrame gives the heading, the theme toggle and the
 * way to log out. Only the open tab is mounted, so each tab asks the API for its data when opened.
 */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <AdminFrame>
      <Tabs defaultValue="contactForms" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="contactForms">
            <ContactFormsTabLabel />
          </Tabs.Tab>
          <Tabs.Tab value="taxTables">{t("adminTaxTables.tab")}</Tabs.Tab>
          <Tabs.Tab value="billingTables">{t("adminTaxTables.billing.tab")}</Tabs.Tab>
          <Tabs.Tab value="leasingCompanies">{t("adminLeasingCompanies.tab")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contactForms" pt="md">
          <ContactFormsTab />
        </Tabs.Panel>
        <Tabs.Panel value="taxTables" pt="md">
          <TaxTablesTab />
        </Tabs.Panel>
        <Tabs.Panel value="billingTables" pt="md">
          <BillingTablesTab />
        </Tabs.Panel>
        <Tabs.Panel value="leasingCompanies" pt="md">
          <LeasingCompaniesTab />
        </Tabs.Panel>
      </Tabs>
    </AdminFrame>
  );
}
