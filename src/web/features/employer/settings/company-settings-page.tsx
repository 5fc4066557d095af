import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCompanyDetails } from "../../../../contract/companies.ts";
import { EmptyState } from "../../../components/empty-state.tsx";
import { PageTemplate } from "../../../components/page-template.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { FIRST_VIEW_HEADS } from "../../../lib/first-view.ts";
import { useSession } from "../../../lib/session.ts";
import {
  BikePolicySection,
  GroupPayrollRecipientsSection,
  isGroupAdminOf,
  LeaseInvoicesSection,
  PayrollRecipientsSection,
  RegistrationLinkCard,
  UnitsSection,
  useCompany,
} from "../../companies/index.ts";
import { CompanySwitcher } from "../company-switcher.tsx";
import { useSelectedCompany } from "../selected-company.ts";
import { ColleaguesSection } from "./colleagues-section.tsx";
import { CompanyDetailsSection } from "./company-details-section.tsx";
import { JoinRuleSection } from "./join-rule-section.tsx";
import { PayrollDeliverySection } from "./payroll-delivery-section.tsx";
import { ReminderSettingsSection } from "./reminder-settings-section.tsx";
import { ScimSection } from "./scim-section.tsx";

/**
 * /yritys-asetukset (docs/product.md "Screens"): the settings of the selected company for its employer admin
 * and group admin. Its details with the max price of a bike package, the bike policy, units, payroll
 * report recipients (for a group admin also the group's), registration links (for a group admin
 * also the group's), the payroll report's delivery, the reminders and their escalation, Pedaali's monthly invoices for the company's leases
 * and the company identity provider's SCIM token. A user who acts for several companies switches between them at the top; the
 * sections are those of the admin company page (features/companies).
 */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  const { company } = useSelectedCompany();
  return (
    <PageTemplate
      title={t(FIRST_VIEW_HEADS.companySettings.title)}
      description={t(FIRST_VIEW_HEADS.companySettings.description)}
    >
      <Stack gap="lg">
        <CompanySwitcher />
        {company ? (
          // A new company starts afresh: no form or picker keeps the previous company's state.
          <CompanySettings key={company.id} companyId={company.id} />
        ) : (
          <EmptyState text={t("employerSettings.noCompany")} />
        )}
      </Stack>
    </PageTemplate>
  );
}

function CompanySettings({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const company = useCompany(companyId);
  return (
    <QueryFrame
      query={company}
      notFound={t("employerSettings.notFound")}
      errorText={() => t("employerSettings.loadFailed")}
      loadingLabel={t("employerSettings.loading")}
    >
      {(data) => <CompanySections company={data} />}
    </QueryFrame>
  );
}

function CompanySections({ company }: { company: TCompanyDetails }) {
  const { user } = useSession();
  const groupId = company.groupCompanyId;
  // The group's recipients and link are for its group admins (the server answers anyone else 404).
  const group =
    groupId && isGroupAdminOf(user, groupId)
      ? { id: groupId, name: company.groupCompanyName ?? company.name }
      : null;
  const groupCompanies = (user?.companies ?? [])
    .filter((c) => groupId !== null && c.groupCompanyId === groupId)
    .map(({ id, name }) => ({ id, name }));
  const named = { id: company.companyId, name: company.name };
  return (
    <Stack gap="lg">
      <CompanyDetailsSection company={company} />
      <BikePolicySection company={company} />
      <UnitsSection company={company} />
      <JoinRuleSection companyId={company.companyId} />
      <ColleaguesSection company={named} />
      <PayrollRecipientsSection company={named} />
      {group && <GroupPayrollRecipientsSection group={group} companies={groupCompanies} />}
      <RegistrationLinkCard company={named} group={group} />
      <PayrollDeliverySection companyId={company.companyId} />
      <ReminderSettingsSection companyId={company.companyId} />
      <LeaseInvoicesSection companyId={company.companyId} />
      <ScimSection companyId={company.companyId} />
    </Stack>
  );
}
