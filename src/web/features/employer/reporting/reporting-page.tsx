import { Stack, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { PageTemplate } from "../../../components/page-template.tsx";
import { FIRST_VIEW_HEADS } from "../../../lib/first-view.ts";
import { CompanySwitcher } from "../company-switcher.tsx";
import { useSelectedCompany } from "../selected-company.ts";
import { OverviewView } from "./overview-view.tsx";
import { PayrollView } from "./payroll-view.tsx";
import { VIEW_ORDER, type View, viewOf, viewSearch } from "./reporting-views.ts";

const VIEW_LABELS: Record<View, string> = {
  overview: "employerReporting.views.overview",
  payroll: "employerReporting.views.payroll",
};

/**
 * /raportointi (docs/product.md "Screens"): the reporting home of the employer admin, the group admin
 * and the reporting user. One company at a time (a user with several switches at the top), in two
 * views kept in the address: the overview (default) and the monthly payroll report. Only the open view
 * is mounted, so each asks for its own data only when shown.
 */
export function ReportingPage() {
  const { t } = useTranslation();
  const { company } = useSelectedCompany();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = viewOf(params);
  return (
    <PageTemplate
      title={t(FIRST_VIEW_HEADS.reporting.title)}
      description={t(FIRST_VIEW_HEADS.reporting.description)}
    >
      <Stack gap="lg">
        <CompanySwitcher />
        {company ? (
          <Tabs
            value={view}
            onChange={(value) => {
              if (value && value !== view) {
                void navigate({ search: viewSearch(value as View, params, company.id) });
              }
            }}
            keepMounted={false}
          >
            <Tabs.List>
              {VIEW_ORDER.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {t(VIEW_LABELS[value])}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {/* Every tab has its panel (aria-controls must point at one); only the open one renders. */}
            {VIEW_ORDER.map((value) => (
              <Tabs.Panel key={value} value={value} pt="lg">
                {value === view &&
                  // A new company starts afresh: no view keeps the previous company's state.
                  (value === "overview" ? (
                    <OverviewView key={company.id} companyId={company.id} />
                  ) : (
                    <PayrollView key={company.id} companyId={company.id} />
                  ))}
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          <EmptyState text={t("employerReporting.noCompany")} />
        )}
      </Stack>
    </PageTemplate>
  );
}
