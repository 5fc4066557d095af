import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { StackingSegments } from "../../../components/stacking-segments.tsx";
import { useAdminNav } from "../admin-nav.ts";
import { LeasingCompaniesTab } from "../leasing-companies/leasing-companies-tab.tsx";
import { BillingTablesTab } from "../tax-tables/billing-tables-tab.tsx";
import { TaxTablesTab } from "../tax-tables/tax-tables-tab.tsx";

const SECTIONS = ["leasingCompanies", "billingTables", "taxTables"] as const;
type Section = (typeof SECTIONS)[number];
const SEGMENTS: Record<Section, string> = {
  leasingCompanies: "",
  billingTables: "laskutustaulukot",
  taxTables: "verotaulukot",
};

/**
 * Rahoitusyhtiöt (docs/product.md "Screens"): the leasing companies, the billing tables that price
 * their leases, and the tax tables the calculator computes the employee's cost with. One tab with
 * three sections, each at a path of its own (/admin/rahoitusyhtiot/laskutustaulukot).
 */
export function FinanceTab() {
  const { t } = useTranslation();
  const { rest, go } = useAdminNav();
  const section = SECTIONS.find((s) => SEGMENTS[s] === (rest[0] ?? "")) ?? "leasingCompanies";
  return (
    <Stack gap="md">
      {/* Three long names do not fit side by side on a phone: there they stack. */}
      <StackingSegments
        stackBelow="phone"
        aria-label={t("adminShell.finance.sections")}
        value={section}
        onChange={(value) => {
          const segment = SEGMENTS[value as Section];
          if (segment) go("finance", segment);
          else go("finance");
        }}
        data={SECTIONS.map((value) => ({ value, label: t(`adminShell.finance.${value}`) }))}
      />
      {section === "leasingCompanies" && <LeasingCompaniesTab />}
      {section === "billingTables" && <BillingTablesTab />}
      {section === "taxTables" && <TaxTablesTab />}
    </Stack>
  );
}
