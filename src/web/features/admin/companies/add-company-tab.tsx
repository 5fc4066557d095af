import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAdminNav } from "../admin-nav.ts";
import { APPLICATIONS_SEGMENT } from "../orders/helpdesk-paths.ts";
import { CompanyForm } from "./company-form.tsx";

/**
 * The admin's Lisää yritys tab (docs/product.md "Screens"): a company made by hand, with its group (an
 * existing one, a new one or none), terms, units and optionally its first employer admin. On success
 * the new company's page opens. Sign-ups from /register are accepted in Hakemukset instead.
 */
export function AddCompanyTab() {
  const { t } = useTranslation();
  const { go, pathOf } = useAdminNav();
  return (
    <Stack gap="lg" maw="48rem">
      <div>
        <Title order={2} size="h3">
          {t("adminCompanies.add.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("adminCompanies.add.applicationsNote")}{" "}
          <Anchor
            component={Link}
            to={pathOf("applications", APPLICATIONS_SEGMENT)}
            size="sm"
            underline="always"
          >
            {t("adminCompanies.add.applicationsLink")}
          </Anchor>
        </Text>
      </div>
      <CompanyForm company={null} onSaved={(company) => go("companies", company.companyId)} />
    </Stack>
  );
}
