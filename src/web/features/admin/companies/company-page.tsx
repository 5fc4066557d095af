import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TCompanyDetails } from "../../../../contract/companies.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formatCountry, formatDateTime } from "../../../lib/formatters.ts";
import {
  BikePolicySection,
  LeaseInvoicesSection,
  PayrollRecipientsSection,
  RegistrationLinkCard,
  UnitsSection,
  useCompany,
  useCompanyVat,
} from "../../companies/index.ts";
import { useAdminNav } from "../admin-nav.ts";
import { useLeasingCompanyOptions } from "../leasing-companies/leasing-companies-api.ts";
import { useBillingTables } from "../tax-tables/billing-tables-api.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { EditorModal } from "../tax-tables/editor-form.tsx";
import { useDeleteCompany } from "./companies-api.ts";
import { CompanyEventsSection } from "./company-events-section.tsx";
import { CompanyForm } from "./company-form.tsx";
import { CompanyIdentitySection } from "./company-identity-section.tsx";
import { companyErrorText, isConflict, PAYMENT_MODE_LABELS, showCodeToast } from "./company-messages.ts";
import { CompanyOrdersSection } from "./company-orders-section.tsx";
import { CompanyPeopleSection } from "./company-people-section.tsx";

/**
 * A company's page in the admin area (/admin/yritykset/<companyId>): its details with edit and delete,
 * units, VAT and max price, bike policy, payroll report recipients, Pedaali's lease invoices to it,
 * registration links for its employees (and its group's), how it signs and logs in (identification and
 * single sign-on), people, orders and leases, and its event history. The units, bike policy,
 * recipients, invoices and link sections are the employer's company settings' own (features/companies).
 */
export function CompanyPage({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const company = useCompany(companyId);

  const back = (
    <Anchor component={Link} to={pathOf("companies")} size="sm">
      {t("adminCompanies.page.back")}
    </Anchor>
  );

  return (
    <QueryFrame
      query={company}
      header={back}
      notFound={t("adminCompanies.page.notFound")}
      errorText={() => t("adminCompanies.page.loadFailed")}
      loadingLabel={t("common.loadingPage")}
    >
      {(data) => <CompanyView company={data} back={back} />}
    </QueryFrame>
  );
}

function CompanyView({ company, back }: { company: TCompanyDetails; back: ReactNode }) {
  const { t } = useTranslation();
  const { go } = useAdminNav();
  const display = useDisplay();
  const vat = useCompanyVat(company.companyId);
  const leasingCompanies = useLeasingCompanyOptions();
  const billingTables = useBillingTables();
  const remove = useDeleteCompany(company.companyId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  function confirmDelete() {
    mutateThen(remove, undefined, {
      onSuccess: () => {
        setDeleting(false);
        showCodeToast("COMPANY_DELETED", { name: company.name });
        go("companies");
      },
    });
  }

  const vatText = vat.data
    ? vat.data.source === "COMPANY"
      ? t("adminCompanies.details.vatOwn", { value: display.percent(vat.data.value) })
      : t("adminCompanies.details.vatCountry", {
          value: display.percent(vat.data.value),
          country: formatCountry(company.countryCode, currentLanguage()),
        })
    : company.vatPercent != null
      ? t("adminCompanies.details.vatOwn", { value: display.percent(company.vatPercent) })
      : null;
  const leasingName = leasingCompanies.data?.find((c) => c.id === company.leasingCompanyId)?.companyName;
  const tableName = billingTables.data?.find((b) => b.id === company.billingTableId)?.name;
  const address = [company.streetAddress, [company.postalCode, company.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const eInvoice = [company.eInvoiceAddress, company.eInvoiceOperator].filter(Boolean).join(" / ");
  const contact = [company.contactName, company.contactEmail, company.contactPhoneNumber]
    .filter(Boolean)
    .join(", ");
  const hasLeasesRefusal = isConflict(remove.error, "COMPANY_HAS_ACTIVE_LEASES");

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0, flex: "1 1 20rem" }}>
          <Title order={2} size="h3">
            {company.name}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {company.groupCompanyName
              ? t("adminCompanies.page.inGroup", { group: company.groupCompanyName })
              : t("adminCompanies.list.standalone")}
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => setEditing(true)}>
            {t("adminCompanies.page.edit")}
          </Button>
          <Button
            variant="outline"
            color="red"
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
          >
            {t("adminCompanies.page.delete")}
          </Button>
        </Group>
      </Group>

      {!company.hasBillingAddress && (
        <Alert color="red" variant="light" title={t("adminCompanies.page.billingAddressMissingTitle")}>
          {t("adminCompanies.page.billingAddressMissing")}
        </Alert>
      )}
      <SectionCard title={t("adminCompanies.details.title")} headingOrder={3}>
        <DetailsList
          items={[
            { label: t("adminCompanies.fields.businessId"), value: company.businessId },
            { label: t("adminCompanies.fields.group"), value: company.groupCompanyName },
            { label: t("adminCompanies.details.address"), value: address },
            { label: t("adminCompanies.form.billingEmail"), value: company.billingEmail },
            { label: t("adminCompanies.details.eInvoice"), value: eInvoice },
            { label: t("adminCompanies.details.contact"), value: contact },
            {
              label: t("adminCompanies.fields.maxPrice"),
              value:
                company.maxPrice == null
                  ? t("adminCompanies.details.noMaxPrice")
                  : display.money(Math.round(company.maxPrice * 100)),
            },
            { label: t("adminCompanies.details.vat"), value: vatText },
            {
              label: t("adminCompanies.form.paymentMode"),
              value: t(PAYMENT_MODE_LABELS[company.paymentMode]),
            },
            { label: t("adminCompanies.form.leasingCompany"), value: leasingName },
            {
              label: t("adminCompanies.form.billingTable"),
              value: tableName ?? (company.billingTableId ? null : t("adminCompanies.form.defaultTable")),
            },
            { label: t("adminCompanies.fields.previousProvider"), value: company.previousProvider },
            { label: t("adminCompanies.fields.employees"), value: String(company.employeeCount) },
            { label: t("adminCompanies.fields.activeLeases"), value: String(company.activeLeaseCount) },
            { label: t("adminCompanies.details.createdAt"), value: formatDateTime(company.createdAt) },
          ]}
        />
      </SectionCard>

      <UnitsSection company={company} headingOrder={3} />
      <BikePolicySection company={company} headingOrder={3} />
      <PayrollRecipientsSection company={{ id: company.companyId, name: company.name }} headingOrder={3} />
      <LeaseInvoicesSection companyId={company.companyId} audience="helpdesk" headingOrder={3} />
      <RegistrationLinkCard
        company={{ id: company.companyId, name: company.name }}
        group={
          company.groupCompanyId
            ? { id: company.groupCompanyId, name: company.groupCompanyName ?? company.name }
            : null
        }
        headingOrder={3}
      />
      <CompanyIdentitySection company={{ id: company.companyId, name: company.name }} />
      <CompanyPeopleSection companyId={company.companyId} />
      <CompanyOrdersSection companyId={company.companyId} />
      <CompanyEventsSection companyId={company.companyId} />

      <EditorModal
        opened={editing}
        onClose={() => setEditing(false)}
        size="xl"
        title={t("adminCompanies.page.editTitle", { name: company.name })}
      >
        {editing && (
          <CompanyForm
            company={company}
            onCancel={() => setEditing(false)}
            onSaved={() => setEditing(false)}
          />
        )}
      </EditorModal>
      <ConfirmDialog
        opened={deleting}
        title={t("adminCompanies.delete.title", { name: company.name })}
        confirmLabel={t("adminCompanies.delete.confirm")}
        loading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={confirmDelete}
      >
        {t("adminCompanies.delete.text")}
        {remove.isError && (
          // ConfirmDialog puts its text in a paragraph, so the refusal is a block span, not an Alert's divs.
          <Text component="span" display="block" mt="md" fw={600} c="var(--mantine-color-error)" role="alert">
            {hasLeasesRefusal
              ? t("adminCompanies.delete.hasActiveLeases", { count: company.activeLeaseCount })
              : companyErrorText(remove.error, t)}
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
