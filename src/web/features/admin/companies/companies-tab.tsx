import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Segments } from "../../../components/segments.tsx";
import { useAdminNav } from "../admin-nav.ts";
import { CompaniesList } from "./companies-list.tsx";
import { CompanyPage } from "./company-page.tsx";
import { GroupCompaniesList } from "./group-companies-list.tsx";

/**
 * The admin's Yritykset tab (docs/product.md "Screens"): the companies, or the group companies
 * (`?view=groups`), and below it a company's page at /admin/yritykset/<companyId>.
 */
export function CompaniesTab() {
  const { rest } = useAdminNav();
  const [companyId] = rest;
  if (companyId) return <CompanyPage key={companyId} companyId={companyId} />;
  return <CompaniesOverview />;
}

function CompaniesOverview() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get("view") === "groups" ? "groups" : "companies";
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {view === "groups" ? t("adminGroupCompanies.title") : t("adminCompanies.list.title")}
      </Title>
      <Segments
        aria-label={t("adminCompanies.list.viewLabel")}
        style={{ alignSelf: "flex-start" }}
        value={view}
        onChange={(value) => setParams(value === "groups" ? { view: "groups" } : {})}
        data={[
          { value: "companies", label: t("adminCompanies.list.companiesView") },
          { value: "groups", label: t("adminGroupCompanies.view") },
        ]}
      />
      {view === "groups" ? <GroupCompaniesList /> : <CompaniesList />}
    </Stack>
  );
}
